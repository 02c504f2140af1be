import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { fetchWorker, get, pick, pickAll } from '../fetch';
import { JPEG } from '../media';

// The support forms' pages (docs/decisions/0016): the form from its schema, localized, and the
// answers a browser without JavaScript gets to a plain post.

let ip = 0;
const client = () => `10.9.${Math.floor(++ip / 250)}.${ip % 250}`;

const RMA = {
  region: 'de',
  name: 'Ada Lovelace',
  email: 'ada-page@example.com',
  product: 'flagshipBumblebee',
  serial: 'FB-2024-000123',
  orderNumber: 'DE-100234',
  purchaseDate: '2024-11-30',
  store: 'Robolux Store DE',
  reason: 'defective',
  description: 'The left arm servo stops after a few seconds of the dance routine.',
};

/** A browser's plain multipart post, as Chromium sends it without JavaScript. */
function browserPost(kind: string, fields: Record<string, string>, files: [Uint8Array<ArrayBuffer>, string][] = [], ipAddress = client()) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  for (const [bytes, name] of files) body.append('attachments', new File([bytes], name, { type: 'image/jpeg' }));
  if (files.length === 0) body.append('attachments', new File([], '', { type: 'application/octet-stream' }));
  return fetchWorker(`http://localhost/support/forms/${kind}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', Origin: 'http://localhost', 'CF-Connecting-IP': ipAddress },
    body,
  });
}

/** The element (opening tag) with an id. */
const tag = (html: string, id: string) => pick(html, new RegExp(`(<(?:input|select|textarea)[^>]*id="${id}"[^>]*>)`));

describe('support form pages', () => {
  it.each([
    ['/us/technical-support', 'en-US', 'Serial number', 'Send request', true],
    ['/us/apply-wholesale-account', 'en-US', 'Company name', 'Send application', false],
    ['/us/product-registration', 'en-US', 'Date of purchase', 'Register product', false],
    ['/uk/return-manufacturer', 'en-GB', 'Reason for the return', 'Request a return', true],
    ['/eu/product-registration', 'en', 'Serial number', 'Register product', false],
    ['/fr/return-manufacturer', 'fr-FR', 'Numéro de série', 'Demander un retour', true],
    ['/fr/product-registration', 'fr-FR', 'Date d’achat', 'Enregistrer le produit', false],
    ['/de/return-manufacturer', 'de-DE', 'Seriennummer', 'Rücksendung beantragen', true],
    ['/de/product-registration', 'de-DE', 'Kaufdatum', 'Produkt registrieren', false],
  ])('%s shows its form in %s, posting to the API', async (path, lang, label, submit, files) => {
    const res = await get(path);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`<html lang="${lang}"`);
    const form = pick(html, /(<form[^>]*class="support-form"[^>]*>)/)!;
    expect(form).toMatch(/method="post"/);
    expect(form).toMatch(/action="\/support\/forms\/[a-z-]+\?region=[a-z]{2}"/);
    expect(form).toMatch(/encType="multipart\/form-data"/i);
    expect(html).toContain('data-island="support-form"');
    expect(html).toContain(`>${label}<`);
    expect(html).toContain(`>${submit}</button>`);
    expect(html.includes('type="file"')).toBe(files);
    // Every control has a label.
    for (const id of pickAll(html, /<(?:input|select|textarea)[^>]*id="(f-[a-zA-Z]+)"/)) expect(html).toContain(`for="${id}"`);
  });

  it('marks required fields and leaves optional ones unmarked', async () => {
    const html = await (await get('/us/return-manufacturer')).text();
    expect(tag(html, 'f-orderNumber')).toContain('required');
    expect(tag(html, 'f-phone')).not.toContain('required');
    const ts = await (await get('/us/technical-support')).text();
    expect(tag(ts, 'f-orderNumber')).not.toContain('required');
  });

  it('offers the robots of the edition’s catalogue, named in its language', async () => {
    const de = await (await get('/de/return-manufacturer')).text();
    const options = (html: string) => pickAll(pick(html, /<select[^>]*id="f-product"[^>]*>([\s\S]*?)<\/select>/)!, /<option value="([^"]*)"/);
    expect(options(de)).toEqual(['', 'flagshipBumblebee', 'toyStoryBuzzLightyear', 'k1ProInterstellarScout']);
    const us = await (await get('/us/technical-support')).text();
    expect(options(us)).toContain('grimlockG1Flagship');
    const fr = await (await get('/fr/return-manufacturer')).text();
    expect(fr).toContain('>Buzz l’Éclair</option>');
    const ws = await (await get('/us/apply-wholesale-account')).text();
    expect(ws).toContain('<option value="DE">Germany</option>');
  });

  it('is not on editions without it', async () => {
    expect((await get('/jp/return-manufacturer')).status).toBe(404);
    expect((await get('/de/technical-support')).status).toBe(404);
  });
});

describe('a plain form post (no JavaScript)', () => {
  it('answers the same page with the values kept and a localized message beside each field', async () => {
    const res = await browserPost('rma', { ...RMA, email: 'not-an-address', serial: '', description: 'short' });
    expect(res.status).toBe(400);
    expect(res.headers.get('Content-Type')).toContain('text/html');
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    const html = await res.text();
    expect(html).toContain('<html lang="de-DE"');
    expect(html).toContain('<link rel="canonical" href="http://localhost/de/return-manufacturer"');
    const email = tag(html, 'f-email')!;
    expect(email).toContain('value="not-an-address"');
    expect(email).toContain('aria-invalid="true"');
    expect(email).toContain('aria-describedby="f-email-error"');
    expect(pick(html, /<p id="f-email-error"[^>]*>([^<]*)</)).toBe('Geben Sie eine E-Mail-Adresse im Format name@beispiel.de ein.');
    expect(pick(html, /<p id="f-serial-error"[^>]*>([^<]*)</)).toBe('Geben Sie die Seriennummer ein.');
    expect(tag(html, 'f-description')).toContain('aria-describedby="f-description-error f-description-hint"');
    // Fields that were fine keep their values and carry no error.
    expect(tag(html, 'f-name')).toContain('value="Ada Lovelace"');
    expect(tag(html, 'f-name')).not.toContain('aria-invalid');
    expect(html).toMatch(/<option value="defective" selected="">/);
    // The summary at the top links to each field to correct.
    const summary = pick(html, /<div class="error-summary"[^>]*>([\s\S]*?)<\/div>/)!;
    expect(summary).toContain('Es gibt ein Problem');
    expect(pickAll(summary, /href="#(f-[a-zA-Z]+)"/)).toEqual(['f-email', 'f-serial', 'f-description']);
    expect(await env.ACCOUNTS_EU.prepare('SELECT COUNT(*) AS n FROM form_submissions WHERE email = ?').bind('not-an-address').first('n')).toBe(0);
  });

  it('never puts a sent file back, and escapes what it reflects', async () => {
    const res = await browserPost('rma', { ...RMA, name: '"><script>alert(1)</script>', serial: 'x' }, [[JPEG, 'arm.jpg']]);
    const html = await res.text();
    expect(res.status).toBe(400);
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(tag(html, 'f-attachments')).not.toContain('value=');
  });

  it('stores a valid post with its photo, then shows the reference on the form’s page', async () => {
    const email = 'plain-ok@example.com';
    const res = await browserPost('rma', { ...RMA, email }, [[JPEG, 'arm.jpg']]);
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get('Location')!, 'http://localhost');
    expect(location.pathname).toBe('/de/return-manufacturer');
    const ref = location.searchParams.get('ref')!;
    const row = await env.ACCOUNTS_EU.prepare('SELECT attachments FROM form_submissions WHERE reference = ?').bind(ref).first<{ attachments: string }>();
    expect(JSON.parse(row!.attachments)).toHaveLength(1);
    const page = await (await get(`${location.pathname}${location.search}`)).text();
    expect(page).toContain('Vielen Dank');
    expect(page).toContain(`Ihre Referenznummer lautet <strong>${ref}</strong>.`);
    expect(page).not.toContain('<form method="post"');
  });

  it('shows no confirmation for a reference it could not have issued', async () => {
    const html = await (await get('/us/technical-support?form=ok&ref=%3Cb%3Ehi')).text();
    expect(html).not.toContain('form-confirmation');
    expect(html).toContain('action="/support/forms/tech-support?region=us"');
    const other = await (await get('/us/technical-support?form=ok&ref=RMA-ABCDEFGH')).text();
    expect(other).not.toContain('form-confirmation');
  });

  it('says so above the form when a client sends too much, keeping the values', async () => {
    const address = '192.0.2.91';
    let last: Response | undefined;
    for (let i = 0; i < 6; i++) last = await browserPost('product-registration', { ...RMA, region: 'us', email: `plain-burst${i}@example.com` }, [], address);
    expect(last!.status).toBe(429);
    const html = await last!.text();
    expect(pick(html, /<div class="error-summary"[^>]*>[\s\S]*?<p>([^<]*)<\/p>/)).toBe('Too many attempts. Please wait a minute and try again.');
    expect(tag(html, 'f-email')).toContain('value="plain-burst5@example.com"');
  });

  it('still answers the envelope to a script that asks for JSON with a form body', async () => {
    const body = new FormData();
    for (const [k, v] of Object.entries({ ...RMA, email: 'script@example.com', serial: '' })) body.append(k, v);
    const res = await fetchWorker('http://localhost/support/forms/rma', {
      method: 'POST',
      headers: { Accept: 'application/json', 'CF-Connecting-IP': client() },
      body,
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 4000, data: { fields: { serial: 'required' } } });
  });
});

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { auditPage, violations } from './axe';
import { openPage, pageErrors, site, useBrowser } from './browser';

// The four support forms in Chromium (docs/decisions/0016), with and without JavaScript.

const browser = useBrowser();

// A whole 1×1 JPEG: attachments are checked for the format's structure, not only its first bytes.
const JPEG = Buffer.from(
  '/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAABAAEDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAb/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABQf/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCKAAK2/9k=',
  'base64',
);
const ISLAND = '[data-island="support-form"]';
const REF = /\b(TS|REG|RMA|WS)-[2-9A-HJ-NP-Z]{8}\b/;

// Each test is its own client, so the five-per-ten-minutes limit counts each alone.
let client = 0;
const asClient = () => ({ extraHTTPHeaders: { 'CF-Connecting-IP': `198.51.100.${++client}` } });

/** Focuses the form's first field, which loads the island, and waits until React owns it. */
async function hydrate(page: Page) {
  await page.locator('#f-name').focus();
  await page.waitForSelector(`${ISLAND}[data-hydrated="true"]`, { state: 'attached' });
}

/** Collects the page's errors and its posts to the forms API. */
function watch(page: Page) {
  // A refused submission is a 400 answer, which Chromium logs; anything else is a fault.
  const errors = pageErrors(page, ['status of 400']);
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/support/forms/')) posts.push(r.url());
  });
  return { errors, posts };
}

const unique = (what: string) => `${what}-${Date.now()}-${++client}`;

describe('support forms without JavaScript', () => {
  it('answer an RMA with the fields to correct, values kept, then store it with a photo and show the reference', async () => {
    const page = await openPage(browser(), { javaScriptEnabled: false, ...asClient() });
    await page.goto(`${site()}/de/return-manufacturer`);
    await page.getByLabel('Vollständiger Name').fill('Ada Lovelace');
    await page.locator('#f-email').fill('kein-gueltiger-wert');
    await page.getByRole('button', { name: 'Rücksendung beantragen' }).click();
    await page.waitForLoadState();

    expect(new URL(page.url()).pathname).toBe('/support/forms/rma');
    const summary = page.locator('.error-summary');
    expect(await summary.getByRole('heading').textContent()).toBe('Es gibt ein Problem');
    expect(await summary.getByRole('link').allTextContents()).toContain('Geben Sie eine E-Mail-Adresse im Format name@beispiel.de ein.');
    // The summary has the focus, and the field says what is wrong.
    expect(await page.evaluate(() => document.activeElement?.className)).toBe('error-summary');
    const email = page.locator('#f-email');
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    expect(await email.inputValue()).toBe('kein-gueltiger-wert');
    expect(await page.getByLabel('Vollständiger Name').inputValue()).toBe('Ada Lovelace');
    expect(await page.locator('#f-serial-error').textContent()).toBe('Geben Sie die Seriennummer ein.');

    await email.fill(`${unique('rma')}@example.com`);
    await page.getByLabel('Produkt').selectOption('flagshipBumblebee');
    await page.getByLabel('Seriennummer').fill('FB-2024-000123');
    await page.getByLabel('Bestellnummer').fill('DE-100234');
    await page.getByLabel('Kaufdatum').fill('2024-11-30');
    await page.getByLabel('Wo haben Sie ihn gekauft?').fill('Robolux Store DE');
    await page.getByLabel('Grund der Rücksendung').selectOption('defective');
    await page.getByLabel('Beschreiben Sie das Problem').fill('Der linke Armservo bleibt nach wenigen Sekunden der Tanzroutine stehen.');
    await page.getByLabel('Fotos oder Videos').setInputFiles({ name: 'arm.jpg', mimeType: 'image/jpeg', buffer: JPEG });
    await page.getByRole('button', { name: 'Rücksendung beantragen' }).click();
    await page.waitForURL(/\/de\/return-manufacturer\?form=ok/);
    const confirmation = page.getByRole('status').filter({ hasText: 'Vielen Dank' });
    expect(await confirmation.textContent()).toMatch(/Ihre Referenznummer lautet RMA-[2-9A-HJ-NP-Z]{8}\./);
    await page.context().close();
  });

  it('take a wholesale application (us, public) and a product registration', async () => {
    const page = await openPage(browser(), { javaScriptEnabled: false, ...asClient() });
    await page.goto(`${site()}/us/apply-wholesale-account`);
    await page.getByLabel('Full name').fill('Grace Hopper');
    await page.locator('#f-email').fill(`${unique('ws')}@toys.example`);
    await page.getByLabel('Company name').fill('Cobol Toys LLC');
    await page.getByLabel('Type of business').selectOption('retailer');
    await page.getByLabel('Country').selectOption('US');
    await page.getByLabel('Business address').fill('1 Harbor Way, Arlington, VA');
    await page.getByLabel('Expected yearly volume (units)').selectOption('50-200');
    await page.getByRole('button', { name: 'Send application' }).click();
    await page.waitForURL(/form=ok/);
    expect(await page.locator('.form-confirmation').textContent()).toMatch(/Your reference number is WS-[2-9A-HJ-NP-Z]{8}\./);
    await page.context().close();
  });
});

describe('support forms without JavaScript, sent twice', () => {
  it('store a tech-support request with a photo once: the same post again answers the same reference', async () => {
    const page = await openPage(browser(), { javaScriptEnabled: false, ...asClient() });
    const email = `${unique('ts-nojs')}@example.com`;
    const send = async () => {
      await page.goto(`${site()}/us/technical-support`);
      await page.getByLabel('Full name').fill('Katherine Johnson');
      await page.locator('#f-email').fill(email);
      await page.getByLabel('Product').selectOption('flagshipMegatron');
      await page.getByLabel('Serial number').fill('MG-2025-000042');
      await page.getByLabel('Date of purchase').fill('2025-11-02');
      await page.getByLabel('Where did you buy it?').fill('Robolux Store US');
      await page.getByLabel('Describe the problem').fill('The cannon arm stops halfway when it transforms.');
      await page.getByLabel('Photos or videos').setInputFiles({ name: 'arm.jpg', mimeType: 'image/jpeg', buffer: JPEG });
      await page.getByRole('button', { name: 'Send request' }).click();
      await page.waitForURL(/\/us\/technical-support\?form=ok/);
      return REF.exec((await page.locator('.form-confirmation').textContent()) ?? '')?.[0];
    };
    const first = await send();
    expect(first).toMatch(/^TS-/);
    expect(await send()).toBe(first);
    await page.context().close();
  });
});

// Hydrating the first island on this shared two-core machine can take a while.
describe('support forms with JavaScript', { timeout: 60_000 }, () => {
  it('send an RMA with a photo and a wholesale application in place, each answering its reference', async () => {
    const page = await openPage(browser(), asClient());
    const { errors, posts } = watch(page);
    await page.goto(`${site()}/de/return-manufacturer`);
    await hydrate(page);
    await page.getByLabel('Vollständiger Name').fill('Lise Meitner');
    await page.locator('#f-email').fill(`${unique('rma-js')}@example.com`);
    await page.getByLabel('Produkt').selectOption('flagshipBumblebee');
    await page.getByLabel('Seriennummer').fill('FB-2024-000321');
    await page.getByLabel('Bestellnummer').fill('DE-100777');
    await page.getByLabel('Kaufdatum').fill('2024-12-03');
    await page.getByLabel('Wo haben Sie ihn gekauft?').fill('Robolux Store DE');
    await page.getByLabel('Grund der Rücksendung').selectOption('defective');
    await page.getByLabel('Beschreiben Sie das Problem').fill('Das Ladegerät lädt den Akku nicht mehr.');
    await page.getByLabel('Fotos oder Videos').setInputFiles({ name: 'charger.jpg', mimeType: 'image/jpeg', buffer: JPEG });
    await page.getByRole('button', { name: 'Rücksendung beantragen' }).click();
    await page.locator('.form-confirmation').waitFor();
    expect(await page.locator('.form-confirmation').textContent()).toMatch(/Ihre Referenznummer lautet RMA-[2-9A-HJ-NP-Z]{8}\./);
    expect(new URL(page.url()).pathname).toBe('/de/return-manufacturer');

    await page.goto(`${site()}/us/apply-wholesale-account`);
    await hydrate(page);
    await page.getByLabel('Full name').fill('Hedy Lamarr');
    await page.locator('#f-email').fill(`${unique('ws-js')}@toys.example`);
    await page.getByLabel('Company name').fill('Frequency Toys Inc.');
    await page.getByLabel('Type of business').selectOption('retailer');
    await page.getByLabel('Country').selectOption('US');
    await page.getByLabel('Business address').fill('2 Signal Road, Austin, TX');
    await page.getByLabel('Expected yearly volume (units)').selectOption('50-200');
    await page.getByRole('button', { name: 'Send application' }).click();
    await page.locator('.form-confirmation').waitFor();
    expect(await page.locator('.form-confirmation').textContent()).toMatch(/Your reference number is WS-[2-9A-HJ-NP-Z]{8}\./);
    expect(new URL(page.url()).pathname).toBe('/us/apply-wholesale-account');
    expect(posts).toHaveLength(2);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('show the problems in place without leaving the page, the summary focused, then send a tech-support request with a photo', async () => {
    const page = await openPage(browser(), asClient());
    const { errors, posts } = watch(page);
    await page.goto(`${site()}/us/technical-support`);
    await hydrate(page);
    await page.getByLabel('Full name').fill('Ada Lovelace');
    await page.locator('#f-email').fill('ada@');
    await page.getByRole('button', { name: 'Send request' }).click();
    const summary = page.locator('.error-summary');
    await summary.waitFor();
    expect(new URL(page.url()).pathname).toBe('/us/technical-support');
    await expect.poll(() => page.evaluate(() => document.activeElement?.className)).toBe('error-summary');
    expect(await page.locator('#f-email-error').textContent()).toBe('Enter an email address in the format name@example.com.');
    expect(await page.locator('#f-description-error').textContent()).toBe('Describe the problem.');
    expect(await page.locator('#f-email').getAttribute('aria-describedby')).toBe('f-email-error');
    expect(await page.getByLabel('Full name').inputValue()).toBe('Ada Lovelace');

    await page.locator('#f-email').fill(`${unique('ts')}@example.com`);
    await page.getByLabel('Product').selectOption('grimlockG1Flagship');
    await page.getByLabel('Serial number').fill('GR-2023-000777');
    await page.getByLabel('Date of purchase').fill('2024-01-15');
    await page.getByLabel('Where did you buy it?').fill('Robolux Store US');
    await page.getByLabel('Describe the problem').fill('The jaw servo clicks and stops after a minute of walking.');
    await page.getByLabel('Photos or videos').setInputFiles({ name: 'jaw.jpg', mimeType: 'image/jpeg', buffer: JPEG });
    await page.getByRole('button', { name: 'Send request' }).click();
    const confirmation = page.locator('.form-confirmation');
    await confirmation.waitFor();
    expect(await confirmation.textContent()).toMatch(/Your reference number is TS-[2-9A-HJ-NP-Z]{8}\./);
    expect(new URL(page.url()).pathname).toBe('/us/technical-support');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Thank you');
    expect(posts).toHaveLength(2);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('send a double-clicked registration once, disabled while sending, and the API holds one record for it', async () => {
    const page = await openPage(browser(), asClient());
    const { errors, posts } = watch(page);
    await page.goto(`${site()}/uk/product-registration`);
    await hydrate(page);
    const email = `${unique('reg')}@example.com`;
    await page.getByLabel('Full name').fill('Alan Turing');
    await page.locator('#f-email').fill(email);
    await page.getByLabel('Product').selectOption('toyStoryBuzzLightyear');
    await page.getByLabel('Serial number').fill('BZ-2024-004242');
    await page.getByLabel('Date of purchase').fill('2024-12-01');
    await page.getByLabel('Where did you buy it?').fill('Robolux Store UK');
    // The answer is held back a moment, so the button is seen disabled while it is sent.
    await page.route('**/support/forms/product-registration', async (route) => {
      await new Promise((r) => setTimeout(r, 400));
      await route.continue();
    });
    const button = page.getByRole('button', { name: 'Register product' });
    await button.dblclick();
    await expect.poll(() => page.locator(`${ISLAND} button[type=submit]`).isDisabled()).toBe(true);
    expect(await page.locator(`${ISLAND} button[type=submit]`).textContent()).toBe('Sending…');
    const confirmation = page.locator('.form-confirmation');
    await confirmation.waitFor();
    const reference = REF.exec((await confirmation.textContent()) ?? '')?.[0];
    expect(reference).toMatch(/^REG-/);
    expect(posts).toHaveLength(1);

    // The same registration sent again (a reload of a plain post, another tab): the API
    // answers the first record's reference, so there is one record.
    await page.unroute('**/support/forms/product-registration');
    const again = await page.evaluate(async (address) => {
      const body = new FormData();
      const fields = {
        region: 'uk',
        name: 'Alan Turing',
        email: address,
        phone: '',
        product: 'toyStoryBuzzLightyear',
        serial: 'BZ-2024-004242',
        purchaseDate: '2024-12-01',
        store: 'Robolux Store UK',
        orderNumber: '',
      };
      for (const [k, v] of Object.entries(fields)) body.append(k, v);
      const res = await fetch('/support/forms/product-registration', { method: 'POST', body, headers: { Accept: 'application/json' } });
      return (await res.json()) as { code: number; data: { reference: string } };
    }, email);
    expect(again).toMatchObject({ code: 2000, data: { reference } });
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('can be filled and sent with the keyboard alone, the summary’s links leading to each field', async () => {
    const page = await openPage(browser(), asClient());
    await page.goto(`${site()}/fr/product-registration`);
    await page.locator('#f-name').focus();
    await page.keyboard.type('Marie Curie');
    await page.keyboard.press('Tab');
    await page.keyboard.type('marie.curie@example.fr');
    await page.waitForSelector(`${ISLAND}[data-hydrated="true"]`, { state: 'attached' });
    // Enter in a field sends the form.
    await page.keyboard.press('Enter');
    const summary = page.locator('.error-summary');
    await summary.waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.className)).toBe('error-summary');
    expect(await summary.getByRole('heading').textContent()).toBe('Un problème est survenu');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Choisissez votre robot.');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('f-product');
    expect(await page.getByLabel('Nom complet').inputValue()).toBe('Marie Curie');
    await page.context().close();
  });

  it('say so in the visitor’s language when the server cannot be reached, keeping the values', async () => {
    const page = await openPage(browser(), asClient());
    await page.goto(`${site()}/de/product-registration`);
    await hydrate(page);
    await page.route('**/support/forms/**', (route) => route.abort());
    await page.getByLabel('Vollständiger Name').fill('Emmy Noether');
    await page.getByRole('button', { name: 'Produkt registrieren' }).click();
    const summary = page.locator('.error-summary');
    await summary.waitFor();
    expect(await summary.locator('p').textContent()).toBe('Unser Server ist nicht erreichbar. Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.');
    expect(await page.getByLabel('Vollständiger Name').inputValue()).toBe('Emmy Noether');
    expect(await page.getByRole('button', { name: 'Produkt registrieren' }).isEnabled()).toBe(true);
    await page.context().close();
  });

  it('have no axe violations, blank and with every problem shown', async () => {
    const page = await auditPage(browser());
    const found: string[] = [];
    for (const path of ['/us/technical-support', '/us/apply-wholesale-account', '/de/return-manufacturer']) {
      await page.goto(`${site()}${path}`);
      found.push(...(await violations(page, path)));
      await page.locator('#f-name').focus();
      await page.waitForSelector(`${ISLAND}[data-hydrated="true"]`, { state: 'attached' });
      await page.locator(`${ISLAND} button[type=submit]`).click();
      await page.locator('.error-summary').waitFor();
      found.push(...(await violations(page, `${path} refused`)));
    }
    expect(found).toEqual([]);
    await page.context().close();
  });
});

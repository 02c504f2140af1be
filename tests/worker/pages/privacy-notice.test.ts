import { describe, expect, it } from 'vitest';
import { EDITIONS, REGIONS } from '../../../content/editions';
import { editionPath } from '../../../kernel/paths';
import { get, pickAll, unphrased } from '../fetch';

/** The host and path of an edition's page on this test's origins. */
const at = (region: (typeof REGIONS)[number], slug: string) => ({ host: region === 'cn' ? 'cn.localhost' : 'localhost', path: editionPath(region, slug) });

describe('a privacy notice per edition, in its language (decision 0033)', () => {
  it.each(REGIONS)('%s: the notice answers in the edition’s language, with who, what, why, how long, rights and contact', async (region) => {
    const { host, path } = at(region, '/privacy');
    const res = await get(path, { host });
    expect(res.status).toBe(200);
    const html = unphrased(await res.text());
    expect(html).toContain(`<html lang="${EDITIONS[region].htmlLang}"`);
    expect(pickAll(html, /<h2>([^<]+)<\/h2>/).length).toBeGreaterThanOrEqual(5);
    expect(html).toContain('privacy@robolux.com');
    // The China edition links to nothing on another host (hreflang alternates are no links to follow).
    if (region === 'cn') expect(html).not.toMatch(/<a [^>]*href="(?:https?:)?\/\/[^"]*privacy/);
  });

  it.each(REGIONS)('%s: every “I agree” and privacy link points to the edition’s own notice or policy', async (region) => {
    const notice = at(region, '/privacy').path;
    const policy = at(region, '/privacy-policy').path;
    for (const slug of ['/', '/login']) {
      const { host, path } = at(region, slug);
      const html = await (await get(path, { host })).text();
      const links = pickAll(html, /href="([^"]*privacy[^"]*)"/);
      // The subscribe form's note links the short notice; the footer, the full policy (docs/decisions/0056).
      expect(links, `${region}${slug}`).toContain(notice);
      expect(links, `${region}${slug}`).toContain(policy);
      // Nothing points to another edition's.
      for (const link of links) expect([notice, policy], `${region}${slug}: ${link}`).toContain(link);
      if (slug === '/login') expect(html, region).toContain(`&quot;privacy-policy&quot;:&quot;${policy}&quot;`);
      if (region === 'us' && slug === '/') expect(html).toContain('&quot;privacyHref&quot;:&quot;/us/privacy&quot;');
    }
  });

  it.each(['us', 'uk', 'eu', 'fr', 'de'] as const)(
    '%s: the support forms say at the point of collection what is used and why, in the edition’s language, linking its own notice',
    async (region) => {
      const html = await (await get(`/${region}/return-manufacturer`)).text();
      const note = pickAll(html, /<p class="collection-note">([^<]+)(?:<!-- -->)? <a href="\/[a-z]+\/privacy"/);
      expect(note).toHaveLength(1);
      expect(html).toContain(`<a href="/${region}/privacy">`);
      const words = {
        us: 'handle this request',
        uk: 'handle this request',
        eu: 'handle this request',
        fr: 'traiter cette demande',
        de: 'Bearbeitung dieser Anfrage',
      }[region];
      expect(note[0]).toContain(words);
    },
  );
});

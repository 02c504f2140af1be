import { US_COUNTRY_LABELS, type Edition } from '../../content/editions';

const COUNTRY = /^[A-Z]{2}$/;

/**
 * The visitor's country: their own pick in the region chooser (`country` cookie), else the
 * `CF-IPCountry` header Cloudflare sets, else `request.cf.country`. Anything that is not a
 * two-letter code is ignored (Cloudflare's `XX` and `T1` included).
 */
export function resolveCountry(cookie: string | undefined, header: string | null | undefined, cf: unknown): string | undefined {
  for (const candidate of [cookie, header, cf]) {
    if (typeof candidate !== 'string') continue;
    const code = candidate.trim().toUpperCase();
    if (COUNTRY.test(code) && code !== 'XX' && code !== 'T1') return code;
  }
  return undefined;
}

/** The label the header shows for an edition: the us edition names Canada and other regions. */
export function regionLabel(edition: Edition, country: string | undefined): string {
  if (edition.region !== 'us' || country === undefined || country === 'US') return edition.label;
  return country === 'CA' ? US_COUNTRY_LABELS.CA : US_COUNTRY_LABELS.other;
}

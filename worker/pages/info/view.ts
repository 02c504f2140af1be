import { SUPPORT_FIGURES } from '../../../content/support/figures';
import type { InfoPage } from '../../../content/schema/support';
import type { Site } from '../../context/site';

/** An information page as one edition shows it: what every section component reads. */
export interface InfoView {
  page: InfoPage;
  site: Site;
  /** Copy by full key, the support figures as parameters ('' when missing). */
  copy: (key: string, params?: Record<string, string | number>) => string;
  /** A list of strings from the copy, the figures filled in ([] when missing). */
  list: (key: string) => string[];
  /** A day (`YYYY-MM-DD`) as the edition writes it. */
  day: (day: string) => string;
  /** A file size as the edition writes it (kB, one decimal). */
  size: (bytes: number) => string;
  /** The edition's path to one of its pages (`manuals` → `/us/manuals`). */
  href: (slug: string) => string;
}

/** Formatters are built once per language, not per request. */
const formats = new Map<string, { day: Intl.DateTimeFormat; number: Intl.NumberFormat; kb: Intl.NumberFormat }>();
function formatsFor(lang: string) {
  let f = formats.get(lang);
  if (!f) {
    f = {
      // A calendar day is the same day everywhere: format it in UTC.
      day: new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'UTC' }),
      number: new Intl.NumberFormat(lang),
      kb: new Intl.NumberFormat(lang, { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 1, minimumFractionDigits: 1 }),
    };
    formats.set(lang, f);
  }
  return f;
}

/** The view of an information page in the request's edition. */
export function infoView(site: Site, page: InfoPage): InfoView {
  const f = formatsFor(site.edition.htmlLang);
  const params: Record<string, string> = Object.fromEntries(Object.entries(SUPPORT_FIGURES).map(([name, n]) => [name, f.number.format(n)]));
  return {
    page,
    site,
    copy: (key, extra) => site.t(key, extra ? { ...params, ...extra } : params),
    // Lists are not templated by the translator: fill in the figures here.
    list: (key) => site.list(key).map((line) => line.replace(/\{\{(\w+)\}\}/g, (_, name: string) => params[name] ?? '')),
    day: (day) => f.day.format(new Date(`${day}T00:00:00Z`)),
    size: (bytes) => f.kb.format(bytes / 1000),
    href: (slug) => site.href(`/${slug}`),
  };
}

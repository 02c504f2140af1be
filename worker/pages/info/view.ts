import { SUPPORT_FIGURES } from '../../../content/support/figures';
import type { InfoPage } from '../../../content/schema/support';
import type { Site } from '../../context/site';
import { formatDay, formatSize, numberFormat } from '../../../kernel/format';

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

/** The view of an information page in the request's edition. */
export function infoView(site: Site, page: InfoPage): InfoView {
  const number = numberFormat(site.edition.htmlLang);
  const params: Record<string, string> = Object.fromEntries(Object.entries(SUPPORT_FIGURES).map(([name, n]) => [name, number.format(n)]));
  return {
    page,
    site,
    copy: (key, extra) => site.t(key, extra ? { ...params, ...extra } : params),
    list: (key) => site.list(key, params),
    day: (day) => formatDay(day, site.edition, 'medium'),
    size: (bytes) => formatSize(bytes, site.edition.htmlLang),
    href: (slug) => site.href(`/${slug}`),
  };
}

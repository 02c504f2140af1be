import { APPS } from '../../../../content/links';
import { pageExists } from '../../../../content/pages';
import { SUPPORT_LINKS } from '../../../../content/support/hub';
import { manualPath, manualsFor } from '../../../../content/support/manuals';
import type { SectionProps } from './types';
import { Band } from '../../parts/sections';
import { gridAttributes } from '../../parts/grid';

/** The support hub: each of the six support links whose page exists in this edition, with its icon. */
export function Hub({ view }: SectionProps<'hub'>) {
  const links = SUPPORT_LINKS.filter((link) => pageExists(link.slug, view.site.edition.region));
  return (
    <Band heading={view.copy('support.hub.linksHeading')} headingHidden>
      <ul className="support-links">
        {links.map((link) => (
          <li key={link.key} data-support-link={link.key}>
            <a href={view.href(link.slug)}>
              {/* The label beside it names the link; the icon is decoration. */}
              <img src={`/images/support/${link.key}.svg`} alt="" width="64" height="64" />
              <span className="support-link-title">{view.copy(`support.hub.links.${link.key}.title`)}</span>
            </a>
            <p>{view.copy(`support.hub.links.${link.key}.describe`)}</p>
          </li>
        ))}
      </ul>
    </Band>
  );
}

/**
 * Manuals per series: a table each, with the locale's headings, sizes and dates in its formats,
 * and each file's format and language under its name (the edition's own, docs/decisions/0032). On the manuals page and in
 * the download center of every edition that has a manuals page.
 */
export function Manuals({ view }: SectionProps<'manuals'>) {
  const region = view.site.edition.region;
  if (!pageExists('manuals', region)) return null;
  const series = manualsFor(region);
  const c = (key: string) => view.copy(`support.manuals.${key}`);
  const languages = new Intl.DisplayNames(view.site.edition.htmlLang, { type: 'language' });
  // A language's name as a table cell shows it: "Deutsch", "Français", "한국어", "中文".
  const languageName = (code: string) => {
    const name = languages.of(code) ?? code;
    return name.charAt(0).toLocaleUpperCase(view.site.edition.htmlLang) + name.slice(1);
  };
  return (
    <>
      {series.map((s) => (
        <Band key={s.key} heading={c(`series.${s.key}`)} headingId={`series-${s.key}`} data-series={s.key}>
          <table className="specs manuals" aria-labelledby={`series-${s.key}`}>
            <thead>
              <tr>
                <th scope="col">{c('thName')}</th>
                <th scope="col">{c('thSize')}</th>
                <th scope="col">{c('thUpdateTime')}</th>
              </tr>
            </thead>
            <tbody>
              {s.manuals.map((m) => (
                <tr key={m.file} data-manual={m.file}>
                  <th scope="row">
                    <a href={`${view.site.mediaOrigin}${manualPath(m.file)}`} type="application/pdf" hrefLang={m.language} download="">
                      {c(`items.${m.key}`)}
                      <span className="visually-hidden"> ({c('pdf')})</span>
                    </a>
                    {/* The file's format and language, under its name: a fourth column would not fit a phone. */}
                    <span className="manual-meta" data-language={m.language}>{`${c('pdf')} · ${languageName(m.language)}`}</span>
                  </th>
                  <td data-bytes={m.bytes}>{view.size(m.bytes)}</td>
                  <td>
                    <time dateTime={m.updated} data-record="">
                      {view.day(m.updated)}
                    </time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Band>
      ))}
    </>
  );
}

/** A download card: what it is, what it needs, and its link. */
function Download({ id, href, view, base }: { id: string; href: string; view: SectionProps<'apps'>['view']; base: string }) {
  return (
    <li className="card" data-download={id}>
      <h3>{view.copy(`${base}.${id}.title`)}</h3>
      <p>{view.copy(`${base}.${id}.requires`)}</p>
      <a className="button primary" href={href}>
        {view.copy(`${base}.${id}.button`)}
      </a>
    </li>
  );
}

/** The mobile app: iOS and Android, with the oldest versions it runs on. */
export function Apps({ view }: SectionProps<'apps'>) {
  return (
    <Band heading={view.copy('support.download.apps.heading')}>
      <p>{view.copy('support.download.apps.describe')}</p>
      <ul className="cards" {...gridAttributes(2)}>
        <Download id="ios" href={APPS.ios} view={view} base="support.download.apps" />
        <Download id="android" href={APPS.android} view={view} base="support.download.apps" />
      </ul>
    </Band>
  );
}

/** The desktop programming software: Windows and macOS. */
export function Software({ view }: SectionProps<'software'>) {
  return (
    <Band heading={view.copy('support.download.software.heading')}>
      <p>{view.copy('support.download.software.describe')}</p>
      <ul className="cards" {...gridAttributes(2)}>
        <Download id="windows" href={APPS.windows} view={view} base="support.download.software" />
        <Download id="macos" href={APPS.macos} view={view} base="support.download.software" />
      </ul>
    </Band>
  );
}

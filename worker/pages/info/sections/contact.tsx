import { EMAILS, OFFICE_HOURS, OFFICES } from '../../../../content/support/contact';
import type { Office } from '../../../../content/schema/support';
import type { InfoView } from '../view';
import type { SectionProps } from './types';
import { Band } from '../../parts/sections';
import { gridAttributes } from '../../parts/grid';

/** The headquarters' e-mail contacts of this edition, each a mailto link. */
export function Emails({ section, view }: SectionProps<'emails'>) {
  const region = view.site.edition.region;
  const emails = EMAILS.filter((e) => (!e.regions || e.regions.includes(region)) && (!section.only || section.only.includes(e.key)));
  return (
    <Band heading={view.copy('info.contact.emailsHeading')}>
      <ul className="cards contacts" {...gridAttributes(emails.length)}>
        {emails.map((e) => (
          <li key={e.key} className="card" data-contact={e.key}>
            <h3>{view.copy(`info.contact.emails.${e.key}.label`)}</h3>
            <p>{view.copy(`info.contact.emails.${e.key}.describe`)}</p>
            <a href={`mailto:${e.email}`}>{e.email}</a>
          </li>
        ))}
      </ul>
    </Band>
  );
}

/** A country's name in the page's language: "Niederlande", "Pays-Bas". */
const countryName = (lang: string, country: string) => new Intl.DisplayNames(lang, { type: 'region' }).of(country) ?? country;

/**
 * The zone's name for hours that hold all year ("Pacific Time", "Mitteleuropäische Zeit"). Where
 * CLDR has no such name it falls back to the country ("heure : Royaume-Uni", "Vereinigtes
 * Königreich (Ortszeit)"), which the office's heading already says: then "local time".
 */
function zoneName(view: InfoView, office: Office): string {
  const lang = view.site.edition.htmlLang;
  const generic = new Intl.DateTimeFormat(lang, { timeZone: office.timeZone, timeZoneName: 'longGeneric' })
    .formatToParts(view.site.now)
    .find((p) => p.type === 'timeZoneName')?.value;
  return generic && !generic.includes(countryName(lang, office.country)) ? generic : view.copy('info.contact.localTime');
}

/** "Monday – Friday, 09:00 – 17:00 Pacific Time", in the edition's language and the office's zone. */
function officeHours(view: InfoView, office: Office): string {
  const lang = view.site.edition.htmlLang;
  // 1 January 2024 was a Monday: ISO day n is 1 January 2024 + (n - 1) days.
  const weekday = (n: number) => new Intl.DateTimeFormat(lang, { weekday: 'long', timeZone: 'UTC' }).format(Date.UTC(2024, 0, n));
  const time = (hhmm: string) => {
    const [h, m] = hhmm.split(':').map(Number);
    return new Intl.DateTimeFormat(lang, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' }).format(Date.UTC(2024, 0, 1, h, m));
  };
  const zone = zoneName(view, office);
  return view.copy('info.contact.hours', {
    from: weekday(OFFICE_HOURS.firstDay),
    to: weekday(OFFICE_HOURS.lastDay),
    opens: time(OFFICE_HOURS.opens),
    closes: time(OFFICE_HOURS.closes),
    zone,
  });
}

/** The offices: an address block each, and its hours in its own time zone. */
export function Offices({ view }: SectionProps<'offices'>) {
  return (
    <Band heading={view.copy('info.contact.officesHeading')}>
      <ul className="cards offices" {...gridAttributes(OFFICES.length)}>
        {OFFICES.map((o) => (
          <li key={o.key} className="card" data-office={o.key}>
            <h3>{view.copy(`info.contact.offices.${o.key}`)}</h3>
            <address>
              {[...o.lines, countryName(view.site.edition.htmlLang, o.country)].map((line, i) => (
                <span key={line}>
                  {i > 0 ? <br /> : null}
                  {line}
                </span>
              ))}
            </address>
            <p className="office-hours" data-time-zone={o.timeZone}>
              {officeHours(view, o)}
            </p>
          </li>
        ))}
      </ul>
    </Band>
  );
}

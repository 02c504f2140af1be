import { EmailContact, Office } from '../schema/support';

/**
 * Contact Us (docs/spec/content.md §2): the headquarters' e-mail contacts and the offices. Customer
 * support answers from the team of the visitor's side of the Atlantic; the others are one
 * address for every edition. Office hours are Monday to Friday, 09:00 to 17:00, in each
 * office's own time zone.
 *
 * NOTE: the street addresses stand in for the real ones until ops have them (like the
 * stand-in dealers, docs/decisions/0015-support-and-information-pages.md).
 */
export const EMAILS: readonly EmailContact[] = EmailContact.array().parse([
  { key: 'customerSupport', email: 'support@robolux.com', regions: ['us'] },
  { key: 'customerSupport', email: 'support.eu@robolux.com', regions: ['uk', 'eu', 'fr', 'de'] },
  // The after-sales pages of the Asian editions (docs/decisions/0002-page-availability.md).
  { key: 'customerSupport', email: 'support.asia@robolux.com', regions: ['kr', 'jp'] },
  { key: 'customerSupport', email: 'service@robolux.cn', regions: ['cn'] },
  { key: 'careers', email: 'careers@robolux.com' },
  { key: 'prMarketing', email: 'pr@robolux.com' },
  { key: 'emeaSales', email: 'sales.emea@robolux.com' },
]);

/** Office hours: weekdays (ISO, 1 = Monday) and local times. */
export const OFFICE_HOURS = { firstDay: 1, lastDay: 5, opens: '09:00', closes: '17:00' } as const;

export const OFFICES: readonly Office[] = Office.array().parse([
  { key: 'northAmerica', lines: ['Robolux Inc.', '2400 Harbor Tech Way, Suite 500', 'San Jose, CA 95134'], country: 'US', timeZone: 'America/Los_Angeles' },
  { key: 'europe', lines: ['Robolux Europe B.V.', 'Servoplein 12', '1017 AB Amsterdam'], country: 'NL', timeZone: 'Europe/Amsterdam' },
  { key: 'unitedKingdom', lines: ['Robolux UK Ltd', '3 Gearwheel Yard', 'London EC2A 4AB'], country: 'GB', timeZone: 'Europe/London' },
]);

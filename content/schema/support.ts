import { z } from 'zod';
import { REGIONS } from '../editions';
import { FactRow } from './legal';

/** A day, `YYYY-MM-DD`, that exists in the calendar. */
const Day = z.iso.date();

/** A lower-case key (`flagshipBumblebee`, `north-america`): names copy, files and icons. */
const Key = z.string().regex(/^[a-zA-Z][a-zA-Z0-9-]*$/);

/** An https URL. */
const Https = z.url({ protocol: /^https$/ });

/** Editions where something applies; every edition of its page when absent. */
const Regions = z.array(z.enum(REGIONS)).min(1);

/** A section shown only in some editions of its page (a market's law asks for it): every edition when absent. */
const Shown = { regions: Regions.optional() };

/** A support link of the hub (docs/spec/content.md §3, "Support link: title, url, icon"). */
export const SupportLink = z.object({
  /** Copy key under `support.hub.links`, and the icon's file name. */
  key: Key,
  /** The page it opens: a slug of content/pages.ts, shown only where that page exists. */
  slug: z.string().regex(/^[a-z0-9-]+(\/[a-z0-9-]+)*$/),
});
export type SupportLink = z.infer<typeof SupportLink>;

/** Languages manuals are written in: an edition lists each manual in its own (docs/decisions/0032). */
export const MANUAL_LANGUAGES = ['en', 'de', 'fr', 'ko', 'zh'] as const;
export type ManualLanguage = (typeof MANUAL_LANGUAGES)[number];

/** A downloadable manual (docs/spec/content.md §3, "Manual entry: name, size, date"). */
export const Manual = z.object({
  /** Copy key under `support.manuals.items` (its name). */
  key: Key,
  /**
   * The English file under client/static/manuals/, served at /manuals/<file>; the file in
   * another language is <name>.<language>.pdf beside it.
   */
  file: z.string().regex(/^[a-z0-9-]+\.pdf$/),
  /** Each language's file and its size in bytes (English always); a test compares each with the file on disk. */
  bytes: z.partialRecord(z.enum(MANUAL_LANGUAGES), z.number().int().positive()).refine((b) => b.en !== undefined, 'every manual has its English file'),
  /** Last update. */
  updated: Day,
  /** Editions that list it, within its series' editions; all of them when absent. */
  regions: Regions.optional(),
});
export type Manual = z.infer<typeof Manual>;

/** Manuals of one series, listed in the editions that sell it. */
export const ManualSeries = z.object({
  /** Copy key under `support.manuals.series`. */
  key: Key,
  regions: Regions.optional(),
  manuals: z.array(Manual).min(1),
});
export type ManualSeries = z.infer<typeof ManualSeries>;

/** An authorized dealer (docs/spec/content.md §3, "Dealer entry: title, link, address (string or list), img key"). */
export const Dealer = z
  .object({
    /** The dealer's name, as it trades (not translated). */
    title: z.string().min(1),
    /** Its website. */
    link: Https,
    /** One store address, or several, as written locally. */
    address: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]).optional(),
    /** Logo file under client/static/images/support/dealers/ (without `.svg`). */
    img: Key,
    /**
     * True for an entry that stands in for a real dealer until ops have the signed list: its
     * link must be on a reserved example domain (RFC 2606), so it can never send a shopper
     * to someone else's shop. Ops replace the entry, and drop the flag, without code.
     */
    standIn: z.boolean(),
  })
  .refine((d) => !d.standIn || /^https:\/\/([a-z0-9-]+\.)*example\.(com|net|org)(\/|$)/.test(d.link), {
    message: 'a stand-in dealer links to a reserved example domain',
    path: ['link'],
  });
export type Dealer = z.infer<typeof Dealer>;

/** Stores grouped by district (docs/spec/content.md §3, "Hong Kong store group: title and list of addresses"). */
export const StoreGroup = z.object({
  /** Copy key under `support.whereToBuy.groups`. */
  key: Key,
  addresses: z.array(z.string().min(1)).min(1),
  /** True while the addresses stand in for the real list (see Dealer.standIn). */
  standIn: z.boolean(),
});
export type StoreGroup = z.infer<typeof StoreGroup>;

/** An e-mail contact of the headquarters (docs/spec/content.md §2, Contact Us). */
export const EmailContact = z.object({
  /** Copy key under `info.contact.emails`. */
  key: Key,
  email: z.email(),
  regions: Regions.optional(),
});
export type EmailContact = z.infer<typeof EmailContact>;

/** An office: its address block and the time zone its hours are in. */
export const Office = z.object({
  /** Copy key under `info.contact.offices`. */
  key: Key,
  /** Address lines above the country, as the post office writes them. */
  lines: z.array(z.string().min(1)).min(2),
  /** ISO 3166 country: the address's last line, in the reader's language (Intl.DisplayNames). */
  country: z.string().regex(/^[A-Z]{2}$/),
  /** IANA time zone of its office hours. */
  timeZone: z.string().min(1),
});
export type Office = z.infer<typeof Office>;

/** A news article: its page is `news/<slug>`; its heading and head copy are `head.news/<slug>`. */
export const NewsArticle = z.object({
  slug: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
  /** Copy key under `news.articles`. */
  key: Key,
  /** Publication day. */
  date: Day,
  /** Illustration: a static SVG under /images/. */
  img: z.string().regex(/^\/images\/[a-z0-9/-]+\.svg$/),
});
export type NewsArticle = z.infer<typeof NewsArticle>;

/** The kinds of section an information page is made of. */
export const InfoSection = z.discriminatedUnion('kind', [
  /** Paragraphs (and optional bullet points) under a heading: `<copy>.heading`, `.body`, `.points`. */
  z.object({ kind: z.literal('prose'), copy: z.string().min(1) }),
  /** Key figures in large type, each `{{name}}` of the page's figures. */
  z.object({ kind: z.literal('figures'), copy: z.string().min(1), figures: z.array(Key).min(1) }),
  /** The support hub's links. */
  z.object({ kind: z.literal('hub') }),
  /** Manuals per series, as tables. */
  z.object({ kind: z.literal('manuals') }),
  /** Headquarters e-mail addresses of the edition; only those named by `only` when given. */
  z.object({ kind: z.literal('emails'), only: z.array(Key).min(1).optional() }),
  /** Office addresses and hours. */
  z.object({ kind: z.literal('offices') }),
  /** Authorized dealers: the edition's own list, or a list named by region (`hk`). */
  z.object({ kind: z.literal('dealers'), list: z.enum(['edition', 'hk']) }),
  /** Store groups by district. */
  z.object({ kind: z.literal('storeGroups') }),
  /** The closing call to shop at the official regional store. */
  z.object({ kind: z.literal('shop') }),
  /** The mobile apps and the desktop programming software. */
  z.object({ kind: z.literal('apps') }),
  z.object({ kind: z.literal('software') }),
  /** Links to other pages of the edition, shown where they exist: `<copy>.heading`, `.links.<slug>`. */
  z.object({ kind: z.literal('links'), copy: z.string().min(1), slugs: z.array(z.string().min(1)).min(1), ...Shown }),
  /** The list of news articles. */
  z.object({ kind: z.literal('newsList') }),
  /** One news article's text (content/support/news.ts). */
  z.object({ kind: z.literal('article'), article: z.string().min(1) }),
  /** The cookies and browser storage the site sets, named from the code that sets them; copy under `copy` (`info-legal.cookies` by default). */
  z.object({ kind: z.literal('cookies'), copy: z.string().min(1).optional(), ...Shown }),
  /**
   * A clause of a legal text (docs/decisions/0056): `<copy>.heading`, `.body`, `.points`, `.after`;
   * each line may name a fact (`{{operator}}`, `{{privacyEmail}}`) and link a page (`[words](slug)`).
   */
  z.object({ kind: z.literal('clause'), copy: z.string().min(1), ...Shown }),
  /** The edition's legal facts as lines (`legal.facts.<row>` labels; `notice`: its market's notice lines): `<copy>.heading`, `.intro`. */
  z.object({ kind: z.literal('facts'), copy: z.string().min(1), rows: z.union([z.literal('notice'), z.array(FactRow).min(1)]), ...Shown }),
  /** A table of copy: `<copy>.heading`, `.intro`, `.columns.<column>`, `.rows.<row>.<column>`. */
  z.object({ kind: z.literal('table'), copy: z.string().min(1), columns: z.array(Key).min(1), rows: z.array(Key).min(1), ...Shown }),
]);
export type InfoSection = z.infer<typeof InfoSection>;
export type InfoSectionKind = InfoSection['kind'];

/** An information or support page: a list of sections rendered by shared components. */
export const InfoPage = z.object({
  /** Its slug in content/pages.ts. */
  slug: z.string().min(1),
  /** Copy namespace and prefix of the page (`support.manuals`, `info.about`). */
  copy: z.string().min(1),
  sections: z.array(InfoSection).min(1),
});
export type InfoPage = z.infer<typeof InfoPage>;

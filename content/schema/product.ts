import { z } from 'zod';
import { REGIONS } from '../editions';
import { ProductKey } from './catalogue';

/** An in-page anchor: a real element `id`, reached from the page menu (`banner`, `HardwareTech`). */
const Anchor = z.string().regex(/^[A-Za-z][\w-]*$/, 'an element id');

/** A message key under the page's own namespace (`overview`, `specs.rows.servos`). */
const CopyKey = z.string().regex(/^[a-zA-Z][\w]*(\.[\w]+)*$/, 'a message key under the page namespace');

/** Units a figure can carry; each has a template in `product.units` (`{{n}} mAh`), or one per plural category (`{ one, other }`). */
const UNITS = ['mAh', 'V', 'min', 'kg', 'mm', 'W', 'cmPerS', 'year', 'day', 'unit'] as const;
const Unit = z.enum(UNITS);
type Unit = z.infer<typeof Unit>;

const IsoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a calendar day, YYYY-MM-DD');

/** The id of a dated word in the schedule's `dates` (`ships:flagship-megatron`). */
const ScheduleId = z.string().regex(/^[a-z][a-z-]*:[a-z0-9-]+$/, 'a schedule id, kind:subject');

/**
 * One fact of the spec, as data: the page formats it for the edition's locale (numbers and
 * dates with Intl, units through `product.units`) and passes it to the copy as `{{name}}`.
 */
export const FigureValue = z.union([
  /** A count or measure: `{ n: 2100, unit: 'mAh' }`; `plus` for "2500+". */
  z.strictObject({ n: z.number().nonnegative(), unit: Unit.optional(), plus: z.boolean().optional() }),
  /** A range: "39–40". */
  z.strictObject({ range: z.tuple([z.number(), z.number()]), unit: Unit.optional() }),
  /** Dimensions: "135 × 237 × 423 mm". */
  z.strictObject({ dims: z.array(z.number().positive()).min(2), unit: Unit }),
  /** A multiple: "2 × 1,200 mAh". */
  z.strictObject({ times: z.number().int().positive(), n: z.number().positive(), unit: Unit }),
  /** A technical name that reads the same in every language: "BLE 4.2". */
  z.strictObject({ text: z.string().min(1) }),
  /** A technical name each language writes its own way (`product.terms.<term>`): Type-C, USB-C, USB Type-C. */
  z.strictObject({ term: z.enum(['usbC']) }),
  /** A percentage: `{ percent: 0 }` is "0%". */
  z.strictObject({ percent: z.number().min(0) }),
  /** A calendar day. */
  z.strictObject({ date: IsoDay }),
  /** Two calendar days: "May 25 – July 25, 2023". */
  z.strictObject({ dates: z.tuple([IsoDay, IsoDay]) }),
  /** A month: "August 2025". */
  z.strictObject({ month: z.string().regex(/^\d{4}-\d{2}$/) }),
  /** A quarter: "Q4 2025". */
  z.strictObject({ quarter: z.number().int().min(1).max(4), year: z.number().int() }),
  /** A season: "late fall 2023". */
  z.strictObject({ season: z.enum(['lateFall']), year: z.number().int() }),
  /**
   * A dated word of the schedule, by id (`ships:flagship-megatron`, docs/decisions/0029): the
   * edition's entry, formatted like the date it names; the copy quoting it hides once it has passed.
   */
  z.strictObject({ scheduled: ScheduleId }),
  /** Two dated words of the schedule as a range of days ("May 25 – July 25, 2023"): passed when the second has. */
  z.strictObject({ scheduledRange: z.tuple([ScheduleId, ScheduleId]) }),
  /** An amount of money in the edition's currency, per region; absent where the region has none. */
  z.strictObject({ money: z.partialRecord(z.enum(REGIONS), z.number().positive()) }),
  /** A count that differs by region (return days); absent where the region has none. */
  z.strictObject({ byRegion: z.partialRecord(z.enum(REGIONS), z.number().nonnegative()), unit: Unit.optional() }),
]);
export type FigureValue = z.infer<typeof FigureValue>;

/** The name of a figure of the same product (`servos`, `batteryMah`). */
const FigureName = z.string().regex(/^[a-z]\w*$/i);

/** An image of the product: its path under the site (the bundled art, SVG, or a photograph) and its size. */
const ProductImage = z.strictObject({
  src: z.string().regex(/^\/images\/[\w/.-]+\.(svg|jpe?g|png|webp|avif)$/),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  /** Message key of its alt text under the page namespace; `images.{key}` when absent. */
  alt: CopyKey.optional(),
});

/** A row of a spec table: a label from `product.specs` and a figure, or a value in the page copy. */
export const SpecRow = z.union([
  z.strictObject({ label: z.string().regex(/^\w+$/), figure: FigureName }),
  z.strictObject({ label: z.string().regex(/^\w+$/), copy: CopyKey }),
]);
export type SpecRow = z.infer<typeof SpecRow>;

/** A cell of the K1 vs K1 Pro table: a figure, or a value in the page copy. */
const Cell = z.union([z.strictObject({ figure: FigureName }), z.strictObject({ copy: CopyKey })]);

const base = {
  id: Anchor.optional(),
  copy: CopyKey,
  /** A dated figure (a schedule entry) the section is about: it shows only while that figure holds. */
  shownWhile: FigureName.optional(),
};

/**
 * The sections a product page is made of, rendered by worker/pages/product/sections. Each
 * reads its copy under `{namespace}.{copy}` (heading, body, items, …).
 */
export const Section = z.discriminatedUnion('kind', [
  /** The page's first screen: its heading (head.{slug}.heading), subtitle, picture, offers and buy buttons. */
  z.strictObject({ kind: z.literal('hero'), ...base, id: Anchor, image: z.string(), offers: z.array(ProductKey).min(1) }),
  /**
   * A band of copy with an optional picture, bullet items (`{copy}.items.{key}`) and key
   * figures (`facts`: spec rows of the same product, shown large), so that no band is a
   * heading and one sentence (decision 0046).
   */
  z.strictObject({
    kind: z.literal('feature'),
    ...base,
    image: z.string().optional(),
    items: z.array(z.string()).optional(),
    facts: z.array(SpecRow).min(1).max(4).optional(),
    tone: z.enum(['plain', 'dark', 'accent']).optional(),
  }),
  /**
   * A list of cards (`{copy}.items.{key}.title/body`): programming cards, selling points; as
   * `carousel`, a carousel island (Megatron's experience); as `dialog`, steps behind a button
   * that opens them in a dialog island (`{copy}.open`, `.title`, `.intro`; Grimlock's action
   * programming), in a <details> without JavaScript.
   */
  z.strictObject({
    kind: z.literal('cards'),
    ...base,
    items: z.array(z.strictObject({ key: z.string(), image: z.string().optional() })).min(1),
    layout: z.enum(['list', 'carousel', 'dialog']).optional(),
  }),
  /**
   * A video: its poster and a play button that opens the video island's dialog. `media` is
   * the video's path on the media host (`MEDIA_ORIGIN`, `{media}.webm` and `.mp4`); where no
   * media host is configured the local clip stands in.
   */
  z.strictObject({
    kind: z.literal('video'),
    ...base,
    poster: z.string(),
    media: z.string().regex(/^[a-z0-9][\w/-]*$/, 'a path on the media host, without extension'),
  }),
  /** A spec table. */
  z.strictObject({ kind: z.literal('specs'), ...base, rows: z.array(SpecRow).min(1) }),
  /** A table comparing two models (docs/spec/content.md §3 spec rows: specs, description, descriptionExt). */
  z.strictObject({
    kind: z.literal('compare'),
    ...base,
    rows: z.array(z.strictObject({ specs: z.string().regex(/^\w+$/), description: Cell, descriptionExt: Cell })).min(1),
  }),
  /** Standard vs limited edition cards (label, image, included-in-standard, included-in-limited, size). */
  z.strictObject({
    kind: z.literal('compareCards'),
    ...base,
    rows: z.array(z.strictObject({ key: z.string(), image: z.string(), size: z.number().positive(), standard: z.boolean(), limited: z.boolean() })).min(1),
  }),
  /** A comparison chart of products: name, price (or Out of Stock) and buy button. */
  z.strictObject({ kind: z.literal('chart'), ...base, products: z.array(ProductKey).min(2) }),
  /** A timeline: each event's date is a figure. */
  z.strictObject({ kind: z.literal('timeline'), ...base, items: z.array(z.strictObject({ key: z.string(), at: FigureName })).min(1) }),
  /**
   * The price block: each offer with its price, payment note and buy button; the catalogue's
   * price points (`standard`, `limited` = the offer's own price, `presale`) and instalment
   * example; optionally the price as sign and number, and the other regions' stores.
   */
  z.strictObject({
    kind: z.literal('price'),
    ...base,
    offers: z.array(ProductKey).min(1),
    points: z.array(z.enum(['standard', 'limited', 'presale'])).optional(),
    sign: z.boolean().optional(),
    stores: z.array(z.enum(REGIONS)).optional(),
  }),
  /** Terms beside the price; an item whose figure the region lacks is left out. */
  z.strictObject({
    kind: z.literal('terms'),
    ...base,
    items: z.array(z.strictObject({ key: z.string(), figure: FigureName.optional() })).min(1),
  }),
  /** What is in the box: items with their quantity (a number, or a figure). */
  z.strictObject({
    kind: z.literal('box'),
    ...base,
    items: z.array(z.strictObject({ key: z.string(), qty: z.union([z.number().int().positive(), FigureName]) })).min(1),
  }),
  /**
   * Voice commands: the island's button and dialog, and the same list server-rendered in a
   * <details> for visitors without JavaScript. Each list is `{key}` in the page copy and
   * holds exactly `count` commands.
   */
  z.strictObject({
    kind: z.literal('voice'),
    ...base,
    variant: z.enum(['list', 'cards', 'numbered']),
    lists: z.array(z.strictObject({ key: CopyKey, count: FigureName, title: CopyKey.optional() })).min(1),
  }),
  /** Questions and answers (`{copy}.items.{key}.label` and `.answer`, a list of lines). */
  z.strictObject({ kind: z.literal('faq'), ...base, items: z.array(z.string()).min(1) }),
  /** The pre-launch newsletter block. */
  z.strictObject({ kind: z.literal('subscribe'), ...base }),
  /** The closing call to action with the buy buttons. */
  z.strictObject({ kind: z.literal('cta'), ...base, offers: z.array(ProductKey).min(1) }),
  /** A gallery: a scrollable list of figures with alt text and captions. */
  z.strictObject({ kind: z.literal('gallery'), ...base, images: z.array(z.string()).min(1) }),
]);
export type Section = z.infer<typeof Section>;
export type SectionKind = Section['kind'];

/** A product page as data (docs/spec/content.md §3 "Product page": title, menus, buy label, buy link, hero, specs). */
export const ProductPage = z
  .strictObject({
    /** Page slug, as in content/pages.ts. */
    slug: z.string().regex(/^[a-z0-9-]+$/),
    /** The product the page sells (its offer, JSON-LD). */
    product: ProductKey,
    /** Stock-keeping unit for structured data. */
    sku: z.string().min(1),
    /** Messages namespace of the page copy. */
    namespace: z.string().regex(/^[a-z0-9-]+$/),
    /** The anchor the page scrolls to on entry (docs/spec/platform.md §2). */
    entry: Anchor,
    /** The in-page menu: anchors, labelled by `menu.{anchor}`. */
    menu: z.array(Anchor).min(1),
    /** Pictures by key; `hero` is the one structured data shows. */
    images: z.record(z.string(), ProductImage),
    /** The product's figures by name. */
    figures: z.record(FigureName, FigureValue),
    /** Sections, in page order. */
    sections: z.array(Section).min(1),
    /** Editions whose page has its own menu and sections (the Chinese limited-edition page). */
    editions: z.partialRecord(z.enum(REGIONS), z.strictObject({ menu: z.array(Anchor).min(1), sections: z.array(Section).min(1) })).optional(),
  })
  .superRefine((page, ctx) => {
    const variants = [
      { where: '', menu: page.menu, sections: page.sections },
      ...Object.entries(page.editions ?? {}).map(([r, v]) => ({ where: `editions.${r}.`, ...v! })),
    ];
    if (!page.images.hero) ctx.addIssue({ code: 'custom', path: ['images'], message: 'needs a hero image' });
    for (const { where, menu, sections } of variants) {
      const ids = sections.map((s) => s.id).filter((id): id is string => id !== undefined);
      if (new Set(ids).size !== ids.length) ctx.addIssue({ code: 'custom', path: [`${where}sections`], message: 'an anchor is used twice' });
      for (const anchor of [...menu, page.entry]) {
        if (!ids.includes(anchor)) ctx.addIssue({ code: 'custom', path: [`${where}menu`], message: `#${anchor} names no section` });
      }
      if (sections[0]?.kind !== 'hero') ctx.addIssue({ code: 'custom', path: [`${where}sections`, 0], message: 'the first section is the hero' });
      // Links to the page carry its entry anchor; a visitor at the bare URL lands on the same section.
      if (sections[0]?.id !== page.entry)
        ctx.addIssue({ code: 'custom', path: [`${where}sections`, 0], message: `the entry anchor #${page.entry} is the first section` });
      const refs = sections.flatMap((s) => {
        const images = 'image' in s && s.image ? [s.image] : [];
        if (s.kind === 'video') images.push(s.poster);
        if (s.kind === 'gallery') images.push(...s.images);
        if (s.kind === 'cards') images.push(...s.items.flatMap((i) => (i.image ? [i.image] : [])));
        if (s.kind === 'compareCards') images.push(...s.rows.map((r) => r.image));
        return images;
      });
      for (const ref of refs) if (!page.images[ref]) ctx.addIssue({ code: 'custom', path: [`${where}sections`], message: `image "${ref}" is not in images` });
      const figures = sections.flatMap((s) => {
        if (s.kind === 'specs') return s.rows.flatMap((r) => ('figure' in r ? [r.figure] : []));
        if (s.kind === 'compare') return s.rows.flatMap((r) => [r.description, r.descriptionExt].flatMap((c) => ('figure' in c ? [c.figure] : [])));
        if (s.kind === 'timeline') return s.items.map((i) => i.at);
        if (s.kind === 'terms') return s.items.flatMap((i) => (i.figure ? [i.figure] : []));
        if (s.kind === 'box') return s.items.flatMap((i) => (typeof i.qty === 'string' ? [i.qty] : []));
        if (s.kind === 'voice') return s.lists.map((l) => l.count);
        return [];
      });
      figures.push(...sections.flatMap((s) => (s.shownWhile ? [s.shownWhile] : [])));
      for (const name of figures)
        if (!page.figures[name]) ctx.addIssue({ code: 'custom', path: [`${where}sections`], message: `figure "${name}" is not in figures` });
    }
  });
export type ProductPage = z.infer<typeof ProductPage>;

/**
 * Published price figures beside an offer's own price (docs/spec/content.md §9): the limited
 * edition's standard and presale prices, and instalment examples, in the region's currency.
 */
export const PriceFigures = z.strictObject({
  /** Standard edition price (the offer's own price is the limited retail price). */
  standard: z.number().positive().optional(),
  /** Presale price. */
  presale: z.number().positive().optional(),
  /** A published instalment example: monthly amount, number of months, APR in percent. */
  instalment: z.strictObject({ monthly: z.number().positive(), months: z.number().int().positive(), apr: z.number().min(0).optional() }).optional(),
});
export type PriceFigures = z.infer<typeof PriceFigures>;

/** Price figures by region and product. */
export const PriceFigureTable = z.partialRecord(z.enum(REGIONS), z.partialRecord(ProductKey, PriceFigures));

import { z } from 'zod';
import { REGIONS } from '../editions';
import { Window } from './window';

/** A key into the locale's messages, resolved when the bundle is built. */
const MessageKey = z.string().regex(/^[a-z][\w-]*(\.[\w-]+)+$/i, 'a message key like common.nav.home');

/** An internal path (`/flagship-bumblebee`, edition-relative) or an absolute https URL. */
const Link = z.string().refine((v) => /^\/(?!\/)[^\s\\]*$/.test(v) || /^https:\/\/[^\s\\]+$/.test(v), 'an edition-relative path or an https URL');

/** A navigation entry (docs/spec/platform.md §3, "Nav item"). */
export interface NavItem extends Window {
  label: string;
  link?: string;
  identify?: string;
  children?: NavItem[];
  tag?: { color: string; label: string; id?: string };
  hidden?: ('header' | 'footer')[];
  color?: string;
  id?: string;
}
export const NavItem: z.ZodType<NavItem> = z.lazy(() =>
  Window.extend({
    /** Schedule id, so ops can move this entry's window. */
    id: z.string().optional(),
    /** Message key of the label. */
    label: MessageKey,
    /** Edition-relative path or external URL. */
    link: Link.optional(),
    /** Stable identifier for analytics. */
    identify: z.string().optional(),
    /** Sub-menu entries. */
    children: z.array(NavItem).optional(),
    /** A small coloured tag beside the label ("New"); with an `id`, only while that schedule window is open (`badge:new:flagship-bumblebee`). */
    tag: z.object({ color: z.string(), label: MessageKey, id: z.string().optional() }).optional(),
    /** Where the entry is not shown. */
    hidden: z.array(z.enum(['header', 'footer'])).optional(),
    /** Text colour name. */
    color: z.string().optional(),
  }),
);

/** A text banner across the top of every page (docs/spec/platform.md §3). */
const TextBanner = Window.extend({
  /** Schedule id. */
  id: z.string(),
  /** Where it leads. */
  link: Link,
  /** Message key of its text. */
  label: MessageKey,
  /** Background colour name. */
  bg: z.enum(['yellow', 'black', 'blue', 'red']),
});
type TextBanner = z.infer<typeof TextBanner>;

/** A footer column: a heading and links. */
const FooterNav = z.object({ label: MessageKey, children: z.array(NavItem) });

/**
 * How an edition asks for consent to optional scripts (kernel/consent.ts, decision 0033):
 * `opt-in` (GDPR/ePrivacy, UK PECR), `opt-out` (California), `notice` (PIPA, APPI, PIPL).
 */
const CONSENT_MODELS = ['opt-in', 'opt-out', 'notice'] as const;

/** Everything about a region that is not copy (docs/spec/platform.md §3, "Region pack"). */
export const RegionPack = z.object({
  /** Region code. */
  region: z.enum(REGIONS),
  /** Accepted payment methods at the regional store. */
  paymentMethods: z.array(z.enum(['paypal', 'klarna'])),
  /** Installment offer: a number of months, or a message key. */
  installment: z.union([z.number().int().positive(), MessageKey]).optional(),
  /** Edition-relative home path. */
  home: z.literal('/'),
  /** The regional store's home. */
  shop: z.string().url(),
  /** Edition-relative account path. */
  account: Link,
  /** Social media links. */
  media: z.array(z.object({ icon: z.enum(['youtube', 'instagram', 'facebook', 'x']), link: z.string().url() })),
  /** Header navigation. */
  navs: z.array(NavItem),
  /** Footer columns. */
  footerNavs: z.array(FooterNav),
  /** Text banners, gated by their windows. */
  textBanner: z.array(TextBanner),
  /** Countries whose visitors this edition suggests itself to (ISO 3166 alpha-2). */
  countries: z.array(z.string().regex(/^[A-Z]{2}$/)),
  /** How this edition asks for consent to optional scripts (kernel/consent.ts, decision 0033). */
  consent: z.object({
    model: z.enum(CONSENT_MODELS),
    /** What runs before the shopper chooses (all false where the model is opt-in). */
    defaults: z.object({ analytics: z.boolean(), marketing: z.boolean(), functional: z.boolean() }),
    /** Newsletter sign-ups wait for the address to confirm them (double opt-in). */
    doubleOptIn: z.boolean(),
  }),
});
export type RegionPack = z.infer<typeof RegionPack>;

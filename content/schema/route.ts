import { z } from 'zod';
import { REGIONS } from '../editions';
import { ProductKey } from './catalogue';

/**
 * What a page is, which picks the view that renders it (worker/pages/registry.tsx has one per
 * kind; within a kind the view finds the page's own data by its slug or name): `support` and
 * `info` are pages of content/support/pages.ts, `form` one of the four support forms of
 * content/forms.ts, `login` and `account` the member pages.
 */
const PAGE_KINDS = ['home', 'chooser', 'product', 'campaign', 'support', 'info', 'faq', 'form', 'login', 'account', 'consent', 'privacy'] as const;
const PageKind = z.enum(PAGE_KINDS);
export type PageKind = z.infer<typeof PageKind>;

/** Metadata a route passes down to its children (docs/spec/platform.md §2: inherited from parents). */
export const RouteMeta = z.strictObject({
  /** Editions where the page exists. */
  regions: z.array(z.enum(REGIONS)).min(1).optional(),
  /** Product shown, for product pages (JSON-LD, offers). */
  product: ProductKey.optional(),
  /** Schedule id of the page's time window (`route:black-friday`). */
  window: z.string().min(1).optional(),
  /** Listed in sitemaps and alternates; redirects never are. */
  indexable: z.boolean().optional(),
});
export type RouteMeta = z.infer<typeof RouteMeta>;

/** A path segment (or several): lower-case words, no leading or trailing slash. */
const RoutePath = z.string().regex(/^(?:[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)*)?$/, 'a path of lower-case words');

/** A route record as written (docs/spec/platform.md §2, "Route behaviour"). */
export interface RouteRecord {
  /** Path under the parent ('' is the parent itself; under the root, the edition home). */
  path: string;
  /** Unique name; derived from the full path when absent. */
  name?: string;
  /** The kind of page, which picks the view that renders it. */
  view?: PageKind;
  /** Path (under the edition) this route answers 301 to. */
  redirect?: string;
  /** Routes under this one. */
  children?: RouteRecord[];
  /** Metadata, inherited by the children. */
  meta?: RouteMeta;
}

/**
 * A route record needs a path plus a view, a redirect or children; a redirect has nothing
 * to render, so it takes no view.
 */
export const RouteRecord: z.ZodType<RouteRecord> = z.lazy(() =>
  z
    .strictObject({
      path: RoutePath,
      name: z.string().min(1).optional(),
      view: PageKind.optional(),
      redirect: RoutePath.min(1).optional(),
      children: z.array(RouteRecord).min(1).optional(),
      meta: RouteMeta.optional(),
    })
    .refine((r) => r.view !== undefined || r.redirect !== undefined || r.children !== undefined, 'needs a view, a redirect or children')
    .refine((r) => !(r.view && r.redirect), 'has both a view and a redirect'),
);

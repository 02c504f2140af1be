import { EDITIONS, type Region } from '../../content/editions';
import { offersFor } from '../../content/catalogue';
import { PACKS } from '../../content/packs';
import { PAGES, pageExists } from '../../content/pages';
import { NewUserPopup } from '../../content/schema/api';
import { Bundle } from '../../content/schema/bundle';
import type { NavItem, RegionPack } from '../../content/schema/region-pack';
import { mergedMessages, type Messages } from '../../locales';

/** A bundle that failed validation; the message names the region and the field. */
export class BundleError extends Error {
  override name = 'BundleError';
}

/** Looks a dotted key up in a message tree. */
export function lookup(messages: unknown, key: string): unknown {
  let node: unknown = messages;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

function isInternal(link: string | undefined): link is string {
  return link !== undefined && link.startsWith('/');
}

/** Drops entries that link to a page the edition does not have, and menus left empty. */
function forEdition(items: readonly NavItem[], region: Region): NavItem[] {
  const out: NavItem[] = [];
  for (const item of items) {
    if (isInternal(item.link) && !pageExists(item.link.slice(1), region)) continue;
    const children = item.children ? forEdition(item.children, region) : undefined;
    if (children && children.length === 0 && !item.link) continue;
    out.push(children ? { ...item, children } : item);
  }
  return out;
}

function packKeys(pack: RegionPack): [string, string][] {
  const keys: [string, string][] = [];
  const walk = (items: readonly NavItem[], path: string) =>
    items.forEach((item, i) => {
      keys.push([`${path}[${i}].label`, item.label]);
      if (item.tag) keys.push([`${path}[${i}].tag.label`, item.tag.label]);
      if (item.children) walk(item.children, `${path}[${i}].children`);
    });
  walk(pack.navs, 'pack.navs');
  pack.footerNavs.forEach((col, i) => {
    keys.push([`pack.footerNavs[${i}].label`, col.label]);
    walk(col.children, `pack.footerNavs[${i}].children`);
  });
  pack.textBanner.forEach((b, i) => keys.push([`pack.textBanner[${i}].label`, b.label]));
  if (typeof pack.installment === 'string') keys.push(['pack.installment', pack.installment]);
  return keys;
}

function contentVersion(text: string): string {
  // FNV-1a: enough to tell two builds' content apart.
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h.toString(16).padStart(8, '0');
}

/**
 * Builds and validates one edition's bundle from `content/` and `locales/`. Throws a
 * BundleError naming the region and the field when anything is missing or malformed.
 */
export function buildBundle(region: Region, sources: { pack?: RegionPack; messages?: Messages } = {}): Bundle {
  const edition = EDITIONS[region];
  const raw = sources.pack ?? PACKS[region];
  const pack: RegionPack = {
    ...raw,
    navs: forEdition(raw.navs, region),
    footerNavs: raw.footerNavs.map((col) => ({ ...col, children: forEdition(col.children, region) })).filter((col) => col.children.length > 0),
  };
  const messages = sources.messages ?? mergedMessages(edition.locale, edition.baseLocale);
  const draft = { version: 'draft', region, locale: edition.locale, pack, messages, offers: offersFor(region) };

  const parsed = Bundle.safeParse(draft);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new BundleError(`bundle ${region}: ${issue.path.join('.') || '(root)'}: ${issue.message}`);
  }
  for (const [field, key] of packKeys(pack)) {
    if (typeof lookup(messages, key) !== 'string' || lookup(messages, key) === '') {
      throw new BundleError(`bundle ${region}: ${field}: message "${key}" is missing in ${edition.locale}`);
    }
  }
  for (const page of PAGES) {
    if (!page.regions.includes(region) || page.kind === 'redirect') continue;
    for (const field of ['title', 'description', 'heading'] as const) {
      const key = `head.${page.slug || 'home'}.${field}`;
      if (typeof lookup(messages, key) !== 'string' || lookup(messages, key) === '') {
        throw new BundleError(`bundle ${region}: messages.${key}: missing in ${edition.locale}`);
      }
    }
  }
  if (region === 'us') {
    const popup = NewUserPopup.safeParse(messages.popup);
    if (!popup.success) {
      const issue = popup.error.issues[0]!;
      throw new BundleError(`bundle ${region}: messages.popup.${issue.path.join('.')}: ${issue.message}`);
    }
  }
  const bundle = parsed.data;
  bundle.version = contentVersion(JSON.stringify({ ...bundle, version: '' }));
  return bundle;
}

const built = new Map<Region, Bundle>();

/** The bundle compiled into the worker: the last line of defence when KV fails. */
export function bundledCopy(region: Region): Bundle {
  let bundle = built.get(region);
  if (!bundle) {
    bundle = buildBundle(region);
    built.set(region, bundle);
  }
  return bundle;
}

export type { Messages };

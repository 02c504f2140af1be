import { describe, expect, it } from 'vitest';
import { REGIONS } from '../../../content/editions';
import { PACKS } from '../../../content/packs';
import { pageExists } from '../../../content/pages';
import type { NavItem } from '../../../content/schema/region-pack';
import { mergedMessages } from '../../../locales';
import { BundleError, buildBundle } from '../../../worker/bundle/build';

describe('buildBundle', () => {
  it.each(REGIONS)('builds a valid bundle for %s', (region) => {
    const bundle = buildBundle(region);
    expect(bundle.region).toBe(region);
    expect(bundle.version).toMatch(/^[0-9a-f]{8}$/);
  });

  it('keeps only nav links to pages the edition has', () => {
    for (const region of REGIONS) {
      const walk = (items: NavItem[]): void =>
        items.forEach((item) => {
          if (item.link?.startsWith('/')) expect(pageExists(item.link.slice(1), region), `${region} ${item.link}`).toBe(true);
          if (item.children) walk(item.children);
        });
      const bundle = buildBundle(region);
      walk(bundle.pack.navs);
      bundle.pack.footerNavs.forEach((col) => walk(col.children));
    }
  });

  it('fails naming the region and field when a message is missing', () => {
    const messages = mergedMessages('de-DE');
    const broken = { ...messages, common: { ...(messages.common as object), nav: {} } };
    expect(() => buildBundle('de', { messages: broken })).toThrow(BundleError);
    expect(() => buildBundle('de', { messages: broken })).toThrow(/^bundle de: pack\.navs\[0\]\.label: message "common\.nav\.products" is missing in de-DE$/);
  });

  it('fails naming the region and field when the pack is malformed', () => {
    const pack = { ...PACKS.fr, shop: 'not a url' };
    expect(() => buildBundle('fr', { pack })).toThrow(/^bundle fr: pack\.shop: /);
  });

  it('fails when a page of the edition has no head data', () => {
    const messages = mergedMessages('ja-JP');
    const head = { ...(messages.head as Record<string, unknown>) };
    delete head['flagship-bumblebee'];
    expect(() => buildBundle('jp', { messages: { ...messages, head: head as never } })).toThrow(
      /^bundle jp: messages\.head\.flagship-bumblebee\.title: missing in ja-JP$/,
    );
  });
});

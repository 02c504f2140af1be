import { beforeEach, describe, expect, it } from 'vitest';
import { frameParts } from '../../../worker/pages/frame';
import { get, type GetOptions } from '../fetch';

// The frame's shared parts (text banners, the header's navigation, the footer) come from
// stored HTML inside the React stream (decision 0028): a page is byte for byte what rendering
// them in place gives. A query holding `source` (a subscribe outcome) renders
// them in place; any other unknown query bypasses the render cache but not the frame.

const html = async (path: string, options: GetOptions = {}) => (await get(path, options)).text();
const query = (path: string, q: string) => `${path}${path.includes('?') ? '&' : '?'}${q}`;

describe('the frame rendered once, reused as HTML', () => {
  beforeEach(() => frameParts.clear());

  it.each([
    ['/us', {}],
    ['/us/flagship-bumblebee', {}],
    ['/us/flagship-megatron', { headers: { 'CF-IPCountry': 'CA' } }],
    ['/us/faq', { headers: { 'CF-IPCountry': 'DE' } }],
    ["/us/it's-not-here", {}],
    ['/us/choose-your-region', { cookies: { country: 'ZZ' } }],
    ['/de', {}],
    ['/fr/manuals', {}],
    ['/jp/flagship-bumblebee', {}],
    ['/kr/about-us', {}],
    ['/', { host: 'cn.localhost' }],
    ['/us/login', {}],
    ['/us/account', {}],
  ] as [string, GetOptions][])('%s %j is the page its frame rendered in place makes', async (path, options) => {
    const shared = await html(query(path, 'frame=shared'), options);
    const again = await html(query(path, 'frame=again'), options);
    const inPlace = await html(query(path, 'source=in-place'), options);
    expect(shared).toBe(inPlace);
    expect(again).toBe(inPlace);
  });

  it('holds each part (text banners, the header’s and the drawer’s navigation, footer) per edition, label and moment, not per page', async () => {
    for (const path of ['/us/faq', '/us/manuals', '/us/about-us', '/us/flagship-bumblebee']) await html(query(path, 'x=1'));
    expect(frameParts.size).toBe(4);
    // The footer names the visitor's label: a label of their own is a part of its own.
    await html('/us/faq?x=1', { headers: { 'CF-IPCountry': 'CA' } });
    expect(frameParts.size).toBe(8);
    await html('/de/faq-is-not-here?x=1');
    expect(frameParts.size).toBe(12);
  });

  it('carries each page’s own path back from the log-in link and the subscribe form', async () => {
    const page = await html('/us/news?x=1');
    expect(page).toContain('/us/login?next=%2Fus%2Fnews');
    expect(page).toContain('<input type="hidden" name="next" value="/us/news"/>');
    expect(page).not.toContain('__frame__');
  });
});

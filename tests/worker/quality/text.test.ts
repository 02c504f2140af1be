import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EDITIONS, type Region } from '../../../content/editions';
import { PAGES, type PageDef } from '../../../content/pages';
import { DEFAULT_SCHEDULE } from '../../../content/schedule';
import { LOCALE_MESSAGES, onMessageMiss, type MessageMiss } from '../../../locales';
import { clearRenderCache } from '../../../worker/pages/render-cache';
import { get } from '../fetch';
import { textProblems } from '../../text';

// Decision 0031: no page of any edition shows empty or raw text, at any moment of its
// campaigns. Every page type in every edition that has it is rendered through the worker's
// fetch and read as a reader would: no empty heading, list item, label, button, cell or `dd`,
// no "{{", "undefined", "NaN", "null", no "Welcome," left hanging; and, heard from the
// translator while it renders, no message key the edition's locale lacks and no placeholder
// left without its value. The browser suite runs the same check on the islands and dialogs it
// opens (tests/text.ts, through tests/e2e/axe.ts).

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The moments each campaign changes at, in every region: its stage thresholds and window edges. */
function campaignMoments(): Map<string, number[]> {
  const moments = new Map<string, number[]>();
  const add = (campaign: string, iso: string | undefined) => {
    if (!iso) return;
    const at = Date.parse(iso);
    moments.set(campaign, [...(moments.get(campaign) ?? []), at]);
  };
  for (const [campaign, regions] of Object.entries(DEFAULT_SCHEDULE.campaigns ?? {}))
    for (const thresholds of Object.values(regions ?? {})) for (const iso of thresholds ?? []) add(campaign, iso);
  // Back to School runs on the US promotion stages.
  for (const iso of DEFAULT_SCHEDULE.stages.us ?? []) add('back-to-school', iso);
  for (const window of Object.values(DEFAULT_SCHEDULE.windows)) if ('campaign' in window && window.campaign) add(window.campaign, window.startTime);
  return moments;
}

/**
 * When to look at each page: every page now and in each campaign's first stage (nav tags,
 * banners and tiles change); a campaign page an hour after each of its moments (a stage just
 * begun) and 25 hours before (a countdown with one day left). A moment outside the page's
 * window redirects and is skipped.
 */
function momentsOf(page: PageDef, moments: Map<string, number[]>): (number | undefined)[] {
  if (page.kind === 'campaign') return [...new Set((moments.get(page.name) ?? []).flatMap((at) => [at + HOUR, at - DAY - HOUR]))];
  return [undefined, ...[...moments.values()].map((list) => Math.min(...list) + DAY)];
}

/** Whether any locale has a message at a key: one that another locale lacks is a gap in that locale. */
function anyLocaleHas(key: string): boolean {
  return Object.values(LOCALE_MESSAGES).some((messages) => {
    let value: unknown = messages;
    for (const part of key.split('.')) value = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[part] : undefined;
    return value !== undefined;
  });
}

/**
 * What a miss means to a reader. A key that some locale has and this one lacks is a gap in the
 * translation; a key no locale has is copy the page may have (a note, a hint, a second
 * paragraph), and when a page prints it anyway the empty element it leaves fails the text check.
 */
function missProblem(miss: MessageMiss): string | undefined {
  if (miss.kind === 'param') return `message ${miss.key} left {{${miss.param}}} empty`;
  return anyLocaleHas(miss.key) ? `message ${miss.key} is missing in ${miss.locale}` : undefined;
}

const hostOf = (region: Region) => (region === 'cn' ? 'cn.localhost' : 'localhost');
const pathOf = (region: Region, slug: string) => (region === 'cn' ? `/${slug}` : `/${region}${slug ? `/${slug}` : ''}`);

interface Seen {
  where: string;
  problems: string[];
}

const seen: Seen[] = [];
let pages = 0;

beforeAll(async () => {
  await clearRenderCache();
  const moments = campaignMoments();
  let current: MessageMiss[] = [];
  const stop = onMessageMiss((miss) => current.push(miss));
  try {
    for (const page of PAGES) {
      if (page.kind === 'redirect') continue;
      for (const region of page.regions) {
        for (const at of momentsOf(page, moments)) {
          current = [];
          const path = pathOf(region, page.slug);
          const res = await get(path, { host: hostOf(region), cookies: at === undefined ? undefined : { timestamp: String(at) } });
          const html = await res.text();
          if (res.status >= 300 && res.status < 400) continue;
          pages++;
          const where = `${EDITIONS[region].locale} ${path}${at === undefined ? '' : ` at ${new Date(at).toISOString()}`} (${res.status})`;
          const problems = [
            ...(res.status === 200 ? [] : [`answers ${res.status}`]),
            ...textProblems(html).map((p) => `${p.detail} … ${p.near}`),
            ...new Set(current.map(missProblem).filter((p) => p !== undefined)),
          ];
          if (problems.length) seen.push({ where, problems });
        }
      }
    }
  } finally {
    stop();
    await clearRenderCache();
  }
}, 600_000);

afterAll(() => clearRenderCache());

describe('the copy of every page, edition and campaign moment', () => {
  it('renders every page type of every edition', () => {
    const kinds = new Set(PAGES.filter((p) => p.kind !== 'redirect').map((p) => p.kind));
    expect([...kinds].sort()).toEqual(['account', 'campaign', 'chooser', 'consent', 'faq', 'form', 'home', 'info', 'login', 'privacy', 'product', 'support']);
    expect(pages).toBeGreaterThan(200);
  });

  it('has no empty or raw text and asks for no message its locale lacks', () => {
    expect(seen.map(({ where, problems }) => `${where}\n  ${problems.join('\n  ')}`).join('\n')).toBe('');
  });
});

describe('the text check itself', () => {
  const details = (html: string) => textProblems(html).map((p) => p.detail.replace(/:.*/, ''));
  it.each([
    ['<h2></h2>', ['<h2> has no text']],
    ['<ul><li> &nbsp; </li></ul>', ['<li> has no text']],
    ['<table><tr><th>Preis</th><td></td></tr></table>', ['<td> has no text']],
    ['<dl><dt>Size</dt><dd><span></span></dd></dl>', ['<dd> has no text']],
    ['<label><input type="checkbox"></label>', ['<label> has no text']],
    ['<p class="account-welcome">Welcome, </p>', ['<p> ends on a comma, where a value should follow']],
    ['<p>欢迎，</p>', ['<p> ends on a comma, where a value should follow']],
    ['<p>Hello {{name}}</p>', ['<p> an unfilled {{placeholder}}']],
    ['<p>Only <b>NaN</b> left</p>', ['<b> a JavaScript value printed as text']],
    ['<p>undefined</p>', ['<p> a JavaScript value printed as text']],
    ['<p>¥174,900（）</p>', ['<p> empty brackets']],
  ])('finds what a reader would see as broken in %s', (html, expected) => {
    expect(details(html)).toEqual(expected);
  });

  it.each([
    '<h2>Price</h2><ul><li>1-year warranty</li></ul>',
    '<button aria-label="Close"><svg aria-hidden="true"></svg></button>',
    '<a class="button"><img src="x.svg" alt="Robolux"></a><button><img alt="Next"></button>',
    '<p>Welcome, Ada</p><p>Learn More<span class="visually-hidden">: K1</span></p>',
    '<script>var a = null; if (x === undefined) {}</script><style>p{}</style>',
    '<p title="a > b">Nullification is fine, Nancy.</p>',
  ])('passes %s', (html) => {
    expect(textProblems(html)).toEqual([]);
  });
});

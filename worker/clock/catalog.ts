/**
 * What a schedule can name, and where: every window id (pages, banners, nav entries, home
 * tiles, badges), every dated word of the copy, and the editions each campaign runs in. The
 * schedule check (check.ts) reads it to tell a typo from a real id.
 */
import { REGIONS, type Region } from '../../content/editions';
import { SECTION1, SECTION2 } from '../../content/home';
import { PACKS } from '../../content/packs';
import { PAGES, findPage, pageExists } from '../../content/pages';
import { CAMPAIGN_REGIONS, DEFAULT_SCHEDULE } from '../../content/schedule';
import type { NavItem } from '../../content/schema/region-pack';
import { CAMPAIGN_IDS, type CampaignId } from '../../content/schema/schedule';

function flatten(items: readonly NavItem[]): NavItem[] {
  return items.flatMap((item) => [item, ...flatten(item.children ?? [])]);
}

const add = (map: Map<string, Set<Region>>, id: string, regions: Iterable<Region>) => {
  const set = map.get(id) ?? new Set<Region>();
  for (const r of regions) set.add(r);
  map.set(id, set);
};

/** The slug a schedule id is about, after its kind: `badge:new:flagship-bumblebee` → `flagship-bumblebee`. */
const slugOf = (id: string) => id.slice(id.lastIndexOf(':') + 1);

function buildWindows(): Map<string, Set<Region>> {
  const map = new Map<string, Set<Region>>();
  const exists = (link: string | undefined, region: Region) => !link?.startsWith('/') || pageExists(link.slice(1), region);
  for (const page of PAGES) if (page.window) add(map, page.window, page.regions);
  for (const region of REGIONS) {
    const pack = PACKS[region];
    for (const banner of pack.textBanner) if (exists(banner.link, region)) add(map, banner.id, [region]);
    for (const item of flatten(pack.navs)) if (item.id && exists(item.link, region)) add(map, item.id, [region]);
    for (const tile of [...SECTION1, ...SECTION2]) if (tile.id && exists(tile.link, region)) add(map, tile.id, [region]);
  }
  // Badges live where the page they mark does.
  for (const id of Object.keys(DEFAULT_SCHEDULE.windows)) {
    if (id.startsWith('badge:') && !id.includes('@')) add(map, id, findPage(slugOf(id))?.regions ?? []);
  }
  return map;
}

function buildDates(): Map<string, Set<Region>> {
  const map = new Map<string, Set<Region>>();
  for (const id of Object.keys(DEFAULT_SCHEDULE.dates ?? {})) {
    if (id.includes('@')) continue;
    add(map, id, id.startsWith('terms:') ? CAMPAIGN_REGIONS : (findPage(slugOf(id))?.regions ?? []));
  }
  return map;
}

let windows: Map<string, Set<Region>> | undefined;
let dates: Map<string, Set<Region>> | undefined;

/** Every window id a schedule may set, with the editions that have it. */
export function windowIds(): ReadonlyMap<string, ReadonlySet<Region>> {
  return (windows ??= buildWindows());
}

/** Every dated word a schedule may set, with the editions whose copy quotes it. */
export function datedIds(): ReadonlyMap<string, ReadonlySet<Region>> {
  return (dates ??= buildDates());
}

/** The editions a campaign runs in: those with its page. */
export function campaignRegions(campaign: CampaignId): readonly Region[] {
  return findPage(campaign)?.regions ?? [];
}

/** The campaigns an edition runs. */
export function campaignsIn(region: Region): CampaignId[] {
  return CAMPAIGN_IDS.filter((id) => campaignRegions(id).includes(region));
}

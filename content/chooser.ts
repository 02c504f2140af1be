import { EDITIONS, US_COUNTRY_LABELS, type Region } from './editions';

/** One option of the region chooser (docs/spec/content.md §3, "Region entry"). */
interface RegionOption {
  /** The option's own name, in its own language. */
  label: string;
  region: Region;
  /** Country stored with the choice; the us edition's label depends on it. */
  country?: string;
}

/**
 * The ten options of the region chooser (docs/spec/platform.md §2, docs/design.md): United States,
 * Canada and Other Regions all lead to /us with their country. "Other Regions" stores ZZ,
 * the ISO code for an unknown country, so the label reads "Other Regions - English".
 */
export const REGION_OPTIONS: readonly RegionOption[] = [
  { label: EDITIONS.us.label, region: 'us', country: 'US' },
  { label: US_COUNTRY_LABELS.CA, region: 'us', country: 'CA' },
  { label: US_COUNTRY_LABELS.other, region: 'us', country: 'ZZ' },
  { label: EDITIONS.uk.label, region: 'uk', country: 'GB' },
  { label: EDITIONS.eu.label, region: 'eu' },
  { label: EDITIONS.fr.label, region: 'fr', country: 'FR' },
  { label: EDITIONS.de.label, region: 'de', country: 'DE' },
  { label: EDITIONS.jp.label, region: 'jp', country: 'JP' },
  { label: EDITIONS.kr.label, region: 'kr', country: 'KR' },
  { label: EDITIONS.cn.label, region: 'cn', country: 'CN' },
];

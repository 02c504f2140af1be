import { REGIONS, type Region } from '../../content/editions';
import { PACKS } from '../../content/packs';

/**
 * The edition to suggest to a visitor, if any: their country belongs to another edition,
 * and they have neither chosen a region in the chooser (country cookie) nor dismissed the
 * suggestion. Never a redirect: the visitor decides.
 */
export function suggestedEdition(current: Region, country: string | undefined, chosen: boolean, dismissed: boolean): Region | undefined {
  if (!country || chosen || dismissed || PACKS[current].countries.includes(country)) return undefined;
  return REGIONS.find((r) => PACKS[r].countries.includes(country));
}

import share from '../../dist/share.json';
import type { Region } from '../../content/editions';

/** A page's share picture in an edition (scripts/build/pictures.ts renders them at build and lists them in dist/share.json). */
interface SharePicture {
  src: string;
  alt: string;
}

const SHARE: Record<string, Partial<Record<Region, SharePicture>> | undefined> = share;

/** The share picture of the page `slug` in `region`, if the build made one (products and campaigns). */
export function sharePicture(slug: string, region: Region): SharePicture | undefined {
  return SHARE[slug]?.[region];
}

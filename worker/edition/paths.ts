import type { Region } from '../../content/editions';
import { editionPath } from '../../kernel/paths';

/** Origins of the global and China editions. */
export interface Origins {
  global: string;
  cn: string;
}

/** The origin that serves an edition. */
export function editionOrigin(region: Region, origins: Origins): string {
  return region === 'cn' ? origins.cn : origins.global;
}

/** Absolute URL of a page (by slug, '' for home) in an edition. */
export function editionUrl(region: Region, slug: string, origins: Origins): string {
  return `${editionOrigin(region, origins)}${editionPath(region, slug ? `/${slug}` : '')}`;
}

import type { ApiGroup } from '../../content/editions';
import type { ApiBases } from '../env';
import { normalHost } from '../host';

/**
 * The path browser storage is scoped to (docs/spec/platform.md §4): hosts ending `.cn` use /cn;
 * us, kr and jp use /us; uk, eu, fr and de use /eu; anything else /us.
 */
export function storageScope(host: string, firstSegment: string | undefined): '/us' | '/eu' | '/cn' {
  if (normalHost(host).endsWith('.cn')) return '/cn';
  switch (firstSegment) {
    case 'uk':
    case 'eu':
    case 'fr':
    case 'de':
      return '/eu';
    default:
      return '/us';
  }
}

/** Whether a host is one of the pre-production hub sites. */
export function isPreprod(host: string, preprodHosts: readonly string[]): boolean {
  return preprodHosts.includes(normalHost(host));
}

/** The base URL of the API for an environment and API group; '' is the site's own origin. */
export function apiBase(preprod: boolean, group: ApiGroup, bases: ApiBases): string {
  return bases[preprod ? 'preprod' : 'production'][group];
}

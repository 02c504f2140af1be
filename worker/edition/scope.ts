import type { ApiGroup } from '../../content/editions';
import type { ApiBases } from '../env';
import { normalHost } from '../host';

/** Whether a host is one of the pre-production hub sites. */
export function isPreprod(host: string, preprodHosts: readonly string[]): boolean {
  return preprodHosts.includes(normalHost(host));
}

/** The base URL of the API for an environment and API group; '' is the site's own origin. */
export function apiBase(preprod: boolean, group: ApiGroup, bases: ApiBases): string {
  return bases[preprod ? 'preprod' : 'production'][group];
}

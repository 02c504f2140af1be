import type { ApiGroup } from '../../content/editions';
import type { Bindings } from '../env';

/** Every API group, each with its own storage. */
export const API_GROUPS = ['us', 'eu', 'cn'] as const satisfies readonly ApiGroup[];

/**
 * An API group's own storage: its D1 database (members, sessions, support submissions, rate
 * limits keyed by its members' addresses, the local outbox) and its R2 bucket (support-form
 * attachments). An EU address never leaves the EU group's storage (decision 0013).
 */
export function groupStorage(env: Bindings, group: ApiGroup): { db: D1Database; bucket: R2Bucket } {
  return {
    db: { us: env.ACCOUNTS_US, eu: env.ACCOUNTS_EU, cn: env.ACCOUNTS_CN }[group],
    bucket: { us: env.ATTACHMENTS_US, eu: env.ATTACHMENTS_EU, cn: env.ATTACHMENTS_CN }[group],
  };
}

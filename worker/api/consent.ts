import type { Handler } from 'hono';
import { postedGrants, storeChoice } from '../context/consent';
import type { After } from '../context/types';
import { CODES } from '../../kernel/codes';
import { envelope } from '../post/codes';
import { readInput } from '../post/input';

/**
 * POST /{region}/cookie-settings from the consent island (`Accept: application/json`): the
 * same rule as the page action (decision 0033), answered in the envelope with the grants as
 * they now stand, so the island can tell the data layer and load what was granted in place.
 */
export const consentApi: Handler<After<'site' | 'consent'>> = async (c) => {
  const { site, consent } = c.var;
  const grants = postedGrants((await readInput(c)).fields, consent.grants);
  if (!grants) return envelope(c, site.edition.region, CODES.invalid);
  const stored = storeChoice(c, consent, grants, { edition: site.edition, cookieDomain: c.var.config.cookieDomain, now: site.now });
  return envelope(c, site.edition.region, 2000, { grants: stored.grants });
};

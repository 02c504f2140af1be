import type { Handler } from 'hono';
import { CACHE } from '../../cache';
import { postedGrants, storeChoice } from '../../context/consent';
import type { After } from '../../context/types';
import { sameOriginPath } from '../../edition/redirect';
import { readInput } from '../../post/input';
import { renderNotFound } from '../respond';
import { SETTINGS_SLUG } from './parts';

/**
 * POST /{region}/cookie-settings from a plain form (the banner or the settings page without
 * JavaScript): stores the choice (decision 0033) and goes back to `next`, a path of this
 * site, with 303, so the next page already loads what was granted and nothing that was not.
 * A post that names no choice goes back to the settings page.
 */
export const consentAction: Handler<After<'site' | 'consent'>> = async (c) => {
  const { site, consent } = c.var;
  if (c.var.rejected || site.slug !== SETTINGS_SLUG) return renderNotFound(c, site, c.var.rejected ? 400 : 404);
  const { fields } = await readInput(c);
  const grants = postedGrants(fields, consent.grants);
  c.header('Cache-Control', CACHE.none);
  if (!grants) return c.redirect(site.href(`/${SETTINGS_SLUG}`), 303);
  storeChoice(c, consent, grants, { edition: site.edition, cookieDomain: c.var.config.cookieDomain, now: site.now });
  const home = site.href('/');
  return c.redirect(sameOriginPath(typeof fields.next === 'string' ? fields.next : home, home), 303);
};

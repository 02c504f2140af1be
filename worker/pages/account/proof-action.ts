import type { Handler } from 'hono';
import { proveAddress, secretOf } from '../../account/service';
import type { After } from '../../context/types';
import { callerOf, readInput } from '../../post/input';
import { postedToken } from '../mail-link-page';
import { renderMailLink } from '../respond';

/**
 * POST /{region}/account/confirm (the China edition: /account/confirm), the button of the page
 * the link proving a new account's address opens (docs/decisions/0054): the address is
 * proven, and the page says what that opens up; an expired, changed or unknown link says how
 * to get a new one. The GET only shows the button (worker/pages/mail-link-page.ts).
 */
export const proofAction: Handler<After<'site'>> = async (c) => {
  const { site } = c.var;
  const secret = secretOf(c.env);
  const token = postedToken((await readInput(c)).fields, c.req.query('t'));
  const proof = secret ? await proveAddress(callerOf(c), token, secret) : ({ outcome: 'invalid' } as const);
  const account = site.href('/account');
  if (proof.outcome === 'proven') return renderMailLink(c, site, 'mail-proven', { next: account });
  if (proof.outcome === 'busy') return renderMailLink(c, site, 'mail-prove', { token, error: site.t('common.api.message.4029'), status: 429 });
  return renderMailLink(c, site, 'mail-proof-expired', { next: account, status: 400 });
};

import type { Handler } from 'hono';
import type { After } from '../context/types';
import type { MailLink } from './MailLink';
import { renderMailLink, renderNotFound } from './respond';

/** Longest token a mailed link carries (an unsubscribe token holds the address). */
const TOKEN_MAX = 2_000;

/**
 * GET (and HEAD) of a mailed link, `…?t=<token>` (docs/decisions/0054): the page with the one
 * button that acts, which posts the token back to the same address. Nothing changes here, so
 * a mail scanner or a link preview that fetches the link does nothing. No token: not found.
 */
export function mailLinkPage(entry: Extract<MailLink, 'mail-confirm' | 'mail-unsubscribe' | 'mail-prove'>): Handler<After<'site'>> {
  return (c) => {
    const token = c.req.query('t');
    if (!token || token.length > TOKEN_MAX) return renderNotFound(c, c.var.site);
    return renderMailLink(c, c.var.site, entry, { token });
  };
}

/** The token a mailed link's POST carries: the form's field (its page's button), else the link's own query (RFC 8058's one-click POST). */
export function postedToken(fields: Record<string, unknown>, query: string | undefined): string {
  const posted = fields.t;
  return (typeof posted === 'string' ? posted : (query ?? '')).slice(0, TOKEN_MAX);
}

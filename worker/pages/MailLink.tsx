import { useSite } from '../context/react';

/**
 * The pages a mailed link opens (docs/decisions/0054): each says what its button will do, and
 * only the button (a POST) does it. Mail gateways and link previewers fetch every link they
 * see, with GET or HEAD; a link that acted on them unsubscribed readers and confirmed sign-ups
 * for anyone. A page's heading, text and button are `head.<entry>`.
 */
export type MailLink = 'mail-confirm' | 'mail-unsubscribe' | 'mail-prove' | 'mail-proven' | 'mail-proof-expired';

/**
 * A mailed link's page: with `token`, a form that posts it back to this address (the link's
 * own URL, its query kept); without, what came of it and the way on (`href`).
 */
export function MailLinkPage({ entry, token, next, error }: { entry: MailLink; token?: string; next?: string; error?: string }) {
  const { t, href } = useSite();
  return (
    <section className="page-intro mail-link" data-mail-link={entry}>
      <h1>{t(`head.${entry}.heading`)}</h1>
      <p className="lede">{t(`head.${entry}.lede`)}</p>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      {token !== undefined ? (
        <form method="post" className="actions">
          <input type="hidden" name="t" value={token} />
          <button className="button primary" type="submit">
            {t(`head.${entry}.button`)}
          </button>
        </form>
      ) : (
        <p className="actions">
          <a className="button primary" href={next ?? href('/')}>
            {t(`head.${entry}.button`)}
          </a>
        </p>
      )}
    </section>
  );
}

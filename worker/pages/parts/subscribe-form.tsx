import { EmailField } from '../../../kernel/email-field';
import type { SubscribeSource } from '../../../kernel/rules';
import type { ProductKey } from '../../../content/schema/catalogue';
import { OUTCOMES, subscribeOutcome } from '../../../kernel/outcomes';
import { useSite } from '../../context/react';
import { CollectionNote } from '../consent/collection-note';

interface SubscribeFormProps {
  /** Which form this is; also its element id and the anchor the API returns to. */
  source: SubscribeSource;
  /** Product the visitor asks news of (pre-launch block). */
  product?: ProductKey;
  title: string;
  describe: string;
  button: string;
  className?: string;
}

/**
 * A newsletter form that works without JavaScript: it posts to the subscribe API, which
 * answers with a 303 back to this page, `?subscribe=<outcome>&source=<source>#<source>`,
 * and this form shows the edition's message for that outcome.
 */
export function SubscribeForm({ source, product, title, describe, button, className = '' }: SubscribeFormProps) {
  const site = useSite();
  const { t } = site;
  const query = site.url.searchParams;
  const known = query.get('source') === source ? subscribeOutcome(query.get('subscribe')) : undefined;
  const message = known ? t(OUTCOMES[known].message) || t('common.api.message.default') : '';
  return (
    <section id={source} className={`subscribe ${className}`} aria-labelledby={`${source}-title`}>
      <h2 id={`${source}-title`}>{title}</h2>
      <p>{describe}</p>
      <form method="post" action="/account/user/subscribe/create" noValidate className="subscribe-row">
        <input type="hidden" name="region" value={site.edition.region} />
        <input type="hidden" name="source" value={source} />
        {product ? <input type="hidden" name="product" value={product} /> : null}
        <input type="hidden" name="next" value={site.url.pathname} />
        <label htmlFor={`${source}-email`} className="visually-hidden">
          {t('common.subscribe.placeholder')}
        </label>
        <EmailField id={`${source}-email`} placeholder={t('common.subscribe.placeholder')} invalid={known === 'invalid'} describedBy={`${source}-status`} />
        <button type="submit" className="button primary">
          {button}
        </button>
      </form>
      {/* At the point of collection: what the address is for, and the edition's notice (decision 0033). */}
      <CollectionNote purpose="subscribe" className="subscribe-note" />
      <p id={`${source}-status`} className={`subscribe-status ${known ?? ''}`} role="status" data-outcome={known}>
        {message}
        {/* The spec's success message stays as it is; where the address must confirm first, a line says so (decision 0033). */}
        {known === 'ok' && site.bundle.pack.consent.doubleOptIn ? (
          <>
            {' '}
            <span className="subscribe-next">{t('privacy.mail.checkInbox')}</span>
          </>
        ) : null}
      </p>
    </section>
  );
}

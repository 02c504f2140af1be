import { useSite } from '../../../context/react';
import type { ItemView } from '../view';
import { CampaignItemCard } from './item';

/**
 * The members-only offers themselves. The HTML is shared by every visitor, so they ship
 * hidden; the members-only part (accounts) shows them to logged-in members on the client.
 * Kept alone so that swap is one line in the page.
 */
export function MembersOnlyOffers({ items }: { items: ItemView[] }) {
  return (
    <div className="members-only-offers" data-members-only="" hidden>
      <ul className="campaign-items">
        {items.map((item) => (
          <CampaignItemCard key={item.key} item={item} />
        ))}
      </ul>
    </div>
  );
}

/** What everyone else sees: what members get, and a log-in link back to this page. */
export function MembersPreview({ items, next }: { items: ItemView[]; next: string }) {
  const site = useSite();
  const login = `${site.href('/login')}?next=${encodeURIComponent(next)}`;
  return (
    <div className="members-preview" data-members-preview="">
      <ul>
        {items.map((item) => (
          <li key={item.key} data-preview-item={item.key}>
            {site.t('christmas-sale.membersOnly.preview', { name: item.name, discount: item.discount })}
          </li>
        ))}
      </ul>
      <p>
        <a className="button primary" href={login} data-members-login="">
          {site.t('christmas-sale.membersOnly.login')}
        </a>
      </p>
    </div>
  );
}

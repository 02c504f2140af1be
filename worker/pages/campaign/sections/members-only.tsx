import { useSite } from '../../../context/react';
import type { ItemView } from '../view';
import { CampaignItemCard, dealGrid } from './item';

/**
 * The members-only offers themselves. The HTML is shared by every visitor, so the page puts
 * them inside the members-only part (pages/parts/members-only.tsx), which ships them hidden
 * and shows them to logged-in members on the client.
 */
export function MembersOnlyOffers({ items }: { items: ItemView[] }) {
  return (
    <div className="members-only-offers" data-members-only="">
      <ul className="campaign-items" {...dealGrid(items.length)}>
        {items.map((item) => (
          <CampaignItemCard key={item.key} item={item} count={items.length} level={3} />
        ))}
      </ul>
    </div>
  );
}

/** What members get, in a sentence each; the members-only part adds the log-in link for everyone else. */
export function MembersPreview({ items }: { items: ItemView[] }) {
  const site = useSite();
  return (
    <div className="members-preview" data-members-preview="">
      <ul>
        {items.map((item) => (
          <li key={item.key} data-preview-item={item.key}>
            {/* Where no reduction may be announced, what members pay (docs/decisions/0056). */}
            {item.discount
              ? site.t('christmas-sale.membersOnly.preview', { name: item.name, discount: item.discount })
              : site.t('legal.price.memberPrice', { name: item.name, price: item.activityPriceText })}
          </li>
        ))}
      </ul>
    </div>
  );
}

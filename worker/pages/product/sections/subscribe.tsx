import { buyState, offersNotice } from '../../../../kernel/offers';
import { preSaleOver } from '../../../clock/dated';
import { useSite } from '../../../context/react';
import { SubscribeForm } from '../../parts/subscribe-form';
import type { SectionProps } from './types';

/**
 * The notify block: news of this product by email (works without JavaScript), only while the
 * shopper cannot buy it in this edition (sold out, or a pre-order not yet shipped).
 */
export function Subscribe({ section, view }: SectionProps<'subscribe'>) {
  const { bundle, schedule, edition, now } = useSite();
  const offer = bundle.offers[view.page.product];
  if (!offer || !offersNotice(buyState(offer, preSaleOver(schedule, edition.region, offer.link.slice(1), now)))) return null;
  const c = section.copy;
  return (
    <SubscribeForm
      source="prelaunch"
      product={view.page.product}
      title={view.copy(`${c}.heading`)}
      describe={view.copy(`${c}.body`)}
      button={view.copy(`${c}.button`)}
      className="band prelaunch"
    />
  );
}

import type { Benefit } from '../../../../content/schema/campaign';
import type { z } from 'zod';
import { useSite } from '../../../context/react';
import { Art } from '../../parts/art';
import { gridAttributes } from '../../parts/grid';

/** Icon path of a benefit. */
const icon = (key: string) => `/images/campaigns/benefit-${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}.svg`;

/** The benefits strip (docs/spec/content.md §3: label, icon, alt); labels take the region's figures. */
export function Benefits({ benefits, params }: { benefits: readonly z.infer<typeof Benefit>[]; params: Record<string, string | number> }) {
  const { t } = useSite();
  return (
    <section className="campaign-benefits" aria-labelledby="benefits-heading">
      <h2 id="benefits-heading" className="visually-hidden">
        {t('campaign.benefits.heading')}
      </h2>
      {/* Five or six, each a short line, share one row on a desktop. */}
      <ul {...gridAttributes(benefits.length, { oneRow: 6 })}>
        {benefits.map((b) => (
          <li key={b.key} data-benefit={b.key}>
            <Art src={icon(b.key)} alt={t(`campaign.benefits.${b.key}.alt`)} width={48} height={48} eager sizes="48px" />
            <span>{t(`campaign.benefits.${b.key}.label`, params)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

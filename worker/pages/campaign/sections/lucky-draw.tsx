import { LUCKY_DRAW_CAMPAIGNS } from '../../../../content/lucky-draw';
import { useSite } from '../../../context/react';
import { LuckyDrawForm } from '../lucky-draw';

/**
 * The prize draw (`#lucky-draw`): heading, how it works, when results come (until that day
 * has passed), and the slot the
 * entry form fills (`data-slot="lucky-draw"`).
 */
export function LuckyDraw({ namespace, resultsBefore, sizes }: { namespace: string; resultsBefore: string | undefined; sizes: string }) {
  const { t } = useSite();
  const campaign = LUCKY_DRAW_CAMPAIGNS.find((c) => c === namespace);
  return (
    <section id="lucky-draw" className="campaign-section" aria-labelledby="lucky-draw-heading">
      <h2 id="lucky-draw-heading">{t(`${namespace}.luckyDraw.heading`)}</h2>
      <p>{t(`${namespace}.luckyDraw.copy`, { sizes })}</p>
      {resultsBefore ? <p data-draw-results="">{t('campaign.terms.draw', { date: resultsBefore })}</p> : null}
      {campaign ? <LuckyDrawForm campaign={campaign} /> : null}
    </section>
  );
}

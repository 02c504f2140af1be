import { useSite } from '../../../context/react';
import { formatInstant, iso } from '../view';

/** One stage of a campaign timeline (docs/spec/content.md §3: title, date, stage). */
interface StageView {
  n: number;
  title: string;
  start: number;
}

/** The stages in order, the current one marked (`aria-current="step"`, `data-state`). */
export function CampaignTimeline({ stages, current }: { stages: StageView[]; current: number }) {
  const { t, edition } = useSite();
  return (
    <ol className="campaign-timeline" data-current-stage={current}>
      {stages.map((s) => {
        const state = s.n === current ? 'current' : s.n < current ? 'past' : 'upcoming';
        return (
          <li key={s.n} data-stage={s.n} data-state={state} aria-current={state === 'current' ? 'step' : undefined}>
            <span className="stage-number">{t('campaign.timeline.stage', { n: s.n })}</span>
            <strong className="stage-title">{s.title}</strong>
            <time dateTime={iso(s.start)}>{formatInstant(edition, s.start)}</time>
            <span className="stage-state">{t(`campaign.timeline.${state}`)}</span>
          </li>
        );
      })}
    </ol>
  );
}

import { useSite } from '../../../context/react';
import { formatInstantTime, iso, timeLeft } from '../view';

/**
 * The countdown's server-rendered text: what is coming, when, and the time left at the
 * effective now. The countdown island (content/islands.ts) replaces it in the browser and
 * ticks from `data-target`, the next boundary of the schedule.
 */
export function CountdownSlot({ target, label }: { target: number; label: string }) {
  const { t, now, edition } = useSite();
  const left = timeLeft(now, target);
  const units = (['days', 'hours', 'minutes'] as const).map((unit) => `${left[unit]} ${t(`common.countdown.${unit}`)}`).join(' ');
  return (
    <div className="campaign-countdown" data-slot="countdown" data-target={iso(target)}>
      <p>
        {label} <time dateTime={iso(target)}>{formatInstantTime(edition, target)}</time>
      </p>
      <p className="time-left" data-time-left="">
        {t('campaign.countdown.left', { time: units })}
      </p>
    </div>
  );
}

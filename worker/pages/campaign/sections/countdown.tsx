import { useSite } from '../../../context/react';
import { Countdown } from '../../parts/countdown';
import { formatInstantTime, iso } from '../view';

/**
 * The countdown's server-rendered text: what is coming, when, and the time left at the
 * effective now. The countdown island (kernel/islands.ts) replaces it in the browser and
 * ticks from `data-target`, the next boundary of the schedule.
 */
export function CountdownSlot({ target, label }: { target: number; label: string }) {
  const { edition } = useSite();
  return (
    <div className="campaign-countdown" data-slot="countdown" data-target={iso(target)}>
      <p>
        {label} <time dateTime={iso(target)}>{formatInstantTime(edition, target)}</time>
      </p>
      <Countdown target={target} />
    </div>
  );
}

import CountdownClock, { type CountdownProps } from '../../../client/islands/countdown';
import { useSite } from '../../context/react';
import { Island } from '../../render/island';
import { formatInstant } from '../../../kernel/format';

/** Props of a countdown on a page. */
interface CountdownPartProps {
  /** The moment counted to: an ISO instant (`2024-11-29T00:00:00-05:00`) or ms since epoch. */
  target: string | number;
  /** The (preview-aware) now the page is rendered at; the request's effective now by default. */
  renderedAt?: number;
}

/**
 * A countdown to a campaign moment (the next stage): the time left at render, in the
 * edition's unit labels, which the `countdown` island keeps ticking on the server's clock
 * once it is in view and turns into a reload at zero. Its accessible name gives the target
 * date in the edition's language and time zone. Nothing when the target is not a date.
 */
export function Countdown({ target, renderedAt }: CountdownPartProps) {
  const site = useSite();
  const at = typeof target === 'number' ? target : Date.parse(target);
  if (!Number.isFinite(at)) return null;
  const date = formatInstant(at, site.edition);
  const props: CountdownProps = {
    target: at,
    renderedAt: renderedAt ?? site.now,
    label: site.t('common.countdown.until', { date }),
    lang: site.edition.htmlLang,
    units: {
      days: site.forms('common.countdown.days'),
      hours: site.forms('common.countdown.hours'),
      minutes: site.forms('common.countdown.minutes'),
      seconds: site.forms('common.countdown.seconds'),
    },
  };
  return <Island name="countdown" component={CountdownClock} props={props} />;
}

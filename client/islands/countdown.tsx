import { Fragment, useEffect, useState } from 'react';
import { numberFormat, pluralForm, type PluralForms } from '../../kernel/format';
import { clockOffset, offsetFrom, pad, timeLeft, TIMESTAMP_TIMEOUT, untilNextTick } from '../../kernel/countdown';
import { CODES } from '../../kernel/codes';

/** Props of a countdown: the moment it counts to, when the server rendered it, and its words. */
export interface CountdownProps {
  /** The moment counted to, ms since epoch. */
  target: number;
  /** The server's (preview-aware) now when it rendered the page, ms since epoch. */
  renderedAt: number;
  /** Accessible name, naming the target date ("Time left until …"). */
  label: string;
  /** The edition's html lang, whose plural rules pick each unit's form. */
  lang: string;
  /** The region pack's unit words, by plural form ("1 Day", "2 Days"; "1 Tag", "2 Tage"). */
  units: Record<'days' | 'hours' | 'minutes' | 'seconds', PluralForms>;
}

/** sessionStorage: the last offset the server's clock answered, for when a call fails. */
const OFFSET_KEY = 'serverClockOffset';
/** sessionStorage prefix: the page was already reloaded for this target, so it never loops. */
const RELOADED_KEY = 'countdownReloaded:';

/** What `/ssr/timestamp` says (`preview`: whether a preview moment is in force, and whether a plain one may move it). */
interface Stamp {
  timestamp: number;
  preview?: 'movable' | 'fixed' | null;
}

function stored(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Asks the server for its (preview-aware) now, within the spec's 10 s. */
async function serverClock(): Promise<{ offset: number; preview: Stamp['preview'] } | undefined> {
  const sentAt = Date.now();
  try {
    const res = await fetch('/ssr/timestamp', { signal: AbortSignal.timeout(TIMESTAMP_TIMEOUT), cache: 'no-store' });
    const envelope = (await res.json()) as { code: number; data: Stamp };
    if (envelope.code !== CODES.success || typeof envelope.data.timestamp !== 'number') return undefined;
    const offset = offsetFrom(envelope.data.timestamp, sentAt, Date.now());
    try {
      sessionStorage.setItem(OFFSET_KEY, String(offset));
    } catch {
      // No storage: the next page falls back to its render time.
    }
    return { offset, preview: envelope.data.preview };
  } catch {
    return undefined;
  }
}

// One call per page, however many countdowns it has (a campaign page has one per locked group).
let asked: ReturnType<typeof serverClock> | undefined;

/**
 * Once the target is reached: the page again, which now shows what changed (the next
 * stage). Under a preview the moment is frozen, so a movable preview moves to the target;
 * a signed one (production) stays. Never twice for one target in a tab, so a server whose
 * clock is behind cannot make it loop.
 */
function arrive(target: number, preview: Stamp['preview']): void {
  const key = `${RELOADED_KEY}${target}`;
  try {
    if (sessionStorage.getItem(key) || preview === 'fixed') return;
    sessionStorage.setItem(key, '1');
  } catch {
    return;
  }
  if (preview === 'movable') {
    const next = `${location.pathname}${location.search}${location.hash}`;
    location.assign(`/__preview?at=${target}&next=${encodeURIComponent(next)}`);
  } else {
    location.reload();
  }
}

/**
 * Time left until a campaign moment, on the server's clock (docs/decisions/0019): it reads
 * `GET /ssr/timestamp` (10 s timeout), counting meanwhile, and if that fails, from the last
 * known server time, else the page's render time; under a preview it counts from the
 * previewed moment. It ticks each second and reloads the page when it reaches zero. The
 * text is a `timer` (never announced as it ticks) named with the target date.
 */
export default function Countdown({ target, renderedAt, label, lang, units }: CountdownProps) {
  const [now, setNow] = useState(renderedAt);
  useEffect(() => {
    const last = Number(stored(OFFSET_KEY));
    let offset = clockOffset({
      lastKnown: stored(OFFSET_KEY) !== null && Number.isFinite(last) ? last : undefined,
      renderedAt,
      loadedAt: performance.timeOrigin,
    });
    let preview: Stamp['preview'] = null;
    let answered = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const tick = () => {
      const current = Date.now() + offset;
      setNow(current);
      clearTimeout(timer);
      if (current < target) timer = setTimeout(tick, untilNextTick(target, current));
      // A page rendered at or after the target already shows what changed.
      else if (answered && renderedAt < target) arrive(target, preview);
    };
    tick();
    void (asked ??= serverClock()).then((clock) => {
      if (stopped) return;
      answered = true;
      if (clock) ({ offset, preview } = clock);
      tick();
    });
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [target, renderedAt]);

  const left = timeLeft(target, now);
  const parts: [string, string][] = [
    [numberFormat(lang).format(left.days), pluralForm(units.days, left.days, lang)],
    [pad(left.hours), pluralForm(units.hours, left.hours, lang)],
    [pad(left.minutes), pluralForm(units.minutes, left.minutes, lang)],
    [pad(left.seconds), pluralForm(units.seconds, left.seconds, lang)],
  ];
  return (
    <div className="countdown" role="timer" aria-label={label} data-target={new Date(target).toISOString()}>
      {parts.map(([value, unit], i) => (
        // Spaces between the parts, so the text reads "1 Days 02 Hours …" and not "1 Days02 Hours".
        <Fragment key={i}>
          {i > 0 ? ' ' : null}
          <span className="countdown-part">
            <span className="countdown-value">{value}</span> <span className="countdown-unit">{unit}</span>
          </span>
        </Fragment>
      ))}
    </div>
  );
}

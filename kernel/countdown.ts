/**
 * Countdown arithmetic, shared by the server part (the time left at render) and the
 * countdown island (each tick): pure rules that take every moment as an argument
 * (docs/decisions/0019-lucky-draw-and-countdown.md).
 */

/** How long the countdown waits for `GET /ssr/timestamp` (docs/spec/platform.md §9): 10 s. */
export const TIMESTAMP_TIMEOUT = 10_000;

/** Time left, in whole units. */
interface TimeLeft {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  /** Whether the target has been reached. */
  done: boolean;
}

/**
 * Time left from `now` until `target` (ms since epoch), rounded up to the whole second, so
 * it reads 0 exactly when the target is reached and never before; never negative.
 */
export function timeLeft(target: number, now: number): TimeLeft {
  const total = Math.max(0, Math.ceil((target - now) / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3_600),
    minutes: Math.floor((total % 3_600) / 60),
    seconds: total % 60,
    done: total === 0,
  };
}

/**
 * How far the server's clock is ahead of the browser's (ms, negative when behind), from one
 * timestamp answer: the server read its clock about half-way between sending and receiving.
 */
export function offsetFrom(server: number, sentAt: number, receivedAt: number): number {
  return Math.round(server - (sentAt + receivedAt) / 2);
}

/** What the countdown knows about the server's clock. */
interface ClockSources {
  /** Offset from this page's own timestamp call, once it answered. */
  fetched?: number;
  /** Offset from the last timestamp call that answered (an earlier page of this tab). */
  lastKnown?: number;
  /** The server's now when it rendered the page, and the browser's clock when the page began loading. */
  renderedAt: number;
  loadedAt: number;
}

/**
 * The offset to count with: the server's answer, else the last known one, else the page's
 * render time (docs/spec/platform.md §7: "on failure the last known time is used").
 */
export function clockOffset({ fetched, lastKnown, renderedAt, loadedAt }: ClockSources): number {
  return fetched ?? lastKnown ?? renderedAt - loadedAt;
}

/** Milliseconds until the displayed second changes, so ticks land on the second's edge. */
export function untilNextTick(target: number, now: number): number {
  const rest = (target - now) % 1000;
  return rest > 0 ? rest : 1000;
}

/** Two digits: 7 → "07". */
export const pad = (n: number) => String(n).padStart(2, '0');

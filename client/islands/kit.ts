import { useRef, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { jsx } from 'react/jsx-runtime';
import type { Phrased } from '../../kernel/phrases';

// Small helpers the product islands share (gallery, video, carousel, action dialog); the
// build puts them in one chunk that a page downloads once. A .ts file, not .tsx: every .tsx
// file of client/islands/ is an island (scripts/build/islands.mjs).
//
// Each dialog is the native modal <dialog>: the browser moves focus in, makes the page
// behind it inert, closes it on Escape and returns focus to what opened it. `trapTab` keeps
// Tab inside it; a click on its backdrop closes it.

/** How far, in CSS pixels, a pointer travels sideways before it counts as a swipe. */
const SWIPE_PX = 40;

/**
 * Pointer handlers for a swipe: `go(1)` when the pointer travels left (the next item comes
 * in from the right), `go(-1)` when it travels right. Mostly-vertical moves are scrolls, not
 * swipes. A hook: where the pointer went down is kept across renders, and `go` is called
 * from the handlers only, never while rendering.
 */
export function useSwipe(go: (step: number) => void) {
  const start = useRef({ x: 0, y: 0 });
  return {
    onPointerDown: (event: PointerEvent) => {
      start.current = { x: event.clientX, y: event.clientY };
    },
    onPointerUp: (event: PointerEvent) => {
      const dx = event.clientX - start.current.x;
      if (Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > Math.abs(event.clientY - start.current.y)) go(dx < 0 ? 1 : -1);
    },
  };
}

/**
 * `template` with `%n` and `%total` filled in: "3 / 8", "2 of 4". (The server passes the
 * templates with these markers because its translator fills every `{{…}}` itself.)
 */
export const counted = (template: string, n: number, total: number) => template.replace('%n', String(n)).replace('%total', String(total));

/** The step an arrow key asks for: 1 for →, -1 for ←, else undefined. */
export const arrowStep = (event: KeyboardEvent) => ({ ArrowRight: 1, ArrowLeft: -1 })[event.key];

/** Closes the dialog when the click landed on its backdrop (the dialog itself, outside its content). */
export function backdropClose(event: { target: EventTarget; currentTarget: HTMLDialogElement }) {
  if (event.target === event.currentTarget) event.currentTarget.close();
}

/**
 * Keeps Tab inside a modal dialog: from its last control to its first and, with Shift, from
 * the first to the last. A native modal dialog makes the page behind it inert, but Tab can
 * still leave it for the browser's own controls.
 */
export function trapTab(event: KeyboardEvent<HTMLElement>) {
  if (event.key !== 'Tab') return;
  const controls = [...event.currentTarget.querySelectorAll<HTMLElement>('a[href],button,video[controls]')].filter((el) => el.getClientRects().length);
  const edge = event.shiftKey ? controls[0] : controls[controls.length - 1];
  const active = document.activeElement;
  if (active === edge || active === event.currentTarget) {
    event.preventDefault();
    (event.shiftKey ? controls[controls.length - 1] : controls[0])?.focus();
  }
}

/**
 * Short copy with a `<wbr>` between its phrases, in a `phrases` span (client/styles/line-breaking.css:
 * a line breaks there only); a plain string as it is. A function, not a component, and here
 * rather than in a module of its own: every island that shows phrases loads this chunk
 * already, and the heaviest page is within a few hundred bytes of the JavaScript budget.
 */
export function phrases(copy: Phrased): ReactNode {
  return typeof copy === 'string'
    ? copy
    : jsx('span', { className: 'phrases', children: copy.flatMap((phrase, i) => (i ? [jsx('wbr', {}, i), phrase] : [phrase])) });
}

import { TOAST } from '../../kernel/session';

/**
 * Toasts (docs/spec/platform.md §8, §9): short messages 3 s at 8 px from the top, notifications
 * 4.5 s at 24 px, each kind stacked in its own live region so screen readers announce
 * them. Plain DOM, no React: any island (or the API client) can raise one without a marker
 * on the page. Positions are classes in client/styles/site.css (the CSP allows no inline
 * style); the durations come from kernel/session.ts.
 */
type ToastKind = keyof typeof TOAST;
type ToastTone = 'error' | 'success' | 'info';

const regions: Partial<Record<ToastKind, HTMLElement>> = {};

function region(kind: ToastKind): HTMLElement {
  let element = regions[kind];
  if (!element || !element.isConnected) {
    element = document.createElement('div');
    element.className = `toasts toasts-${kind}`;
    // role=status is polite: an error toast does not cut off what a screen reader is saying,
    // and the message also stays on screen for its full time.
    element.setAttribute('role', 'status');
    element.setAttribute('aria-live', 'polite');
    document.body.appendChild(element);
    regions[kind] = element;
  }
  return element;
}

/** Shows a toast; it removes itself after its kind's time. Empty text shows nothing. */
export function toast(text: string, { kind = 'message', tone = 'info' }: { kind?: ToastKind; tone?: ToastTone } = {}): void {
  if (!text) return;
  const live = region(kind);
  const item = document.createElement('p');
  item.className = `toast toast-${tone}`;
  // Added on the next frame: a live region created just now is announced only when its
  // content changes after the accessibility tree has seen it empty.
  requestAnimationFrame(() => {
    item.textContent = text;
    live.appendChild(item);
    setTimeout(() => item.remove(), TOAST[kind].ms);
  });
}

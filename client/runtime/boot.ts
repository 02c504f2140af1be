/**
 * The few inline lines every page runs before anything else (inlined by scripts/build/build.mjs,
 * allowed by their hash in the CSP): page flags, device class, the virtual page view, recovery from a stale asset,
 * and the island triggers that load the hydration entry. Keep it tiny: it is in every HTML
 * response.
 * NOTE: at most 2,048 bytes minified (tests/e2e/budget.test.ts); it is about 2,046.
 */
declare global {
  interface Window {
    dataLayer: Record<string, unknown>[];
  }
}

import { HYDRATE_ATTR, HYDRATED_ATTR, REPLAY_ATTR, WHEN_ATTR } from '../../kernel/islands';
import { isNewVisitor } from './keys';

const root = document.documentElement;
// The server's only class on <html> is `no-js`, and this flag is the only one anyone sets:
// replacing it removes it. WebP support is known once a one-pixel WebP decodes, off the main
// thread: encoding one on a canvas here blocked the parser for 40-60 ms of a phone's budget.
root.className = 'no-webp';
const webp = new Image();
webp.onload = () => (root.className = 'webp');
webp.src = 'data:image/webp;base64,UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==';

// Device class by width (docs/spec/platform.md §4): 1024+ window, 768-1023 ipad, else mobile. Media
// queries, not `innerWidth` on resize: reading innerWidth while the page loads forces a layout
// of the half-parsed page (a 100 ms task in Lighthouse's trace), and they fire only at 768/1024.
const wide = matchMedia('(min-width:1024px)');
const mid = matchMedia('(min-width:768px)');
const device = () => (root.dataset.device = wide.matches ? 'window' : mid.matches ? 'ipad' : 'mobile');
device();
wide.onchange = mid.onchange = device;

// Logged in = a user id in this page's storage scope (kernel/session.ts `sessionKey`).
let loggedIn = false;
try {
  loggedIn = !!localStorage.getItem(root.dataset.scope + '/userId');
} catch {
  // Storage can be blocked; the visitor is then not logged in.
}
(self.dataLayer = self.dataLayer || []).push({
  event: 'virtual_page_view',
  page_path: location.pathname,
  region: root.dataset.region,
  login_state: loggedIn ? 'Logged in' : 'Not logged in',
});

// A script under /assets/ that fails because a deploy replaced it: reload once at this path.
addEventListener(
  'error',
  (event) => {
    // A script's own file under /assets/ (an image's src is not .js; most targets have none).
    const src = (event.target as HTMLScriptElement).src;
    // Offline (often why the script failed): no answer, nothing to do, and no unhandled
    // rejection. (A rejection handler, not .catch: 7 bytes of the 2,048 the boot lines may weigh.)
    if (/\/assets\/.+js$/.test(src))
      fetch(src, { method: 'HEAD', cache: 'no-store' }).then(
        (r) => {
          if (r.status == 404 && !sessionStorage.getItem('asset-reload')) {
            sessionStorage.setItem('asset-reload', '1');
            location.reload();
          }
        },
        () => {},
      );
  },
  true,
);

// Islands (kernel/islands.ts): nothing loads before first paint, and no script file at all on
// a page without one (these listeners find no island there). When an island's trigger fires it
// is marked `pending`; the first one also loads the hydration entry, which hydrates every
// island so marked.
let hydrate = root.getAttribute(HYDRATE_ATTR);
const need = (island: Element) => {
  if (island.hasAttribute(HYDRATED_ATTR)) return;
  island.setAttribute(HYDRATED_ATTR, 'pending');
  if (hydrate) document.head.appendChild(Object.assign(document.createElement('script'), { type: 'module', src: hydrate }));
  hydrate = null;
};

// Any island loads at once when the visitor reaches for it or for something beside it, from
// the page's first bytes, not from DOMContentLoaded: Firefox and Safari draw a page while it
// still arrives (only Chromium waits for its end, decision 0053), and a tap on what they drew
// was lost. pointerdown covers touch too. A click or an arrow key before React listens would
// be lost as well: on a plain button, or on a link that opens a dialog once hydrated (a
// gallery picture, which would otherwise leave the site for the raw file), it is held back and
// the control marked with what to replay, `click` or the key (hydrate.ts). Enter and Space
// make clicks of their own; Tab and typing go on as usual (docs/decisions/0060).
for (const type of ['pointerdown', 'keydown', 'focusin', 'click'])
  addEventListener(
    type,
    (event) => {
      const target = event.target as Element;
      // The popup shows nothing until it opens itself, and a member's part is the server's
      // HTML for everyone else: reaching for either loads nothing (`new-visitor`, `member`).
      for (const island of document.querySelectorAll(`[${WHEN_ATTR}]`))
        if (!/^[nm]/.test(island.getAttribute(WHEN_ATTR)!) && island.parentElement!.contains(target)) need(island);
      // An island still loading is `pending` or `hydrating` (both end in g: bytes count here).
      const control = target.closest?.(`[${HYDRATED_ATTR}$=g] :is([type=button],[aria-haspopup])`);
      // What to replay: a key's name, else the event's type (of which only `click` is).
      const press = (event as KeyboardEvent).key || type;
      if (control && /^(click|Arrow)/.test(press)) {
        event.preventDefault();
        control.setAttribute(REPLAY_ATTR, press);
      }
    },
    // Capture, so no handler on the page can hide it.
    true,
  );

addEventListener('DOMContentLoaded', () => {
  const seen = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) if (entry.isIntersecting) need(entry.target.parentElement!);
    },
    { rootMargin: '300px' },
  );
  // Every island names its trigger (worker/render/island.tsx): one attribute name in these
  // bytes, not two.
  for (const island of document.querySelectorAll(`[${WHEN_ATTR}]`)) {
    const when = island.getAttribute(WHEN_ATTR);
    // The wrapper is `display: contents`, without a box of its own: watch what it holds.
    if (when == 'visible') for (const child of island.children) seen.observe(child);
    // A member's part: at once, for members only.
    else if (when == 'member') {
      if (loggedIn) need(island);
    }
    // Idle: once loaded, when the browser has nothing else to do (2 s at most; without
    // requestIdleCallback, as Safari, at once). A new visitor's popup waits 15 s more: it
    // interrupts, so the shopper reads first, and React's long task stays out of the load.
    else if (when == 'idle' || (when == 'new-visitor' && isNewVisitor()))
      addEventListener('load', () =>
        setTimeout(() => (self.requestIdleCallback || setTimeout)(() => need(island), { timeout: 2000 }), when == 'idle' ? 0 : 15e3),
      );
  }
});

export {};

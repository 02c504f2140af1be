/**
 * The few inline lines every page runs before anything else (inlined by scripts/build.mjs,
 * nonce'd): page flags, device class, the virtual page view, and recovery from a stale
 * asset. Keep it tiny: it is in every HTML response.
 */
declare global {
  interface Window {
    dataLayer: Record<string, unknown>[];
  }
}

import { lazyIslandWanted } from './keys';

const root = document.documentElement;
const nonce = (document.currentScript as HTMLScriptElement | null)?.nonce;
root.classList.remove('no-js');

const canvas = document.createElement('canvas');
const webp = !!canvas.getContext && canvas.toDataURL('image/webp').indexOf('data:image/webp') === 0;
root.classList.add(webp ? 'webp' : 'no-webp');

// Device class by width (platform spec §4): 1024+ window, 768-1023 ipad, else mobile.
const device = () => (innerWidth >= 1024 ? 'window' : innerWidth >= 768 ? 'ipad' : 'mobile');
root.dataset.device = device();
addEventListener('resize', () => (root.dataset.device = device()), { passive: true });

let loggedIn = false;
try {
  loggedIn = !!localStorage.getItem('userId');
} catch {
  // Storage can be blocked; the visitor is then not logged in.
}
(window.dataLayer = window.dataLayer || []).push({
  event: 'virtual_page_view',
  page_path: location.pathname,
  region: root.dataset.region,
  login_state: loggedIn ? 'Logged in' : 'Not logged in',
});

// A script under /assets/ that fails because a deploy replaced it: reload once at this path.
addEventListener(
  'error',
  (event) => {
    const target = event.target;
    if (!(target instanceof HTMLScriptElement) || target.src.indexOf('/assets/') < 0) return;
    fetch(target.src, { method: 'HEAD', cache: 'no-store' }).then((r) => {
      if (r.status === 404 && !sessionStorage.getItem('asset-reload')) {
        sessionStorage.setItem('asset-reload', '1');
        location.reload();
      }
    });
  },
  true,
);

// Lazy islands (the US new-user popup): load the hydration script only for a visitor who
// needs it; everyone else downloads no JavaScript for them.
document.addEventListener('DOMContentLoaded', () => {
  const src = root.dataset.hydrate;
  if (!src || document.querySelector('script[data-hydrate]')) return;
  const wanted = [...document.querySelectorAll<HTMLElement>('[data-island-when]')].some((el) => lazyIslandWanted(el.dataset.islandWhen));
  if (!wanted) return;
  const script = document.createElement('script');
  script.type = 'module';
  script.src = src;
  if (nonce) script.nonce = nonce;
  document.head.appendChild(script);
});

export {};

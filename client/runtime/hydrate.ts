import type { ComponentType, ReactNode } from 'react';
import { HYDRATED_ATTR, PROPS_ATTR, REPLAY_ATTR, SRC_ATTR } from '../../kernel/islands';

/**
 * The hydration entry. The boot lines (boot.ts) load it when the page's first island is
 * needed, and mark each island `pending` when its trigger fires; this hydrates each of them
 * with React 19
 * (`hydrateRoot`, the island as its own root), loading React and the island's module (its
 * marker names it: kernel/islands.ts `SRC_ATTR`) side by side. A chunk that fails to load
 * raises a cancelable `preload-error` event on window; unless a listener cancels it, the
 * error is rethrown.
 */
const started = new WeakSet<Element>();

/** An island's module as its marker names it: one of the build's (`/assets/…js`), nothing else. */
const MODULE = /^\/assets\/[\w-]+\.js$/;

async function hydrate(island: Element): Promise<void> {
  const src = island.getAttribute(SRC_ATTR) ?? '';
  if (started.has(island) || !MODULE.test(src)) return;
  started.add(island);
  let modules;
  try {
    modules = await Promise.all([import('react-dom/client'), import('react'), import(src) as Promise<{ default: ComponentType<object> }>]);
  } catch (error) {
    const event = new CustomEvent('preload-error', { cancelable: true, detail: error });
    if (window.dispatchEvent(event)) throw error;
    return;
  }
  const [{ hydrateRoot }, { createElement, useEffect }, { default: Island }] = modules;
  // An island tapped while the page still arrives (Firefox and Safari draw it as it comes)
  // waits for the whole of its markup: React would otherwise take the half it has for a
  // mismatch and draw it anew. The tap is kept meanwhile.
  if (document.readyState == 'loading') await new Promise((resolve) => addEventListener('DOMContentLoaded', resolve, { once: true }));
  // A control pressed before React listened (boot.ts marked it with `click` or the key):
  // pressed again once it does, the one way React sees it.
  const replay = island.querySelector<HTMLElement>(`[${REPLAY_ATTR}]`);
  const press = replay?.getAttribute(REPLAY_ATTR);
  replay?.removeAttribute(REPLAY_ATTR);
  // Runs once React has committed the hydrated tree: from then on the island is live.
  function Hydrated({ children }: { children: ReactNode }) {
    useEffect(() => {
      island.setAttribute(HYDRATED_ATTR, 'true');
      // A mark made while React was hydrating is stale: React took that event itself.
      for (const marked of island.querySelectorAll(`[${REPLAY_ATTR}]`)) marked.removeAttribute(REPLAY_ATTR);
      if (press == 'click') replay!.click();
      else if (press) replay!.dispatchEvent(new KeyboardEvent('keydown', { key: press, bubbles: true, cancelable: true }));
    }, []);
    return children;
  }
  // From here React replays events on the island itself.
  island.setAttribute(HYDRATED_ATTR, 'hydrating');
  hydrateRoot(island, createElement(Hydrated, null, createElement(Island, JSON.parse(island.getAttribute(PROPS_ATTR) ?? '{}') as object)));
}

const PENDING = `[${HYDRATED_ATTR}="pending"]`;
// Islands whose trigger fires from now on, then those already waiting.
new MutationObserver((records) => {
  for (const { target } of records) if (target instanceof Element && target.matches(PENDING)) void hydrate(target);
}).observe(document.body, { subtree: true, attributeFilter: [HYDRATED_ATTR] });
for (const island of document.querySelectorAll(PENDING)) void hydrate(island);

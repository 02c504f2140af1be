import { createElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { ISLANDS } from '../islands/registry';
import { lazyIslandWanted } from './keys';

/**
 * Hydrates the islands the server marked (`[data-island]`), each from its own chunk. A
 * chunk that fails to load raises a cancelable `preload-error` event on window; unless a
 * listener cancels it, the error is rethrown.
 */
function hydrateIslands(): void {
  for (const element of document.querySelectorAll<HTMLElement>('[data-island]')) {
    const load = ISLANDS[element.dataset.island ?? ''];
    if (!load || !lazyIslandWanted(element.dataset.islandWhen)) continue;
    const props = JSON.parse(element.dataset.props ?? '{}') as object;
    load().then(
      (module) => {
        hydrateRoot(element, createElement(module.default, props));
        element.dataset.hydrated = 'true';
      },
      (error: unknown) => {
        const event = new CustomEvent('preload-error', { cancelable: true, detail: error });
        if (window.dispatchEvent(event)) throw error;
      },
    );
  }
}

hydrateIslands();

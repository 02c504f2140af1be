import type { ComponentType, ReactElement } from 'react';
import { ISLAND_ATTR, ISLAND_TRIGGER, PROPS_ATTR, SRC_ATTR, WHEN_ATTR, type IslandName } from '../../kernel/islands';
import { MANIFEST } from './assets';

/**
 * Marks an interactive part: renders the component on the server and writes its name, props,
 * trigger and module (kernel/islands.ts) beside it, so the boot lines load it when the trigger
 * fires and client/runtime/hydrate.ts imports its module and hydrates exactly this element. Props must be JSON;
 * React escapes the attribute.
 */
export function Island<P extends object>({ name, component: Component, props }: { name: IslandName; component: ComponentType<P>; props: P }): ReactElement {
  const marker = { [ISLAND_ATTR]: name, [PROPS_ATTR]: JSON.stringify(props), [WHEN_ATTR]: ISLAND_TRIGGER[name], [SRC_ATTR]: MANIFEST.sources[name] };
  return (
    <div className="island" {...marker}>
      <Component {...props} />
    </div>
  );
}

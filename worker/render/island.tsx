import type { ComponentType, ReactElement } from 'react';

/**
 * When a lazy island hydrates: `new-visitor` only for a visitor who has not seen it (the
 * boot lines load the hydration script for it, so other visitors download nothing).
 */
export type IslandCondition = 'new-visitor';

/**
 * Marks an interactive part: renders the component on the server and writes its name and
 * props beside it, so client/runtime/hydrate.ts hydrates exactly this element. Props must be
 * JSON; React escapes the attribute.
 */
export function Island<P extends object>({
  name,
  component: Component,
  props,
  when,
}: {
  name: string;
  component: ComponentType<P>;
  props: P;
  when?: IslandCondition;
}): ReactElement {
  return (
    <div className="island" data-island={name} data-props={JSON.stringify(props)} data-island-when={when}>
      <Component {...props} />
    </div>
  );
}

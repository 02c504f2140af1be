import type { ComponentType, ReactElement } from 'react';

/**
 * Marks an interactive part: renders the component on the server and writes its name and
 * props beside it, so client/runtime/hydrate.ts hydrates exactly this element. Props must be
 * JSON; React escapes the attribute.
 */
export function Island<P extends object>({ name, component: Component, props }: { name: string; component: ComponentType<P>; props: P }): ReactElement {
  return (
    <div className="island" data-island={name} data-props={JSON.stringify(props)}>
      <Component {...props} />
    </div>
  );
}

import type { ReactElement, ReactNode } from 'react';

/** A section of a page as data: its kind picks the component that renders it. */
interface Kinded {
  kind: string;
}

/** What every section component receives: its section's data and the page's view. */
export interface SectionProps<S extends Kinded, K extends S['kind'], V> {
  section: Extract<S, { kind: K }>;
  view: V;
}

/** The component of each kind of section a page type has; a kind without one does not compile. */
export type SectionComponents<S extends Kinded, V> = { [K in S['kind']]: (props: SectionProps<S, K, V>) => ReactElement | null };

/**
 * Sections in page order, each by the component of its kind (product pages' and information
 * pages' tables: product/sections, info/sections).
 */
export function SectionList<S extends Kinded, V>({ sections, view, components }: { sections: readonly S[]; view: V; components: SectionComponents<S, V> }) {
  return (
    <>
      {sections.map((section, i) => {
        const Component = components[section.kind as S['kind']] as (props: { section: S; view: V }) => ReactElement | null;
        return <Component key={i} section={section} view={view} />;
      })}
    </>
  );
}

/**
 * A band of a page: `<section class="band …">` (with its anchor `id`, where the page links to
 * it) under an `<h2>` heading. The heading may have its own id (for `aria-labelledby`) or be
 * for screen readers only; `data-*` attributes go on the section.
 */
export function Band({
  id,
  variant,
  heading,
  headingId,
  headingHidden = false,
  children,
  ...data
}: {
  id?: string | undefined;
  /** Classes after `band`: `cta`, `faq`, … */
  variant?: string;
  heading: string;
  headingId?: string;
  headingHidden?: boolean;
  children?: ReactNode;
} & { [attribute: `data-${string}`]: string }) {
  return (
    <section id={id} className={variant ? `band ${variant}` : 'band'} {...data}>
      <h2 id={headingId} className={headingHidden ? 'visually-hidden' : undefined}>
        {heading}
      </h2>
      {children}
    </section>
  );
}

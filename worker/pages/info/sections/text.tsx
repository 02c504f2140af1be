import { pageExists } from '../../../../content/pages';
import type { SectionProps } from './types';
import { Band } from '../../parts/sections';

/** Paragraphs under a heading, and bullet points where the copy has them. */
export function Prose({ section, view }: SectionProps<'prose'>) {
  const points = view.list(`${section.copy}.points`);
  return (
    <Band variant="info-prose" heading={view.copy(`${section.copy}.heading`)}>
      {view.list(`${section.copy}.body`).map((line) => (
        <p key={line}>{line}</p>
      ))}
      {points.length > 0 ? (
        <ul className="checklist">
          {points.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : null}
    </Band>
  );
}

/** Key figures in large type: a value (`{{warrantyYears}} years`) and what it means. */
export function Figures({ section, view }: SectionProps<'figures'>) {
  return (
    <Band heading={view.copy(`${section.copy}.heading`)}>
      <ul className="info-figures">
        {section.figures.map((name) => (
          <li key={name} data-figure={name}>
            <strong>{view.copy(`${section.copy}.items.${name}.value`)}</strong>
            <span>{view.copy(`${section.copy}.items.${name}.label`)}</span>
          </li>
        ))}
      </ul>
    </Band>
  );
}

/** Links to other pages, each shown only where the edition has that page, named by its heading. */
export function Links({ section, view }: SectionProps<'links'>) {
  const slugs = section.slugs.filter((slug) => pageExists(slug, view.site.edition.region));
  if (slugs.length === 0) return null;
  return (
    <Band heading={view.copy(`${section.copy}.heading`)}>
      <ul className="info-links">
        {slugs.map((slug) => (
          <li key={slug}>
            <a href={view.href(slug)}>{view.site.t(`head.${slug}.heading`)}</a>
          </li>
        ))}
      </ul>
    </Band>
  );
}

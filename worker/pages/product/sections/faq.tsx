import type { SectionProps } from './types';

/** Questions and answers, each a disclosure that works without JavaScript. */
export function Faq({ section, view }: SectionProps<'faq'>) {
  const c = section.copy;
  return (
    <section id={section.id} className="band faq">
      <h2>{view.copy(`${c}.heading`)}</h2>
      {section.items.map((key) => (
        <details key={key} className="faq-item">
          <summary>{view.copy(`${c}.items.${key}.label`)}</summary>
          {view.list(`${c}.items.${key}.answer`).map((line) => (
            <p key={line}>{line}</p>
          ))}
        </details>
      ))}
    </section>
  );
}

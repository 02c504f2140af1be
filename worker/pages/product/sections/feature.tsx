import { Picture } from '../../../../kernel/picture';
import { useSpecRows } from './specs';
import type { SectionProps } from './types';

/** A band of copy: heading, body, optional bullet items, key figures and picture. */
export function Feature({ section, view }: SectionProps<'feature'>) {
  const c = section.copy;
  const image = section.image ? view.image(section.image) : undefined;
  const body = view.copy(`${c}.body`);
  const facts = useSpecRows(section.facts ?? [], view);
  return (
    <section id={section.id} className={`band feature tone-${section.tone ?? 'plain'}${image ? ' with-art' : ''}`}>
      <div className="feature-copy">
        <h2>{view.copy(`${c}.heading`)}</h2>
        {body ? <p>{body}</p> : null}
        {section.items ? (
          <ul className="checklist">
            {section.items.map((key) => (
              <li key={key}>{view.copy(`${c}.items.${key}`)}</li>
            ))}
          </ul>
        ) : null}
        {facts.length ? (
          <dl className="facts">
            {facts.map((fact) => (
              <div key={fact.key} data-fact={fact.key}>
                <dt>{fact.label}</dt>
                <dd>{fact.value}</dd>
              </div>
            ))}
          </dl>
        ) : null}
      </div>
      {image ? <Picture className="feature-art" image={image} sizes="(min-width: 1024px) 40vw, 100vw" /> : null}
    </section>
  );
}

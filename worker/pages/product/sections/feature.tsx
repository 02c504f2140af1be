import { Picture } from '../../../../kernel/picture';
import type { SectionProps } from './types';

/** A band of copy: heading, body, optional bullet items and picture. */
export function Feature({ section, view }: SectionProps<'feature'>) {
  const c = section.copy;
  const image = section.image ? view.image(section.image) : undefined;
  const body = view.copy(`${c}.body`);
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
      </div>
      {image ? <Picture className="feature-art" image={image} sizes="(min-width: 1024px) 40vw, 100vw" /> : null}
    </section>
  );
}

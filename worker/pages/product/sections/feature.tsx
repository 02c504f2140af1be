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
      {image ? <img className="feature-art" src={image.src} alt={image.alt} width={image.width} height={image.height} loading="lazy" /> : null}
    </section>
  );
}

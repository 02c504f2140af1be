import type { SectionProps } from './types';

/** A list of cards: a carousel, programming cards, selling points, accessories (a plain list until phase 2's carousel). */
export function Cards({ section, view }: SectionProps<'cards'>) {
  const c = section.copy;
  const body = view.copy(`${c}.body`);
  return (
    <section id={section.id} className="band">
      <h2>{view.copy(`${c}.heading`)}</h2>
      {body ? <p>{body}</p> : null}
      <ul className="cards product-cards">
        {section.items.map(({ key, image }) => {
          const art = image ? view.image(image) : undefined;
          return (
            <li key={key} className="card">
              {art ? <img src={art.src} alt={art.alt} width={art.width} height={art.height} loading="lazy" /> : null}
              <h3>{view.copy(`${c}.items.${key}.title`)}</h3>
              <p>{view.copy(`${c}.items.${key}.body`)}</p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

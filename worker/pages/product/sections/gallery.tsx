import type { SectionProps } from './types';

/** A gallery: a scrollable list of figures with alt text (the carousel and lightbox are phase 2's island). */
export function Gallery({ section, view }: SectionProps<'gallery'>) {
  const heading = view.copy(`${section.copy}.heading`);
  return (
    <section id={section.id} className="band">
      <h2>{heading}</h2>
      <div className="gallery-scroll" role="region" aria-label={heading} tabIndex={0}>
        <ul className="gallery">
          {section.images.map((key) => {
            const image = view.image(key);
            return (
              <li key={key}>
                <figure>
                  <img src={image.src} alt={image.alt} width={image.width} height={image.height} loading="lazy" />
                </figure>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}

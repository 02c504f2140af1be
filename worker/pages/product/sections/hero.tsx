import { Picture } from '../../../../kernel/picture';
import type { SectionProps } from './types';
import { Offers } from './offers';

/** The first screen: the page heading, subtitle, offers, a note (delivery, shipping) and the picture. */
export function Hero({ section, view }: SectionProps<'hero'>) {
  const image = view.image(section.image);
  const eyebrow = view.copy(`${section.copy}.eyebrow`);
  const note = view.copy(`${section.copy}.note`);
  return (
    <section id={section.id} className="product-hero">
      <div className="hero-copy">
        {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
        <h1>{view.heading}</h1>
        <p className="lede">{view.copy(`${section.copy}.subtitle`)}</p>
        {note ? (
          <p className="shipping-note" data-note="">
            {note}
          </p>
        ) : null}
        <Offers products={section.offers} view={view} />
      </div>
      <Picture className="hero-art" image={image} sizes="(min-width: 1024px) 50vw, 100vw" priority />
    </section>
  );
}

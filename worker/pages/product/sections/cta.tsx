import { Offers } from './offers';
import type { SectionProps } from './types';

/** The closing call to action: a line and the buy buttons. */
export function Cta({ section, view }: SectionProps<'cta'>) {
  const c = section.copy;
  return (
    <section id={section.id} className="band cta">
      <h2>{view.copy(`${c}.heading`)}</h2>
      <p>{view.copy(`${c}.body`)}</p>
      <Offers products={section.offers} view={view} buttonsOnly />
    </section>
  );
}

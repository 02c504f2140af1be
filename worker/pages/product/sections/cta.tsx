import { Offers } from './offers';
import type { SectionProps } from './types';
import { Band } from '../../parts/sections';

/** The closing call to action: a line and the buy buttons. */
export function Cta({ section, view }: SectionProps<'cta'>) {
  const c = section.copy;
  return (
    <Band id={section.id} variant="cta" heading={view.copy(`${c}.heading`)}>
      <p>{view.copy(`${c}.body`)}</p>
      <Offers products={section.offers} view={view} buttonsOnly />
    </Band>
  );
}

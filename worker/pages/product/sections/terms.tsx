import type { SectionProps } from './types';
import { Band } from '../../parts/sections';

/** Terms beside the price (delivery, warranty, shipping, returns, edition size); an item whose figure the edition lacks is left out. */
export function Terms({ section, view }: SectionProps<'terms'>) {
  const c = section.copy;
  const items = section.items.filter((item) => !item.figure || view.figure(item.figure) !== undefined);
  if (items.length === 0) return null;
  return (
    <Band id={section.id} variant="terms" heading={view.copy(`${c}.heading`)}>
      <ul className="checklist">
        {items.map(({ key }) => (
          <li key={key} data-term={key}>
            {view.copy(`${c}.items.${key}`)}
          </li>
        ))}
      </ul>
    </Band>
  );
}

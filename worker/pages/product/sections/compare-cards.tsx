import { useSite } from '../../../context/react';
import type { SectionProps } from './types';
import { Band } from '../../parts/sections';

function Included({ yes, label }: { yes: boolean; label: string }) {
  const { t } = useSite();
  return (
    <td data-label={label} data-included={yes ? 'yes' : 'no'}>
      <span aria-hidden="true" className={yes ? 'mark yes' : 'mark no'}>
        {yes ? '✓' : '–'}
      </span>{' '}
      <span className="mark-text">{t(yes ? 'product.compare.included' : 'product.compare.notIncluded')}</span>
    </td>
  );
}

/**
 * Standard vs limited edition, item by item (label, image, included in each, image size).
 * A table at every width; on a phone its words stay for screen readers only (styles, `.compare-cards`).
 */
export function CompareCards({ section, view }: SectionProps<'compareCards'>) {
  const c = section.copy;
  const standard = view.copy(`${c}.columns.standard`);
  const limited = view.copy(`${c}.columns.limited`);
  return (
    <Band id={section.id} heading={view.copy(`${c}.heading`)}>
      <table className="compare-cards" data-compare-cards="">
        <thead>
          <tr>
            <th scope="col">{view.copy(`${c}.columns.item`)}</th>
            <th scope="col">{standard}</th>
            <th scope="col">{limited}</th>
          </tr>
        </thead>
        <tbody>
          {section.rows.map((row) => {
            const image = view.image(row.image);
            return (
              <tr key={row.key}>
                <th scope="row">
                  <img src={image.src} alt={image.alt} width={row.size} height={row.size} loading="lazy" />
                  <span>{view.copy(`${c}.items.${row.key}`)}</span>
                </th>
                <Included yes={row.standard} label={standard} />
                <Included yes={row.limited} label={limited} />
              </tr>
            );
          })}
        </tbody>
      </table>
    </Band>
  );
}

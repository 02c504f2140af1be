import type { SpecRow } from '../../../../content/schema/product';
import { useSite } from '../../../context/react';
import type { ProductView } from '../view';
import type { SectionProps } from './types';
import { Band } from '../../parts/sections';

/**
 * Spec rows as the page shows them: each a shared label (`product.specs.*`) and a figure or a
 * value in the page copy; a row without a value in this edition is left out.
 */
export function useSpecRows(rows: readonly SpecRow[], view: ProductView) {
  const site = useSite();
  return rows.flatMap((row) => {
    const value = 'figure' in row ? view.figure(row.figure) : view.copy(row.copy);
    return value ? [{ label: site.t(`product.specs.${row.label}`), value, key: row.label }] : [];
  });
}

/** A spec table. */
export function Specs({ section, view }: SectionProps<'specs'>) {
  const rows = useSpecRows(section.rows, view);
  return (
    <Band id={section.id} heading={view.copy(`${section.copy}.heading`)}>
      <table className="specs" data-specs="">
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} data-spec={row.key}>
              <th scope="row">{row.label}</th>
              <td>{row.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Band>
  );
}

import { useSite } from '../../../context/react';
import type { SectionProps } from './types';
import { Band } from '../../parts/sections';

/** A spec table: each row a shared label (`product.specs.*`) and a figure or a value in the page copy. */
export function Specs({ section, view }: SectionProps<'specs'>) {
  const site = useSite();
  const rows = section.rows.flatMap((row) => {
    const value = 'figure' in row ? view.figure(row.figure) : view.copy(row.copy);
    return value ? [{ label: site.t(`product.specs.${row.label}`), value, key: row.label }] : [];
  });
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

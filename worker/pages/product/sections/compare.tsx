import { useSite } from '../../../context/react';
import type { SectionProps } from './types';
import { Band } from '../../parts/sections';

/** Two models side by side (the K1 vs K1 Pro table: specs, description, descriptionExt). */
export function Compare({ section, view }: SectionProps<'compare'>) {
  const site = useSite();
  const c = section.copy;
  const cell = (value: { figure: string } | { copy: string }) => ('figure' in value ? view.figure(value.figure) : view.copy(value.copy));
  return (
    <Band id={section.id} heading={view.copy(`${c}.heading`)}>
      <div className="table-scroll" role="region" aria-label={view.copy(`${c}.heading`)} tabIndex={0}>
        <table className="specs compare" data-compare="">
          <thead>
            <tr>
              <th scope="col">{view.copy(`${c}.columns.specs`)}</th>
              <th scope="col">{view.copy(`${c}.columns.description`)}</th>
              <th scope="col">{view.copy(`${c}.columns.descriptionExt`)}</th>
            </tr>
          </thead>
          <tbody>
            {section.rows.map((row) => (
              <tr key={row.specs} data-spec={row.specs}>
                <th scope="row">{site.t(`product.specs.${row.specs}`)}</th>
                <td>{cell(row.description)}</td>
                <td>{cell(row.descriptionExt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Band>
  );
}

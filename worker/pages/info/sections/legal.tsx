import { Band } from '../../parts/sections';
import { factRows, FactList, hasCopy, LegalLine } from '../../parts/legal';
import type { SectionProps } from './types';

/**
 * A clause of a legal text (docs/decisions/0056): its heading, paragraphs, points and closing
 * paragraphs, each line with the facts it names and its links. Points and closing paragraphs
 * are the language's own: a clause has them where its market's text needs them.
 */
export function Clause({ section, view }: SectionProps<'clause'>) {
  const optional = (part: string) => (hasCopy(view.site, `${section.copy}.${part}`) ? view.list(`${section.copy}.${part}`) : []);
  const points = optional('points');
  return (
    <Band variant="info-prose legal-clause" heading={view.copy(`${section.copy}.heading`)} data-clause={section.copy.split('.').at(-1)!}>
      {view.list(`${section.copy}.body`).map((line, i) => (
        <p key={i}>
          <LegalLine line={line} />
        </p>
      ))}
      {points.length > 0 ? (
        <ul className="checklist">
          {points.map((line, i) => (
            <li key={i}>
              <LegalLine line={line} />
            </li>
          ))}
        </ul>
      ) : null}
      {optional('after').map((line, i) => (
        <p key={i}>
          <LegalLine line={line} />
        </p>
      ))}
    </Band>
  );
}

/** The edition's legal facts under a heading: who runs it, its numbers, its host (content/legal/facts.ts). */
export function Facts({ section, view }: SectionProps<'facts'>) {
  const intro = hasCopy(view.site, `${section.copy}.intro`) ? view.list(`${section.copy}.intro`) : [];
  return (
    <Band variant="legal-facts-band" heading={view.copy(`${section.copy}.heading`)} data-facts={section.copy.split('.').at(-1)!}>
      {intro.map((line, i) => (
        <p key={i}>
          <LegalLine line={line} />
        </p>
      ))}
      <FactList rows={factRows(view.site, section.rows)} copy={section.copy} />
    </Band>
  );
}

/** A table of copy: a row per use (its first column a row heading), a column per question. */
export function Table({ section, view }: SectionProps<'table'>) {
  const id = `table-${section.copy.replaceAll('.', '-')}`;
  const intro = hasCopy(view.site, `${section.copy}.intro`) ? view.list(`${section.copy}.intro`) : [];
  const [first, ...rest] = section.columns;
  return (
    <Band variant="legal-table-band" heading={view.copy(`${section.copy}.heading`)} headingId={id}>
      {intro.map((line, i) => (
        <p key={i}>
          <LegalLine line={line} />
        </p>
      ))}
      {/* Focusable, named by its heading: a keyboard scrolls a table wider than the phone. */}
      <div className="table-scroll" role="region" aria-labelledby={id} tabIndex={0}>
        <table className="specs legal-table" aria-labelledby={id}>
          <thead>
            <tr>
              {section.columns.map((column) => (
                <th key={column} scope="col">
                  {view.copy(`${section.copy}.columns.${column}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {section.rows.map((row) => (
              <tr key={row} data-row={row}>
                <th scope="row">
                  <LegalLine line={view.copy(`${section.copy}.rows.${row}.${first}`)} />
                </th>
                {rest.map((column) => (
                  <td key={column} data-label={view.copy(`${section.copy}.columns.${column}`)}>
                    <LegalLine line={view.copy(`${section.copy}.rows.${row}.${column}`)} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Band>
  );
}

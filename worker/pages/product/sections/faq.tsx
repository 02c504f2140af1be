import type { SectionProps } from './types';
import { Band } from '../../parts/sections';

/** Questions and answers, each a disclosure that works without JavaScript. */
export function Faq({ section, view }: SectionProps<'faq'>) {
  const c = section.copy;
  return (
    <Band id={section.id} variant="faq" heading={view.copy(`${c}.heading`)}>
      {section.items.map((key) => (
        <details key={key} className="faq-item">
          <summary>{view.copy(`${c}.items.${key}.label`)}</summary>
          {view.list(`${c}.items.${key}.answer`).map((line) => (
            <p key={line}>{line}</p>
          ))}
        </details>
      ))}
    </Band>
  );
}

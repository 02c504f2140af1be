import type { SectionProps } from './types';
import { dateTimeOf } from '../../../../kernel/figures';
import { Band } from '../../parts/sections';

/** A dated timeline: each event's date is a figure, formatted for the edition's locale. */
export function Timeline({ section, view }: SectionProps<'timeline'>) {
  const c = section.copy;
  const body = view.copy(`${c}.body`);
  return (
    <Band id={section.id} heading={view.copy(`${c}.heading`)}>
      {body ? <p>{body}</p> : null}
      <ol className="timeline" data-timeline="">
        {section.items.map(({ key, at }) => {
          const when = view.figure(at);
          const iso = dateTimeOf(view.page.figures[at]!);
          return (
            <li key={key}>
              {iso ? (
                <time className="when" dateTime={iso}>
                  {when}
                </time>
              ) : (
                <span className="when">{when}</span>
              )}
              <span className="event">{view.copy(`${c}.items.${key}`)}</span>
            </li>
          );
        })}
      </ol>
    </Band>
  );
}

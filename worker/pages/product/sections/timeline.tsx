import type { SectionProps } from './types';
import { dateTimeOf } from '../../../../kernel/figures';
import { datedIn } from '../../../clock/dated';
import { useSite } from '../../../context/react';
import { Band } from '../../parts/sections';

/**
 * A dated timeline: each event's date is a figure, formatted for the edition's locale. Steps
 * whose date has passed stay, marked past (`data-state`); a step running now (a pre-order
 * between its first and last day) is the current one, for the eye and for a screen reader
 * (`aria-current="step"`), as on a campaign's timeline; the section shows while one has not
 * (the view leaves it out once every step has passed).
 */
export function Timeline({ section, view }: SectionProps<'timeline'>) {
  const site = useSite();
  const c = section.copy;
  const body = view.copy(`${c}.body`);
  return (
    <Band id={section.id} heading={view.copy(`${c}.heading`)}>
      {body ? <p>{body}</p> : null}
      <ol className="timeline" data-timeline="">
        {section.items.map(({ key, at }) => {
          const when = view.dated(at);
          if (!when) return null;
          const iso = isoOf(view.page.figures[at]!, site);
          return (
            <li key={key} data-state={when.state} aria-current={when.state === 'current' ? 'step' : undefined}>
              {iso ? (
                <time className="when" dateTime={iso}>
                  {when.text}
                </time>
              ) : (
                <span className="when">{when.text}</span>
              )}
              <span className="event">{view.copy(`${c}.items.${key}`)}</span>
            </li>
          );
        })}
      </ol>
    </Band>
  );
}

/** The machine-readable date of a step: a schedule entry's first day, else the figure's own. */
function isoOf(value: Parameters<typeof dateTimeOf>[0], site: ReturnType<typeof useSite>): string | undefined {
  const id = 'scheduled' in value ? value.scheduled : 'scheduledRange' in value ? value.scheduledRange[0] : undefined;
  if (id === undefined) return dateTimeOf(value);
  const dated = datedIn(site.schedule, id, site.edition.region);
  return dated ? dateTimeOf(dated.figure) : undefined;
}

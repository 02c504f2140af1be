import VoiceCommands, { type VoiceCommandsProps } from '../../../../client/islands/voice-commands';
import { useSite } from '../../../context/react';
import { Island } from '../../../render/island';
import type { SectionProps } from './types';
import { Band } from '../../parts/sections';
import { usePhrased } from '../../parts/phrased';

function CommandList({ commands, variant }: { commands: string[]; variant: NonNullable<VoiceCommandsProps['variant']> }) {
  const items = commands.map((command) => <li key={command}>{command}</li>);
  return variant === 'cards' ? <ul className="command-cards">{items}</ul> : <ol className={variant === 'numbered' ? 'numbered' : undefined}>{items}</ol>;
}

/** How many commands the band shows as speech beside its words. */
const SAMPLE = 4;

/**
 * Voice commands: the voice-command island (a button and its dialog) and, for visitors
 * without JavaScript, the same lists server-rendered in a <details> (styles show one or the
 * other by the `no-js` class).
 */
export function Voice({ section, view }: SectionProps<'voice'>) {
  const site = useSite();
  const phrased = usePhrased();
  const c = section.copy;
  const lists = section.lists.map((list) => ({ title: list.title ? view.copy(list.title) : '', commands: view.list(list.key) }));
  const single = lists.length === 1 && lists[0]!.title === '';
  const open = view.copy(`${c}.open`);
  const props: VoiceCommandsProps = {
    open: phrased(open),
    title: phrased(view.copy(`${c}.title`)),
    intro: view.copy(`${c}.intro`),
    close: phrased(site.t('common.close')),
    ...(single ? { commands: lists[0]!.commands } : { groups: lists.map((list) => ({ ...list, title: phrased(list.title) })) }),
    ...(section.variant === 'list' ? {} : { variant: section.variant }),
  };
  return (
    <Band id={section.id} variant="voice" heading={view.copy(`${c}.heading`)}>
      <p>{view.copy(`${c}.body`)}</p>
      <Island name="voice-commands" component={VoiceCommands} props={props} />
      <details className="voice-fallback" data-voice-fallback="">
        <summary>{open}</summary>
        <p>{props.intro}</p>
        {single ? (
          <CommandList commands={lists[0]!.commands} variant={section.variant} />
        ) : (
          <div className="command-groups">
            {lists.map((list) => (
              <section key={list.title}>
                <h3>{list.title}</h3>
                <CommandList commands={list.commands} variant={section.variant} />
              </section>
            ))}
          </div>
        )}
      </details>
      {/* Beside the words on a wide screen, the first few commands as said to the robot: the
          band's art, so it does not end in an empty half (decision 0052). The whole list is
          the button's, so a screen reader is not read these twice. */}
      <ul className="voice-sample" aria-hidden="true">
        {lists[0]!.commands.slice(0, SAMPLE).map((command) => (
          <li key={command}>{command}</li>
        ))}
      </ul>
    </Band>
  );
}

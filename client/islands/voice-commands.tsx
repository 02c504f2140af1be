import { useRef } from 'react';
import type { Phrased } from '../../kernel/phrases';
import { backdropClose, trapTab, phrases } from './kit';

/** A list of commands under its own title (K1 and K1 Pro side by side). */
interface CommandGroup {
  title: Phrased;
  commands: string[];
}

/** Props of the voice-command list dialog; all copy comes from the server, localized. */
export interface VoiceCommandsProps {
  /** Label of the button that opens the list. */
  open: Phrased;
  title: Phrased;
  intro: string;
  /** Label of the close button. */
  close: Phrased;
  /** One list of commands. */
  commands?: string[];
  /** Several lists side by side, each under its title; instead of `commands`. */
  groups?: CommandGroup[];
  /** How the commands show: a list (default), cards, or a list with serial numbers. */
  variant?: 'list' | 'cards' | 'numbered';
}

function Commands({ commands, variant }: { commands: string[]; variant: NonNullable<VoiceCommandsProps['variant']> }) {
  const items = commands.map((command) => <li key={command}>{command}</li>);
  if (variant === 'cards') return <ul className="command-cards">{items}</ul>;
  return <ol className={variant === 'numbered' ? 'numbered' : undefined}>{items}</ol>;
}

/**
 * A button that opens the full voice-command list in a modal dialog. The native dialog
 * moves focus in, closes on Escape and returns focus to the button; `trapTab` keeps Tab
 * inside it and a click on the backdrop closes it. Without JavaScript the page shows the same list in a <details>.
 */
export default function VoiceCommands({ open, title, intro, close, commands = [], groups, variant = 'list' }: VoiceCommandsProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  return (
    <>
      <button type="button" className="button" aria-haspopup="dialog" onClick={() => dialog.current?.showModal()}>
        {phrases(open)}
      </button>
      <dialog ref={dialog} className="voice-commands" aria-labelledby="voice-commands-title" onClick={backdropClose} onKeyDown={trapTab}>
        <h2 id="voice-commands-title">{phrases(title)}</h2>
        <p>{intro}</p>
        {groups ? (
          <div className="command-groups">
            {/* The groups never change order: their place is their key. */}
            {groups.map((group, i) => (
              <section key={i}>
                <h3>{phrases(group.title)}</h3>
                <Commands commands={group.commands} variant={variant} />
              </section>
            ))}
          </div>
        ) : (
          <Commands commands={commands} variant={variant} />
        )}
        <form method="dialog">
          <button type="submit" className="button primary">
            {phrases(close)}
          </button>
        </form>
      </dialog>
    </>
  );
}

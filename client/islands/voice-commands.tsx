import { useRef } from 'react';

/** Props of the voice-command list dialog; all copy comes from the server, localized. */
export interface VoiceCommandsProps {
  /** Label of the button that opens the list. */
  open: string;
  title: string;
  intro: string;
  /** Label of the close button. */
  close: string;
  commands: string[];
}

/**
 * A button that opens the full voice-command list in a modal dialog. The native dialog
 * traps focus, closes on Escape and returns focus to the button; a click on the backdrop
 * closes it too. Without JavaScript the list shows inline (see styles, `.no-js`).
 */
export default function VoiceCommands({ open, title, intro, close, commands }: VoiceCommandsProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  return (
    <>
      <button type="button" className="button" aria-haspopup="dialog" onClick={() => dialog.current?.showModal()}>
        {open}
      </button>
      <dialog
        ref={dialog}
        className="voice-commands"
        aria-labelledby="voice-commands-title"
        onClick={(event) => {
          if (event.target === dialog.current) dialog.current.close();
        }}
      >
        <h2 id="voice-commands-title">{title}</h2>
        <p>{intro}</p>
        <ol>
          {commands.map((command) => (
            <li key={command}>{command}</li>
          ))}
        </ol>
        <form method="dialog">
          <button type="submit" className="button primary">
            {close}
          </button>
        </form>
      </dialog>
    </>
  );
}

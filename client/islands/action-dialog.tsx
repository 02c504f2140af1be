import { useRef } from 'react';
import { backdropClose, trapTab } from './kit';

/** A step of the dialog: its title and what it does. */
interface ActionStep {
  title: string;
  body: string;
}

/** Props of a dialog of steps (Grimlock's action programming); all copy comes from the server, localized. */
export interface ActionDialogProps {
  /** Label of the button that opens it. */
  open: string;
  title: string;
  intro: string;
  close: string;
  steps: ActionStep[];
}

/**
 * A button that opens the steps in a modal dialog: the native dialog moves focus in, keeps
 * it there, closes on Escape (or a click on the backdrop) and returns focus to the button.
 * Without JavaScript the page shows the same steps in a <details>.
 */
export default function ActionDialog({ open, title, intro, close, steps }: ActionDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  return (
    <>
      <button type="button" className="button" aria-haspopup="dialog" onClick={() => dialog.current?.showModal()}>
        {open}
      </button>
      <dialog ref={dialog} className="action-dialog" aria-labelledby="action-dialog-title" onClick={backdropClose} onKeyDown={trapTab}>
        <form method="dialog">
          <button type="submit" className="dialog-close" aria-label={close}>
            ×
          </button>
        </form>
        <h2 id="action-dialog-title">{title}</h2>
        <p>{intro}</p>
        <ol className="steps">
          {steps.map((step) => (
            <li key={step.title}>
              <h3>{step.title}</h3>
              <p>{step.body}</p>
            </li>
          ))}
        </ol>
      </dialog>
    </>
  );
}

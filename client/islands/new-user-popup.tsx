import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { EmailField } from '../../kernel/email-field';
import { POPUP_SEEN_KEY as SEEN_KEY } from '../../kernel/popup';

/** Props of the US new-user popup (docs/spec/platform.md §3): its copy, and where the policies are. */
interface NewUserPopupProps {
  region: string;
  title: string;
  describe: string;
  placeholder: string;
  button: string;
  invalid: string;
  privacy: string;
  privacyRequired: string;
  successTitle: string;
  successSubtitle: string;
  successButton: string;
  successDescribe: string;
  close: string;
  failure: string;
  privacyHref: string;
  privacyLink: string;
  termsHref: string;
  termsLink: string;
  /** Delay before it opens, in ms. */
  delay: number;
}

/**
 * The consent sentence with the documents it names as links where it names them ("I agree to
 * the <a>Privacy Policy</a> and the <a>Terms of Use</a>."), so each is said once; a document the
 * sentence does not name is linked after it.
 */
function withLinks(sentence: string, links: [name: string, href: string][]): ReactNode[] {
  const out: ReactNode[] = [];
  let rest = sentence;
  const after: ReactNode[] = [];
  for (const [name, href] of links) {
    const at = name ? rest.indexOf(name) : -1;
    const link = (
      <a key={href} href={href}>
        {name}
      </a>
    );
    if (at < 0) {
      after.push(' ', link);
      continue;
    }
    out.push(rest.slice(0, at), link);
    rest = rest.slice(at + name.length);
  }
  return [...out, rest, ...after];
}

/**
 * The US new-user popup: a modal dialog offering 200 welcome credits for subscribing. It
 * opens once per visitor, needs the privacy-and-terms box ticked before it sends, and
 * closes with its Close button or Escape, returning focus to the page.
 */
export default function NewUserPopup(props: NewUserPopupProps) {
  // A fixed id, not useId: the server renders this island inside the page's tree and the
  // client hydrates it as its own root, so generated ids would differ between the two.
  const id = 'new-user-popup';
  const dialog = useRef<HTMLDialogElement>(null);
  const [state, setState] = useState<{ kind: 'form' | 'sending' | 'done' } | { kind: 'error'; message: string; field: 'email' | 'agree' | null }>({
    kind: 'form',
  });

  useEffect(() => {
    const timer = setTimeout(() => {
      try {
        if (localStorage.getItem(SEEN_KEY)) return;
        localStorage.setItem(SEEN_KEY, String(Date.now()));
      } catch {
        return; // No storage, no way to show it only once: don't show it.
      }
      dialog.current?.showModal();
    }, props.delay);
    return () => clearTimeout(timer);
  }, [props.delay]);

  // The form's submit handler starts it and nobody awaits it (`void`): it catches its own
  // failures and shows them in the popup.
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const email = form.elements.namedItem('email') as HTMLInputElement;
    const agree = form.elements.namedItem('agree') as HTMLInputElement;
    try {
      // The address rule and the API client (and the session code it carries) load when the
      // visitor sends, not with the popup: most visitors never send it, and the product
      // pages' JavaScript budget is nearly spent (docs/decisions/0017).
      const { isEmail } = await import('../../kernel/rules');
      if (!isEmail(email.value)) {
        setState({ kind: 'error', message: props.invalid, field: 'email' });
        email.focus();
        return;
      }
      if (!agree.checked) {
        setState({ kind: 'error', message: props.privacyRequired, field: 'agree' });
        agree.focus();
        return;
      }
      setState({ kind: 'sending' });
      const { post } = await import('../runtime/api');
      // The spec's subscribe call shows no error toast: the popup says what went wrong itself.
      await post('/account/user/subscribe/create', { email: email.value.trim(), region: props.region, source: 'popup' }, { toast: false });
      setState({ kind: 'done' });
    } catch (error) {
      // An ApiError's message is the server's, localized; anything else (offline) is the generic failure.
      const message = error instanceof Error && error.name === 'ApiError' ? error.message : '';
      setState({ kind: 'error', message: message || props.failure, field: null });
    }
  }

  const close = () => dialog.current?.close();
  const errorOn = (field: 'email' | 'agree') => (state.kind === 'error' && state.field === field ? true : undefined);
  return (
    <dialog ref={dialog} className="new-user-popup" aria-labelledby={`${id}-title`}>
      <button type="button" className="dialog-close" onClick={close} aria-label={props.close}>
        ×
      </button>
      {state.kind === 'done' ? (
        <div className="popup-success">
          <h2 id={`${id}-title`}>{props.successTitle}</h2>
          <p className="popup-subtitle">{props.successSubtitle}</p>
          <p>{props.successDescribe}</p>
          <button type="button" className="button primary" onClick={close}>
            {props.successButton}
          </button>
        </div>
      ) : (
        <form noValidate onSubmit={(event) => void submit(event)}>
          <h2 id={`${id}-title`}>{props.title}</h2>
          <p>{props.describe}</p>
          <label htmlFor={`${id}-email`} className="visually-hidden">
            {props.placeholder}
          </label>
          <EmailField id={`${id}-email`} placeholder={props.placeholder} invalid={errorOn('email')} describedBy={`${id}-status`} />
          <p className="popup-agree">
            <input id={`${id}-agree`} name="agree" type="checkbox" required aria-invalid={errorOn('agree')} aria-describedby={`${id}-status`} />{' '}
            <label htmlFor={`${id}-agree`}>
              {withLinks(props.privacy, [
                [props.privacyLink, props.privacyHref],
                [props.termsLink, props.termsHref],
              ])}
            </label>
          </p>
          <button type="submit" className="button primary" disabled={state.kind === 'sending'}>
            {props.button}
          </button>
          <p id={`${id}-status`} className="subscribe-status error" role="status" aria-live="polite">
            {state.kind === 'error' ? state.message : ''}
          </p>
        </form>
      )}
    </dialog>
  );
}

import { startTransition, useActionState, useEffect, useRef, useState } from 'react';
import type { LuckyDrawOutcome, LuckyDrawProblems, LuckyDrawState } from '../../content/lucky-draw';
import { EmailField } from '../../kernel/email-field';
import { Captcha, captchaToken, type CaptchaProps } from './captcha';
import { CODES } from '../../kernel/codes';

/** Props of the lucky-draw form: where it posts, the sizes on offer, its copy, and the last answer. */
export interface LuckyDrawProps {
  /** Where the form posts: the lucky-draw API. */
  action: string;
  region: string;
  campaign: string;
  /** The region's T-shirt sizes. */
  sizes: readonly string[];
  /** The form's accessible name. */
  label: string;
  email: string;
  size: string;
  sizeAny: string;
  sizeHint: string;
  submit: string;
  /** Messages beside a field, by what is wrong with it; `captcha` above the button. */
  errors: { email: { required: string; invalid: string }; size: string; captcha: string };
  /** When the call itself fails (network, timeout). */
  failure: string;
  /** The answer the page was rendered with (a plain form post), else the empty form. */
  state: LuckyDrawState;
  /** Turnstile, where the site is configured with it. */
  captcha?: CaptchaProps;
}

const ID = 'lucky-draw';

/** Sends the entry as JSON and turns the envelope into the form's next state. */
async function send(props: LuckyDrawProps, form: FormData): Promise<LuckyDrawState> {
  const email = String(form.get('email') ?? '');
  const size = String(form.get('size') ?? '');
  const kept = { email, size };
  const { lang, dataset } = document.documentElement;
  try {
    const res = await fetch(`${dataset.api ?? ''}${props.action}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', region: props.region, 'Accept-Language': lang.startsWith('en') ? 'en' : props.region },
      body: JSON.stringify({ region: props.region, campaign: props.campaign, email, size, 'cf-turnstile-response': captchaToken(form) }),
      credentials: dataset.api ? 'include' : 'same-origin',
      signal: AbortSignal.timeout(60_000),
    });
    const envelope = (await res.json()) as { code: number; msg: string; data: { fields?: LuckyDrawProblems } };
    // A new entry and a repeat answer alike: the result is in the entrant's mail.
    const outcome: LuckyDrawOutcome =
      envelope.code === CODES.success
        ? 'entered'
        : envelope.data.fields
          ? 'invalid'
          : envelope.code === CODES.conflict
            ? 'closed'
            : envelope.code === CODES.busy
              ? 'busy'
              : 'error';
    return { ...kept, outcome, message: envelope.msg || props.failure, fields: envelope.data.fields };
  } catch {
    return { ...kept, outcome: 'error', message: props.failure };
  }
}

/**
 * The lucky-draw entry form (docs/decisions/0019): an email address and an optional T-shirt size from
 * the region's range. Without JavaScript it posts to the API, which answers with the page
 * and this form in its answered state; once hydrated it sends JSON and shows the answer in
 * place (React 19 `useActionState`), the message beside the field to correct, which gets
 * the focus, or the confirmation in a status line.
 */
export default function LuckyDraw(props: LuckyDrawProps) {
  const [state, dispatch, pending] = useActionState((_: LuckyDrawState, form: FormData) => send(props, form), props.state);
  // Answers received here: the CAPTCHA's token is good for one, so its widget resets after each.
  const [answered, setAnswered] = useState(0);
  const form = useRef<HTMLFormElement>(null);
  const first = useRef(true);
  useEffect(() => {
    // Not on hydration: only after an answer arrives here.
    if (first.current) {
      first.current = false;
      return;
    }
    setAnswered((n) => n + 1);
    const field = state.fields?.email ? 'email' : state.fields?.size ? 'size' : undefined;
    if (field) (form.current?.elements.namedItem(field) as HTMLElement | null)?.focus();
  }, [state]);

  const fields = state.fields ?? {};
  const emailError = fields.email ? props.errors.email[fields.email] : '';
  const sizeError = fields.size ? props.errors.size : '';
  const captchaError = fields.captcha ? props.errors.captcha : '';
  const status = state.outcome && state.outcome !== 'invalid' ? state.message : '';
  return (
    <form
      ref={form}
      method="post"
      action={`${props.action}#${ID}`}
      noValidate
      className="lucky-draw-form"
      aria-label={props.label}
      aria-busy={pending || undefined}
      onSubmit={(event) => {
        event.preventDefault();
        const data = new FormData(event.currentTarget);
        startTransition(() => dispatch(data));
      }}
    >
      <input type="hidden" name="region" value={props.region} />
      <input type="hidden" name="campaign" value={props.campaign} />
      <p className="field">
        <label htmlFor={`${ID}-email`}>{props.email}</label>
        <EmailField id={`${ID}-email`} defaultValue={state.email} invalid={Boolean(emailError)} describedBy={`${ID}-email-error`} />
        <span id={`${ID}-email-error`} className="field-error">
          {emailError}
        </span>
      </p>
      <p className="field">
        <label htmlFor={`${ID}-size`}>{props.size}</label>
        <select
          id={`${ID}-size`}
          name="size"
          defaultValue={props.sizes.includes(state.size) ? state.size : ''}
          aria-invalid={sizeError ? true : undefined}
          aria-describedby={`${ID}-size-hint ${ID}-size-error`}
        >
          <option value="">{props.sizeAny}</option>
          {props.sizes.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
        <span id={`${ID}-size-hint`} className="field-hint">
          {props.sizeHint}
        </span>
        <span id={`${ID}-size-error`} className="field-error">
          {sizeError}
        </span>
      </p>
      {props.captcha ? <Captcha {...props.captcha} answered={answered} /> : null}
      {captchaError ? (
        <p className="field-error" role="alert">
          {captchaError}
        </p>
      ) : null}
      <button type="submit" className="button primary" disabled={pending}>
        {props.submit}
      </button>
      <p id={`${ID}-status`} className={`lucky-draw-status ${state.outcome ?? ''}`} role="status" data-outcome={state.outcome}>
        {status}
      </p>
    </form>
  );
}

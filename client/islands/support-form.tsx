import { startTransition, useActionState, useEffect, useRef, type FormEvent } from 'react';
import { EmailField } from '../../kernel/email-field';
import { Captcha, captchaToken, type CaptchaProps } from './captcha';
import { CODES } from '../../kernel/codes';

/** Why the server refused a field (the API's `data.fields`). */
export type Problem = 'required' | 'invalid';

/** One control of the form, with its copy already in the visitor's language. */
export interface FieldView {
  name: string;
  control: 'text' | 'email' | 'tel' | 'url' | 'date' | 'select' | 'textarea' | 'checkbox' | 'file';
  label: string;
  hint?: string;
  required: boolean;
  autoComplete?: string;
  maxLength?: number;
  /** A select's choices, `[value, label]`. */
  options?: [string, string][];
  /** Latest date a date field takes (today). */
  max?: string;
  /** Media types a file field takes. */
  accept?: string;
  /** The message beside the field for each problem. */
  messages: Record<Problem, string>;
}

/** Props of the support form; the server renders it with them and the browser hydrates it. */
export interface SupportFormProps {
  /** The form's API path (`/support/forms/rma`): where a plain post goes, and the fetch. */
  action: string;
  region: string;
  groups: { legend: string; fields: FieldView[] }[];
  /** Values a refused plain post sent, to fill in again (never files). */
  values: Record<string, string>;
  /** Problems a refused plain post had. */
  errors: Record<string, Problem>;
  /** A message about the whole form (too many attempts, server trouble). */
  formError?: string;
  copy: {
    requiredNote: string;
    requiredMark: string;
    choose: string;
    submit: string;
    sending: string;
    summary: string;
    network: string;
    /** Shown for a refusal that names no field of the form (the CAPTCHA). */
    check: string;
    success: ConfirmationCopy;
  };
  /** Turnstile, where the site is configured with it: the site key, and what visitors without JavaScript are told. */
  captcha?: CaptchaProps;
}

/** Copy of the confirmation. */
export interface ConfirmationCopy {
  title: string;
  body: string;
  /** The sentence that quotes the reference: the text before it and after it. */
  reference: [string, string];
  quote: string;
  another: string;
  /** Where "send another" goes: the form's page. */
  href: string;
}

/** The confirmation a visitor sees once the record is stored: the reference to quote. */
export function Confirmation({ copy, reference, focus = false }: { copy: ConfirmationCopy; reference: string; focus?: boolean }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) heading.current?.focus();
  }, [focus]);
  const [before, after] = copy.reference;
  return (
    <div className="form-confirmation" role="status" data-reference={reference}>
      <h2 ref={heading} tabIndex={-1}>
        {copy.title}
      </h2>
      <p>{copy.body}</p>
      <p className="form-reference">
        {before}
        <strong>{reference}</strong>
        {after}
      </p>
      <p>{copy.quote}</p>
      <p>
        <a href={copy.href}>{copy.another}</a>
      </p>
    </div>
  );
}

interface State {
  errors: Record<string, Problem>;
  formError?: string;
  reference?: string;
  /** Counts answers, so focus moves once per answer and not on hydration. */
  answered: number;
}

const id = (name: string) => `f-${name}`;

/**
 * A support form. Without JavaScript it is a plain multipart post to the API, which answers
 * the page again with the values and a message beside each field, or the confirmation.
 * Hydrated, it sends the same body with fetch (asking for JSON), shows the problems inline
 * and the reference in place, and its button is disabled while sending, so a double click
 * sends once (and the API stores one record for the same content anyway).
 */
export default function SupportForm(props: SupportFormProps) {
  const { action, region, groups, values, copy } = props;
  const [state, send, pending] = useActionState<State, FormData>(
    async (previous, data) => {
      const answered = previous.answered + 1;
      try {
        const base = document.documentElement.dataset.api ?? '';
        const lang = document.documentElement.lang || 'en';
        const res = await fetch(`${base}${action}`, {
          method: 'POST',
          body: data,
          // The CAPTCHA's token in a header too, so the worker checks it before reading the body.
          headers: {
            Accept: 'application/json',
            region,
            'Accept-Language': lang.startsWith('en') ? 'en' : region,
            ...(captchaToken(data) ? { 'cf-turnstile-response': captchaToken(data)! } : {}),
          },
          credentials: base ? 'include' : 'same-origin',
        });
        const envelope = (await res.json()) as { code?: number; msg?: string; data?: { reference?: string; fields?: Record<string, Problem> } };
        if (envelope.code === CODES.success && envelope.data?.reference) return { errors: {}, reference: envelope.data.reference, answered };
        const fields = envelope.data?.fields ?? {};
        const known = Object.fromEntries(Object.entries(fields).filter(([name]) => groups.some((g) => g.fields.some((f) => f.name === name))));
        // A problem with no field on the form (the CAPTCHA) is said above the form; a refusal
        // that names no field at all (too many attempts, server trouble) in the server's words.
        const unnamed = Object.keys(fields).length > Object.keys(known).length;
        const formError = unnamed ? copy.check : Object.keys(known).length > 0 ? undefined : envelope.msg || copy.network;
        return { errors: known, formError, answered };
      } catch {
        return { errors: {}, formError: copy.network, answered };
      }
    },
    { errors: props.errors, formError: props.formError, answered: 0 },
  );
  const summary = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (state.answered > 0 && !state.reference) summary.current?.focus();
  }, [state]);

  if (state.reference) return <Confirmation copy={copy.success} reference={state.reference} focus />;

  const fields = groups.flatMap((g) => g.fields);
  const problems = fields.filter((f) => state.errors[f.name]);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // Sent by fetch, and the form is not reset: the visitor's values stay for corrections.
    event.preventDefault();
    if (pending) return;
    const data = new FormData(event.currentTarget);
    startTransition(() => send(data));
  };

  return (
    <form method="post" action={action} encType="multipart/form-data" noValidate onSubmit={onSubmit} className="support-form" aria-busy={pending}>
      <input type="hidden" name="region" value={region} />
      {problems.length > 0 || state.formError ? (
        <div className="error-summary" role="alert" tabIndex={-1} ref={summary} autoFocus={state.answered === 0}>
          <h2>{copy.summary}</h2>
          {state.formError ? <p>{state.formError}</p> : null}
          {problems.length > 0 ? (
            <ul>
              {problems.map((f) => (
                <li key={f.name}>
                  <a href={`#${id(f.name)}`}>{f.messages[state.errors[f.name]!]}</a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      <p className="required-note">{copy.requiredNote}</p>
      {groups.map((group) => (
        <fieldset key={group.legend}>
          <legend>{group.legend}</legend>
          {group.fields.map((field) => (
            <Field key={field.name} field={field} value={values[field.name]} problem={state.errors[field.name]} copy={copy} />
          ))}
        </fieldset>
      ))}
      {props.captcha ? <Captcha {...props.captcha} answered={state.answered} /> : null}
      <button type="submit" className="button primary" disabled={pending}>
        {pending ? copy.sending : copy.submit}
      </button>
    </form>
  );
}

function Field({ field, value, problem, copy }: { field: FieldView; value: string | undefined; problem: Problem | undefined; copy: SupportFormProps['copy'] }) {
  const hintId = field.hint ? `${id(field.name)}-hint` : undefined;
  const errorId = problem ? `${id(field.name)}-error` : undefined;
  const common = {
    id: id(field.name),
    name: field.name,
    required: field.required,
    'aria-invalid': problem ? true : undefined,
    'aria-describedby': [errorId, hintId].filter(Boolean).join(' ') || undefined,
  };
  const label = (
    <label htmlFor={common.id}>
      {field.label}
      {field.required ? (
        <abbr className="required" title={copy.requiredMark}>
          {' *'}
        </abbr>
      ) : null}
    </label>
  );
  const hint = field.hint ? (
    <p id={hintId} className="field-hint">
      {field.hint}
    </p>
  ) : null;
  const error = problem ? (
    <p id={errorId} className="field-error">
      {field.messages[problem]}
    </p>
  ) : null;
  let control;
  if (field.control === 'select') {
    control = (
      <select {...common} defaultValue={value ?? ''} autoComplete={field.autoComplete}>
        <option value="">{copy.choose}</option>
        {field.options?.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    );
  } else if (field.control === 'textarea') {
    control = (
      <textarea {...common} defaultValue={value ?? ''} rows={field.name === 'address' ? 3 : 6} maxLength={field.maxLength} autoComplete={field.autoComplete} />
    );
  } else if (field.control === 'checkbox') {
    return (
      <div className={`field checkbox${problem ? ' has-error' : ''}`}>
        <input {...common} type="checkbox" value="on" defaultChecked={value === 'on' || value === 'true'} />
        {label}
        {hint}
        {error}
      </div>
    );
  } else if (field.control === 'file') {
    control = <input {...common} type="file" multiple accept={field.accept} />;
  } else if (field.control === 'email') {
    control = <EmailField id={common.id} name={field.name} defaultValue={value ?? ''} invalid={Boolean(problem)} describedBy={common['aria-describedby']} />;
  } else {
    control = (
      <input {...common} type={field.control} defaultValue={value ?? ''} maxLength={field.maxLength} max={field.max} autoComplete={field.autoComplete} />
    );
  }
  return (
    <div className={`field${problem ? ' has-error' : ''}`}>
      {label}
      {hint}
      {error}
      {control}
    </div>
  );
}

import { useId, useState, type FormEvent } from 'react';
import { consentMode, consentState, OPTIONAL_CATEGORIES, type Grants, type OptionalCategory } from '../../kernel/consent';
import { CODES } from '../../kernel/codes';

/** A configured script the shopper may grant: loaded in place, without a reload, once its category is. */
export interface GrantableScript {
  src: string;
  category: OptionalCategory;
}

export interface ConsentProps {
  /** Where the choice is posted: the edition's cookie-settings page (its action). */
  action: string;
  /** The page to come back to after a plain form post. */
  next: string;
  model: 'opt-in' | 'opt-out' | 'notice';
  /** What is granted now (the stored choice, else the edition's defaults). */
  grants: Grants;
  /** The browser sends Global Privacy Control: marketing stays off, and the banner says so. */
  gpc: boolean;
  /** `banner`: the first layer, fixed at the foot of the window; `page`: the settings page's form. */
  mode: 'banner' | 'page';
  scripts: GrantableScript[];
  privacyHref: string;
  copy: {
    title: string;
    text: string;
    privacyLink: string;
    acceptAll: string;
    rejectAll: string;
    settings: string;
    save: string;
    ok: string;
    doNotSell: string;
    gpc: string;
    saved: string;
    failed: string;
    categories: Record<'necessary' | OptionalCategory, { name: string; describe: string }>;
  };
}

declare global {
  interface Window {
    dataLayer: Record<string, unknown>[];
  }
}

/** Consent Mode's update and a `consent_update` event, as the data layer's readers expect them. */
function announce(grants: Grants) {
  const layer = (window.dataLayer = window.dataLayer || []);
  // gtag() pushes its arguments object; tag managers read commands in that shape only.
  (function gtag(..._args: unknown[]) {
    // eslint-disable-next-line prefer-rest-params
    layer.push(arguments as unknown as Record<string, unknown>);
  })('consent', 'update', consentMode(grants));
  layer.push({ event: 'consent_update', consent: consentState(grants) });
}

/** Adds the scripts a grant allows that the page does not have yet (the CSP of a page that asks lists their hosts). */
function load(scripts: GrantableScript[], grants: Grants) {
  for (const script of scripts) {
    if (!grants[script.category] || document.querySelector(`script[src="${CSS.escape(script.src)}"]`)) continue;
    document.head.appendChild(Object.assign(document.createElement('script'), { src: script.src, async: true }));
  }
}

/**
 * The consent banner and settings (decision 0033). Without JavaScript it is a plain form:
 * every button posts the choice to the cookie-settings action, which stores it and sends the
 * shopper back; the category settings are a native disclosure. Hydrated, a choice is posted
 * in place: the data layer gets Consent Mode's update, granted scripts load at once, and the
 * banner goes. Turning a category off takes effect from the next page (a script that ran
 * cannot be unloaded); the action has cleared its cookies already.
 */
export default function ConsentManager(props: ConsentProps) {
  const { copy } = props;
  const id = useId();
  const [grants, setGrants] = useState(props.grants);
  const [state, setState] = useState<'open' | 'saving' | 'saved' | 'failed' | 'closed'>('open');

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const body = new FormData(event.currentTarget);
    if (submitter?.name) body.set(submitter.name, submitter.value);
    setState('saving');
    try {
      const res = await fetch(props.action, { method: 'POST', body, headers: { Accept: 'application/json' }, credentials: 'same-origin' });
      const answer = (await res.json()) as { code: number; data?: { grants: Grants } };
      if (answer.code !== CODES.success || !answer.data) throw new Error(String(answer.code));
      setGrants(answer.data.grants);
      announce(answer.data.grants);
      load(props.scripts, answer.data.grants);
      setState(props.mode === 'banner' ? 'closed' : 'saved');
    } catch {
      setState('failed');
    }
  }

  if (state === 'closed') return null;
  const optIn = props.model !== 'opt-out';
  const button = (value: string, label: string, primary = false) => (
    <button type="submit" name="choice" value={value} className={primary ? 'button primary' : 'button'} disabled={state === 'saving'}>
      {label}
    </button>
  );
  return (
    <section className={`consent consent-${props.mode}`} aria-labelledby={`${id}-title`}>
      <form method="post" action={props.action} onSubmit={(e) => void submit(e)}>
        <input type="hidden" name="next" value={props.next} />
        <h2 id={`${id}-title`}>{copy.title}</h2>
        <p className="consent-text">
          {copy.text} <a href={props.privacyHref}>{copy.privacyLink}</a>
        </p>
        {props.gpc ? <p className="consent-gpc">{copy.gpc}</p> : null}
        <div className="consent-actions">
          {optIn ? (
            <>
              {button('all', copy.acceptAll, true)}
              {button('none', copy.rejectAll, true)}
            </>
          ) : (
            <>
              {button('ok', copy.ok, true)}
              {button('do-not-sell', copy.doNotSell, true)}
            </>
          )}
        </div>
        <details className="consent-settings" open={props.mode === 'page'}>
          <summary>{copy.settings}</summary>
          <ul>
            <li>
              <label>
                <input type="checkbox" checked disabled /> {copy.categories.necessary.name}
              </label>
              <span>{copy.categories.necessary.describe}</span>
            </li>
            {OPTIONAL_CATEGORIES.map((category) => (
              <li key={category}>
                <label>
                  <input
                    type="checkbox"
                    name={category}
                    checked={grants[category]}
                    disabled={category === 'marketing' && props.gpc}
                    onChange={(e) => setGrants({ ...grants, [category]: e.target.checked })}
                  />{' '}
                  {copy.categories[category].name}
                </label>
                <span>{copy.categories[category].describe}</span>
              </li>
            ))}
          </ul>
          {button('save', copy.save)}
        </details>
        <p role="status" className="consent-status">
          {state === 'saved' ? copy.saved : state === 'failed' ? copy.failed : ''}
        </p>
      </form>
    </section>
  );
}

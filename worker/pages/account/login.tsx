import Login, { type LoginErrors } from '../../../client/islands/login';
import type { AgreementId } from '../../../content/schema/legal';
import { EmailField } from '../../../kernel/email-field';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../kernel/rules';
import type { Profile } from '../../../kernel/profile';
import { POPUP_SEEN_KEY } from '../../../kernel/popup';
import { FLASH_KEY, sessionKey, SESSION_KEYS, type SessionKey } from '../../../kernel/session';
import { useSite } from '../../context/react';
import type { Site } from '../../context/site';
import { Island } from '../../render/island';
import { agreementsCopy, apiMessages, loginCopy } from './copy';
import { nextOf } from './links';

/**
 * What the log-in page shows: the form (after a failed plain post, with what was sent and
 * why it failed; with a notice after a reset step), the hand-over of a new session, or the
 * form that sets a new password from a mailed reset link.
 */
export type LoginOutcome =
  | {
      kind: 'form';
      next: string;
      values?: { email: string; agreed: AgreementId[]; subscribe: boolean };
      errors?: LoginErrors;
      /** The address is new: the form asks for the edition's agreements (docs/decisions/0057). */
      creating?: boolean;
      /** A reset step's outcome, said above the form. */
      notice?: string;
      /** The forgotten-password form, open with what was sent and why it failed. */
      forgot?: { email: string; error?: string };
    }
  | { kind: 'done'; next: string; session: Record<Exclude<SessionKey, 'userInfo'>, string> & { userInfo: Profile }; welcome?: string }
  | { kind: 'reset'; next: string; token: string; error?: string };

/** JSON that is safe inside a script element: no `<`, `>`, `&` or line separators left to end it. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * The few lines that hand a session made by a plain form post to the browser: they store
 * it under the scope's keys, as the client runtime would, leave the welcome of a new member
 * for the next page (as the island does), and open `next`. The response that carries them is
 * never stored (no-store) and answers only that post; the session's key came with it as an
 * HttpOnly cookie.
 */
function handoffScript(scope: string, session: Extract<LoginOutcome, { kind: 'done' }>['session'], next: string, welcome?: string): string {
  const entries: Record<string, string> = Object.fromEntries(
    SESSION_KEYS.map((key) => {
      const value = session[key];
      return [sessionKey(scope, key), typeof value === 'string' ? value : JSON.stringify(value)];
    }),
  );
  // A member is not a new visitor: the new-user popup stays shut, as after a log-in with JavaScript.
  entries[POPUP_SEEN_KEY] = '1';
  const greet = welcome ? `sessionStorage.setItem(${scriptJson(FLASH_KEY)},${scriptJson(welcome)});` : '';
  return `try{for(const[k,v]of Object.entries(${scriptJson(entries)}))localStorage.setItem(k,v);${greet}}catch{}location.replace(${scriptJson(next)})`;
}


function Done({ outcome, site }: { outcome: Extract<LoginOutcome, { kind: 'done' }>; site: Site }) {
  return (
    <div className="account-done">
      <p role="status">{outcome.welcome ?? site.t('account.login.done')}</p>
      <p>
        <a className="button primary" href={outcome.next}>
          {site.t('account.login.continue')}
        </a>
      </p>
      <noscript>
        <p>{site.t('account.login.noStorage')}</p>
      </noscript>
      <script
        nonce={site.nonce}
        dangerouslySetInnerHTML={{ __html: handoffScript(site.edition.storageScope, outcome.session, outcome.next, outcome.welcome) }}
      />
    </div>
  );
}

/**
 * "Forgot your password?": a plain form that asks for a reset link (`intent=reset-request`),
 * closed until the visitor opens it; open after a post that failed and when a link has expired.
 */
function Forgot({ site, next, forgot }: { site: Site; next: string; forgot?: { email: string; error?: string } }) {
  const copy = (key: string) => site.t(`account.reset.${key}`);
  return (
    <details className="forgot" open={forgot !== undefined}>
      <summary>{copy('forgot')}</summary>
      <form className="account-form" method="post" action={site.href('/login')}>
        <p>{copy('forgotIntro')}</p>
        <input type="hidden" name="intent" value="reset-request" />
        <input type="hidden" name="next" value={next} />
        <div className="field">
          <label htmlFor="forgot-email">{site.t('account.login.email')}</label>
          <EmailField
            id="forgot-email"
            defaultValue={forgot?.email}
            invalid={Boolean(forgot?.error)}
            describedBy={forgot?.error ? 'forgot-email-error' : undefined}
          />
          {forgot?.error ? (
            <p id="forgot-email-error" className="field-error">
              {forgot.error}
            </p>
          ) : null}
        </div>
        <button type="submit" className="button">
          {copy('send')}
        </button>
      </form>
    </details>
  );
}

/** The mailed link's page: choose a new password (`intent=reset-confirm`, the token in a hidden field). */
function NewPassword({ site, state }: { site: Site; state: Extract<LoginOutcome, { kind: 'reset' }> }) {
  const copy = (key: string) => site.t(`account.reset.${key}`);
  return (
    <form className="account-form" method="post" action={site.href('/login')}>
      {/* The reset token is in this page's URL: no request from the page may carry it away (React puts this in the head). */}
      <meta name="referrer" content="no-referrer" />
      <h2>{copy('title')}</h2>
      <p>{copy('intro')}</p>
      <input type="hidden" name="intent" value="reset-confirm" />
      <input type="hidden" name="token" value={state.token} />
      <input type="hidden" name="next" value={state.next} />
      <div className="field">
        <label htmlFor="reset-password">{copy('password')}</label>
        <input
          id="reset-password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN}
          maxLength={PASSWORD_MAX}
          aria-invalid={state.error ? true : undefined}
          aria-describedby={['reset-password-hint', state.error ? 'reset-password-error' : ''].filter(Boolean).join(' ')}
        />
        <p id="reset-password-hint" className="field-hint">
          {site.t('account.login.passwordHint')}
        </p>
        {state.error ? (
          <p id="reset-password-error" className="field-error">
            {state.error}
          </p>
        ) : null}
      </div>
      <button type="submit" className="button primary">
        {copy('save')}
      </button>
    </form>
  );
}

/**
 * `/{region}/login`: log in or register in one form; works as a plain form post, and as an
 * island. Beneath it, the forgotten-password form; a mailed reset link opens the page with
 * the new-password form instead (`?reset=…`, never stored, no referrer: ./login-action.tsx).
 */
export function LoginPage({ outcome }: { outcome?: LoginOutcome }) {
  const site = useSite();
  const state = outcome ?? { kind: 'form', next: nextOf(site) };
  return (
    <section className="page-intro account-page">
      <h1>{site.t('head.login.heading')}</h1>
      {state.kind === 'done' ? (
        <Done outcome={state} site={site} />
      ) : state.kind === 'reset' ? (
        <NewPassword site={site} state={state} />
      ) : (
        <>
          {state.notice ? (
            <p className="form-notice" role="status">
              {state.notice}
            </p>
          ) : null}
          <Island
            name="login"
            component={Login}
            props={{
              action: site.href('/login'),
              next: state.next,
              // Every label links the edition's own terms and policy, in its language (docs/decisions/0057).
              links: { 'terms-use': site.href('/terms-use'), 'privacy-policy': site.href('/privacy-policy') },
              copy: loginCopy(site),
              agreements: agreementsCopy(site),
              messages: apiMessages(site),
              ...(state.creating ? { creating: true } : {}),
              ...(state.values ? { values: state.values } : {}),
              ...(state.errors ? { errors: state.errors } : {}),
              // Turnstile where the site is configured with it: a new account needs it (worker/account/service.ts).
              ...(site.captchaSiteKey ? { captcha: { siteKey: site.captchaSiteKey, noScript: site.t('forms.captchaNoScript') } } : {}),
            }}
          />
          <Forgot site={site} next={state.next} forgot={state.forgot} />
        </>
      )}
    </section>
  );
}

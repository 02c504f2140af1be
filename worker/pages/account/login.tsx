import Login, { type LoginErrors } from '../../../client/islands/login';
import { findPage } from '../../../content/pages';
import { sessionKey, SESSION_KEYS, type SessionKey } from '../../../content/session';
import { POPUP_SEEN_KEY } from '../../../client/runtime/keys';
import { editionUrl } from '../../edition/paths';
import { useSite } from '../../context/react';
import type { Site } from '../../context/site';
import { Island } from '../../render/island';
import { apiMessages, loginCopy } from './copy';
import { nextOf } from './links';

/** What the log-in page shows: the form (after a failed plain post, with what was sent and why it failed), or the hand-over of a new session. */
export type LoginOutcome =
  | { kind: 'form'; next: string; values?: { email: string; agree: boolean; subscribe: boolean }; errors?: LoginErrors }
  | { kind: 'done'; next: string; session: Record<Exclude<SessionKey, 'userInfo'>, string> & { userInfo: object } };

/** JSON that is safe inside a script element: no `<`, `>`, `&` or line separators left to end it. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * The few lines that hand a session made by a plain form post to the browser: they store
 * it under the scope's keys, as the client runtime would, and open `next`. The response
 * that carries them is never stored (no-store) and answers only that post.
 */
export function handoffScript(scope: string, session: Extract<LoginOutcome, { kind: 'done' }>['session'], next: string): string {
  const entries: Record<string, string> = Object.fromEntries(
    SESSION_KEYS.map((key) => {
      const value = session[key];
      return [sessionKey(scope, key), typeof value === 'string' ? value : JSON.stringify(value)];
    }),
  );
  // A member is not a new visitor: the new-user popup stays shut, as after a log-in with JavaScript.
  entries[POPUP_SEEN_KEY] = '1';
  return `try{for(const[k,v]of Object.entries(${scriptJson(entries)}))localStorage.setItem(k,v)}catch{}location.replace(${scriptJson(next)})`;
}

/**
 * A policy the agreement names: the edition's own page where it has one, else the US
 * edition's (the policies are published there only, content/pages.ts).
 */
function policyHref(site: Site, slug: 'privacy-policy' | 'terms-use'): string {
  return findPage(slug)?.regions.includes(site.edition.region) ? site.href(`/${slug}`) : editionUrl('us', slug, site.origins);
}

function Done({ outcome, site }: { outcome: Extract<LoginOutcome, { kind: 'done' }>; site: Site }) {
  return (
    <div className="account-done">
      <p role="status">{site.t('account.login.done')}</p>
      <p>
        <a className="button primary" href={outcome.next}>
          {site.t('account.login.continue')}
        </a>
      </p>
      <noscript>
        <p>{site.t('account.login.noStorage')}</p>
      </noscript>
      <script nonce={site.nonce} dangerouslySetInnerHTML={{ __html: handoffScript(site.edition.storageScope, outcome.session, outcome.next) }} />
    </div>
  );
}

/** `/{region}/login`: log in or register in one form; works as a plain form post, and as an island. */
export function LoginPage({ outcome }: { outcome?: LoginOutcome }) {
  const site = useSite();
  const state = outcome ?? { kind: 'form', next: nextOf(site) };
  return (
    <section className="page-intro account-page">
      <h1>{site.t('head.login.heading')}</h1>
      {state.kind === 'done' ? (
        <Done outcome={state} site={site} />
      ) : (
        <Island
          name="login"
          component={Login}
          props={{
            action: site.href('/login'),
            next: state.next,
            privacyHref: policyHref(site, 'privacy-policy'),
            termsHref: policyHref(site, 'terms-use'),
            copy: loginCopy(site),
            messages: apiMessages(site),
            ...(state.values ? { values: state.values } : {}),
            ...(state.errors ? { errors: state.errors } : {}),
          }}
        />
      )}
    </section>
  );
}

import { createElement, useEffect, useRef, useState } from 'react';
import { TURNSTILE_ORIGIN } from '../../kernel/captcha';

// Turnstile's widget for the forms that check for a person (the support forms, the lucky
// draw, the log-in form), where the site is configured with it. A .ts file, not .tsx: every
// .tsx file of client/islands/ is an island (scripts/build/islands.mjs).

declare global {
  interface Window {
    /** Cloudflare Turnstile, once its script has loaded. */
    turnstile?: { render(container: HTMLElement, options: { sitekey: string; language?: string }): string; reset(widget: string): void };
  }
}

/** What a form needs to show the widget: the site key, and what visitors without JavaScript are told. */
export interface CaptchaProps {
  siteKey: string;
  noScript: string;
}

/**
 * Turnstile's widget, rendered explicitly once the island runs: its script loads only then,
 * and it puts its token in a hidden `cf-turnstile-response` field inside the form, which the
 * server verifies (worker/post/input.ts `human`). A token is good for one answer, so the
 * widget is reset after each (`answered` counts them). React renders the container empty and
 * never touches what Turnstile puts in it. Without JavaScript there is no token: the visitor
 * is told so, and the server refuses.
 */
export function Captcha({ siteKey, noScript, answered }: CaptchaProps & { answered: number }) {
  // The container as state (a callback ref): the effect runs once React has put it in the page.
  const [container, setContainer] = useState<HTMLDivElement | null>(null);
  const widget = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!container) return;
    const render = () => {
      widget.current = window.turnstile?.render(container, { sitekey: siteKey, language: document.documentElement.lang });
    };
    if (window.turnstile) return render();
    const script = document.createElement('script');
    script.src = `${TURNSTILE_ORIGIN}/turnstile/v0/api.js?render=explicit`;
    script.async = true;
    script.addEventListener('load', render);
    document.head.appendChild(script);
  }, [container, siteKey]);
  useEffect(() => {
    if (answered > 0 && widget.current) window.turnstile?.reset(widget.current);
  }, [answered]);
  return createElement(
    'div',
    { className: 'captcha' },
    createElement('div', { ref: setContainer }),
    createElement('noscript', null, createElement('p', { className: 'field-hint' }, noScript)),
  );
}

/** The token Turnstile left in a form, for a call that sends the form as JSON. */
export function captchaToken(form: FormData): string | undefined {
  const token = form.get('cf-turnstile-response');
  return typeof token === 'string' && token !== '' ? token : undefined;
}

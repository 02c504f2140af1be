import type { ReactElement } from 'react';
import { renderToReadableStream } from 'react-dom/server';
import { logError } from '../log';

// Crawlers and link previewers get the whole document at once.
const BOT = /bot|crawl|spider|slurp|facebookexternalhit|embedly|preview|lighthouse|headless/i;

/** Whether a user agent should get the complete document rather than a stream. */
export function wantsCompleteDocument(userAgent: string | undefined): boolean {
  return BOT.test(userAgent ?? '');
}

/**
 * Streams a React document as HTML. Errors inside the stream after the shell has gone out
 * are logged (and reported to `onError`, so such a page is never cached); errors before it
 * reject, so the caller can answer with the error page.
 */
export async function renderHtml(
  element: ReactElement,
  options: { nonce: string; complete: boolean; onError?: () => void },
): Promise<ReadableStream<Uint8Array>> {
  const stream = await renderToReadableStream(element, {
    nonce: options.nonce,
    onError(error) {
      logError('render', error);
      options.onError?.();
    },
  });
  if (options.complete) await stream.allReady;
  return stream;
}

/** A message of the Nu HTML checker (`vnu --format json`). */
export interface NuMessage {
  type: string;
  subType?: string;
  url: string;
  message: string;
  extract?: string;
  lastLine?: number;
}

/**
 * The checker's own lag, not the page's error: vnu-jar 26.9.27, the newest published, allows
 * `blocking` on a `<link>` only with rel=stylesheet, where the HTML standard allows it with
 * rel=expect too (the "expect" link type; decision 0053). Only that message, on the page's one
 * such link, is let through; `blocking` on any other link still fails.
 */
export function checkerLag(m: Pick<NuMessage, 'message' | 'extract'>): boolean {
  return (
    m.message === 'A “link” element with a “blocking” attribute must have a “rel” attribute whose value is “stylesheet”.' &&
    /<link rel="expect" href="#page-end" blocking="render"\/?>/.test(m.extract ?? '')
  );
}

/** The errors in a run's messages, the checker's lag left out. */
export function nuErrors(messages: readonly NuMessage[]): NuMessage[] {
  return messages.filter((m) => (m.type === 'error' || m.subType === 'fatal') && !checkerLag(m));
}

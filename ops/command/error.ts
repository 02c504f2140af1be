/** What a command says when it cannot go on (ops/run.ts writes it). */

/**
 * A failure ops can act on: `message` is one line saying what happened and what to do, or a
 * line and a list (every mistake of a file); `detail` (a tool's own output) is shown only with
 * `--verbose`.
 */
export class OpsError extends Error {
  override name = 'OpsError';
  constructor(
    message: string,
    readonly detail?: string,
  ) {
    super(message);
  }
}

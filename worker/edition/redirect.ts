/** A same-origin path to continue to, or '/' when `next` is anything else. */
export function safeNext(next: string | undefined): string {
  if (!next || next.length > 1024) return '/';
  if (!next.startsWith('/') || next.startsWith('//') || /\\|%2f|%5c|[\u0000-\u001f\u007f]/i.test(next)) return '/';
  return next;
}

/**
 * A line of legal copy, in parts (docs/decisions/0056): plain text, a named value (`{{operator}}`:
 * a fact of the record, which may still be a marked placeholder, or a figure) and a link to a page
 * of the edition (`[Privacy Policy](privacy-policy)`). The worker and the log-in island read the
 * same markup, so a translator writes a link where the language puts it.
 */
export type TextPart = { kind: 'text'; text: string } | { kind: 'value'; name: string } | { kind: 'link'; label: string; slug: string };

/** `{{name}}`, or `[label](slug)` with a page slug (`privacy-policy`, `news/…`). */
const TOKEN = /\{\{\s*(\w+)\s*\}\}|\[([^\]\n]+)\]\(([a-z0-9-]+(?:\/[a-z0-9-]+)*)\)/g;

/** Splits a line of copy into its parts; text that is no token stays text. */
export function textParts(line: string): TextPart[] {
  const parts: TextPart[] = [];
  let at = 0;
  for (const match of line.matchAll(TOKEN)) {
    if (match.index > at) parts.push({ kind: 'text', text: line.slice(at, match.index) });
    parts.push(match[1] !== undefined ? { kind: 'value', name: match[1] } : { kind: 'link', label: match[2]!, slug: match[3]! });
    at = match.index + match[0].length;
  }
  if (at < line.length) parts.push({ kind: 'text', text: line.slice(at) });
  return parts;
}

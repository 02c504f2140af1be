import type { z } from 'zod';

/** Fields a visitor must correct, and why: left empty, or not acceptable as given. */
export type Problems = Record<string, 'required' | 'invalid'>;

/** Input checked against its schema: the typed data, or what to correct. */
type Parsed<T> = { ok: true; data: T } | { ok: false; problems: Problems };

/**
 * Checks fields as sent (a JSON object's members or a form's fields) against a schema: the
 * data, or each failing field named once, `required` when it was missing or blank and
 * `invalid` otherwise (a problem with the whole input is the field `form`).
 */
export function parseFields<S extends z.ZodType>(schema: S, fields: Readonly<Record<string, unknown>>): Parsed<z.output<S>> {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return { ok: true, data: parsed.data };
  const problems: Problems = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? 'form');
    if (problems[field]) continue;
    const given = fields[field];
    problems[field] = given === undefined || (typeof given === 'string' && given.trim() === '') ? 'required' : 'invalid';
  }
  return { ok: false, problems };
}

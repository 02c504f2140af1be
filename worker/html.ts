import { escapeToBuffer } from 'hono/utils/html';

/**
 * Text made safe as HTML or XML character data or a quoted attribute value (`&`, `<`, `>`,
 * `"` and `'` escaped): hono's escaper, the one its html helper and JSX use, for the pages
 * written as strings (the sitemaps, the ops timeline).
 */
export function escapeHtml(text: string): string {
  const buffer = [''];
  escapeToBuffer(text, buffer);
  return buffer[0] as string;
}

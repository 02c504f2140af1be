/**
 * The empty-and-raw-text check (docs/decisions/0031), one rule set for both suites: the worker
 * suite runs it over the HTML the worker renders, the browser suite over a page's DOM as
 * Chromium serialises it once an island or dialog has drawn. It reads serialised HTML with a
 * small tokenizer (React's output and Chromium's serialisation are well-formed), so it needs
 * no DOM.
 */

/** One thing a reader would see as broken. */
export interface TextProblem {
  /** `empty`: an element that must carry words has none; `raw`: text a template or code left behind. */
  kind: 'empty' | 'raw';
  /** The element (`h2`, `li`, …) and what is wrong, for the failure message. */
  detail: string;
  /** Some HTML around it, to find it. */
  near: string;
}

/**
 * Elements that say nothing when empty: headings, list items, labels, buttons, table cells,
 * description terms and details, summaries, legends and captions.
 */
const MUST_SAY = new Set([
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'li',
  'label',
  'button',
  'th',
  'td',
  'dt',
  'dd',
  'summary',
  'legend',
  'caption',
  'figcaption',
  'option',
  'title',
]);

const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);

/** Elements whose content is not text a reader sees. */
const OPAQUE = new Set(['script', 'style', 'template']);

/**
 * Text a template or code left behind: an unfilled `{{…}}`, a JavaScript value printed as
 * text, a list or a sentence cut where a value should have followed.
 */
const RAW: [RegExp, string][] = [
  [/\{\{|\}\}/, 'an unfilled {{placeholder}}'],
  [/\b(undefined|NaN|null)\b/, 'a JavaScript value printed as text'],
  [/\[object \w+\]/, 'an object printed as text'],
  [/[,，、]\s*$/, 'ends on a comma, where a value should follow'],
  [/\(\s*\)|（\s*）/, 'empty brackets'],
];

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Undoes HTML character references. */
function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, ref: string) => {
    if (ref[0] === '#') return String.fromCodePoint(ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : Number(ref.slice(1)));
    return ENTITIES[ref.toLowerCase()] ?? whole;
  });
}

/** Blank to a reader: whitespace of any script, no-break and zero-width spaces. */
const blank = (text: string) => text.replace(/[\s\u00a0\u200b\u200c\u2060\ufeff]|\u200d/g, '') === '';

function attributes(source: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of source.matchAll(/([^\s"'=<>/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g))
    out[m[1]!.toLowerCase()] = decode(m[2] ?? m[3] ?? m[4] ?? '');
  return out;
}

interface Open {
  name: string;
  text: string;
  /** Whether it or something inside it names it without text: an image's alt, an aria-label, a title. */
  named: boolean;
  start: number;
  /** The raw-text rules (indexes into RAW) already reported inside it, so each shows once, where it is innermost. */
  reported: Set<number>;
}

/** Whether an element's attributes give it (or its parent) a name without text. */
function namesWithoutText(name: string, attrs: Record<string, string>): boolean {
  if (!blank(attrs['aria-label'] ?? '') || attrs['aria-labelledby'] || !blank(attrs.title ?? '')) return true;
  if (name === 'img') return !blank(attrs.alt ?? '');
  if (name === 'input') return ['submit', 'button', 'reset'].includes(attrs.type ?? '') && !blank(attrs.value ?? '');
  return false;
}

/**
 * Every empty element that must carry words, and every piece of raw or cut text, in a page's
 * HTML. Text is checked per element as a reader meets it (all its text, its children's
 * included), so "Welcome," alone fails where "Welcome, Ada" passes.
 */
export function textProblems(html: string): TextProblem[] {
  const problems: TextProblem[] = [];
  const stack: Open[] = [];
  const near = (at: number) => html.slice(Math.max(0, at - 80), at + 120).replace(/\s+/g, ' ');
  const addText = (text: string) => {
    for (const open of stack) open.text += text;
  };
  const close = (open: Open) => {
    const text = open.text.replace(/\s+/g, ' ').trim();
    if (MUST_SAY.has(open.name) && blank(text) && !open.named) problems.push({ kind: 'empty', detail: `<${open.name}> has no text`, near: near(open.start) });
    RAW.forEach(([pattern, what], i) => {
      if (open.reported.has(i) || !pattern.test(text)) return;
      open.reported.add(i);
      problems.push({ kind: 'raw', detail: `<${open.name}> ${what}: "${text.slice(0, 160)}"`, near: near(open.start) });
    });
    const parent = stack.at(-1);
    if (parent) for (const i of open.reported) parent.reported.add(i);
  };
  const tag = /<!--[\s\S]*?-->|<!\w[^>]*>|<\/?([a-zA-Z][\w:-]*)((?:[^>"']|"[^"]*"|'[^']*')*?)(\/?)>/g;
  let at = 0;
  for (let m = tag.exec(html); m; m = tag.exec(html)) {
    if (m.index > at) addText(decode(html.slice(at, m.index)));
    at = tag.lastIndex;
    const name = m[1]?.toLowerCase();
    if (!name) continue;
    if (m[0][1] === '/') {
      const i = stack.map((o) => o.name).lastIndexOf(name);
      if (i < 0) continue;
      while (stack.length > i) close(stack.pop()!);
      continue;
    }
    const attrs = attributes(m[2] ?? '');
    if (OPAQUE.has(name)) {
      // Skip to the end of a script, style or template: its content is not shown as text.
      const end = html.toLowerCase().indexOf(`</${name}`, at);
      at = tag.lastIndex = end < 0 ? html.length : end;
      continue;
    }
    if (namesWithoutText(name, attrs)) for (const open of stack) open.named = true;
    if (VOID.has(name) || m[3] === '/') continue;
    stack.push({ name, text: '', named: namesWithoutText(name, attrs), start: m.index, reported: new Set() });
  }
  while (stack.length) close(stack.pop()!);
  return problems;
}

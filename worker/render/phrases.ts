import { jaModel, Parser, zhHansModel } from 'budoux';
import { fnv } from './page-cache';

/**
 * Japanese and Chinese headings and short copy broken only between phrases
 * (docs/decisions/0039-budoux-phrases.md). Neither script spaces its words, so a browser may
 * break a line between any two characters ("バンブ / ルビー", "参加しよ / う"). BudouX, a
 * small model made for this, finds the phrase boundaries; the server writes them as `<wbr>`
 * and marks the element `phrases` (client/styles/line-breaking.css: `word-break: keep-all`),
 * so the browser breaks there only, and no script ships.
 */

/**
 * The elements whose text is segmented: headings and short copy (buttons, pills, card titles
 * and lines, quoted praise, lead lines). Running text stays as the browser breaks it: phrases
 * held whole leave a paragraph's right edge ragged.
 */
const PHRASE_ELEMENTS = [
  'h1, h2, h3, h4, .button, button, .tag, .badge, .stage-state, .stage-title, .support-link-title',
  '.lede, .eyebrow, .hero-feature, .home-section3 p, .card p, blockquote',
].join(', ');
/** The class the segmented elements get: the CSS breaks their lines at the marked boundaries only. */
const PHRASES_CLASS = 'phrases';
/**
 * Left as React wrote them: islands, which render again in the browser (it has no BudouX, and
 * hydration must match), and the region suggestion, stitched in per visitor from a render this
 * rewrite never sees (worker/pages/visitor.ts), so a stitched page is the page rendered for them.
 */
const UNTOUCHED = '[data-island], [data-suggest]';

/** The models by language: the simplified Chinese one for the China edition. */
const MODELS = { ja: jaModel, zh: zhHansModel } as const;
type Language = keyof typeof MODELS;

/** The language segmented for a locale ('ja-JP' → 'ja'), or undefined when its script spaces words. */
export function phraseLanguage(locale: string): Language | undefined {
  const language = locale.split('-')[0]!.toLowerCase();
  return language in MODELS ? (language as Language) : undefined;
}

/**
 * How sure BudouX must be of a boundary, by language (its score; it breaks above 0). The
 * Chinese model marks boundaries inside words ("机器|人", "图|集", "可|编程"), so Chinese breaks
 * only where it is sure (some 1,500: "服务|支持", "新闻|通讯", "能做|什么" stay, the above go);
 * Japanese takes the model as it is.
 */
const THRESHOLD: Record<Language, number> = { ja: 0, zh: 1_500 };

// A parser builds its maps from the model once (a few ms), on the first page that needs it.
const parsers = new Map<Language, Parser>();
function parserOf(language: Language): Parser {
  let parser = parsers.get(language);
  // NOTE: BudouX breaks where the features' sum beats -½ × the sum of all weights, and has no
  // threshold option: a group of weights it never looks up (`bias`) moves that line by ½ of its weight.
  if (!parser) parsers.set(language, (parser = new Parser({ ...MODELS[language], bias: { '': 2 * THRESHOLD[language] } })));
  return parser;
}

/** Text worth segmenting: it has Han or kana. */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

/**
 * The most strings remembered. The copy of every page of both editions is a few thousand
 * strings; a page's text is parsed once per isolate, then read from here.
 */
export const MEMO_LIMIT = 4_000;
const memo = new Map<string, readonly string[]>();
const words = new Map<Language, Intl.Segmenter>();

/** The parser at the model's own threshold: where it sees any boundary, sure or not. */
const looseParsers = new Map<Language, Parser>();
function looseParserOf(language: Language): Parser {
  let parser = looseParsers.get(language);
  if (!parser) looseParsers.set(language, (parser = new Parser(MODELS[language])));
  return parser;
}

/** The offsets inside `text` where BudouX (at its own threshold) puts a boundary. */
function boundariesOf(text: string, parser: Parser): Set<number> {
  const at = new Set<number>();
  let offset = 0;
  for (const phrase of parser.parse(text).slice(0, -1)) at.add((offset += phrase.length));
  return at;
}

/**
 * The widest phrase held whole, in Han or kana (`widthOf`). A heading's line on a phone holds some ten
 * Han or kana at the h1's size (client/styles/line-breaking.css steps it down for these
 * scripts): a longer phrase ("プライバシーに関する", where ICU's "に関する" is one word) would
 * be cut anywhere by the browser, so it gets its best inner break instead.
 */
export const LONG_PHRASE = 8;

/** A text's width in Han or kana: those and full-width marks count one, Latin letters, digits and spaces a half. */
const WIDE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\uff01-\uff60]/u;
const widthOf = (text: string) => [...text].reduce((sum, ch) => sum + (WIDE.test(ch) ? 1 : 0.5), 0);

/** Offsets where `text` may break: BudouX's phrase boundaries that are also word boundaries (ICU's dictionary), outside every term. */
function breaksOf(text: string, language: Language, terms: readonly string[]): number[] {
  let segmenter = words.get(language);
  if (!segmenter) words.set(language, (segmenter = new Intl.Segmenter(language, { granularity: 'word' })));
  const wordStarts = new Set([...segmenter.segment(text)].map((s) => s.index));
  // A term (a product's name, "旗舰版大黄蜂") is one word, whatever either model thinks.
  const inside = new Set<number>();
  for (const term of terms) {
    for (let at = text.indexOf(term); at >= 0; at = text.indexOf(term, at + 1)) for (let i = at + 1; i < at + term.length; i++) inside.add(i);
  }
  // A break beside a space adds nothing (the space is one), and none between two Latin letters
  // or digits, before a closing or trailing mark ("、", "」") or after an opening one ("「").
  const allowed = (at: number) =>
    !inside.has(at) &&
    !/\s|[\p{Ps}\p{Pi}]/u.test(text[at - 1]!) &&
    !/\s|[\p{Pe}\p{Pf}\p{Po}]/u.test(text[at]!) &&
    !/[A-Za-z0-9]{2}/.test(text.slice(at - 1, at + 1));
  const breaks: number[] = [];
  let at = 0;
  for (const phrase of parserOf(language).parse(text).slice(0, -1)) {
    at += phrase.length;
    if (wordStarts.has(at) && allowed(at)) breaks.push(at);
  }
  // A phrase longer than LONG_PHRASE gets its best inner break, again and again until none is
  // left or every part is short: where BudouX (at its own threshold) and ICU agree, else where
  // BudouX alone sees one (a particle's end: "プライバシーに|関する"), else where ICU does; of
  // those, the one nearest the phrase's middle.
  // Parsed again only for a text that has a long phrase (most have none).
  let loose: Set<number> | undefined;
  const split = (from: number, to: number): number[] => {
    // A space breaks a line already: what must fit is the widest run between spaces.
    if (Math.max(...text.slice(from, to).split(/\s/).map(widthOf)) <= LONG_PHRASE) return [];
    // Neither part a lone particle or character ("バンブルビー|を").
    const inner = Array.from({ length: to - from - 1 }, (_, i) => from + i + 1).filter(
      (i) => allowed(i) && widthOf(text.slice(from, i)) >= 2 && widthOf(text.slice(i, to)) >= 2,
    );
    loose ??= boundariesOf(text, looseParserOf(language));
    const seen = loose;
    const tiers = [inner.filter((i) => seen.has(i) && wordStarts.has(i)), inner.filter((i) => seen.has(i)), inner.filter((i) => wordStarts.has(i))];
    const candidates = tiers.find((tier) => tier.length > 0);
    if (!candidates) return [];
    const middle = (from + to) / 2;
    const best = candidates.reduce((a, b) => (Math.abs(b - middle) < Math.abs(a - middle) ? b : a));
    return [...split(from, best), best, ...split(best, to)];
  };
  return [0, ...breaks, text.length].slice(1).flatMap((to, i, ends) => {
    const from = i === 0 ? 0 : ends[i - 1]!;
    return i === ends.length - 1 ? split(from, to) : [...split(from, to), to];
  });
}

/**
 * A text's phrases in a language, in order (their concatenation is the text); one phrase when
 * it has no Han or kana. A line may break between two phrases where BudouX marks a phrase
 * boundary, ICU's word segmentation agrees it is not inside a word, and no term (a product
 * name) spans it. A pure function of its inputs, remembered per string (the oldest forgotten
 * beyond `MEMO_LIMIT`); `termsKey` names the terms in the memo's key.
 */
export function phrasesOf(text: string, language: Language, terms: readonly string[] = [], termsKey = terms.join('\u0001')): readonly string[] {
  if (!CJK.test(text)) return [text];
  const key = `${language}\u0000${termsKey}\u0000${text}`;
  const known = memo.get(key);
  if (known) return known;
  const phrases: string[] = [];
  let from = 0;
  for (const at of [...breaksOf(text, language, terms), text.length]) {
    phrases.push(text.slice(from, at));
    from = at;
  }
  if (memo.size >= MEMO_LIMIT) memo.delete(memo.keys().next().value!);
  memo.set(key, phrases);
  return phrases;
}

/** How many strings the memo holds (for its test). */
export function memoSize(): number {
  return memo.size;
}

// React escapes exactly these in text; decoded and escaped again the same way, the text
// comes out byte for byte as React wrote it, `<wbr>`s aside.
const ESCAPED: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#x27;': "'" };
const ESCAPE: Record<string, string> = Object.fromEntries(Object.entries(ESCAPED).map(([entity, ch]) => [ch, entity]));
const decode = (html: string) => html.replace(/&(?:amp|lt|gt|quot|#x27);/g, (entity) => ESCAPED[entity]!);
const encode = (text: string) => text.replace(/[&<>"']/g, (ch) => ESCAPE[ch]!);

/** HTML text (as React escapes it) with `<wbr>` between its phrases. */
export function withPhraseBreaks(html: string, language: Language, terms: readonly string[] = [], termsKey?: string): string {
  return phrasesOf(decode(html), language, terms, termsKey).map(encode).join('<wbr>');
}

/**
 * A page response whose headings and short copy (`PHRASE_ELEMENTS`, outside islands and the region suggestion) break
 * only between phrases, rewritten as it streams (the runtime's HTMLRewriter); the response as
 * it is for a locale whose script spaces its words. `terms` (the products' names) never break.
 */
export function segmentPhrases(response: Response, locale: string, terms: readonly string[] = []): Response {
  const language = phraseLanguage(locale);
  if (!language || !response.body) return response;
  const termsKey = fnv(terms.join('\u0001'));
  // Depths, not flags: an element of the list may hold another (a pill in a heading). Every
  // element counted has an end tag: React writes one for each of these.
  let inside = 0;
  let island = 0;
  let pending = '';
  return new HTMLRewriter()
    .on(UNTOUCHED, {
      element(e) {
        island++;
        e.onEndTag(() => void island--);
      },
    })
    .on(PHRASE_ELEMENTS, {
      element(e) {
        if (island > 0) return;
        inside++;
        e.onEndTag(() => void inside--);
        const own = e.getAttribute('class');
        e.setAttribute('class', own ? `${own} ${PHRASES_CLASS}` : PHRASES_CLASS);
      },
    })
    .onDocument({
      text(chunk) {
        if (inside === 0 || island > 0) return;
        // A text node may come in several chunks: held back until its last, then written once.
        if (!chunk.lastInTextNode) {
          pending += chunk.text;
          chunk.remove();
          return;
        }
        const html = pending + chunk.text;
        pending = '';
        if (html) chunk.replace(withPhraseBreaks(html, language, terms, termsKey), { html: true });
      },
    })
    .transform(response);
}

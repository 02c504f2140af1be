import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';

// The repository stands alone: what the code cites is in docs/, every section a citation names
// exists there, every decision record named exists, and the documentation's own links resolve.
// A citation of a document outside the repository (the requirement texts or the design notes
// the project started from, the tracker's issues) fails here, so the next comment cannot bring
// one back.

const SOURCES = ['worker', 'client', 'content', 'kernel', 'locales', 'migrations', 'tests', 'scripts', 'ops', 'docs', '.ci', '.github'];
const TEXT = /\.(ts|tsx|js|mjs|cjs|css|md|json|sh|toml|lua|sql|yml)$|^run$/;
const SELF = normalize('tests/node/docs.test.ts');

/** Every text file of the repository's own folders, and the files at its top. */
function textFiles(): string[] {
  const nested = SOURCES.filter((dir) => existsSync(dir)).flatMap((dir) =>
    readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((file) => join(dir, file)),
  );
  const top = readdirSync('.').filter((file) => /\.(md|js|ts|cjs|toml|json)$/.test(file) && file !== 'package-lock.json');
  return [...nested, ...top].filter((file) => TEXT.test(file.split('/').pop()!) && file !== SELF && !file.includes('node_modules'));
}

/** GitHub's anchor for a heading. */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[`*_]/g, '')
    .replace(/[^\p{L}\p{N}\- ]/gu, '')
    .replace(/ /g, '-');

/** The anchors of a markdown file's headings. */
function anchors(file: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const [, heading] of readFileSync(file, 'utf8').matchAll(/^#{1,6} (.+)$/gm)) {
    const base = slug(heading!);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n ? `${base}-${n}` : base);
  }
  return out;
}

/** The numbers of a spec's `## N.` sections. */
const sections = (file: string) => new Set([...readFileSync(file, 'utf8').matchAll(/^## (\d+)\. /gm)].map((m) => Number(m[1])));

const files = textFiles();
const read = (file: string) => readFileSync(file, 'utf8');

describe('the documentation the code cites', () => {
  it('is in the repository: no citation of a document outside it', () => {
    const outside = /\.\.\/shared\/|\b(DESIGN|STYLE)\.md\b|\b[Pp]latform spec\b|\b[Cc]ontent spec\b|\b(platform|content)\.txt\b/;
    const found = files.flatMap((file) =>
      read(file)
        .split('\n')
        .flatMap((line, i) => (outside.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(found).toEqual([]);
  });

  it('cites no issue of the tracker ("issue 24 §5"): a newcomer cannot open it', () => {
    // "issue N" in prose names the project's own tracker, which is outside the repository: the
    // rule it led to is in a decision record or the spec, and that is what to cite. An upstream
    // project's issue is cited by its address (github.com/dequelabs/axe-core/issues/2768), where
    // a slash, not a space, comes before the number, so it does not match.
    const citation = /\bissues?\s+#?\d+/gi;
    const found = files.flatMap((file) => {
      const text = read(file);
      return [...text.matchAll(citation)].map((m) => {
        const line = text.slice(0, m.index).split('\n').length;
        return `${file}:${line}: "${m[0]}" (cite docs/decisions/00NN-…, docs/spec/….md §N or nothing): ${text.split('\n')[line - 1]!.trim()}`;
      });
    });
    expect(found).toEqual([]);
  });

  it('has every section a citation names (docs/spec/platform.md §7, §3-§6, …)', () => {
    const known = { platform: sections('docs/spec/platform.md'), content: sections('docs/spec/content.md') };
    const missing: string[] = [];
    let cited = 0;
    for (const file of files) {
      for (const [text, doc, refs] of read(file).matchAll(/docs\/spec\/(platform|content)\.md((?:(?:,|;| and|\s)*§\d+(?:\s*[-–]\s*§?\d+)?)+)/g)) {
        for (const [, from, to] of refs!.matchAll(/§(\d+)(?:\s*[-–]\s*§?(\d+))?/g)) {
          for (let n = Number(from); n <= Number(to ?? from); n++) {
            cited++;
            if (!known[doc as 'platform' | 'content'].has(n)) missing.push(`${file}: ${text.trim()}`);
          }
        }
      }
    }
    expect(missing).toEqual([]);
    expect(cited).toBeGreaterThan(100);
  });

  it('names only decision records that exist', () => {
    const records = new Set(readdirSync('docs/decisions').flatMap((file) => /^(\d{4})-/.exec(file)?.[1] ?? []));
    const missing = files.flatMap((file) =>
      [...read(file).matchAll(/docs\/decisions\/(\d{4})|\bdecisions? (\d{4}(?:(?:, | and )\d{4})*)/g)].flatMap(([text, path, list]) =>
        (path ? [path] : list!.split(/, | and /)).filter((n) => !records.has(n)).map((n) => `${file}: ${text} (${n})`),
      ),
    );
    expect(missing).toEqual([]);
  });

  it('links only to files and headings that exist (README.md and docs/)', () => {
    const markdown = ['README.md', ...files.filter((file) => file.startsWith('docs/') && file.endsWith('.md') && !file.endsWith('TEMPLATE.md'))];
    const broken = markdown.flatMap((file) =>
      [
        ...read(file)
          .replace(/```[\s\S]*?```/g, '')
          .matchAll(/\]\(([^)\s]+)\)/g),
      ].flatMap(([, link]) => {
        if (/^[a-z]+:/.test(link!)) return [];
        const [path, fragment] = link!.split('#');
        const target = path ? normalize(join(dirname(file), path)) : file;
        if (!existsSync(target)) return [`${file}: ${link}`];
        return fragment && target.endsWith('.md') && !anchors(target).has(fragment) ? [`${file}: ${link} (no such heading)`] : [];
      }),
    );
    expect(broken).toEqual([]);
  });
});

describe('docs/style.md', () => {
  // Its drawing of the tree is how a newcomer finds their way: every folder of the top, of
  // worker/, worker/pages/, client/, tests/ and scripts/ is in it, and every folder it draws at
  // the start of a line (two spaces a level; a wider indent continues the line above) is where
  // it is drawn.
  const drawing = /## Layout that shows the architecture\n+```\n([\s\S]*?)```/.exec(read('docs/style.md'))![1]!;
  const IGNORED = new Set(['node_modules', 'dist', 'shots', 'bench-results']);
  const folders = (dir: string) =>
    readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.') && !IGNORED.has(entry.name))
      .map((entry) => entry.name);

  it('draws every folder of the tree', () => {
    const named = new Set(drawing.match(/[\w-]+\//g));
    const missing = ['.', 'worker', 'worker/pages', 'client', 'tests', 'scripts'].flatMap((dir) =>
      folders(dir).flatMap((name) => (named.has(`${name}/`) ? [] : [join(dir, name)])),
    );
    expect(missing).toEqual([]);
  });

  it('draws no folder that is not there', () => {
    const parents: string[] = [];
    const gone = drawing.split('\n').flatMap((line) => {
      const m = /^((?: {2}){0,2})([\w-]+)\/(?= |$)/.exec(line);
      if (!m) return [];
      const depth = m[1]!.length / 2;
      parents.length = depth;
      const path = join(...parents, m[2]!);
      parents.push(m[2]!);
      return existsSync(path) ? [] : [path];
    });
    expect(parents.length).toBeGreaterThan(0);
    expect(gone).toEqual([]);
  });
});

describe('the decision records', () => {
  // A record says what holds now (docs/decisions/TEMPLATE.md); the history behind it, the
  // figures and the attempts it replaced go to docs/measurements.md, so a record stays short
  // enough to read before changing what it decides.
  it('are each at most 1,000 words', () => {
    const records = readdirSync('docs/decisions').filter((file) => /^\d{4}-.*\.md$/.test(file));
    const long = records.flatMap((file) => {
      const words = read(join('docs/decisions', file)).split(/\s+/).filter(Boolean).length;
      return words > 1000 ? [`docs/decisions/${file}: ${words} words`] : [];
    });
    expect(records.length).toBeGreaterThan(50);
    expect(long).toEqual([]);
  });
});

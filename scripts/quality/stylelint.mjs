#!/usr/bin/env node
// The stylesheets' part of `npm run lint`. First stylelint (stylelint.config.js) on each file
// of client/styles. Then the config's `joined` rules on the one sheet the build makes of them:
// esbuild inlines site.css's imports as scripts/build/build.mjs does, and each problem is reported
// under the file it comes from.
import { build } from 'esbuild';
import { join } from 'node:path';
import stylelint from 'stylelint';
import { joined } from '../../stylelint.config.js';
import { root } from '../local/worker.mjs';

const each = await stylelint.lint({ files: 'client/styles/**/*.css', cwd: root, formatter: 'string' });
if (each.report) process.stdout.write(each.report);

const sheet = join(root, 'client/styles/site.css');
let problems;
try {
  // Font files are the build's business: here only the rules count.
  const { outputFiles } = await build({ entryPoints: [sheet], bundle: true, write: false, absWorkingDir: root, logLevel: 'silent', loader: { '.woff2': 'empty' } });
  const code = outputFiles[0].text;
  // esbuild marks where each file starts, `/* client/styles/header.css */`, in the sheet it
  // lays out anew: the file is known, not its line.
  const lines = code.split('\n');
  const fileAt = (line) => {
    for (let i = line - 1; i >= 0; i--) {
      const marker = /^\/\* (client\/styles\/\S+\.css) \*\/$/.exec(lines[i] ?? '');
      if (marker) return marker[1];
    }
    return 'client/styles/site.css';
  };
  const { results } = await stylelint.lint({ code, codeFilename: sheet, config: joined });
  problems = results
    .flatMap((r) => r.warnings)
    .flatMap((w) => {
      const file = fileAt(w.line);
      const first = /at line (\d+)/.exec(w.text);
      // A selector repeated in one file is reported above, with its lines.
      if (first && fileAt(Number(first[1])) === file) return [];
      return [`${file}: ${first ? w.text.replace(first[0], `in ${fileAt(Number(first[1]))}`) : w.text}`];
    });
} catch (error) {
  problems = [`client/styles/site.css: the build cannot join the sheet: ${error.message}`];
}
if (problems.length) console.log(`\nThe joined sheet (client/styles/site.css with its imports):\n${problems.map((p) => `  ${p}`).join('\n')}\n`);

process.exitCode = each.errored || problems.length ? 1 : 0;

import stylelint from 'stylelint';
import { describe, expect, it } from 'vitest';
import config, { joined } from '../../stylelint.config.js';
import { root } from '../../scripts/local/worker.mjs';

// What `npm run lint` (scripts/quality/stylelint.mjs) catches in client/styles, through stylelint's
// Node API with the project's own configuration.

async function lint(code: string, rules = config) {
  const { results } = await stylelint.lint({ code, codeFilename: `${root}/client/styles/test.css`, config: rules, configBasedir: root });
  const [result] = results;
  return { errored: result!.errored === true, found: result!.warnings.map((w) => w.rule) };
}

describe('stylelint on client/styles', () => {
  it('fails a sheet with a missing or a stray brace', async () => {
    expect(await lint('.a {\n  color: red;\n\n.b {\n  color: blue;\n}\n')).toEqual({ errored: true, found: ['CssSyntaxError'] });
    expect(await lint('.a {\n  color: red;\n}\n}\n.b {\n  color: blue;\n}\n')).toEqual({ errored: true, found: ['CssSyntaxError'] });
  });

  it('passes a sound sheet', async () => {
    expect(await lint('.a {\n  color: var(--ink);\n}\n.b .a {\n  margin: 0;\n}\n')).toEqual({ errored: false, found: [] });
  });

  it('reports a repeated selector, an empty rule, an unknown property and declarations that never apply', async () => {
    const { errored, found } = await lint(`
.a {
  color: red;
}
.b {
}
.c {
  colour: red;
  margin: 1rem;
  color: blue;
  margin: 2rem;
  padding-top: 1rem;
  padding: 0;
}
.a {
  margin: 0;
}
`);
    expect(errored).toBe(true);
    expect(found.sort()).toEqual([
      'block-no-empty',
      'declaration-block-no-duplicate-properties',
      'declaration-block-no-shorthand-property-overrides',
      'no-duplicate-selectors',
      'property-no-unknown',
    ]);
  });

  it('in the joined sheet, a selector repeated in another file, an unknown animation or custom property', async () => {
    const { found } = await lint('.a {\n  color: var(--inc);\n}\n.b {\n  animation: spin 1s;\n}\n.a {\n  margin: 0;\n}\n', joined);
    expect(found.sort()).toEqual(['no-duplicate-selectors', 'no-unknown-animations', 'no-unknown-custom-properties']);
  });
});

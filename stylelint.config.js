// Stylelint for client/styles, run by `npm run lint` (scripts/quality/stylelint.mjs). It looks for
// mistakes, not a house style: prettier lays the sheets out.
//
// stylelint-config-recommended holds the rules that find mistakes, each file on its own. A syntax
// error (an unbalanced brace, an unclosed string or comment) fails stylelint by itself
// (CssSyntaxError). The other rules catch:
//   - declarations that never apply: a property set twice in one block
//     (declaration-block-no-duplicate-properties; a fallback of another syntax is allowed), a
//     longhand that a later shorthand overrides (declaration-block-no-shorthand-property-overrides),
//     a selector repeated in one file (no-duplicate-selectors);
//   - empty rules and comments (block-no-empty, comment-no-empty, no-empty-source);
//   - unknown or misspelt names: properties, values, units, at-rules, media features, pseudo-classes
//     and pseudo-elements, element names, invalid hex colours;
//   - deprecated properties and keywords;
//   - a rule that comes after a more specific one for the same element, so it looks like an
//     override but loses to that rule (no-descending-specificity). It is on in each file,
//     where it found 8 cases: one rule moved, and 7 pairs of components that never share an
//     element say so in a disable comment. It is off in the joined sheet: there it finds 50
//     more, mostly such pairs in different files (`.faq-sections a` after
//     `.menu[open] > ul a`), the rest a component's own rule meant to beat a shared one
//     (`.lucky-draw-form .field-hint` before `.field-hint`). Satisfying it would mean moving
//     rules out of their files or 50 more disable comments.
//
// Left off: stylelint-config-standard's layout and notation rules (tried with version 40.0.0).
// On these sheets they would only ask for restyling: a blank line before 289 rules, 10
// comments, 8 at-rules and a declaration; `@import url()` for every import (17 then; site.css has 22 now); `55%` for 6
// alpha values like `0.55`; `(width <= 767px)` for 6 `(max-width: 767px)`; and removing
// `-webkit-text-size-adjust`, which iOS Safari still needs. Its other findings are the
// recommended ones above.

/** @type {import('stylelint').Config} */
export default {
  extends: ['stylelint-config-recommended'],
};

/**
 * The rules for the one sheet the build makes by joining the files (site.css with its
 * imports inlined), for what one file cannot see: a selector repeated in another file, an
 * animation or a custom property (`var(--ink)`) that no file defines.
 * @type {import('stylelint').Config}
 */
export const joined = {
  rules: {
    'no-duplicate-selectors': true,
    'no-unknown-animations': true,
    'no-unknown-custom-properties': true,
  },
};

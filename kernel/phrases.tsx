import { Fragment, type ReactElement } from 'react';

/**
 * Short copy an island renders (a heading, a button's label), as the server hands it over:
 * a string, or in Japanese and Chinese the string already cut into its phrases
 * (worker/render/phrases.ts, docs/decisions/0041). The browser has no BudouX and needs none:
 * it renders the phrases it is given, so its markup is the server's and hydration matches.
 */
export type Phrased = string | readonly string[];

/** The text of short copy, whole: for an attribute (`aria-label`, `title`), a key or a comparison. */
export function phrasedText(copy: Phrased): string {
  return typeof copy === 'string' ? copy : copy.join('');
}

/**
 * Short copy with a `<wbr>` between its phrases, in a `phrases` span (client/styles/line-breaking.css:
 * a line breaks there only); a plain string as it is.
 */
export function Phrases({ copy }: { copy: Phrased }): ReactElement {
  if (typeof copy === 'string' || copy.length < 2) return <>{phrasedText(copy)}</>;
  return (
    <span className="phrases">
      {copy.map((phrase, i) => (
        <Fragment key={i}>
          {i > 0 ? <wbr /> : null}
          {phrase}
        </Fragment>
      ))}
    </span>
  );
}

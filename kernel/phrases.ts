/**
 * Short copy an island renders (a heading, a button's label), as the server hands it over:
 * a string, or in Japanese and Chinese the string already cut into its phrases
 * (worker/render/phrases.ts, docs/decisions/0041). The browser has no BudouX and needs none:
 * it renders the phrases it is given (`phrases()`, client/islands/kit.ts), so its markup is
 * the server's and hydration matches.
 */
export type Phrased = string | readonly string[];

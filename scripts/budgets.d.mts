import type { PageWeight } from './page-weight.mjs';

/** The speed and weight budgets. */
export declare const BUDGETS: {
  inlineScriptBytes: number;
  pageJsGzipBytes: number;
  scriptFilesWithoutIslands: number;
  lighthouse: Record<'performance' | 'accessibility' | 'best-practices' | 'seo', number>;
};
/** The budgets a page exceeds, as sentences. */
export declare function overBudget(weight: PageWeight): string[];

// Types of @adobe/structured-data-validator, which ships none: the part tests/e2e/structured-data.test.ts uses.
declare module '@adobe/structured-data-validator' {
  /** One problem found: an error Google would report, or a warning. */
  export interface Issue {
    rootType: string;
    issueMessage: string;
    severity: 'ERROR' | 'WARNING';
    fieldNames?: string[];
  }
  /** Google's rich-result rules; with schema.org's vocabulary (not given here) it checks that too. */
  export default class Validator {
    constructor(schemaOrgJson?: unknown);
    /** Validates data as @marbec/web-auto-extractor gives it: items by format, then by root type. */
    validate(data: { jsonld: Record<string, object[]>; microdata: Record<string, object[]>; rdfa: Record<string, object[]> }): Promise<Issue[]>;
  }
}

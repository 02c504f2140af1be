import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LEGAL_FACTS } from '../../content/legal/facts';
import { legalFactProblems, legalFactsFor } from '../../scripts/release/legal-facts';
import { completeLegalFacts } from '../legal-facts';

// The deploy's check of the legal facts (docs/decisions/0056); the dry run that runs it is
// tested as a process in tests/commands/release.test.ts.
const scratch = mkdtempSync(join(tmpdir(), 'legal-facts-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the legal facts check', () => {
  it('refuses, in production only, each placeholder once, naming the editions that show it and what to write', () => {
    const lines = legalFactProblems(LEGAL_FACTS, 'production');
    expect(lines).toContain(
      'production: legal fact operator.vatId of eu, fr, de is a placeholder: write the VAT identification number of Robolux Europe B.V. (NL…B01) in content/legal/facts.ts (counsel reviews the legal pages before launch)',
    );
    expect(lines.filter((l) => l.includes(' businessNumber of kr '))).toHaveLength(1);
    expect(lines.filter((l) => l.includes(' icp of cn ') || l.includes(' psb of cn '))).toHaveLength(2);
    expect(new Set(lines).size).toBe(lines.length);
    expect(legalFactProblems(LEGAL_FACTS, 'preprod')).toEqual([]);
  });

  it('passes a complete record, which a test may name but a real deploy may not use', () => {
    const file = completeLegalFacts(scratch);
    const complete = legalFactsFor({ DEPLOY_LEGAL_FACTS: file }, false);
    expect(complete.problems).toEqual([]);
    expect(legalFactProblems(complete.table, 'production')).toEqual([]);
    expect(legalFactsFor({ DEPLOY_LEGAL_FACTS: file }, true).problems).toEqual(['DEPLOY_LEGAL_FACTS is for dry runs and tests: unset it to deploy']);
  });
});

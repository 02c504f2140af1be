import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { LEGAL_FACTS } from '../content/legal/facts';
import { isMissing } from '../content/schema/legal';

/**
 * The legal facts as the business completes them: every placeholder given a value of its shape
 * (content/legal/facts.ts), written into `dir` where DEPLOY_LEGAL_FACTS can name it.
 */
export function completeLegalFacts(dir: string): string {
  const fill = (value: unknown, key = ''): unknown => {
    if (isMissing(value))
      return (
        {
          address: ['Teststraße 1', '10115 Berlin'],
          businessNumber: '123-45-67890',
          icp: '京ICP备12345678号-1',
          psb: '京公网安备11010502030143号',
        }[key] ?? `${key} as given`
      );
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v, k)]));
  };
  const file = join(dir, 'legal-facts.json');
  writeFileSync(file, JSON.stringify(fill(LEGAL_FACTS)));
  return file;
}

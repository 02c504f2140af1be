/**
 * The deploy's check of the legal facts (docs/decisions/0056): production refuses a placeholder
 * (a fact the business has not given, content/legal/facts.ts), one line per fact, naming the
 * editions that show it; pre-production shows them marked and deploys.
 */
import { readFileSync } from 'node:fs';
import { REGIONS, type Region } from '../../content/editions';
import { LEGAL_FACTS } from '../../content/legal/facts';
import { MARKET_RULES } from '../../content/legal/markets';
import { isMissing, LegalFactsTable, type LegalFacts } from '../../content/schema/legal';
import type { Target } from './release';

/** Every placeholder of one edition's facts, with where it is (`operator.register`). */
function placeholders(value: unknown, path: string[] = []): { path: string; missing: string }[] {
  if (isMissing(value)) return [{ path: path.join('.'), missing: value.missing }];
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [];
  return Object.entries(value).flatMap(([key, inner]) => placeholders(inner, [...path, key]));
}

/**
 * One sentence per legal fact still missing, for `target` (none for pre-production). A fact
 * several editions share (the European operator's register number) is one line naming them all.
 */
export function legalFactProblems(table: Record<Region, LegalFacts>, target: Target): string[] {
  if (target !== 'production') return [];
  const found = new Map<string, { regions: Region[]; path: string; missing: string }>();
  for (const region of REGIONS) {
    for (const { path, missing } of placeholders(table[region])) {
      const key = `${path}\n${missing}`;
      const entry = found.get(key) ?? { regions: [], path, missing };
      entry.regions.push(region);
      found.set(key, entry);
    }
  }
  return [...found.values()].map(
    ({ regions, path, missing }) =>
      `${target}: legal fact ${path} of ${regions.join(', ')} is a placeholder: write ${missing} in content/legal/facts.ts (counsel reviews the legal pages before launch)`,
  );
}

/**
 * The facts a deploy checks: the repository's, or, for the tests, the record in the JSON file
 * `DEPLOY_LEGAL_FACTS` names; that file counts only where nothing reaches Cloudflare (a dry run,
 * or a recorded run), so no deploy can pass the check with facts other than those it uploads.
 */
export function legalFactsFor(env: NodeJS.ProcessEnv, reachesCloudflare: boolean): { table: Record<Region, LegalFacts>; problems: string[] } {
  const file = env.DEPLOY_LEGAL_FACTS;
  if (!file) return { table: LEGAL_FACTS, problems: [] };
  if (reachesCloudflare) return { table: LEGAL_FACTS, problems: ['DEPLOY_LEGAL_FACTS is for dry runs and tests: unset it to deploy'] };
  const parsed = LegalFactsTable(MARKET_RULES).safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) return { table: LEGAL_FACTS, problems: [`DEPLOY_LEGAL_FACTS ${file} is not a legal-facts record: ${parsed.error.issues[0]?.message ?? 'invalid'}`] };
  return { table: parsed.data as Record<Region, LegalFacts>, problems: [] };
}

import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

// The delivery workflows (.github/workflows/, decisions 0037 and 0065) hold their rules: a
// rollback never waits on or is cancelled by a release; a push's test run and a deploy's never
// cancel each other (a reusable workflow's concurrency group is evaluated in its caller's
// context); deploys are never cancelled half-way; there is one way back, `npm run deploy --
// rollback`, in the workflow as in the runbook; the slow gates run on a schedule and on tags.
// Each group is evaluated for every run that can happen, as GitHub evaluates it.

interface Workflow {
  name: string;
  on: Record<string, unknown>;
  concurrency?: { group: string; 'cancel-in-progress'?: boolean | string };
  jobs: Record<string, { uses?: string; steps?: { uses?: string; run?: string; with?: Record<string, string> }[] }>;
}

const folder = '.github/workflows';
const workflows = Object.fromEntries(
  readdirSync(folder)
    .filter((f) => f.endsWith('.yml'))
    .map((f) => [f, parse(readFileSync(join(folder, f), 'utf8')) as Workflow]),
);
const workflow = (file: string) => workflows[file] ?? expect.fail(`${folder}/${file} is missing`);

type Value = string | number | boolean | null | undefined;
type Contexts = Record<string, Record<string, Value>>;

/**
 * Evaluates a GitHub Actions expression (the part of the language the workflows use: context
 * properties, string and number literals, `==`, `!=`, `!`, `&&`, `||`, parentheses) with
 * GitHub's rules: `&&` and `||` give one of their operands, strings compare without case.
 */
function evaluate(expression: string, contexts: Contexts): Value {
  const tokens = expression.match(/'(?:[^']|'')*'|&&|\|\||==|!=|!|\(|\)|[\w.-]+/g) ?? [];
  let at = 0;
  const peek = () => tokens[at];
  const take = () => tokens[at++];
  const truthy = (v: Value) => v !== '' && v !== 0 && v !== false && v !== null && v !== undefined;
  const same = (a: Value, b: Value) => (typeof a === 'string' && typeof b === 'string' ? a.toLowerCase() === b.toLowerCase() : a === b);
  const primary = (): Value => {
    const token = take();
    if (token === undefined) throw new Error(`unexpected end of ${expression}`);
    if (token === '(') {
      const value = or();
      take();
      return value;
    }
    if (token === '!') return !truthy(primary());
    if (token.startsWith("'")) return token.slice(1, -1).replace(/''/g, "'");
    if (/^\d+$/.test(token)) return Number(token);
    if (token === 'true' || token === 'false') return token === 'true';
    if (token === 'null') return null;
    const [context, ...path] = token.split('.');
    return path.length === 1 ? contexts[context!]?.[path[0]!] : undefined;
  };
  const compare = (): Value => {
    let left = primary();
    while (peek() === '==' || peek() === '!=') {
      const op = take();
      const right = primary();
      left = op === '==' ? same(left, right) : !same(left, right);
    }
    return left;
  };
  const and = (): Value => {
    let left = compare();
    while (peek() === '&&') {
      take();
      const right = compare();
      left = truthy(left) ? right : left;
    }
    return left;
  };
  const or = (): Value => {
    let left = and();
    while (peek() === '||') {
      take();
      const right = and();
      left = truthy(left) ? left : right;
    }
    return left;
  };
  return or();
}

/** A text with its `${{ … }}` expressions evaluated. */
const interpolate = (text: string, contexts: Contexts) => text.replace(/\$\{\{(.*?)\}\}/g, (_, e: string) => String(evaluate(e, contexts) ?? ''));

/** A run that can happen: which workflow file, and the contexts GitHub gives it (a called workflow gets its caller's `github`). */
interface Run {
  what: string;
  file: string;
  github: Record<string, Value>;
  inputs?: Record<string, Value>;
}

/** A run's concurrency: its group and whether a newer run of the group cancels it. */
function concurrency(run: Run): { group: string; cancels: boolean } | undefined {
  const spec = workflow(run.file).concurrency;
  if (!spec) return undefined;
  const contexts = { github: run.github, inputs: run.inputs ?? {} };
  const cancel = spec['cancel-in-progress'];
  const cancels = typeof cancel === 'string' ? interpolate(cancel, contexts) === 'true' : cancel === true;
  return { group: interpolate(spec.group, contexts), cancels };
}

const push = (workflow: string, ref: string) => ({ workflow, event_name: 'push', ref, ref_type: ref.startsWith('refs/tags/') ? 'tag' : 'branch' });
const MAIN = 'refs/heads/main';
const TAG = 'refs/tags/v1.4.0';
const DISPATCH = (workflow: string) => ({ workflow, event_name: 'workflow_dispatch', ref: MAIN, ref_type: 'branch' });

/** The deploys (and the tests each calls), per environment. */
const deploys: Run[] = [
  { what: 'a merge to main deploying pre-production', file: 'deploy.yml', github: push('Deploy', MAIN) },
  { what: 'a tag deploying production', file: 'deploy.yml', github: push('Deploy', TAG) },
  { what: 'a manual production deploy', file: 'deploy.yml', github: DISPATCH('Deploy'), inputs: { environment: 'production' } },
  { what: 'a manual pre-production deploy', file: 'deploy.yml', github: DISPATCH('Deploy'), inputs: { environment: 'preprod' } },
];
const deployTests: Run[] = [
  { what: 'the tests a merge’s deploy calls', file: 'test.yml', github: push('Deploy', MAIN) },
  { what: 'the tests a tag’s deploy calls', file: 'test.yml', github: push('Deploy', TAG) },
];
const pushTests: Run[] = [
  { what: 'the tests of a push to main', file: 'test.yml', github: push('Test', MAIN) },
  {
    what: 'the tests of a pull request',
    file: 'test.yml',
    github: { workflow: 'Test', event_name: 'pull_request', ref: 'refs/pull/7/merge', ref_type: 'branch' },
  },
];
const rollbacks: Run[] = ['production', 'preprod'].map((environment) => ({
  what: `a rollback of ${environment}`,
  file: 'rollback.yml',
  github: DISPATCH('Rollback'),
  inputs: { environment, version: '', reason: '' },
}));

describe('the workflows’ concurrency groups', () => {
  it('put each environment’s deploys in one group that never cancels a deploy half-way', () => {
    const groups = deploys.map((run) => concurrency(run));
    expect(groups.map((g) => g?.group)).toEqual(['deploy-preprod', 'deploy-production', 'deploy-production', 'deploy-preprod']);
    expect(groups.every((g) => g?.cancels === false)).toBe(true);
  });

  it('give a rollback a group of its own: it never waits behind a release, and nothing cancels it', () => {
    const others = [...deploys, ...deployTests, ...pushTests].map((run) => concurrency(run)?.group);
    for (const run of rollbacks) {
      const own = concurrency(run);
      expect(own, run.what).toBeDefined();
      expect(others, `${run.what} shares its group with a release`).not.toContain(own!.group);
      expect(own!.cancels, `${run.what} can be cancelled`).toBe(false);
    }
    expect(new Set(rollbacks.map((run) => concurrency(run)!.group)).size).toBe(rollbacks.length);
  });

  it('never let a push’s test run and a deploy’s tests cancel each other (the reusable workflow’s group is its caller’s)', () => {
    for (const deployed of deployTests) {
      const theirs = concurrency(deployed);
      for (const pushed of pushTests) expect(concurrency(pushed)?.group, `${pushed.what} and ${deployed.what}`).not.toBe(theirs?.group);
      // A deploy's tests are not cancelled by a later deploy's either: the deploy itself queues.
      expect(theirs?.cancels ?? false, deployed.what).toBe(false);
    }
    // Pushes and pull requests still cancel their own older runs.
    for (const pushed of pushTests) expect(concurrency(pushed)?.cancels, pushed.what).toBe(true);
  });

  it('are read as GitHub reads them', () => {
    const contexts = { github: { workflow: 'Deploy', ref_type: 'tag' }, inputs: { environment: '' } };
    expect(evaluate("github.ref_type == 'tag' && 'production' || 'preprod'", contexts)).toBe('production');
    expect(evaluate("github.workflow == 'test'", { github: { workflow: 'Test' } })).toBe(true);
    expect(evaluate("!(inputs.environment) && 'none'", contexts)).toBe('none');
  });
});

describe('the way back', () => {
  const steps = Object.values(workflow('rollback.yml').jobs).flatMap((job) => job.steps ?? []);

  it('is one command, `npm run deploy -- rollback`, in the Rollback workflow as in the runbook', () => {
    const runs = steps.map((step) => step.run ?? '');
    expect(runs.filter((run) => run.includes('npm run deploy -- rollback'))).toHaveLength(1);
    expect(runs.find((run) => run.includes('npm run deploy -- rollback'))).toMatch(/--env "\$TARGET"/);
    expect(readFileSync('docs/operations.md', 'utf8')).toContain('npm run deploy -- rollback --env production');
  });

  it('never runs wrangler’s own rollback beside it', () => {
    for (const [file, flow] of Object.entries(workflows))
      for (const step of Object.values(flow.jobs).flatMap((job) => job.steps ?? [])) {
        expect(step.run ?? '', file).not.toMatch(/\bwrangler\s+rollback\b/);
        if (step.uses?.startsWith('cloudflare/wrangler-action')) expect(step.with?.command ?? '', file).not.toMatch(/^rollback\b/);
      }
  });
});

describe('the slow gates', () => {
  it('run `npm run test:quality` on a schedule and on every release tag', () => {
    const runners = Object.entries(workflows).filter(([, flow]) =>
      Object.values(flow.jobs).some((job) => (job.steps ?? []).some((step) => /\bnpm run test:quality\b/.test(step.run ?? ''))),
    );
    expect(runners.map(([file]) => file)).not.toEqual([]);
    for (const [file, flow] of runners) {
      const on = flow.on;
      expect(on.schedule, `${file} runs on no schedule`).toEqual([{ cron: expect.stringMatching(/^\S+ \S+ \S+ \S+ \S+$/) }]);
      expect((on.push as { tags?: string[] } | undefined)?.tags, `${file} does not run on release tags`).toContain('v*');
    }
  });
});

import type { Handler } from 'hono';
import { REGIONS } from '../../content/editions';
import { FORM_KINDS } from '../../content/forms';
import type { AppEnv } from '../context/types';
import { CODES } from '../../kernel/codes';
import { envelope } from '../post/codes';
import { claimedRegion, formGate, readInput } from '../post/input';
import { submitForm } from '../records/submissions';

/**
 * POST /support/forms/:kind as a call (tech-support, product-registration, rma, wholesale;
 * JSON, or the enhanced form's multipart asking for JSON): the rule of
 * worker/records/submissions.ts, answered in the envelope: `data.reference`, or
 * `data.fields` naming what to correct.
 */
export const formApi: Handler<AppEnv> = async (c) => {
  const kind = FORM_KINDS.find((k) => k === c.req.param('kind'));
  if (!kind) return envelope(c, claimedRegion(c, { fields: {} }, REGIONS, 'us'), CODES.notFound);
  // The client counted and a header's CAPTCHA checked before the body is read (docs/decisions/0055).
  const gate = await formGate(c, REGIONS);
  if (!gate.open)
    return gate.refusal === 'busy' ? envelope(c, gate.region, CODES.busy) : envelope(c, gate.region, CODES.invalid, { fields: { captcha: 'invalid' } });
  const input = await readInput(c);
  const region = claimedRegion(c, input, REGIONS, 'us');
  const outcome = await submitForm(kind, region, input, { env: c.env, human: () => gate.human(input.fields['cf-turnstile-response']), now: Date.now() });
  const data = outcome.reference ? { reference: outcome.reference } : outcome.problems ? { fields: outcome.problems } : {};
  return envelope(c, region, outcome.code, data);
};

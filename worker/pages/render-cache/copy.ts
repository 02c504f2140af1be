import type { Context } from 'hono';
import type { AppEnv } from '../../context/types';
import { stitch, visitorParts } from '../visitor';
import type { Plan } from './key';

/** A freshly rendered page for this visitor: their parts stitched in (the same as from a stored copy). */
export function visitorCopy<E extends AppEnv>(c: Context<E>, plan: Plan, response: Response): Response {
  const parts = response.body && response.headers.get('Content-Type')?.startsWith('text/html') ? visitorParts(plan.visitor, plan.consent) : undefined;
  if (!parts) return response;
  stitched(c);
  return stitch(response, parts);
}

/** Tells the consent step the visitor's consent is in the answer already: one pass stitches all their parts. */
export function stitched<E extends AppEnv>(c: Context<E>): void {
  (c as unknown as Context<AppEnv>).set('stitched', true);
}

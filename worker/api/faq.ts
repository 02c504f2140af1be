import type { Handler } from 'hono';
import { FaqQuery } from '../../content/faq';
import { faqItems, faqSections } from '../../kernel/faq';
import { REGIONS, type Region } from '../../content/editions';
import { CODES } from '../../kernel/codes';
import { CACHE } from '../cache';
import type { AppEnv } from '../context/types';
import { envelope, wordsOf } from '../post/codes';

/** The edition whose language a refusal speaks: the one the query or the `region` header names, else us. */
function regionOf(...values: (string | undefined)[]): Region {
  return REGIONS.find((r) => values.includes(r)) ?? 'us';
}

/**
 * GET /api/faq?region=us&category=support-services&q=shipping: an edition's FAQ in its
 * language, the spec's figures filled in, one section or a search when asked; the envelope
 * `{code, msg, data: {sections, entries}}`. Shared caches may keep it a few minutes (the
 * copy changes with a deploy or a KV push). A query the schema refuses is a 4000 naming the
 * fields, never stored in a cache.
 */
export const faqApi: Handler<AppEnv> = async (c) => {
  const query = c.req.query();
  const parsed = FaqQuery.safeParse(query);
  if (!parsed.success) {
    const fields = Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0] ?? 'query'), 'invalid']));
    return envelope(c, regionOf(query.region, c.req.header('region')), CODES.invalid, { fields });
  }
  const { region, ...filter } = parsed.data;
  const copy = await wordsOf(c, region);
  return c.json(
    {
      code: CODES.success,
      msg: 'success',
      data: { region, sections: faqSections(copy), entries: faqItems(region, copy, filter) },
    },
    200,
    { 'Cache-Control': CACHE.data },
  );
};

import Validator from '@adobe/structured-data-validator';
import { describe, expect, inject, it } from 'vitest';
import { fetchLocal, sitemapPages } from './http';

// Structured data Google accepts (docs/decisions/0034): every JSON-LD block of every page — each
// edition's sitemap now, and at moments when each campaign is live — passes Google's
// rich-result rules with no error. The rules are Adobe's structured-data-validator (Product,
// Offer, BreadcrumbList, Organization and the rest as Google documents them); it has none for
// FAQPage, whose rules are below, as Google's FAQ documentation states them.

/** A moment each campaign page is live (docs/design.md, "Campaigns"). */
const MOMENTS = ['now', '2024-11-20T17:00:00Z', '2024-11-30T17:00:00Z', '2024-12-10T17:00:00Z', '2025-08-12T16:00:00Z'];

type Node = Record<string, unknown>;

/** The JSON-LD blocks of a page, parsed; a block that is not JSON is named as a problem. */
function blocks(html: string, url: string, problems: string[]): Node[] {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([^<]*)<\/script>/g)].flatMap((m) => {
    try {
      return [JSON.parse(m[1]!) as Node];
    } catch {
      problems.push(`${url}: a JSON-LD block is not JSON`);
      return [];
    }
  });
}

const asList = (v: unknown): Node[] => (Array.isArray(v) ? (v as Node[]) : v && typeof v === 'object' ? [v as Node] : []);
const text = (v: unknown) => typeof v === 'string' && v.trim() !== '';

/** Google's FAQPage rules: mainEntity holds Questions, each named, each with an accepted Answer that has text. */
function faqErrors(node: Node): string[] {
  const questions = asList(node.mainEntity);
  if (questions.length === 0) return ['FAQPage: "mainEntity" with at least one Question is required'];
  return questions.flatMap((q, i) => {
    const answer = asList(q.acceptedAnswer)[0];
    return [
      ...(q['@type'] === 'Question' ? [] : [`FAQPage: mainEntity[${i}] is not a Question`]),
      ...(text(q.name) ? [] : [`FAQPage: mainEntity[${i}] needs "name"`]),
      ...(answer?.['@type'] === 'Answer' && text(answer.text) ? [] : [`FAQPage: mainEntity[${i}] needs an acceptedAnswer with "text"`]),
    ];
  });
}

/** The errors (not warnings) Google's rules find in a page's blocks. */
async function errorsOf(nodes: Node[]): Promise<string[]> {
  const byType: Record<string, Node[]> = {};
  for (const node of nodes) for (const type of [node['@type']].flat() as string[]) (byType[type] ??= []).push(structuredClone(node));
  const issues = await new Validator().validate({ jsonld: byType, microdata: {}, rdfa: {} });
  return [
    ...issues.filter((i) => i.severity === 'ERROR').map((i) => `${i.rootType}: ${i.issueMessage}`),
    ...nodes.filter((n) => n['@type'] === 'FAQPage').flatMap(faqErrors),
  ];
}

describe('structured data', () => {
  it('finds the errors Google reports: a Product with no offer, review or rating; a one-field breadcrumb; an FAQ without answers', async () => {
    expect(await errorsOf([{ '@context': 'https://schema.org', '@type': 'Product', name: 'Flagship Bumblebee' }])).toContain(
      'Product: One of the following attributes is required: "aggregateRating", "offers" or "review"',
    );
    expect(await errorsOf([{ '@type': 'Product', name: 'K1', offers: { '@type': 'Offer', priceCurrency: 'USD' } }])).not.toEqual([]);
    expect(await errorsOf([{ '@type': 'BreadcrumbList', itemListElement: [{ '@type': 'ListItem', position: 1 }] }])).not.toEqual([]);
    expect(await errorsOf([{ '@type': 'FAQPage', mainEntity: [{ '@type': 'Question', name: 'Returns?' }] }])).toEqual([
      'FAQPage: mainEntity[0] needs an acceptedAnswer with "text"',
    ]);
  });

  it('passes Google’s rich-result rules with no error on every page of every edition, campaigns live included', { timeout: 240_000 }, async () => {
    const port = inject('port');
    const problems: string[] = [];
    const types = new Map<string, number>();
    for (const at of MOMENTS) {
      const headers: Record<string, string> = at === 'now' ? {} : { Cookie: `timestamp=${Date.parse(at)}` };
      for (const url of await sitemapPages(port, headers)) {
        const page = await fetchLocal(url, { headers });
        expect(page.status, url).toBe(200);
        const nodes = blocks(page.text, url, problems);
        for (const node of nodes) types.set(String(node['@type']), (types.get(String(node['@type'])) ?? 0) + 1);
        problems.push(...(await errorsOf(nodes)).map((e) => `${url} (${at}): ${e}`));
      }
    }
    expect(problems).toEqual([]);
    // The crawl met what the site emits: products with offers, the pages about unpriced products, trails, the FAQ.
    for (const type of ['Product', 'WebPage', 'BreadcrumbList', 'FAQPage']) expect(types.get(type) ?? 0, type).toBeGreaterThan(0);
  });
});

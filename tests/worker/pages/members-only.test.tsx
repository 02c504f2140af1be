import { describe, expect, it } from 'vitest';
import { createTranslator } from '../../../locales';
import { bundledCopy } from '../../../worker/bundle/build';
import { SiteProvider } from '../../../worker/context/react';
import type { Site } from '../../../worker/context/site';
import { MembersOnly } from '../../../worker/pages/parts/members-only';
import { renderHtml } from '../../../worker/render/stream';

// The members-only part (docs/decisions/0017) the campaign pages wrap their member offers in: the offer
// is in the HTML but hidden, and everyone sees a log-in link back to the page; the island that
// reveals the offer loads only for members (the `member` trigger).

/** What the part reads of the request: the edition's copy and paths, and the page's address. */
function siteFor(region: 'us' | 'de', path: string): Site {
  return {
    ...createTranslator(bundledCopy(region)),
    href: (p: string) => `/${region}${p === '/' ? '' : p}`,
    url: new URL(`http://localhost${path}`),
    slug: path.split('/')[2] ?? '',
  } as unknown as Site; // The part reads only these; a whole Site needs a request.
}

async function render(site: Site, loginHref?: string): Promise<string> {
  const element = (
    <SiteProvider value={site}>
      <MembersOnly {...(loginHref ? { loginHref } : {})}>
        <p id="offer">Members save an extra 10%</p>
      </MembersOnly>
    </SiteProvider>
  );
  return new Response(await renderHtml(element, { nonce: 'n', complete: true })).text();
}

describe('members-only part', () => {
  it('renders the offer hidden and a log-in link back to this page, in the edition’s language', async () => {
    const html = await render(siteFor('de', '/de/christmas-sale'));
    expect(html).toContain('<div class="members-only-content" hidden=""><p id="offer">Members save an extra 10%</p></div>');
    expect(html).toContain('<a class="button" href="/de/login?next=%2Fde%2Fchristmas-sale">Anmelden oder registrieren</a>');
    expect(html).toContain('Angebot nur für Mitglieder');
    expect(html).toContain('data-island="members-only"');
    expect(html).toContain('data-island-when="member"');
  });

  it('takes the log-in link it is given', async () => {
    const html = await render(siteFor('us', '/us/christmas-sale'), '/us/login?next=%2Fus%2Fchristmas-sale%23offers');
    expect(html).toContain('href="/us/login?next=%2Fus%2Fchristmas-sale%23offers"');
    expect(html).toContain('Members-only offer');
  });
});

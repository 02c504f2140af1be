#!/usr/bin/env node
// `npm run shots [-- name]`: headless screenshots of the page types a shopper meets, at a phone's
// and a desktop's width, into shots/<name>/ (git-ignored; default name "latest"). Starts the
// deployable worker with fresh state (scripts/local.mjs), so anyone can make the same pictures
// again and lay a branch's beside main's. Full-page PNGs, named `<page>-<width>.png`.
/* global document, localStorage -- the lines run in the page */
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumFlags, chromiumPath } from './chromium.mjs';
import { root, startWorker } from './local.mjs';

/** The widths: a phone's (390, an iPhone's) and a laptop's. */
export const WIDTHS = [390, 1280];

/**
 * The pages: name, path, and what the visit needs — `at`, a moment to preview (a campaign
 * while it is live); `member`, a session in the browser (the account page).
 */
export const SHOTS = [
  { name: 'home', path: '/us' },
  { name: 'flagship-bumblebee', path: '/us/flagship-bumblebee' },
  { name: 'flagship-megatron', path: '/us/flagship-megatron' },
  { name: 'k1-pro', path: '/us/k1-pro-interstellar-scout' },
  { name: 'black-friday', path: '/us/black-friday', at: '2024-11-30T12:00:00-05:00' },
  { name: 'support', path: '/us/support' },
  { name: 'login', path: '/us/login' },
  { name: 'account', path: '/us/account', member: true },
];

const out = join(root, 'shots', process.argv[2] || 'latest');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const worker = await startWorker();
const origin = `http://localhost:${worker.port}`;
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
try {
  for (const shot of SHOTS) {
    for (const width of WIDTHS) {
      const context = await browser.newContext({ viewport: { width, height: width < 768 ? 844 : 900 } });
      // A returning visitor: the US new-user popup would cover the page.
      await context.addInitScript(() => localStorage.setItem('newUserPopupSeen', '1'));
      if (shot.at) await context.addCookies([{ name: 'timestamp', value: String(Date.parse(shot.at)), url: origin }]);
      const page = await context.newPage();
      if (shot.member) {
        await page.goto(`${origin}/us`);
        // A new member through the API, the session stored as the log-in form stores it.
        await page.evaluate(async () => {
          const email = `shots-${Date.now()}@example.com`;
          const res = await fetch('/account/user/register_or_login', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', region: 'us' },
            body: JSON.stringify({ email, password: 'Correct-Horse-Battery-42!', agree: true }),
          });
          const { data } = await res.json();
          const scope = document.documentElement.dataset.scope;
          localStorage.setItem(`${scope}/apptoken`, data.apptoken);
          localStorage.setItem(`${scope}/reftoken`, data.reftoken);
          localStorage.setItem(`${scope}/userId`, data.user_id);
        });
      }
      await page.goto(`${origin}${shot.path}`, { waitUntil: 'networkidle' });
      await page.evaluate(() => document.fonts.ready);
      const file = join(out, `${shot.name}-${width}.png`);
      await page.screenshot({ path: file, fullPage: true });
      console.log(`shots: ${shot.path} at ${width} px → ${file}`);
      await context.close();
    }
  }
} finally {
  await browser.close();
  await worker.close();
}

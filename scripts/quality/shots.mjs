#!/usr/bin/env node
// `npm run shots [-- name]`: headless screenshots of the page types a shopper meets, at a phone's
// and a desktop's width, into shots/<name>/ (git-ignored; default name "latest"). Starts the
// deployable worker with fresh state (scripts/local/worker.mjs), so anyone can make the same pictures
// again and lay a branch's beside main's. Full-page PNGs, named `<page>-<width>.png`, with every
// image loaded and decoded, below the fold too (see `settle`).
// `npm run shots -- name page,page` shoots only the pages named.
// `npm run shots:compare [-- before after]`: shots/compare.html, each page's pair side by side.
/* global document, getComputedStyle, localStorage -- the lines run in the page */
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumFlags, chromiumPath } from '../local/chromium.mjs';
import { root, startWorker } from '../local/worker.mjs';

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
  { name: 'limited-edition', path: '/us/optimus-prime-rise-of-the-beasts-signature-limited-edition', at: '2023-06-15T12:00:00Z' },
  { name: 'black-friday', path: '/us/black-friday', at: '2024-11-30T12:00:00-05:00' },
  { name: 'black-friday-de', path: '/de/black-friday', at: '2024-11-30T12:00:00Z' },
  { name: 'christmas', path: '/us/christmas-sale', at: '2024-12-10T12:00:00Z' },
  { name: 'christmas-de', path: '/de/christmas-sale', at: '2024-12-10T12:00:00Z' },
  { name: 'back-to-school', path: '/us/back-to-school', at: '2025-08-20T04:00:00Z' },
  { name: 'support', path: '/us/support' },
  { name: 'login', path: '/us/login' },
  { name: 'account', path: '/us/account', member: true },
];

/** How long a page may take to load and decode every image before the shot gives up. */
const SETTLE_MS = 20_000;

/**
 * Makes the page what a reader who scrolled to its end would see, without scrolling: every
 * `img` eager (a lazy one below the fold never loads in a full-page shot and stays an empty
 * box), every `content-visibility: auto` box rendered, then waits until every image is complete
 * and decoded and the fonts are in. Bounded: after SETTLE_MS it throws, naming the images still
 * missing, so a broken picture fails the run instead of hanging it.
 */
async function settle(page, path) {
  const missing = await page.evaluate(async (ms) => {
    for (const el of document.querySelectorAll('body *')) {
      if (getComputedStyle(el).contentVisibility === 'auto') el.style.contentVisibility = 'visible';
    }
    const images = [...document.images];
    for (const img of images) img.loading = 'eager';
    const loaded = Promise.all(
      images.map((img) =>
        (img.complete
          ? Promise.resolve()
          : new Promise((done) => {
              img.addEventListener('load', done, { once: true });
              img.addEventListener('error', done, { once: true });
            })
        )
          .then(() => img.decode())
          .catch(() => undefined),
      ),
    ).then(() => document.fonts.ready);
    const late = await Promise.race([loaded.then(() => false), new Promise((done) => setTimeout(() => done(true), ms))]);
    const broken = images.filter((img) => !img.complete || (img.currentSrc && img.naturalWidth === 0));
    return late || broken.length ? { late, images: broken.map((img) => img.currentSrc || img.src) } : null;
  }, SETTLE_MS);
  if (missing) {
    throw new Error(
      `shots: ${path}: ${missing.late ? `images not loaded within ${SETTLE_MS / 1000} s` : 'images failed to load'}: ${missing.images.join(', ')}`,
    );
  }
}

/** Writes shots/compare.html: per page and width, the `before` shot beside the `after` one (referenced, not embedded). */
function compare(before, after) {
  const dir = join(root, 'shots');
  const cell = (set, file) =>
    existsSync(join(dir, set, file))
      ? `<a href="${set}/${file}"><img src="${set}/${file}" alt="${set}: ${file}" loading="lazy"></a>`
      : `<p>no ${set}/${file}</p>`;
  const rows = SHOTS.flatMap((shot) =>
    WIDTHS.map((width) => {
      const file = `${shot.name}-${width}.png`;
      return `<section><h2>${shot.name} · ${width} px <small>${shot.path}${shot.at ? ` at ${shot.at}` : ''}</small></h2><div class="pair"><figure><figcaption>${before}</figcaption>${cell(before, file)}</figure><figure><figcaption>${after}</figcaption>${cell(after, file)}</figure></div></section>`;
    }),
  );
  const html = `<!doctype html><html lang="en"><meta charset="utf-8"><title>Shots: ${before} | ${after}</title>
<style>body{font:14px system-ui,sans-serif;margin:1rem;background:#eee}section{margin:0 0 3rem}.pair{display:grid;grid-template-columns:1fr 1fr;gap:1rem;align-items:start}figure{margin:0}figcaption{font-weight:600;margin-bottom:.25rem}img{max-width:100%;height:auto;border:1px solid #999;background:#fff}small{font-weight:400;color:#555}</style>
<h1>Shots: ${before} (left) beside ${after} (right)</h1>
${rows.join('\n')}
</html>
`;
  const file = join(dir, 'compare.html');
  writeFileSync(file, html);
  console.log(`shots: ${file}`);
}

if (process.argv[2] === '--compare') {
  compare(process.argv[3] || 'before', process.argv[4] || 'after');
  process.exit(0);
}

const out = join(root, 'shots', process.argv[2] || 'latest');
const only = process.argv[3]?.split(',');
if (!only) rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const worker = await startWorker();
const origin = `http://localhost:${worker.port}`;
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
try {
  for (const shot of SHOTS.filter((s) => !only || only.includes(s.name))) {
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
      await settle(page, shot.path);
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

import { chromium, type Browser } from 'playwright-core';
import { inject } from 'vitest';

/** Launches Debian's Chromium headless, as this machine allows. */
export function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-quic', '--disable-sync'],
  });
}

/** The global edition's origin. */
export const site = () => `http://localhost:${inject('port')}`;
/** The China edition's origin. */
export const china = () => `http://cn.localhost:${inject('port')}`;

// Debian's Chromium as this machine runs it: one path and one set of flags for the browser
// tests, the accessibility crawl and Lighthouse.

/** Where Chromium is: `CHROME_PATH` (the name Lighthouse reads), else Debian's. */
export const chromiumPath = process.env.CHROME_PATH || '/usr/bin/chromium';

/** Without the background-networking flags Debian's Chromium hangs on refused connections here. */
export const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-quic',
  '--disable-sync',
];

/**
 * Where Turnstile's script, challenge frame and verification live (the support forms' CAPTCHA,
 * when configured). A module of its own, free of imports, because the support-form island
 * reads it: importing it from `kernel/forms.ts` would ship zod and the page table to the
 * browser (some 95 kB gzip).
 */
export const TURNSTILE_ORIGIN = 'https://challenges.cloudflare.com';

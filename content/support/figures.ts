/**
 * The figures the support and information pages quote (docs/spec/content.md §9): one place, passed
 * to every page's copy as `{{name}}` parameters, so no translation can get one wrong.
 */
export const SUPPORT_FIGURES = {
  /** Standard warranty, years. */
  warrantyYears: 2,
  /** Price guarantee, days. */
  priceGuaranteeDays: 30,
  /** Support replies within, hours. */
  replyHours: 24,
  /** Oldest iOS the app supports. */
  iosMin: 13,
  /** Oldest Android the app supports. */
  androidMin: 8,
  /** Oldest Windows the desktop programming software supports. */
  windowsMin: 10,
  /** Oldest macOS the desktop programming software supports. */
  macosMin: 12,
} as const;

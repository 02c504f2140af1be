import type { Region } from '../editions';
import { ManualSeries } from '../schema/support';

/**
 * The manuals page (docs/spec/content.md §2): PDFs per series, each with its size and update date.
 * The files are client/static/manuals/<file>, written by `npx tsx scripts/manuals/write.ts`
 * from content/support/manual-texts.ts; `bytes` is the file's real size, which
 * tests/worker/pages/info.test.ts checks against the file. Series of products sold in one
 * edition only list in that edition.
 */
const SERIES: unknown[] = [
  {
    key: 'flagship',
    manuals: [
      { key: 'flagshipBumblebee', file: 'flagship-bumblebee-quick-start.pdf', bytes: 2408, updated: '2025-07-15' },
      { key: 'flagshipOptimusPrime', file: 'flagship-optimus-prime-user-manual.pdf', bytes: 2180, updated: '2024-11-25', regions: ['us'] },
      { key: 'flagshipMegatron', file: 'flagship-megatron-user-manual.pdf', bytes: 2141, updated: '2025-09-10', regions: ['us'] },
      { key: 'grimlockG1Flagship', file: 'grimlock-g1-flagship-user-manual.pdf', bytes: 2032, updated: '2024-11-27', regions: ['us'] },
    ],
  },
  {
    key: 'elite',
    regions: ['us'],
    manuals: [
      { key: 'eliteOptimusPrime', file: 'elite-optimus-prime-quick-start.pdf', bytes: 2009, updated: '2024-11-25' },
      { key: 'aiBase', file: 'ai-base-quick-start.pdf', bytes: 1906, updated: '2024-11-25' },
    ],
  },
  {
    key: 'toyStory',
    manuals: [
      { key: 'toyStoryBuzzLightyear', file: 'toy-story-buzz-lightyear-user-manual.pdf', bytes: 2232, updated: '2024-11-27' },
      { key: 'buzzLightyearSpaceRangerAlpha', file: 'buzz-lightyear-space-ranger-alpha-quick-start.pdf', bytes: 1873, updated: '2024-11-27', regions: ['us'] },
    ],
  },
  {
    key: 'interstellar',
    manuals: [{ key: 'k1Series', file: 'k1-series-user-manual.pdf', bytes: 2080, updated: '2024-11-25' }],
  },
  {
    key: 'limited',
    regions: ['us', 'cn'],
    manuals: [{ key: 'optimusPrimeSignature', file: 'optimus-prime-signature-limited-edition-user-manual.pdf', bytes: 2216, updated: '2024-11-27' }],
  },
  {
    key: 'g1',
    regions: ['us'],
    manuals: [{ key: 'bumblebeeG1Performance', file: 'bumblebee-g1-performance-quick-start.pdf', bytes: 1861, updated: '2024-11-25' }],
  },
  {
    key: 'general',
    manuals: [{ key: 'safety', file: 'safety-and-battery-guide.pdf', bytes: 2207, updated: '2024-11-25' }],
  },
];

/** Every series with its manuals, checked against the schema when loaded. */
export const MANUAL_SERIES: readonly ManualSeries[] = ManualSeries.array().parse(SERIES);

/** Public path of a manual file. */
export const manualPath = (file: string) => `/manuals/${file}`;

/** The series an edition lists, each with the manuals it lists there; series left empty are dropped. */
export function manualsFor(region: Region): ManualSeries[] {
  return MANUAL_SERIES.filter((s) => !s.regions || s.regions.includes(region))
    .map((s) => ({ ...s, manuals: s.manuals.filter((m) => !m.regions || m.regions.includes(region)) }))
    .filter((s) => s.manuals.length > 0);
}

import { EDITIONS, REGIONS, type Region } from '../editions';
import { pageExists } from '../pages';
import { MANUAL_LANGUAGES, ManualSeries, type Manual, type ManualLanguage } from '../schema/support';

/**
 * The manuals page (docs/spec/content.md §2): PDFs per series, each with its size and update date.
 * The files are client/static/manuals/<file>, written by `npx tsx scripts/art/manuals/write.ts`
 * from content/support/manual-texts.ts, one per language the manual is written in; `bytes`
 * holds each file's real size, which tests/worker/pages/info.test.ts checks against the file.
 * Series of products sold in one edition only list in that edition, and every edition lists
 * its manuals in its own language (docs/decisions/0032): a manual listed where its
 * language's file is missing fails at load.
 */
const SERIES: unknown[] = [
  {
    key: 'flagship',
    manuals: [
      { key: 'flagshipBumblebee', file: 'flagship-bumblebee-quick-start.pdf', bytes: { en: 2408, de: 2670, fr: 2781, ko: 4186, zh: 3521 }, updated: '2025-07-15' },
      { key: 'flagshipOptimusPrime', file: 'flagship-optimus-prime-user-manual.pdf', bytes: { en: 2180 }, updated: '2024-11-25', regions: ['us'] },
      { key: 'flagshipMegatron', file: 'flagship-megatron-user-manual.pdf', bytes: { en: 2141 }, updated: '2025-09-10', regions: ['us'] },
      { key: 'grimlockG1Flagship', file: 'grimlock-g1-flagship-user-manual.pdf', bytes: { en: 2032 }, updated: '2024-11-27', regions: ['us'] },
    ],
  },
  {
    key: 'elite',
    regions: ['us'],
    manuals: [
      { key: 'eliteOptimusPrime', file: 'elite-optimus-prime-quick-start.pdf', bytes: { en: 2009 }, updated: '2024-11-25' },
      { key: 'aiBase', file: 'ai-base-quick-start.pdf', bytes: { en: 1906 }, updated: '2024-11-25' },
    ],
  },
  {
    key: 'toyStory',
    manuals: [
      { key: 'toyStoryBuzzLightyear', file: 'toy-story-buzz-lightyear-user-manual.pdf', bytes: { en: 2232, de: 2492, fr: 2562, ko: 3896, zh: 3319 }, updated: '2024-11-27' },
      { key: 'buzzLightyearSpaceRangerAlpha', file: 'buzz-lightyear-space-ranger-alpha-quick-start.pdf', bytes: { en: 1873 }, updated: '2024-11-27', regions: ['us'] },
    ],
  },
  {
    key: 'interstellar',
    manuals: [{ key: 'k1Series', file: 'k1-series-user-manual.pdf', bytes: { en: 2080, de: 2276, fr: 2297, ko: 3714, zh: 3263 }, updated: '2024-11-25' }],
  },
  {
    key: 'limited',
    regions: ['us', 'cn'],
    manuals: [{ key: 'optimusPrimeSignature', file: 'optimus-prime-signature-limited-edition-user-manual.pdf', bytes: { en: 2216, zh: 3375 }, updated: '2024-11-27' }],
  },
  {
    key: 'g1',
    regions: ['us'],
    manuals: [{ key: 'bumblebeeG1Performance', file: 'bumblebee-g1-performance-quick-start.pdf', bytes: { en: 1861 }, updated: '2024-11-25' }],
  },
  {
    key: 'general',
    manuals: [{ key: 'safety', file: 'safety-and-battery-guide.pdf', bytes: { en: 2207, de: 2524, fr: 2533, ko: 3788, zh: 3045 }, updated: '2024-11-25' }],
  },
];

/** Every series with its manuals, checked against the schema when loaded. */
export const MANUAL_SERIES: readonly ManualSeries[] = ManualSeries.array().parse(SERIES);

/** Public path of a manual file. */
export const manualPath = (file: string) => `/manuals/${file}`;

/** The language an edition's manuals are in: its locale's language (en-GB and en-EU read English). */
function manualLanguage(region: Region): ManualLanguage {
  const language = EDITIONS[region].locale.split('-')[0]!;
  const known = MANUAL_LANGUAGES.find((l) => l === language);
  if (!known) throw new Error(`manuals: no manual language for the ${region} edition (${language})`);
  return known;
}

/** The file of a manual in a language: the English file's name, or <name>.<language>.pdf. */
export const manualFileIn = (file: string, language: ManualLanguage) => (language === 'en' ? file : file.replace(/\.pdf$/, `.${language}.pdf`));

/** A manual as an edition lists it: its file in the edition's language, that file's size. */
export interface ListedManual extends Pick<Manual, 'key' | 'updated'> {
  /** The file in the edition's language. */
  file: string;
  language: ManualLanguage;
  bytes: number;
}

/** Every file of every manual, with its language: what the generator writes and the tests check. */
export const MANUAL_FILES: readonly (ListedManual & { source: string })[] = MANUAL_SERIES.flatMap((s) =>
  s.manuals.flatMap((m) =>
    MANUAL_LANGUAGES.flatMap((language) => {
      const bytes = m.bytes[language];
      return bytes === undefined ? [] : [{ key: m.key, updated: m.updated, file: manualFileIn(m.file, language), language, bytes, source: m.file }];
    }),
  ),
);

/** The series an edition lists, each with the manuals it lists there in its language; series left empty are dropped. */
export function manualsFor(region: Region): { key: string; manuals: ListedManual[] }[] {
  const language = manualLanguage(region);
  return MANUAL_SERIES.filter((s) => !s.regions || s.regions.includes(region))
    .map((s) => ({
      key: s.key,
      manuals: s.manuals
        .filter((m) => !m.regions || m.regions.includes(region))
        .map((m) => {
          const bytes = m.bytes[language];
          if (bytes === undefined) throw new Error(`manuals: ${m.file} is listed in the ${region} edition but has no ${language} file`);
          return { key: m.key, updated: m.updated, file: manualFileIn(m.file, language), language, bytes };
        }),
    }))
    .filter((s) => s.manuals.length > 0);
}

// Every edition with a manuals page lists each of its manuals in its own language: checked once, at load.
for (const region of REGIONS) if (pageExists('manuals', region)) manualsFor(region);

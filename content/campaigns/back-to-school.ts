import { BackToSchoolEdition, PerRegion } from '../schema/campaign';

/**
 * Back to School (US; docs/spec/content.md §9: "save up to $529 plus an extra 8%"). The products on
 * sale are the catalogue's offers whose sale price applies in the current stage
 * (content/catalogue.ts `activityStages`); the stages are the US promotion stages.
 */
export const BACK_TO_SCHOOL = PerRegion(BackToSchoolEdition).parse({
  us: {
    saveUpTo: 529,
    extraPercent: 8,
    benefits: [{ key: 'priceGuarantee' }, { key: 'warranty' }, { key: 'instalments' }, { key: 'support' }],
  },
});

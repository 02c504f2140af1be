import { z } from 'zod';

/** An ISO 8601 instant with an explicit offset, e.g. `2025-08-11T15:00:00+08:00`. */
export const Instant = z.iso.datetime({ offset: true });

/** The campaigns the schedule dates (content/campaigns/). */
export const CAMPAIGN_IDS = ['black-friday', 'christmas-sale', 'back-to-school'] as const;
export const CampaignId = z.enum(CAMPAIGN_IDS);
export type CampaignId = z.infer<typeof CampaignId>;

/** One stage number or a list of them; an item matches when the region's stage is among them. */
const StageMatch = z.union([z.number().int().min(0), z.array(z.number().int().min(0)).min(1)]);

/**
 * The time window shared by routes, nav items, banners, tiles and offers. Each condition
 * applies only when set.
 */
export const Window = z.object({
  /**
   * Whose stage thresholds `stage`/`stages` count: a campaign's own in the region (schedule
   * `campaigns`), else the region's promotion stage (schedule `stages`).
   */
  campaign: CampaignId.optional(),
  /** Visible from this instant on. */
  startTime: Instant.optional(),
  /** Visible until just before this instant. */
  endTime: Instant.optional(),
  /** Visible only in this stage (or these stages). */
  stage: StageMatch.optional(),
  /** Same as `stage`; both spellings occur in the content. */
  stages: StageMatch.optional(),
});
export type Window = z.infer<typeof Window>;

import { z } from 'zod';
import { LOCALES, REGIONS } from '../editions';
import { Offer, ProductKey } from './catalogue';
import { RegionPack } from './region-pack';

const MessageTree: z.ZodType<unknown> = z.lazy(() => z.record(z.string(), z.union([z.string(), z.array(z.string()), MessageTree])));

/** One edition's content: what a request needs to render any of its pages. */
export const Bundle = z.object({
  /** Content version, so a stale KV copy can be told apart. */
  version: z.string().min(1),
  /**
   * The edition it is for. The store serves a bundle only under that edition's key
   * (`bundle:<region>`), with that edition's locale: any other is rejected and logged.
   */
  region: z.enum(REGIONS),
  /** Locale of the messages: the edition's own (content/editions.ts). */
  locale: z.enum(LOCALES),
  /** The region pack. */
  pack: RegionPack,
  /** All messages, by namespace. */
  messages: z.record(z.string(), MessageTree),
  /** Offers by product key. */
  offers: z.partialRecord(ProductKey, Offer),
});
export type Bundle = z.infer<typeof Bundle>;

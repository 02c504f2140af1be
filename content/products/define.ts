import type { z } from 'zod';
import type { ProductPage } from '../schema/product';

/** A product page as written in content/products; index.ts checks it against the schema. */
export type ProductPageInput = z.input<typeof ProductPage>;

/** `/images/products/{slug}/{name}.svg`, 640 × 480 unless said otherwise. */
export function artOf(slug: string) {
  return (name: string, width = 640, height = 480) => ({ src: `/images/products/${slug}/${name}.svg`, width, height });
}

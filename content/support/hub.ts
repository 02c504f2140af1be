import { SupportLink } from '../schema/support';

/**
 * The support hub's six links (docs/spec/content.md §2, "Support hub links"), in the spec's order.
 * Each shows where its page exists in the edition (content/pages.ts), with the icon
 * client/static/images/support/<key>.svg.
 */
export const SUPPORT_LINKS: readonly SupportLink[] = SupportLink.array().parse([
  { key: 'downloadCenter', slug: 'download-center' },
  { key: 'faq', slug: 'faq' },
  { key: 'manuals', slug: 'manuals' },
  { key: 'techSupport', slug: 'technical-support' },
  { key: 'productRegistration', slug: 'product-registration' },
  { key: 'returns', slug: 'return-manufacturer' },
]);

import { Picture, resolvePicture, type ImageRef } from '../../../kernel/picture';
import { useSite } from '../../context/react';

/**
 * A picture a page names by its file and size (a tile, a campaign's banner, deal or icon):
 * resolved for this site and drawn by the one image component, as the product pages' pictures
 * are (kernel/picture.tsx, decision 0049). `width` and `height` are the size it is laid out at.
 */
export function Art({ sizes, className, priority, eager, ...image }: ImageRef & { sizes: string; className?: string; priority?: boolean; eager?: boolean }) {
  const { mediaOrigin } = useSite();
  return <Picture image={resolvePicture(image, mediaOrigin)} sizes={sizes} className={className} priority={priority} eager={eager} />;
}

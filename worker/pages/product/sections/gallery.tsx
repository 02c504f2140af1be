import GalleryIsland, { type GalleryProps } from '../../../../client/islands/gallery';
import { islandPicture } from '../../../../kernel/picture';
import { useSite } from '../../../context/react';
import { Island } from '../../../render/island';
import type { SectionProps } from './types';
import { Band } from '../../parts/sections';
import { usePhrased } from '../../parts/phrased';

/** The translator fills `{{n}}` and `{{total}}` itself: it leaves the island these markers to fill (client/islands/kit.ts `counted`). */
export const COUNT_MARKERS = { n: '%n', total: '%total' };

/**
 * A gallery: a scrollable strip of pictures, each a link to its full image, and the gallery
 * island that opens them in a lightbox (arrows, swipe, "3 / 8").
 */
export function Gallery({ section, view }: SectionProps<'gallery'>) {
  const site = useSite();
  const phrased = usePhrased();
  const heading = view.copy(`${section.copy}.heading`);
  const props: GalleryProps = {
    heading: phrased(heading),
    images: section.images.map((key) => islandPicture(view.image(key), '(min-width: 768px) 320px, 80vw')),
    close: site.t('common.close'),
    prev: site.t('product.gallery.prev'),
    next: site.t('product.gallery.next'),
    counter: site.t('product.gallery.counter', COUNT_MARKERS),
  };
  return (
    <Band id={section.id} heading={heading}>
      <div className="gallery-scroll" role="region" aria-label={heading} tabIndex={0}>
        <Island name="gallery" component={GalleryIsland} props={props} />
      </div>
    </Band>
  );
}

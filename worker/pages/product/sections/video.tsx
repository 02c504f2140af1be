import VideoIsland, { type VideoProps } from '../../../../client/islands/video';
import { useSite } from '../../../context/react';
import { Island } from '../../../render/island';
import type { SectionProps } from './types';
import { Band } from '../../parts/sections';
import { usePhrased } from '../../parts/phrased';
import { gapBetween } from '../../../../kernel/spacing';

/** Where the pages play videos from without a media host: each video's original clip, animated from the product art (scripts/art/clips.ts). */
const LOCAL_MEDIA = '/media';

/** The formats every video is published in, best first. */
const FORMATS = [
  { ext: 'webm', type: 'video/webm' },
  { ext: 'mp4', type: 'video/mp4' },
] as const;

/** A video's sources: on the media host when `MEDIA_ORIGIN` is configured, else its local clip at the same path. */
function videoSources(media: string, mediaOrigin: string | undefined): VideoProps['sources'] {
  const base = `${mediaOrigin || LOCAL_MEDIA}/${media}`;
  return FORMATS.map(({ ext, type }) => ({ src: `${base}.${ext}`, type }));
}

/**
 * A video: its poster with alt text and the video island's play button, which opens the
 * video in a dialog with replay and fullscreen. Without JavaScript a link opens the video
 * file itself.
 */
export function Video({ section, view }: SectionProps<'video'>) {
  const site = useSite();
  const c = section.copy;
  const poster = view.image(section.poster);
  const label = view.copy(`${c}.label`);
  const phrased = usePhrased();
  const heading = view.copy(`${c}.heading`);
  const open = site.t('common.labels.watchVideo');
  const props: VideoProps = {
    id: `video-${c}`,
    title: phrased(heading),
    open: phrased(open),
    close: site.t('common.close'),
    replay: phrased(site.t('product.video.replay')),
    fullscreen: phrased(site.t('product.video.fullscreen')),
    // One URL (the video element's poster takes one): the largest, transformed on the media host for a photograph.
    poster: { src: poster.src, alt: poster.alt, width: poster.width, height: poster.height },
    sources: videoSources(section.media, site.mediaOrigin),
  };
  return (
    <Band id={section.id} variant="video" heading={heading}>
      <figure className="video-poster" data-video={c}>
        <Island name="video" component={VideoIsland} props={props} />
        <figcaption>
          <a className="video-file" href={props.sources[0]!.src}>
            {open}
          </a>
          {gapBetween(open, label)}
          {label}
        </figcaption>
      </figure>
    </Band>
  );
}

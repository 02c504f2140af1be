import { useSite } from '../../../context/react';
import type { SectionProps } from './types';

/**
 * A video, shown as its poster and a label. The player (replay, fullscreen, the banner's
 * video dialog) is an island of phase 2; until then the poster says what the video shows.
 */
export function Video({ section, view }: SectionProps<'video'>) {
  const site = useSite();
  const c = section.copy;
  const poster = view.image(section.poster);
  return (
    <section id={section.id} className="band video">
      <h2>{view.copy(`${c}.heading`)}</h2>
      <figure className="video-poster" data-video={c}>
        <img src={poster.src} alt={poster.alt} width={poster.width} height={poster.height} loading="lazy" />
        <figcaption>
          <span className="play-label">{site.t('common.labels.watchVideo')}</span> {view.copy(`${c}.label`)}
        </figcaption>
      </figure>
    </section>
  );
}

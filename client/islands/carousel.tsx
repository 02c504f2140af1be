import { useRef } from 'react';
import type { IslandPicture } from '../../kernel/picture';
import { arrowStep, counted, useSwipe } from './kit';

/** A slide: its title, text and optional picture. */
interface Slide {
  title: string;
  body: string;
  image?: IslandPicture;
}

/** Props of a carousel; all copy comes from the server, localized. */
export interface CarouselProps {
  /** The carousel's name (the section heading). */
  label: string;
  slides: Slide[];
  prev: string;
  next: string;
  /** Each slide's label: `%n of %total` in the edition's words. */
  of: string;
  /** What assistive technology calls the carousel and each slide ("carousel", "slide"). */
  carousel: string;
  slide: string;
}

/**
 * A carousel of slides, one in view at a time, that never moves by itself: previous and next
 * buttons, the arrow keys anywhere inside it and a swipe move it (wrapping at the ends), each
 * slide says "n of m". Without JavaScript its track is a row that scrolls sideways.
 */
export default function Carousel({ label, slides, prev, next, of, carousel, slide }: CarouselProps) {
  const track = useRef<HTMLDivElement>(null);
  const total = slides.length;
  // Where it is, read from the track itself: a scroll by wheel, trackpad or (without
  // JavaScript) touch moves it too.
  const go = (step: number) => {
    const t = track.current!;
    t.scrollTo({ left: ((Math.round(t.scrollLeft / t.clientWidth) + step + total) % total) * t.clientWidth });
  };
  const swipe = useSwipe(go);
  return (
    <div
      className="carousel"
      role="region"
      aria-roledescription={carousel}
      aria-label={label}
      onKeyDown={(event) => {
        const step = arrowStep(event);
        if (!step) return;
        event.preventDefault();
        go(step);
      }}
    >
      <div className="carousel-controls">
        <button type="button" className="button" aria-label={prev} onClick={() => go(-1)}>
          ‹
        </button>
        <button type="button" className="button" aria-label={next} onClick={() => go(1)}>
          ›
        </button>
      </div>
      <div ref={track} className="carousel-track" aria-live="polite" tabIndex={0} {...swipe}>
        {slides.map(({ title, body, image }, i) => (
          <div key={title} className="card carousel-slide" role="group" aria-roledescription={slide} aria-label={counted(of, i + 1, total)}>
            {image ? <img {...image} loading="lazy" /> : null}
            <h3>{title}</h3>
            <p>{body}</p>
          </div>
        ))}
      </div>
    </div>
  );
}

import { useRef, useState } from 'react';
import type { IslandPicture } from '../../kernel/picture';
import { arrowStep, backdropClose, counted, useSwipe, trapTab, phrases } from './kit';
import type { Phrased } from '../../kernel/phrases';

/** Props of a product gallery and its lightbox; all copy comes from the server, localized. */
export interface GalleryProps {
  /** The gallery's heading, the lightbox's title. */
  heading: Phrased;
  images: IslandPicture[];
  close: string;
  prev: string;
  next: string;
  /** Where the lightbox is: `%n / %total` in the edition's words. */
  counter: string;
}

/**
 * A product gallery: each picture is a link to its full image (all it is without
 * JavaScript); once hydrated a click opens it in a lightbox, a modal dialog (focus in and
 * trapped, Escape closes, focus returns to the picture) that moves with its buttons, the
 * arrow keys or a swipe, and says where it is ("3 / 8").
 */
export default function Gallery({ heading, images, close, prev, next, counter }: GalleryProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [at, setAt] = useState(0);
  const total = images.length;
  const go = (step: number) => setAt((i) => (i + step + total) % total);
  const swipe = useSwipe(go);
  const image = images[at]!;
  return (
    <>
      <ul className="gallery">
        {images.map((picture, i) => (
          <li key={picture.src}>
            <a
              href={picture.src}
              // Opens the lightbox once hydrated; before then the boot lines hold a click back and replay it.
              aria-haspopup="dialog"
              onClick={(event) => {
                event.preventDefault();
                setAt(i);
                dialog.current?.showModal();
              }}
            >
              <img {...picture} loading="lazy" />
            </a>
          </li>
        ))}
      </ul>
      <dialog
        ref={dialog}
        className="lightbox"
        aria-labelledby="lightbox-title"
        onClick={backdropClose}
        onKeyDown={(event) => {
          const step = arrowStep(event);
          if (step) go(step);
          trapTab(event);
        }}
      >
        <form method="dialog">
          <button type="submit" className="dialog-close" aria-label={close}>
            ×
          </button>
        </form>
        <h2 id="lightbox-title">{phrases(heading)}</h2>
        <figure {...swipe}>
          <img {...image} sizes={image.sizes && 'min(100vw, 960px)'} loading="lazy" />
          <figcaption className="lightbox-count" aria-live="polite">
            {counted(counter, at + 1, total)}
          </figcaption>
        </figure>
        <p className="lightbox-nav">
          <button type="button" className="button" aria-label={prev} onClick={() => go(-1)}>
            ‹
          </button>
          <button type="button" className="button" aria-label={next} onClick={() => go(1)}>
            ›
          </button>
        </p>
      </dialog>
    </>
  );
}

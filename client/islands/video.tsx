import { useRef, useState, useSyncExternalStore } from 'react';
import type { ImageRef } from '../../kernel/picture';
import { backdropClose, trapTab, phrases } from './kit';
import type { Phrased } from '../../kernel/phrases';

/** A source of the video: its URL and media type. */
interface VideoSource {
  src: string;
  type: string;
}

/** Props of a video and its dialog; all copy comes from the server, localized. */
export interface VideoProps {
  /** Unique on the page (a page may have several videos): names the dialog's title `{id}-title`. */
  id: string;
  /** The dialog's title: what the video shows. */
  title: Phrased;
  /** Label of the play button ("Watch Video"). */
  open: Phrased;
  close: string;
  replay: Phrased;
  fullscreen: Phrased;
  /** The poster, with its alt text: the page shows it, and a click on it opens the video (without JavaScript, its file). */
  poster: ImageRef;
  /** The video in each format, best first; without JavaScript the page links to the first. */
  sources: VideoSource[];
}

/** Whether the page may go full screen, a store that never changes (nothing to subscribe to). */
const unchanging = () => () => {};
const fullscreenEnabled = () => document.fullscreenEnabled;
const serverHasNoFullscreen = () => false;

/**
 * A play button that opens the video in a modal dialog and plays it (focus in and trapped,
 * Escape closes and pauses, focus returns to the button). Once the video has ended a Replay
 * button plays it again from the start; a Fullscreen button shows the video full screen where
 * the browser allows it (and is not there where it does not).
 */
export default function Video({ id, title, open, close, replay, fullscreen, poster, sources }: VideoProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const [ended, setEnded] = useState(false);
  // Known only in the browser: the server renders without the button, and so does hydration;
  // React renders again with the browser's answer once hydrated.
  const canFullscreen = useSyncExternalStore(unchanging, fullscreenEnabled, serverHasNoFullscreen);
  const play = () => void video.current?.play().catch(() => {});
  const show = () => {
    dialog.current?.showModal();
    play();
  };
  return (
    <>
      <a
        className="video-poster-open"
        href={sources[0]!.src}
        aria-haspopup="dialog"
        onClick={(event) => {
          event.preventDefault();
          show();
        }}
      >
        {/* The poster is the bundled art or a frame: one picture, not a set of widths (kernel/picture.tsx is not downloaded for it). */}
        <img {...poster} loading="lazy" />
        <span className="video-play" aria-hidden="true" />
      </a>
      <button type="button" className="button primary video-open" aria-haspopup="dialog" onClick={show}>
        {phrases(open)}
      </button>
      <dialog
        ref={dialog}
        className="video-dialog"
        aria-labelledby={`${id}-title`}
        onClick={backdropClose}
        onKeyDown={trapTab}
        onClose={() => video.current?.pause()}
      >
        <form method="dialog">
          <button type="submit" className="dialog-close" aria-label={close}>
            ×
          </button>
        </form>
        <h2 id={`${id}-title`}>{phrases(title)}</h2>
        <video ref={video} controls playsInline preload="none" poster={poster.src} onEnded={() => setEnded(true)} onPlay={() => setEnded(false)}>
          {sources.map((source) => (
            <source key={source.src} src={source.src} type={source.type} />
          ))}
        </video>
        <p className="video-actions">
          <button
            type="button"
            className="button"
            hidden={!ended}
            onClick={() => {
              const v = video.current!;
              v.currentTime = 0;
              play();
              // The button hides once the video plays again: focus stays in the dialog, on the video.
              v.focus();
            }}
          >
            {phrases(replay)}
          </button>
          {canFullscreen ? (
            <button type="button" className="button" onClick={() => void video.current!.requestFullscreen()}>
              {phrases(fullscreen)}
            </button>
          ) : null}
        </p>
      </dialog>
    </>
  );
}

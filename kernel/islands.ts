/**
 * The islands: the interactive parts of a page that the server marks and the browser
 * hydrates with React (docs/design.md, "Client", docs/decisions/0009-react-islands.md). This is
 * the one list: the server's marker, the page views, the document and the build (which checks
 * it against the files in client/islands/, each with its component as its default export) all read it.
 */

/** Every island by name; each is `client/islands/<name>.tsx`. */
export const ISLAND_NAMES = [
  'voice-commands',
  'new-user-popup',
  'lucky-draw',
  'countdown',
  'support-form',
  'faq',
  'gallery',
  'video',
  'carousel',
  'action-dialog',
  'login',
  'account',
  'account-entry',
  'members-only',
  'consent',
] as const;
export type IslandName = (typeof ISLAND_NAMES)[number];

/**
 * When an island's code loads (and with it, for the page's first island, React):
 * - `visible`: when it comes within a few hundred pixels of the viewport;
 * - `idle`: once the page has loaded and the browser is idle (or a timeout passes);
 * - `interaction`: on the visitor's first pointerdown, keydown, focusin or touchstart on or
 *   near it (inside its parent element);
 * - `new-visitor`: only for a visitor who has not seen it yet (the `POPUP_SEEN_KEY` of
 *   kernel/popup.ts), at idle 15 s after the load event: the popup interrupts, so the
 *   shopper has read the page first, and React's long task falls well after the load;
 *   everyone else downloads nothing.
 * - `member`: only for a visitor with a session in this storage scope (the scope's `userId`
 *   key, kernel/session.ts), as soon as the page is parsed; everyone else downloads nothing,
 *   and an interaction does not load it either: for them the server's HTML is the part.
 * NOTE: `idle` loads React within a few seconds of every load; Lighthouse counts that
 * toward Total Blocking Time. Prefer `visible` or `interaction` where they fit.
 * Whatever the trigger, an interaction on or near an island loads it at once; not a
 * `new-visitor` island, which shows nothing until it opens by itself.
 */
export type IslandTrigger = 'visible' | 'idle' | 'interaction' | 'new-visitor' | 'member';

/** Each island's trigger. */
export const ISLAND_TRIGGER: Record<IslandName, IslandTrigger> = {
  // A button half-way down the product page: nobody needs it before scrolling to it.
  'voice-commands': 'visible',
  // Opens by itself 1.5 s after it hydrates, once per visitor.
  'new-user-popup': 'new-visitor',
  // The campaign page's entry form, far down the page; it works as a plain form until then.
  'lucky-draw': 'visible',
  // Its server-rendered time left is right at first paint; it ticks once in view.
  countdown: 'visible',
  // A form works as a plain post until the visitor starts filling it in: then it loads.
  'support-form': 'interaction',
  // The FAQ reads without it; searching or switching sections loads it.
  faq: 'interaction',
  // Product galleries sit at the foot of the page; without JavaScript each picture links to its full image.
  gallery: 'visible',
  // Videos sit near the top of some pages: loading React at once would count against
  // Lighthouse's load window; the first click on the play button is replayed once it hydrates.
  video: 'interaction',
  // Megatron's experience carousel, near the top of the page: loading React as soon as it
  // is in view put React's long task inside Lighthouse's load window. It never moves by
  // itself, and without JavaScript its track scrolls sideways; a press on its buttons loads
  // it and is replayed.
  carousel: 'interaction',
  // Grimlock's action-programming dialog, beside the voice commands.
  'action-dialog': 'visible',
  // The log-in form works as a plain form post; the island takes it over once the visitor
  // reaches for it (focus, a tap, a key), which is before they can submit it.
  login: 'interaction',
  // The account page is nothing without the session: load at once, it is in view.
  account: 'visible',
  // The header's "Log in" becomes the member's name: only members load anything.
  'account-entry': 'member',
  // Members-only offers: shown to members, a log-in link (server HTML) for everyone else.
  'members-only': 'member',
  // The consent banner (decision 0033) is a plain form until then; once the page is idle it
  // takes over, so a choice applies in place (granted scripts load without a reload). It is
  // only on the pages of a visitor who has not chosen, and on the cookie-settings page.
  consent: 'idle',
};

// The marker the server writes and the boot lines and hydration entry read:
// <div data-island="voice-commands" data-props="{…}" data-island-when="visible">…</div>

/** Names the island on its wrapper element. */
export const ISLAND_ATTR = 'data-island';
/** The island's props, as JSON. */
export const PROPS_ATTR = 'data-props';
/** The island's trigger (`IslandTrigger`). */
export const WHEN_ATTR = 'data-island-when';
/**
 * The island's state, set in the browser: absent until its trigger fires; `pending` once it
 * has (the boot lines), which the hydration entry watches for; `hydrating` once React owns
 * its events; `true` once React has committed the hydrated tree.
 */
export const HYDRATED_ATTR = 'data-hydrated';
/** On <html>, only on pages with an island: the URL of the hydration entry the boot lines load. */
export const HYDRATE_ATTR = 'data-hydrate';
/**
 * On a control of an island still loading (a `type="button"` button, or a link that opens a
 * dialog once hydrated) that was clicked or given an arrow key: `click` or the key. The
 * hydration entry presses it again once React listens, so the first press is not lost.
 */
export const REPLAY_ATTR = 'data-replay';
// NOTE: after the constants the boot lines read, so their minified text (and its CSP hash) keeps
// its shape: a constant between two of theirs splits their declaration (4 bytes of a 2,048 budget).
/**
 * The island's module (`/assets/<name>-<hash>.js`, the build's manifest), which the hydration
 * entry imports: the entry then carries no list of every island, and a page pays for none
 * but its own (docs/decisions/0009-react-islands.md).
 */
export const SRC_ATTR = 'data-island-src';

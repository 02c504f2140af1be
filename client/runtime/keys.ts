/** localStorage key recording that the US new-user popup was shown: once per visitor. */
export const POPUP_SEEN_KEY = 'newUserPopupSeen';

/** Whether this visitor has not seen the new-user popup yet (the `new-visitor` trigger); no storage, no popup. */
export function isNewVisitor(): boolean {
  try {
    return !localStorage.getItem(POPUP_SEEN_KEY);
  } catch {
    return false;
  }
}

/** localStorage key recording that the US new-user popup was shown: once per visitor. */
export const POPUP_SEEN_KEY = 'newUserPopupSeen';

/** Whether a lazy island's condition holds for this visitor. */
export function lazyIslandWanted(when: string | undefined): boolean {
  if (when !== 'new-visitor') return true;
  try {
    return !localStorage.getItem(POPUP_SEEN_KEY);
  } catch {
    return false;
  }
}

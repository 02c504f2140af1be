import { POPUP_SEEN_KEY } from '../../kernel/popup';

/** Whether this visitor has not seen the new-user popup yet (the `new-visitor` trigger); no storage, no popup. */
export function isNewVisitor(): boolean {
  try {
    return !localStorage.getItem(POPUP_SEEN_KEY);
  } catch {
    return false;
  }
}

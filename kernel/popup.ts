/**
 * localStorage key recording that the US new-user popup was shown: once per visitor. The
 * browser reads it (the `new-visitor` trigger, the popup) and the worker's no-JavaScript
 * log-in sets it (a member is no new visitor). A module of its own, free of imports, because
 * the popup's chunk carries it: in kernel/session.ts it brought the session keys along.
 */
export const POPUP_SEEN_KEY = 'newUserPopupSeen';

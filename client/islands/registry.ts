import type { ComponentType } from 'react';

/**
 * Every island by name. Only what a page marks is loaded; each import becomes its own
 * chunk, React is shared between them.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const ISLANDS: Record<string, () => Promise<{ default: ComponentType<any> }>> = {
  'voice-commands': () => import('./VoiceCommands'),
  'new-user-popup': () => import('./NewUserPopup'),
};

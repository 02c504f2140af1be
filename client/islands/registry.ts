import type { ComponentType } from 'react';
import type { IslandName } from '../../kernel/islands';

/** Loads an island's component; its props are the JSON the server wrote beside it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type IslandLoader = () => Promise<{ default: ComponentType<any> }>;

/**
 * Every island by name (kernel/islands.ts): a missing or extra one fails `tsc`. Each import
 * becomes its own chunk; React is one shared chunk beside them (scripts/build/build.mjs).
 */
export const ISLANDS: Record<IslandName, IslandLoader> = {
  'voice-commands': () => import('./voice-commands'),
  'new-user-popup': () => import('./new-user-popup'),
  'lucky-draw': () => import('./lucky-draw'),
  countdown: () => import('./countdown'),
  'support-form': () => import('./support-form'),
  faq: () => import('./faq'),
  gallery: () => import('./gallery'),
  video: () => import('./video'),
  carousel: () => import('./carousel'),
  'action-dialog': () => import('./action-dialog'),
  login: () => import('./login'),
  account: () => import('./account'),
  'account-entry': () => import('./account-entry'),
  'members-only': () => import('./members-only'),
  consent: () => import('./consent'),
};

import type { Handler } from 'hono';
import { CODES } from '../../kernel/codes';
import { CACHE } from '../cache';
import { allowsUnsignedPreview } from '../clock/preview';
import type { After } from '../context/types';

/**
 * GET /ssr/timestamp: the effective now (preview-aware), in the API envelope. `preview` says
 * whether a preview moment is in force and whether a plain one may move it (`movable`,
 * locally and on pre-production) or only a signed link can (`fixed`), so a countdown
 * reaching zero under a preview knows whether it can step the preview to its target.
 */
export const timestampApi: Handler<After<'now' | 'previewing'>> = (c) => {
  c.header('Cache-Control', CACHE.none);
  const preview = c.var.previewing ? (allowsUnsignedPreview(c.var.config) ? 'movable' : 'fixed') : null;
  return c.json({ code: CODES.success, msg: 'success', data: { timestamp: c.var.now, preview } });
};

import type { Handler } from 'hono';
import { API_CODES } from '../../content/schema/api';
import { CACHE } from '../cache';
import type { After } from '../context/types';

/** GET /ssr/timestamp: the effective now (preview-aware), in the API envelope. */
export const timestampHandler: Handler<After<'now'>> = (c) => {
  c.header('Cache-Control', CACHE.none);
  return c.json({ code: API_CODES.success, msg: 'success', data: { timestamp: c.var.now } });
};

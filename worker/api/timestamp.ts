import type { Handler } from 'hono';
import { API_CODES } from '../../content/schema/api';
import type { AppEnv } from '../context';

/** GET /ssr/timestamp: the effective now (preview-aware), in the API envelope. */
export const timestampHandler: Handler<AppEnv> = (c) => {
  c.header('Cache-Control', 'no-store');
  return c.json({ code: API_CODES.success, msg: 'success', data: { timestamp: c.get('now') } });
};

import type { Context } from 'hono';
import type { Region } from '../../content/editions';
import type { Translator } from '../../locales';
import { CODES, type Code } from '../../kernel/codes';
import { translatorOf } from '../render/translator';
import { CACHE } from '../cache';
import { store } from '../context/content';
import type { AppEnv } from '../context/types';

/**
 * Every envelope code the site answers (kernel/codes.ts names them), with its HTTP status: the
 * one table (docs/design.md, "Calls and errors"). A refusal's message is
 * `common.api.message.{code}`, else the default.
 */
export const STATUS = {
  [CODES.success]: 200,
  [CODES.invalid]: 400,
  [CODES.credentials]: 401,
  [CODES.weakPassword]: 400,
  [CODES.invalidSession]: 401,
  [CODES.agreement]: 400,
  [CODES.conflict]: 409,
  [CODES.tooLarge]: 413,
  [CODES.unsupportedType]: 415,
  [CODES.busy]: 429,
  [CODES.forbidden]: 403,
  [CODES.notFound]: 404,
  [CODES.unavailable]: 503,
} as const satisfies Record<Code, number>;
export type { Code };

/** The message of a code in the edition's language: `success` for 2000, the code's own message, else the default. */
export function messageOf(t: Translator['t'], code: Code): string {
  return code === CODES.success ? 'success' : t(`common.api.message.${code}`) || t('common.api.message.default');
}

/** The words of an edition's bundle in force (KV, else bundled), for an answer in its language. */
export async function wordsOf<E extends AppEnv>(c: Context<E>, region: Region): Promise<Translator> {
  return translatorOf(await store.bundle(c.env.CONTENT, region, c.var.config.release));
}

/**
 * An answer in the API envelope `{code, msg, data}`, with the code's HTTP status, never
 * stored; `msg` is the code's message in the edition's language unless the rule says more.
 */
export async function envelope<E extends AppEnv>(c: Context<E>, region: Region, code: Code, data: object = {}, msg?: string): Promise<Response> {
  const text = msg ?? messageOf((await wordsOf(c, region)).t, code);
  return c.json({ code, msg: text, data }, STATUS[code], { 'Cache-Control': CACHE.none });
}

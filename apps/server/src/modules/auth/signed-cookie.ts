import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Config } from '../../platform/config.ts';
import { sessionCookieOptions } from './session-http.ts';

const parseJson = (value: string): unknown => {
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
};

/**
 * A short-lived JSON value the server hands the browser to keep, signed so it comes back
 * unchanged (the Google sign-in transaction, the two-factor challenge). `read` gives undefined for
 * a cookie that is missing, tampered with or not of the schema's shape.
 */
export function signedJsonCookie<Value>(
  name: string,
  path: string,
  maxAgeS: number,
  schema: z.ZodType<Value>,
) {
  return {
    set(reply: FastifyReply, config: Config, value: Value) {
      reply.setCookie(name, JSON.stringify(value), {
        ...sessionCookieOptions(config),
        path,
        maxAge: maxAgeS,
        signed: true,
      });
    },
    read(request: FastifyRequest, reply: FastifyReply): Value | undefined {
      const unsigned = reply.unsignCookie(request.cookies[name] ?? '');
      if (!unsigned.valid || !unsigned.value) return undefined;
      const parsed = schema.safeParse(parseJson(unsigned.value));
      return parsed.success ? parsed.data : undefined;
    },
    clear(reply: FastifyReply, config: Config) {
      reply.clearCookie(name, { ...sessionCookieOptions(config), path });
    },
  };
}

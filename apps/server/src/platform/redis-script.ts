import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

/** A Lua script and its SHA-1, the name Redis keeps it under once it has run. */
export interface RedisScript {
  lua: string;
  sha: string;
}

export const redisScript = (lua: string): RedisScript => ({
  lua,
  sha: createHash('sha1').update(lua).digest('hex'),
});

/**
 * Runs `script` with `keys` and `args`: EVALSHA, and EVAL once when this Redis does not hold the
 * script yet (NOSCRIPT: a new or restarted server), as ioredis's `defineCommand` does. Both are
 * commands of every client and every pipeline. A command added with `defineCommand` is not: the
 * client's auto-pipelining (platform/redis.ts) puts the commands of one tick in one pipeline, and
 * a pipeline opened before such a command was defined cannot take it. The pipeline's answers then
 * come back one short, and ioredis throws out of the process (ioredis issue 1931). That happened
 * to the first kie call of an account, whose pace is made on first use.
 */
export async function runRedisScript(
  redis: Redis,
  script: RedisScript,
  keys: readonly string[],
  args: ReadonlyArray<string | number>,
): Promise<unknown> {
  try {
    return await redis.evalsha(script.sha, keys.length, ...keys, ...args);
  } catch (error) {
    if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
    return redis.eval(script.lua, keys.length, ...keys, ...args);
  }
}

import { BadRequest, Unauthorized } from '../../platform/errors.ts';
import type { Limiter } from '../../platform/rate-limiter.ts';

/** A wrong password or code typed by a signed-in owner or in a second step: 400, naming the field. */
export class WrongSecret extends BadRequest {}

const isWrongGuess = (error: unknown) => error instanceof Unauthorized || error instanceof WrongSecret;

/**
 * Runs one password or code check against an account's failure budget. The attempt is counted
 * before the check runs (an atomic consume in memory or Redis), so however many checks arrive at
 * once, no more than the budget are evaluated; a check that turns out right gives its point back.
 * `isFailure` says which errors are wrong guesses (those keep their point): by default a failed
 * sign-in (401) and a WrongSecret.
 */
export async function guardAttempt<T>(
  limiter: Limiter,
  key: string,
  check: () => Promise<T>,
  isFailure: (error: unknown) => boolean = isWrongGuess,
): Promise<T> {
  await limiter.consume(key);
  try {
    const result = await check();
    await limiter.refund(key);
    return result;
  } catch (error) {
    if (!isFailure(error)) await limiter.refund(key);
    throw error;
  }
}

/** PostgreSQL's deadlock_detected: the transaction was rolled back whole, so running it again is safe. */
export const DEADLOCK = '40P01';

export const isDeadlock = (error: unknown) => (error as { code?: string } | null)?.code === DEADLOCK;

/**
 * Runs `work` (one transaction or one statement) again when PostgreSQL chose it as a deadlock's
 * victim, up to `attempts` times in all, after a short random pause so the two sides do not meet
 * again; any other error, or the last deadlock, is thrown.
 */
export async function retryOnDeadlock<T>(work: () => Promise<T>, attempts = 4): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (!isDeadlock(error) || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt));
    }
  }
}

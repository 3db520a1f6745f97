/**
 * Reads `read` every `everyMs` until `isDone` holds of what it answers or `timeoutMs` has passed:
 * the last value read, for the test's own expect to judge (a timeout then shows what was there).
 */
export async function eventually<T>(
  read: () => Promise<T>,
  isDone: (value: T) => boolean,
  timeoutMs = 10_000,
  everyMs = 50,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (isDone(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

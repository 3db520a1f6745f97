/** The error a promise rejects with; fails the test when it resolves instead. */
export const rejectionOf = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: unknown) => error as Error & { retryAfterMs?: number },
  );

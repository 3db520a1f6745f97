/** A pass run again and again while the process lives; `stop` waits for the pass under way. */
export interface Repeater {
  stop(): Promise<void>;
}

/**
 * Runs `pass` every `intervalMs`, counted from the end of the previous pass, so passes never
 * overlap in this process (other processes may run theirs at the same time: the passes that use
 * this claim their rows). A failed pass is reported to `onError` and the next one runs on time.
 * The timer does not hold the process open.
 */
export function repeatEvery(
  intervalMs: number,
  pass: () => Promise<void>,
  onError: (error: unknown) => void,
): Repeater {
  let isStopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const schedule = () => {
    timer = setTimeout(() => {
      running = pass()
        .catch(onError)
        .finally(() => {
          running = undefined;
          if (!isStopped) schedule();
        });
    }, intervalMs);
    timer.unref();
  };
  schedule();
  return {
    async stop() {
      isStopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

import { afterAll, beforeAll } from 'vitest';
import { type SmtpInbox, startSmtpInbox } from './smtp-inbox.ts';
import { createTestRuntime, listenLocally, type TestRuntime } from './test-runtime.ts';

/**
 * A test file's runtime whose mail goes to a real SMTP inbox of its own: started before the
 * file's tests (handed over through `use`), stopped after them.
 */
export function withRuntimeAndInbox(
  env: Record<string, string>,
  use: (runtime: TestRuntime, inbox: SmtpInbox) => void,
) {
  let started: { runtime: TestRuntime; inbox: SmtpInbox } | undefined;
  beforeAll(async () => {
    const inbox = await startSmtpInbox();
    started = { inbox, runtime: await createTestRuntime({ SMTP_URL: inbox.url, ...env }) };
    use(started.runtime, started.inbox);
  });
  afterAll(async () => {
    await started?.runtime.close();
    await started?.inbox.close();
  });
}

/**
 * A test file's runtime on the local engine, listening on a real port as a developer's machine
 * runs it: started before the file's tests (handed over through `use` with its base URL),
 * stopped after them.
 */
export function withListeningRuntime(use: (runtime: TestRuntime, baseUrl: string) => void) {
  let runtime: TestRuntime | undefined;
  beforeAll(async () => {
    runtime = await createTestRuntime();
    use(runtime, await listenLocally(runtime));
  });
  afterAll(() => runtime?.close());
}

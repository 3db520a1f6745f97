import { afterAll, beforeAll } from 'vitest';
import { type SmtpInbox, startSmtpInbox } from './smtp-inbox.ts';
import { createTestRuntime, type TestRuntime } from './test-runtime.ts';

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

import { afterAll, beforeAll } from 'vitest';
import type { BuildAppOptions } from '../src/app.ts';
import { createVerifiedAccount } from './accounts.ts';
import { type SmtpInbox, startSmtpInbox } from './smtp-inbox.ts';
import { createTestRuntime, listenLocally, type TestRuntime } from './test-runtime.ts';

/** A test file's runtime and its SMTP inbox, filled in before the file's tests run. */
export interface RuntimeAndInbox {
  runtime: TestRuntime;
  inbox: SmtpInbox;
}

/**
 * A test file's runtime whose mail goes to a real SMTP inbox of its own: started before the
 * file's tests, stopped after them. The holder it returns is filled in once they start (`use`,
 * if given, runs then too); read it in hooks and tests, not while the file is collected.
 */
export function withRuntimeAndInbox(
  env: Record<string, string>,
  use?: (started: RuntimeAndInbox) => void,
  options: BuildAppOptions = {},
): RuntimeAndInbox {
  const holder = {} as RuntimeAndInbox;
  beforeAll(async () => {
    holder.inbox = await startSmtpInbox();
    holder.runtime = await createTestRuntime({ SMTP_URL: holder.inbox.url, ...env }, options);
    use?.(holder);
  });
  afterAll(async () => {
    await holder.runtime?.close();
    await holder.inbox?.close();
  });
  return holder;
}

/**
 * A test file's runtime on the local engine, listening on a real port as a developer's machine
 * runs it: started before the file's tests (handed over through `use` with its base URL),
 * stopped after them.
 */
export function withListeningRuntime(
  use: (runtime: TestRuntime, baseUrl: string) => void,
  options: BuildAppOptions = {},
) {
  let runtime: TestRuntime | undefined;
  beforeAll(async () => {
    runtime = await createTestRuntime({}, options);
    use(runtime, await listenLocally(runtime));
  });
  afterAll(() => runtime?.close());
}

/** A verified account on the file's runtime, registered through its inbox: its user id and session cookie. */
export const verifiedAccountOn = (started: RuntimeAndInbox, email: string) =>
  createVerifiedAccount(started.runtime.app, started.inbox, email);

/**
 * A caller of one of the runtime's mail-request endpoints (forgot password, resend verification):
 * POSTs `{ email }` to `url` from `ip`.
 */
export const mailRequestOn =
  (started: RuntimeAndInbox, url: string, defaultIp: string) =>
  (email: string, ip = defaultIp) =>
    started.runtime.app.inject({ method: 'POST', url, payload: { email }, remoteAddress: ip });

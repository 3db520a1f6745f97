import { afterAll, beforeAll } from 'vitest';
import type { BuildAppOptions } from '../src/app.ts';
import { createLocalEngine } from '../src/modules/engines/local-engine.ts';
import { createVerifiedAccount } from './accounts.ts';
import { freePort } from './server-processes.ts';
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

/** A runtime listening on a real port, and the URL it answers at. */
export interface ListeningRuntime {
  runtime: TestRuntime;
  baseUrl: string;
}

/**
 * `withListeningRuntime` with a holder: filled in once the file's tests start (`use`, if given,
 * runs then too); read it in hooks and tests, not while the file is collected.
 */
export function listeningRuntime(
  options: BuildAppOptions = {},
  use?: (started: ListeningRuntime) => void,
): ListeningRuntime {
  const holder = {} as ListeningRuntime;
  withListeningRuntime((runtime, baseUrl) => {
    Object.assign(holder, { runtime, baseUrl });
    use?.(holder);
  }, options);
  return holder;
}

/**
 * A listening runtime on the local engine whose video takes minutes: a docs example that cancels
 * finds the video of the example before it still running.
 */
export function slowVideoRuntime(): ListeningRuntime {
  const engine = createLocalEngine({ jobMs: { video: 600_000 } });
  afterAll(() => engine.close?.());
  return listeningRuntime({ engine });
}

/**
 * A runtime listening on a free port that is also its PUBLIC_URL, as deployed: the result URLs it
 * answers download as given. The caller closes it.
 */
export async function runtimeAtItsPublicUrl(options: BuildAppOptions): Promise<ListeningRuntime> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const runtime = await createTestRuntime({ PUBLIC_URL: baseUrl }, options);
  await runtime.app.listen({ port, host: '127.0.0.1' });
  return { runtime, baseUrl };
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

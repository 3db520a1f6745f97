import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageInput } from '../../../test/engine-calls.ts';
import { type FakeKie, type FakeKieAccount, startFakeKie } from '../../../test/fake-kie.ts';
import { rejectionOf } from '../../../test/rejection.ts';
import { kieAccountsOf } from '../../platform/config.ts';
import { UpstreamPaced, UpstreamUnavailable } from './engine.ts';
import { createKieEngine } from './kie-engine.ts';

/*
 * The kie engine over a pool of accounts without a database (the set-aside states in memory):
 * which account a create goes to, and which key a poll uses (docs/upstreams.md, "A pool of kie.ai accounts").
 */
let fake: FakeKie;
let second: FakeKieAccount;
const setAside: string[] = [];

beforeAll(async () => {
  fake = await startFakeKie({ pendingPolls: 0 });
  second = fake.addAccount();
});
afterAll(() => fake.close());

const config = () => ({
  KIE_API_KEYS: [fake.apiKey, second.apiKey],
  KIE_BASE_URL: fake.url,
  APIFY_TOKEN: undefined,
  APIFY_BASE_URL: 'http://127.0.0.1:9',
});
const engineFor = () =>
  createKieEngine(config(), {
    log: pino({ level: 'silent' }),
    retryDelaysMs: { rateLimited: 100, accountProblem: 300 },
    onAccountSetAside: (account, code) => setAside.push(`${account.label} ${code}`),
  });

describe('the kie engine over a pool of accounts', () => {
  it('creates on each account in turn and records which; polls with the creating key', async () => {
    const engine = engineFor();
    const jobs = [
      await engine.startJob(imageInput('pool one'), { taskId: 't1' }),
      await engine.startJob(imageInput('pool two'), { taskId: 't2' }),
    ];
    const ids = kieAccountsOf(config()).map((account) => account.id);
    expect(jobs.map((job) => job.upstreamAccount)).toEqual(ids);
    const state = await engine.pollJob(
      'image',
      jobs[1]?.upstreamId as string,
      null,
      new Date(),
      undefined,
      ids[1],
    );
    expect(state.state).toBe('succeeded');
    expect(fake.requests.at(-1)?.authorization).toBe(`Bearer ${second.apiKey}`);
    // A task from before the pool (no account recorded) is polled with the first account.
    const first = await engine.pollJob('image', jobs[0]?.upstreamId as string);
    expect(first.state).toBe('succeeded');
    // An account no longer configured cannot be polled: retry later, never another key.
    const gone = await rejectionOf(engine.pollJob('image', 'x', null, new Date(), undefined, 'k00000000'));
    expect(gone).toBeInstanceOf(UpstreamUnavailable);
    expect(gone.message).toContain('no longer configured');
  });

  it("kie's 429 on one account passes the create to the next; 402 sets an account aside once", async () => {
    const engine = engineFor();
    fake.failNext('createTask', { status: 429, code: 429 });
    const paced = await engine.startJob(imageInput('after a 429'), { taskId: 't3' });
    expect(paced.upstreamAccount).toBeDefined();
    second.balance = 0;
    const jobs = await Promise.all(
      [1, 2, 3, 4].map((i) => engine.startJob(imageInput(`broke ${i}`), { taskId: `t4${i}` })),
    );
    const ids = kieAccountsOf(config()).map((account) => account.id);
    expect(jobs.map((job) => job.upstreamAccount)).toEqual(Array(4).fill(ids[0]));
    expect(setAside).toEqual(['#2 402']);
    // With every account refused, the create is an outage to retry, not a pace.
    fake.balance = 0;
    const none = await rejectionOf(engine.startJob(imageInput('nobody'), { taskId: 't5' }));
    expect(none).toBeInstanceOf(UpstreamUnavailable);
    expect(none).not.toBeInstanceOf(UpstreamPaced);
    expect(none.retryAfterMs).toBe(300);
    expect(setAside).toEqual(['#2 402', '#1 402']);
    fake.balance = 1234.5;
    second.balance = 1234.5;
  });
});

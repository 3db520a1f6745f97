import { appPath, TEAM_TEXTS } from '@conduit/contracts';
import pg from 'pg';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { signedInAccount } from '../../../test/accounts.ts';
import {
  createPaidAccount,
  deleteOwnAccount,
  ledgerCheck,
  meRequestEntry,
  postWithKey,
  sessionCookieFor,
} from '../../../test/paid-account.ts';
import { createTestRuntime, useTestRuntime } from '../../../test/test-runtime.ts';
import { purgeRequestLog } from './purge-request-log.ts';
import { createRequestLogWriter } from './request-log-writer.ts';

/*
 * Who may read the request log, how long it lives, and how it is written under load. An API-only
 * process: the tasks the paid calls create wait for a worker, so none is rendered meanwhile.
 */
const runtime = useTestRuntime({ ROLE: 'api' });

const VIDEO = { prompt: 'a fox running' };
const rowsOf = async (workspaceId: string) =>
  Number(
    (
      await runtime.services.pool.query('select count(*) from request_log where workspace_id = $1', [
        workspaceId,
      ])
    ).rows[0].count,
  );

describe('request log: access and deletion', () => {
  it('billing members get 403 on the list and the CSV; developers read it', async () => {
    const owner = await createPaidAccount(runtime.services, { owner: 'team', credits: 0 });
    await postWithKey(runtime.app, owner.key, '/api/provider/video', VIDEO);
    await runtime.app.requestLog?.flush();
    for (const role of ['billing', 'developer'] as const) {
      const member = await signedInAccount(runtime, 'user', role);
      await runtime.services.pool.query(
        'insert into workspace_members (workspace_id, user_id, role) values ($1, $2, $3)',
        [owner.workspaceId, member.userId, role],
      );
      const selected = await member.call('PUT', appPath('selectWorkspace'), {
        workspaceId: owner.workspaceId,
      });
      expect(selected.statusCode, selected.body).toBe(200);
      for (const path of [appPath('requestLog'), appPath('requestLogCsv')]) {
        const answer = await member.call('GET', path);
        if (role === 'billing') {
          expect(answer.statusCode, path).toBe(403);
          expect(answer.json().error).toBe(TEAM_TEXTS.roleForbidden('billing'));
        } else expect(answer.statusCode, path).toBe(200);
      }
      if (role === 'developer')
        expect((await member.call('GET', appPath('requestLog'))).json().items).toHaveLength(1);
    }
    const signedOut = await runtime.app.inject({ url: appPath('requestLog') });
    expect(signedOut.statusCode).toBe(401);
  });

  it("a deleted team's log goes with it, other workspaces' stay", async () => {
    const team = await createPaidAccount(runtime.services, { owner: 'team', credits: 0 });
    const other = await createPaidAccount(runtime.services, { credits: 0 });
    await postWithKey(runtime.app, team.key, '/api/provider/video', VIDEO);
    await postWithKey(runtime.app, other.key, '/api/provider/video', VIDEO);
    await runtime.app.requestLog?.flush();
    expect(await rowsOf(team.workspaceId)).toBe(1);
    const cookie = await sessionCookieFor(runtime.services, team.userId);
    const { rows } = await runtime.services.pool.query('select name from workspaces where id = $1', [
      team.workspaceId,
    ]);
    const deleted = await runtime.app.inject({
      method: 'DELETE',
      url: appPath('deleteTeam', { teamId: team.workspaceId }),
      headers: { cookie },
      payload: { confirmName: rows[0].name },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await rowsOf(team.workspaceId)).toBe(0);
    expect(await rowsOf(other.workspaceId)).toBe(1);
  });

  it('a deleted account takes its personal log with it', async () => {
    const account = await createPaidAccount(runtime.services, { credits: 0 });
    await postWithKey(runtime.app, account.key, '/api/provider/video', VIDEO);
    await runtime.app.requestLog?.flush();
    expect(await rowsOf(account.workspaceId)).toBe(1);
    await deleteOwnAccount(runtime, account);
    expect(await rowsOf(account.workspaceId)).toBe(0);
  });
});

describe('request log: retention', () => {
  it('the purge deletes requests past REQUEST_LOG_RETENTION_DAYS and keeps newer ones', async () => {
    const old = await createPaidAccount(runtime.services, { credits: 0 });
    const fresh = await createPaidAccount(runtime.services, { credits: 0 });
    await postWithKey(runtime.app, old.key, '/api/provider/video', VIDEO);
    await postWithKey(runtime.app, old.key, '/api/provider/video', VIDEO);
    await postWithKey(runtime.app, fresh.key, '/api/provider/video', VIDEO);
    await runtime.app.requestLog?.flush();
    const days = runtime.services.config.REQUEST_LOG_RETENTION_DAYS;
    expect(days).toBe(30);
    // One of the old account's requests is a minute past the retention, the other a minute short of it.
    await runtime.services.pool.query(
      `update request_log set at = now() - make_interval(days => $2) + case when id = (
         select min(id) from request_log where workspace_id = $1) then interval '-1 minute' else interval '1 minute' end
        where workspace_id = $1`,
      [old.workspaceId, days],
    );
    expect(await purgeRequestLog(runtime.services)).toBeGreaterThanOrEqual(1);
    expect(await rowsOf(old.workspaceId)).toBe(1);
    expect(await rowsOf(fresh.workspaceId)).toBe(1);
  });
});

describe('request log: writing under load', () => {
  it('100 concurrent paid calls: 100 rows, each with its own request and task, and every charge in the ledger', async () => {
    const account = await createPaidAccount(runtime.services, { credits: 10_000, tier: 'enterprise' });
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => postWithKey(runtime.app, account.key, '/api/provider/video', VIDEO)),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(100).fill(200));
    await runtime.app.requestLog?.flush();
    const { rows } = await runtime.services.pool.query(
      `select count(*)::int as rows, count(distinct request_id)::int as requests, count(distinct task_id)::int as tasks
         from request_log where workspace_id = $1 and status = 200`,
      [account.workspaceId],
    );
    expect(rows[0]).toEqual({ rows: 100, requests: 100, tasks: 100 });
    const ledger = await ledgerCheck(runtime.services, account.workspaceId);
    expect(ledger.balance).toBe(ledger.sum);
  });

  it('a full buffer drops requests instead of growing, and counts them', async () => {
    const account = await createPaidAccount(runtime.services, { credits: 0 });
    let counted = 0;
    const writer = createRequestLogWriter(runtime.services.pool, pino({ level: 'silent' }), {
      maxBuffered: 10,
      onDropped: (count) => {
        counted += count;
      },
    });
    const entry = (n: number) => meRequestEntry(account, `req_buffer_${n}`);
    for (let n = 0; n < 50; n += 1) writer.record(entry(n));
    await writer.flush();
    expect(writer.dropped).toBe(40);
    expect(counted).toBe(40);
    expect(await rowsOf(account.workspaceId)).toBe(10);
  });
});

describe('request log: graceful stop', () => {
  it('writes what it holds before the database closes', async () => {
    const own = await createTestRuntime({ ROLE: 'api' });
    try {
      const account = await createPaidAccount(own.services, { credits: 0 });
      await Promise.all(
        Array.from({ length: 20 }, () => postWithKey(own.app, account.key, '/api/provider/video', VIDEO)),
      );
      await own.stop();
      const client = new pg.Client({ connectionString: own.databaseUrl });
      await client.connect();
      const { rows } = await client.query(
        'select count(*)::int as n from request_log where workspace_id = $1',
        [account.workspaceId],
      );
      await client.end();
      expect(rows[0].n).toBe(20);
    } finally {
      await own.close();
    }
  });
});

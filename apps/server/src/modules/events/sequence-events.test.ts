import { setTimeout as sleep } from 'node:timers/promises';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createPaidAccount } from '../../../test/paid-account.ts';
import { useTestRuntime } from '../../../test/test-runtime.ts';
import { createStreamHub, type StreamSink } from '../task-events/stream-hub.ts';
import { recordEvent } from './record-event.ts';
import { sequenceEvents } from './sequence-events.ts';

const runtime = useTestRuntime();

/** A stream that keeps the ids written to it, for the hub to feed as it feeds a browser's. */
function sinkFor(workspaceId: string, lastSeq: number) {
  const ids: string[] = [];
  const sink: StreamSink = {
    userId: `reader:${Math.random()}`,
    workspaceId,
    sessionId: null,
    lastSeq,
    write(text) {
      const id = /^id: (evt_\w+)/.exec(text)?.[1];
      if (id) ids.push(id);
    },
    end() {},
  };
  return { sink, ids };
}

const startSeq = async (workspaceId: string) => {
  await sequenceEvents(runtime.services.db, workspaceId);
  const { rows } = await runtime.services.pool.query<{ seq: string | null }>(
    'select max(seq) as seq from webhook_events where workspace_id = $1',
    [workspaceId],
  );
  return Number(rows[0]?.seq ?? 0);
};

describe('event numbers are given after commit', () => {
  it('streams every event once and in order while writers commit out of order and readers poll', async () => {
    const accounts = await Promise.all([1, 2, 3].map(() => createPaidAccount(runtime.services)));
    const hub = createStreamHub({
      pool: runtime.services.pool,
      sessionWorkspaces: async () => new Map(),
      liveKeys: async (keys) => keys.map(() => null),
      log: pino({ level: 'silent' }),
      heartbeatMs: 3_600_000,
      maxPerUser: 10,
    });
    const readers = await Promise.all(
      accounts.flatMap((account) =>
        [1, 2].map(async () => {
          const reader = sinkFor(account.workspaceId, await startSeq(account.workspaceId));
          hub.add(reader.sink);
          return { workspaceId: account.workspaceId, ...reader };
        }),
      ),
    );

    // 8 writers, each holding its transaction open a few ms after the insert (as a settle or a
    // payment does), so later events often commit before earlier ones.
    const written = new Map<string, string[]>(accounts.map((account) => [account.workspaceId, []]));
    let writing = true;
    const writers = Array.from({ length: 8 }, async (_, writer) => {
      for (let round = 0; round < 12; round += 1) {
        const account = accounts[(writer + round) % accounts.length] as (typeof accounts)[number];
        await runtime.services.db.transaction(async (tx) => {
          const recorded = await recordEvent(
            tx,
            {
              workspaceId: account.workspaceId,
              type: 'balance.low',
              data: { writer, round },
              dedupeKey: `race:${writer}:${round}`,
              at: new Date(),
            },
            { publish: () => {} },
          );
          if (recorded) written.get(account.workspaceId)?.push(recorded.event.id);
          await sleep(Math.floor(Math.random() * 12));
        });
      }
    });
    const polling = (async () => {
      while (writing) {
        await Promise.all(accounts.map((account) => hub.catchUp(account.workspaceId)));
      }
    })();
    await Promise.all(writers);
    writing = false;
    await polling;
    await Promise.all(accounts.map((account) => hub.catchUp(account.workspaceId)));
    hub.endAll();

    for (const reader of readers) {
      const expected = written.get(reader.workspaceId) ?? [];
      expect(expected.length).toBeGreaterThan(0);
      // Every event exactly once: none skipped by a cursor that moved past it, none twice.
      expect([...reader.ids].sort()).toEqual([...expected].sort());
    }
    // Each workspace's events got distinct numbers, in the order the readers received them.
    for (const account of accounts) {
      const { rows } = await runtime.services.pool.query<{ id: string }>(
        'select id from webhook_events where workspace_id = $1 order by seq',
        [account.workspaceId],
      );
      const streamed = readers.find((reader) => reader.workspaceId === account.workspaceId)?.ids;
      expect(rows.map((row) => row.id).slice(-(streamed?.length ?? 0))).toEqual(streamed);
    }
  }, 60_000);

  it('numbers the events committed together in the order they were written, never one twice under racing readers', async () => {
    const account = await createPaidAccount(runtime.services);
    const at = new Date();
    const ids = await runtime.services.db.transaction(async (tx) => {
      const made: string[] = [];
      // One time for all four (a batch's events): the order they were written in decides.
      for (const index of [0, 1, 2, 3]) {
        const recorded = await recordEvent(
          tx,
          {
            workspaceId: account.workspaceId,
            type: index % 2 === 0 ? 'task.started' : 'task.completed',
            data: { index },
            dedupeKey: `order:${index}`,
            at,
          },
          { publish: () => {} },
        );
        made.push(recorded?.event.id ?? '');
      }
      return made;
    });
    const before = await runtime.services.pool.query<{ seq: string }>(
      'select seq from webhook_events where workspace_id = $1',
      [account.workspaceId],
    );
    expect(before.rows.every((row) => Number(row.seq) < 0)).toBe(true);
    await Promise.all(
      Array.from({ length: 6 }, () => sequenceEvents(runtime.services.db, account.workspaceId)),
    );
    const { rows } = await runtime.services.pool.query<{ id: string; seq: string }>(
      'select id, seq from webhook_events where workspace_id = $1 order by seq',
      [account.workspaceId],
    );
    expect(rows.map((row) => row.id)).toEqual(ids);
    expect(rows.every((row) => Number(row.seq) > 0)).toBe(true);
    expect(new Set(rows.map((row) => row.seq)).size).toBe(4);
  });
});

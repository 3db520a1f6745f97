import { spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { BENCH_SESSION_SECRET, createBenchAccount } from './bench-account.ts';
import { directCall, FAKE_KIE_HMAC, FAKE_KIE_KEY, gatewayCall, runLoops, startCallbackReceiver } from './gateway-overhead.ts';

const admin = new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
const name = `fbench_${Date.now()}`;
await admin.query(`create database ${name}`);
const url = `postgres://postgres@127.0.0.1:5432/${name}`;
const { key } = await createBenchAccount(url);
const start = (script: string, env: Record<string, string>) =>
  spawn(process.execPath, ['--max-semi-space-size=64', script], { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
const fake = start('bench/fake-kie-timed.ts', { PORT: '3411', DELAY_MS: '200', KIE_API_KEY: FAKE_KIE_KEY, KIE_WEBHOOK_HMAC_KEY: FAKE_KIE_HMAC });
const receiver = await startCallbackReceiver(3412);
await new Promise((r) => setTimeout(r, 700));
const loops = { connections: Number(process.env.C ?? 64), durationS: Number(process.env.D ?? 5), warmupS: 2 };
console.log(await runLoops('direct', directCall('http://127.0.0.1:3411', receiver), loops));
const dataDir = await mkdtemp(path.join(tmpdir(), 'fb-'));
const server = start('apps/server/src/main.ts', {
  PORT: '3403', DATA_DIR: dataDir, DATABASE_URL: url, SESSION_SECRET: BENCH_SESSION_SECRET, NODE_ENV: 'production',
  PROVIDER_ENGINE: 'kie', KIE_API_KEY: FAKE_KIE_KEY, KIE_BASE_URL: 'http://127.0.0.1:3411', KIE_WEBHOOK_HMAC_KEY: FAKE_KIE_HMAC,
  PUBLIC_URL: 'http://127.0.0.1:3403', ROLE: 'api', LOG_LEVEL: 'warn', REDIS_URL: '',
});
for (let i = 0; i < 100; i++) { if (await fetch('http://127.0.0.1:3403/readyz').then((r) => r.ok, () => false)) break; await new Promise((r) => setTimeout(r, 200)); }
console.log(await runLoops('gateway', gatewayCall('http://127.0.0.1:3403', key.keyValue), loops));
server.kill(); fake.kill(); await receiver.close();
await new Promise((r) => setTimeout(r, 1000));
await admin.query(`drop database ${name} with (force)`); await admin.end();

import { execFile } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { auditRowsFor } from '../../../test/audit-rows.ts';
import { useTestRuntime } from '../../../test/test-runtime.ts';
import { connectDatabase, migrateDatabase } from '../../platform/database.ts';
import { startEmbeddedPostgres } from '../../platform/embedded-postgres.ts';
import { insertUser } from '../auth/users.ts';
import { runAdminCommand } from './admin-commands.ts';

const ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));
const run = promisify(execFile);

describe('the admin command line', () => {
  const runtime = useTestRuntime({ ROLE: 'api', ADMIN_EMAILS: 'listed@example.com' });

  const ctx = () => ({
    db: runtime.services.db,
    clock: runtime.services.clock,
    config: runtime.services.config,
  });
  const roleOf = async (email: string) =>
    (await runtime.services.pool.query('select role from users where email = $1', [email])).rows[0]?.role;

  it('grant, grant --super, revoke: the role changes and each change has an audit row from the cli', async () => {
    const user = await insertUser(runtime.services.db, {
      email: 'first@example.com',
      emailVerifiedAt: new Date(),
    });
    expect(await runAdminCommand(ctx(), ['grant', 'First@Example.com'])).toEqual({
      exitCode: 0,
      stdout: 'first@example.com is now admin (was user).',
    });
    expect(await roleOf('first@example.com')).toBe('admin');
    expect((await runAdminCommand(ctx(), ['grant', 'first@example.com'])).stdout).toBe(
      'first@example.com is already admin.',
    );
    await runAdminCommand(ctx(), ['grant', 'first@example.com', '--super']);
    expect(await roleOf('first@example.com')).toBe('super_admin');
    expect((await runAdminCommand(ctx(), ['revoke', 'first@example.com'])).stdout).toBe(
      'first@example.com is now a normal user (was super_admin).',
    );
    expect(await roleOf('first@example.com')).toBe('user');
    expect((await runAdminCommand(ctx(), ['revoke', 'first@example.com'])).stdout).toBe(
      'first@example.com is not an admin: nothing to revoke.',
    );
    expect(await auditRowsFor(runtime, user?.id as string)).toEqual([
      { actor_id: null, action: 'role.granted', details: { source: 'cli', from: 'user', to: 'admin' } },
      {
        actor_id: null,
        action: 'role.granted',
        details: { source: 'cli', from: 'admin', to: 'super_admin' },
      },
      { actor_id: null, action: 'role.revoked', details: { source: 'cli', from: 'super_admin', to: 'user' } },
    ]);
  });

  it('fails clearly for an unknown account, a non-admin token, or bad arguments', async () => {
    expect(await runAdminCommand(ctx(), ['grant', 'nobody@example.com'])).toEqual({
      exitCode: 1,
      stderr: 'No account with the email nobody@example.com: it must sign up (or be invited) first.',
    });
    await insertUser(runtime.services.db, { email: 'plain@example.com' });
    const token = await runAdminCommand(ctx(), ['token', 'plain@example.com']);
    expect(token).toEqual({
      exitCode: 1,
      stderr: 'plain@example.com is not an admin: run "npm run admin -- grant plain@example.com" first.',
    });
    expect((await runAdminCommand(ctx(), ['promote', 'plain@example.com'])).exitCode).toBe(2);
    expect((await runAdminCommand(ctx(), ['grant'])).exitCode).toBe(2);
    expect((await runAdminCommand(ctx(), ['revoke', 'plain@example.com', '--super'])).stderr).toContain(
      'Unknown option --super',
    );
    expect(await roleOf('plain@example.com')).toBe('user');
  });

  it('revoking an ADMIN_EMAILS account warns that the next sign-in promotes it again', async () => {
    await insertUser(runtime.services.db, { email: 'listed@example.com' });
    await runAdminCommand(ctx(), ['grant', 'listed@example.com']);
    const result = await runAdminCommand(ctx(), ['revoke', 'listed@example.com']);
    expect(result.stdout).toContain('is in ADMIN_EMAILS and becomes admin again at its next sign-in');
  });

  it('npm run admin: grants on the configured database and prints a bearer token that opens the admin API', async () => {
    await insertUser(runtime.services.db, { email: 'ops@example.com', emailVerifiedAt: new Date() });
    const env = {
      ...process.env,
      DATABASE_URL: runtime.databaseUrl,
      DATA_DIR: runtime.dataDir,
      NODE_ENV: 'test',
    };
    const granted = await run('npm', ['run', '--silent', 'admin', '--', 'grant', 'ops@example.com'], {
      cwd: ROOT,
      env,
    });
    expect(granted.stdout.trim()).toBe('ops@example.com is now admin (was user).');
    const issued = await run('npm', ['run', '--silent', 'admin', '--', 'token', 'ops@example.com'], {
      cwd: ROOT,
      env,
    });
    const token = issued.stdout.trim();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const dashboard = await runtime.app.inject({
      method: 'GET',
      url: '/api/admin/dashboard',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(dashboard.statusCode).toBe(200);
    const { rows } = await runtime.services.pool.query(
      "select a.action, a.details->>'source' as source from admin_audit_log a join users u on u.id = a.target_user_id where u.email = 'ops@example.com' order by a.at, a.action",
    );
    expect(rows).toEqual([
      { action: 'role.granted', source: 'cli' },
      { action: 'session_token.issued', source: 'cli' },
    ]);
    const failed = await run('npm', ['run', '--silent', 'admin', '--', 'grant', 'ghost@example.com'], {
      cwd: ROOT,
      env,
    }).catch((error: { code: number; stderr: string }) => error);
    expect(failed).toMatchObject({ code: 1 });
    expect((failed as { stderr: string }).stderr).toContain('No account with the email ghost@example.com');
    // Three `npm run admin` starts (npm, then Node with the server's modules): 8-14 s on a quiet
    // 2-core machine, over 30 s beside the other test files.
  }, 90_000);

  it('with the embedded database of a running server, it uses that PostgreSQL and leaves it running', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'conduit-admin-cli-'));
    // The embedded PostgreSQL runs as its own user when we are root: let it into the directory.
    await chmod(dataDir, 0o755);
    const embedded = await startEmbeddedPostgres(dataDir, pino({ level: 'silent' }));
    try {
      const { pool, db } = connectDatabase(embedded.url, 2);
      await migrateDatabase(pool, db);
      await insertUser(db, { email: 'embedded@example.com' });
      const { DATABASE_URL: _, ...rest } = process.env;
      const env = { ...rest, DATA_DIR: dataDir, NODE_ENV: 'test' };
      const granted = await run('npm', ['run', '--silent', 'admin', '--', 'grant', 'embedded@example.com'], {
        cwd: ROOT,
        env,
      });
      expect(granted.stdout.trim()).toBe('embedded@example.com is now admin (was user).');
      // the server's connection still works: its PostgreSQL was not stopped or replaced
      const { rows } = await pool.query("select role from users where email = 'embedded@example.com'");
      expect(rows).toEqual([{ role: 'admin' }]);
      await pool.end();
      const fresh = new pg.Client({ connectionString: embedded.url });
      await fresh.connect();
      await fresh.end();
    } finally {
      await embedded.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});

import { describe, expect, it } from 'vitest';
import { ConfigError, kieAccountsOf, parseConfig } from './config.ts';

describe('parseConfig', () => {
  it('runs on embedded defaults with no variables set', () => {
    const config = parseConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      HOST: '127.0.0.1',
      PUBLIC_URL: 'http://localhost:3000',
      DATA_DIR: './data',
      PROVIDER_ENGINE: 'local',
      WAITLIST_MODE: false,
      ADMIN_EMAILS: [],
      ROLE: 'all',
      DATABASE_POOL_SIZE: 20,
      TASK_LEASE_S: 180,
      AUTO_TOPUP_INTERVAL_S: 15,
      AUTO_TOPUP_RETRY_S: 3600,
      SHUTDOWN_DRAIN_MS: 0,
      GOOGLE_ISSUER: 'https://accounts.google.com',
      LOG_FORMAT: 'pretty',
      STORAGE: 'fs',
      RESULT_RETENTION_DAYS: 30,
      isProduction: false,
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.REDIS_URL).toBeUndefined();
  });

  it('derives PUBLIC_URL from PORT and trims a trailing slash from an explicit one', () => {
    expect(parseConfig({ PORT: '8080' }).PUBLIC_URL).toBe('http://localhost:8080');
    expect(parseConfig({ PUBLIC_URL: 'https://api.example.com/' }).PUBLIC_URL).toBe(
      'https://api.example.com',
    );
  });

  it('reads flags, lists and enums', () => {
    const config = parseConfig({
      WAITLIST_MODE: 'true',
      ADMIN_EMAILS: ' Ops@Example.com, boss@example.com ,',
      ROLE: 'worker',
      DATABASE_URL: 'postgres://u@127.0.0.1:5432/test',
      REDIS_URL: 'redis://127.0.0.1:6379',
    });
    expect(config.WAITLIST_MODE).toBe(true);
    expect(config.ADMIN_EMAILS).toEqual(['ops@example.com', 'boss@example.com']);
    expect(config.ROLE).toBe('worker');
  });

  it('treats empty values as unset', () => {
    expect(parseConfig({ DATABASE_URL: '', SMTP_URL: ' ' }).DATABASE_URL).toBeUndefined();
  });

  it.each([
    [{ PORT: 'abc' }, 'Invalid configuration: PORT must be an integer between 0 and 65535 (got "abc")'],
    [{ PORT: '70000' }, 'Invalid configuration: PORT must be an integer between 0 and 65535 (got "70000")'],
    [
      { DATABASE_URL: 'mysql://x' },
      'Invalid configuration: DATABASE_URL must be a URL starting with postgres:// or postgresql:// (got "mysql://x")',
    ],
    [{ ROLE: 'boss' }, 'Invalid configuration: ROLE must be "all", "api" or "worker" (got "boss")'],
    [
      { TASK_LEASE_S: '0' },
      'Invalid configuration: TASK_LEASE_S must be a whole number of seconds, 1 or more (got "0")',
    ],
    [
      { DATABASE_POOL_SIZE: '1000' },
      'Invalid configuration: DATABASE_POOL_SIZE must be an integer between 1 and 500 (got "1000")',
    ],
    [
      { SHUTDOWN_DRAIN_MS: 'soon' },
      'Invalid configuration: SHUTDOWN_DRAIN_MS must be a whole number of milliseconds, 0 or more (got "soon")',
    ],
    [{ WAITLIST_MODE: 'maybe' }, 'Invalid configuration: WAITLIST_MODE'],
    [
      { ADMIN_EMAILS: 'a@b.co,nope' },
      'Invalid configuration: ADMIN_EMAILS must be a comma-separated list of email addresses',
    ],
    [{ SESSION_SECRET: 'short' }, 'Invalid configuration: SESSION_SECRET must be at least 32 characters'],
    [
      { PROVIDER_ENGINE: 'kie' },
      'Invalid configuration: KIE_API_KEY is required when PROVIDER_ENGINE is "kie"',
    ],
    [
      { GOOGLE_CLIENT_ID: 'id' },
      'Invalid configuration: GOOGLE_CLIENT_ID is set, so GOOGLE_CLIENT_SECRET must be set too',
    ],
    [
      { GOOGLE_CLIENT_SECRET: 's' },
      'Invalid configuration: GOOGLE_CLIENT_SECRET is set, so GOOGLE_CLIENT_ID must be set too',
    ],
    [
      { STRIPE_WEBHOOK_SECRET: 'whsec_x' },
      'Invalid configuration: STRIPE_WEBHOOK_SECRET is set, so STRIPE_SECRET_KEY must be set too',
    ],
    [
      { STRIPE_API_BASE: 'http://127.0.0.1:1' },
      'Invalid configuration: STRIPE_API_BASE is set, so STRIPE_SECRET_KEY must be set too',
    ],
    [
      { KIE_WEBHOOK_HMAC_KEY: 'k' },
      'Invalid configuration: KIE_WEBHOOK_HMAC_KEY is set, so KIE_API_KEY must be set too',
    ],
    [{ METRICS_TOKEN: 'short' }, 'Invalid configuration: METRICS_TOKEN must be at least 16 characters'],
    [{ STORAGE: 'disk' }, 'Invalid configuration: STORAGE must be "fs" or "s3" (got "disk")'],
    [{ STORAGE: 's3' }, 'Invalid configuration: S3_BUCKET is required when STORAGE is "s3"'],
    [{ S3_BUCKET: 'results' }, 'Invalid configuration: S3_BUCKET is set, so STORAGE must be "s3"'],
    [
      { STORAGE: 's3', S3_BUCKET: 'results', S3_PREFIX: '/abs' },
      'Invalid configuration: S3_PREFIX must not start with /',
    ],
    [
      { AWS_ACCESS_KEY_ID: 'AKIA' },
      'Invalid configuration: AWS_ACCESS_KEY_ID is set, so AWS_SECRET_ACCESS_KEY must be set too',
    ],
    [
      { AWS_ENDPOINT_URL_S3: 'minio:9000' },
      'Invalid configuration: AWS_ENDPOINT_URL_S3 must be a URL starting with http:// or https://',
    ],
    [
      { RESULT_RETENTION_DAYS: '0' },
      'Invalid configuration: RESULT_RETENTION_DAYS must be a whole number of days between 1 and 3650 (got "0")',
    ],
  ])('rejects %o with one clear line', (env, message) => {
    let thrown: unknown;
    try {
      parseConfig(env);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigError);
    const text = (thrown as Error).message;
    expect(text.startsWith(message)).toBe(true);
    expect(text).not.toContain('\n');
  });

  it('asks admins for two-factor authentication in production, unless turned off', () => {
    expect(parseConfig({}).ADMIN_REQUIRE_2FA).toBe(false);
    expect(parseConfig({ NODE_ENV: 'production' }).ADMIN_REQUIRE_2FA).toBe(true);
    expect(parseConfig({ NODE_ENV: 'production', ADMIN_REQUIRE_2FA: 'false' }).ADMIN_REQUIRE_2FA).toBe(false);
    expect(parseConfig({ ADMIN_REQUIRE_2FA: 'true' }).ADMIN_REQUIRE_2FA).toBe(true);
  });

  it('never picks the local stand-in engine in production unless named', () => {
    expect(() => parseConfig({ NODE_ENV: 'production' })).not.toThrow();
    expect(parseConfig({ NODE_ENV: 'production', PROVIDER_ENGINE: 'local' }).PROVIDER_ENGINE).toBe('local');
    expect(parseConfig({ NODE_ENV: 'production', KIE_API_KEY: 'k' }).PROVIDER_ENGINE).toBe('kie');
  });

  it('logs readable lines in development only, unless LOG_FORMAT says otherwise', () => {
    expect(parseConfig({ NODE_ENV: 'development' }).LOG_FORMAT).toBe('pretty');
    expect(parseConfig({ NODE_ENV: 'production' }).LOG_FORMAT).toBe('json');
    expect(parseConfig({ NODE_ENV: 'test' }).LOG_FORMAT).toBe('json');
    expect(parseConfig({ NODE_ENV: 'development', LOG_FORMAT: 'json' }).LOG_FORMAT).toBe('json');
    expect(parseConfig({ NODE_ENV: 'production', LOG_FORMAT: 'pretty' }).LOG_FORMAT).toBe('pretty');
    expect(() => parseConfig({ LOG_FORMAT: 'xml' })).toThrow(
      'Invalid configuration: LOG_FORMAT must be "json" or "pretty" (got "xml")',
    );
  });
});

describe('parseConfig: a pool of kie.ai accounts', () => {
  it('reads KIE_API_KEYS as a list, each account with a stable id that is not its key', () => {
    const config = parseConfig({
      PROVIDER_ENGINE: 'kie',
      KIE_API_KEYS: ' key-one, key-two ,key-three,',
      KIE_WEBHOOK_HMAC_KEYS: 'h1,h2,h3',
    });
    const accounts = kieAccountsOf(config);
    expect(accounts.map((account) => [account.label, account.apiKey, account.webhookHmacKey])).toEqual([
      ['#1', 'key-one', 'h1'],
      ['#2', 'key-two', 'h2'],
      ['#3', 'key-three', 'h3'],
    ]);
    for (const account of accounts) {
      expect(account.id).toMatch(/^k[0-9a-f]{8}$/);
      expect(account.id).not.toContain(account.apiKey);
    }
    // Reordering the list keeps each key's id, so a task's account is found again.
    const reordered = kieAccountsOf(parseConfig({ KIE_API_KEYS: 'key-three,key-one' }));
    expect(reordered.map((account) => account.id)).toEqual([accounts[2]?.id, accounts[0]?.id]);
  });

  it('KIE_API_KEY stays the one-account form, with its HMAC key', () => {
    const accounts = kieAccountsOf(parseConfig({ KIE_API_KEY: 'solo', KIE_WEBHOOK_HMAC_KEY: 'h' }));
    expect(accounts).toEqual([
      { id: expect.stringMatching(/^k/), label: '#1', apiKey: 'solo', webhookHmacKey: 'h' },
    ]);
    expect(kieAccountsOf(parseConfig({}))).toEqual([]);
  });

  it.each([
    [
      { KIE_API_KEY: 'a', KIE_API_KEYS: 'b,c' },
      'Invalid configuration: KIE_API_KEY and KIE_API_KEYS are both set',
    ],
    [{ KIE_API_KEYS: 'a,b,a' }, 'Invalid configuration: KIE_API_KEYS names the same key twice'],
    [
      { KIE_API_KEYS: 'a,b', KIE_WEBHOOK_HMAC_KEY: 'h' },
      'Invalid configuration: KIE_WEBHOOK_HMAC_KEY goes with KIE_API_KEY',
    ],
    [
      { KIE_API_KEYS: 'a,b', KIE_WEBHOOK_HMAC_KEYS: 'h' },
      'Invalid configuration: KIE_WEBHOOK_HMAC_KEYS must name one key per account of KIE_API_KEYS (2), got 1',
    ],
    [
      { KIE_WEBHOOK_HMAC_KEYS: 'h' },
      'Invalid configuration: KIE_WEBHOOK_HMAC_KEYS is set, so KIE_API_KEYS must be set too',
    ],
  ])('refuses %o with one clear line', (env, message) => {
    expect(() => parseConfig(env)).toThrow(message);
  });

  it('PROVIDER_ENGINE=kie runs on a pool alone', () => {
    expect(parseConfig({ PROVIDER_ENGINE: 'kie', KIE_API_KEYS: 'a,b' }).PROVIDER_ENGINE).toBe('kie');
  });
});

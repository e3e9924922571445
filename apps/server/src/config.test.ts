import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, describeSmtpUrl, loadConfig } from './config.js';

const SECRET = 'x'.repeat(32);
let dataDir: string;

beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'inkstream-config-'));
});
afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

/** loadConfig must throw a ConfigError whose message names `name`. */
function expectConfigError(env: Record<string, string>, name: string) {
  let thrown: unknown;
  try {
    loadConfig({ DATA_DIR: dataDir, ...env });
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(ConfigError);
  expect((thrown as ConfigError).message).toContain(name);
}

describe('loadConfig', () => {
  it('applies the defaults', () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      nodeEnv: 'development',
      isProduction: false,
      port: 3000,
      host: '0.0.0.0',
      publicUrl: 'http://localhost:3000',
      dataDir: path.resolve(dataDir),
      mediaDir: path.join(path.resolve(dataDir), 'media'),
      databaseUrl: null,
      sqlitePath: path.join(path.resolve(dataDir), 'inkstream.sqlite'),
      demoCatalogue: 'auto',
      siteName: 'Inkstream',
      logLevel: 'info',
      logRequests: false,
      trustProxy: false,
    });
  });

  it('reads LOG_REQUESTS as true or false and refuses anything else', () => {
    expect(loadConfig({ DATA_DIR: dataDir, LOG_REQUESTS: 'true' }).logRequests).toBe(true);
    expect(loadConfig({ DATA_DIR: dataDir, LOG_REQUESTS: 'false' }).logRequests).toBe(false);
    expectConfigError({ LOG_REQUESTS: 'yes' }, 'LOG_REQUESTS');
  });

  it('reads explicit settings', () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      PORT: '8080',
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgres://u@db:5432/inkstream',
      DEMO_CATALOGUE: 'off',
      LOG_LEVEL: 'warn',
      SITE_NAME: 'Comics Corner',
      JWT_SECRET: SECRET,
      MEDIA_SIGNING_SECRET: SECRET,
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      publicUrl: 'http://localhost:8080',
      databaseUrl: 'postgres://u@db:5432/inkstream',
      demoCatalogue: 'off',
      logLevel: 'warn',
      siteName: 'Comics Corner',
      jwtSecret: SECRET,
      mediaSigningSecret: SECRET,
    });
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ PORT: '-1' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ DEMO_CATALOGUE: 'maybe' }, 'DEMO_CATALOGUE'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ NODE_ENV: 'production' }, 'JWT_SECRET'],
    [{ NODE_ENV: 'production', JWT_SECRET: SECRET }, 'MEDIA_SIGNING_SECRET'],
    [{ JWT_SECRET: 'x'.repeat(31) }, 'JWT_SECRET'],
    [{ NODE_ENV: 'production', JWT_SECRET: SECRET, MEDIA_SIGNING_SECRET: SECRET, PAYMENTS_SANDBOX: 'on' }, 'PAYMENTS_SANDBOX'],
  ])('refuses %o with a ConfigError naming %s', (env, name) => {
    expectConfigError(env, name);
  });

  it('accepts production with both secrets set', () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      JWT_SECRET: SECRET,
      MEDIA_SIGNING_SECRET: 'y'.repeat(40),
    });
    expect(config.isProduction).toBe(true);
    expect(config.jwtSecret).toBe(SECRET);
    expect(config.mediaSigningSecret).toBe('y'.repeat(40));
    expect(existsSync(path.join(dataDir, 'secrets'))).toBe(false);
  });

  it('outside production generates the secrets once and keeps them under DATA_DIR/secrets', () => {
    const first = loadConfig({ DATA_DIR: dataDir });
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(first.mediaSigningSecret.length).toBeGreaterThanOrEqual(32);
    expect(first.jwtSecret).not.toBe(first.mediaSigningSecret);
    const jwtFile = path.join(dataDir, 'secrets', 'jwt_secret.txt');
    const mediaFile = path.join(dataDir, 'secrets', 'media_signing_secret.txt');
    expect(readFileSync(jwtFile, 'utf8').trim()).toBe(first.jwtSecret);
    expect(readFileSync(mediaFile, 'utf8').trim()).toBe(first.mediaSigningSecret);

    const second = loadConfig({ DATA_DIR: dataDir });
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect(second.mediaSigningSecret).toBe(first.mediaSigningSecret);

    // Another data folder gets other secrets.
    const otherDir = mkdtempSync(path.join(tmpdir(), 'inkstream-config-'));
    try {
      expect(loadConfig({ DATA_DIR: otherDir }).jwtSecret).not.toBe(first.jwtSecret);
    } finally {
      rmSync(otherDir, { recursive: true, force: true });
    }
  });

  it('returns a frozen object', () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(Object.isFrozen(config)).toBe(true);
    expect(() => {
      (config as { port: number }).port = 1;
    }).toThrow(TypeError);
    expect(config.port).toBe(3000);
  });
});

describe('SHUTDOWN_DRAIN_SECONDS', () => {
  const production = { NODE_ENV: 'production', JWT_SECRET: SECRET, MEDIA_SIGNING_SECRET: SECRET };

  it('drains 5 s in production, where a balancer watches /readyz, and not at all elsewhere', () => {
    expect(loadConfig({ DATA_DIR: dataDir, ...production }).shutdownDrainSeconds).toBe(5);
    expect(loadConfig({ DATA_DIR: dataDir }).shutdownDrainSeconds).toBe(0);
    expect(loadConfig({ DATA_DIR: dataDir, ...production, SHUTDOWN_DRAIN_SECONDS: '0' }).shutdownDrainSeconds).toBe(0);
    expect(loadConfig({ DATA_DIR: dataDir, SHUTDOWN_DRAIN_SECONDS: '30' }).shutdownDrainSeconds).toBe(30);
    expect(() => loadConfig({ DATA_DIR: dataDir, SHUTDOWN_DRAIN_SECONDS: '301' })).toThrow(/SHUTDOWN_DRAIN_SECONDS/);
  });
});

describe('WEB_CONCURRENCY, REDIS_URL and REDIS_PREFIX', () => {
  const production = { NODE_ENV: 'production', JWT_SECRET: SECRET, MEDIA_SIGNING_SECRET: SECRET };

  it('defaults to one process outside production and to every core in production, without Redis', () => {
    expect(loadConfig({ DATA_DIR: dataDir })).toMatchObject({ webConcurrency: 1, redisUrl: null, redisPrefix: 'inkstream' });
    expect(loadConfig({ DATA_DIR: dataDir, ...production }).webConcurrency).toBe(Math.min(availableParallelism(), 64));
  });

  it('reads explicit values', () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      ...production,
      WEB_CONCURRENCY: '1',
      REDIS_URL: 'rediss://:pw@cache.internal:6380/2',
      REDIS_PREFIX: 'site-a',
    });
    expect(config).toMatchObject({ webConcurrency: 1, redisUrl: 'rediss://:pw@cache.internal:6380/2', redisPrefix: 'site-a' });
    expect(loadConfig({ DATA_DIR: dataDir, WEB_CONCURRENCY: '64', REDIS_URL: 'redis://127.0.0.1:6379' }).webConcurrency).toBe(64);
  });

  it.each([
    [{ WEB_CONCURRENCY: '0' }, 'WEB_CONCURRENCY'],
    [{ WEB_CONCURRENCY: '65' }, 'WEB_CONCURRENCY'],
    [{ WEB_CONCURRENCY: 'max' }, 'WEB_CONCURRENCY'],
    [{ REDIS_URL: 'http://127.0.0.1:6379' }, 'REDIS_URL'],
    [{ REDIS_URL: 'not a url' }, 'REDIS_URL'],
    [{ REDIS_PREFIX: 'has space' }, 'REDIS_PREFIX'],
  ])('refuses %o with a ConfigError naming %s', (env, name) => {
    expectConfigError(env, name);
  });
});

describe('mail settings', () => {
  it('defaults to the .eml folder and a From of the site name at the host of PUBLIC_URL', () => {
    const config = loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'https://read.example.com', SITE_NAME: 'Ink "Stream"' });
    expect(config.mail).toEqual({
      smtpUrl: null,
      from: '"Ink Stream" <no-reply@read.example.com>',
      emlDir: path.join(path.resolve(dataDir), 'mail'),
    });
  });

  it('reads smtp:// and smtps:// URLs with credentials and MAIL_FROM', () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      SMTP_URL: 'smtps://user:p%40ss@mail.example.com:465',
      MAIL_FROM: '"Reading Room" <hello@example.org>',
    });
    expect(config.mail.smtpUrl).toBe('smtps://user:p%40ss@mail.example.com:465');
    expect(config.mail.from).toBe('"Reading Room" <hello@example.org>');
    expect(loadConfig({ DATA_DIR: dataDir, SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: 'a@b.co' }).mail.from).toBe('a@b.co');
  });

  it('refuses other schemes and unparsable URLs without printing the password', () => {
    for (const bad of ['http://user:hunter22@mail.example.com', 'smtp//user:hunter22@x', 'imap://user:hunter22@mail.example.com']) {
      let thrown: unknown;
      try {
        loadConfig({ DATA_DIR: dataDir, SMTP_URL: bad });
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(ConfigError);
      expect((thrown as Error).message).toContain('SMTP_URL');
      expect((thrown as Error).message).not.toContain('hunter22');
    }
  });

  it('refuses a MAIL_FROM with line breaks (header injection) or without an address', () => {
    expectConfigError({ MAIL_FROM: 'a@b.co\r\nBcc: victim@example.com' }, 'MAIL_FROM');
    expectConfigError({ MAIL_FROM: 'a@b.co\nBcc: victim@example.com' }, 'MAIL_FROM');
    expectConfigError({ MAIL_FROM: 'Nobody' }, 'MAIL_FROM');
    expectConfigError({ MAIL_FROM: '"X" <nobody@localhost>' }, 'MAIL_FROM');
  });
});

describe('describeSmtpUrl', () => {
  it('hides the password', () => {
    expect(describeSmtpUrl('smtp://user:secret@mail.example.com:587')).toBe('smtp://user:***@mail.example.com:587');
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';

/** STORAGE, S3_* and MEDIA_PUBLIC_BASE_URL: parsed once, refused with a message naming the setting. */

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'inkstream-storage-config-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

const S3 = {
  STORAGE: 's3',
  S3_ENDPOINT: 'https://s3.eu-west-3.amazonaws.com/',
  S3_BUCKET: 'inkstream-media',
  S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
  S3_SECRET_ACCESS_KEY: 'secret-access-key-example',
};

const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, ...env });

function configError(env: Record<string, string>): string {
  try {
    load(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected a ConfigError');
}

describe('storage settings', () => {
  it('defaults to the local media folder and our own /media URLs', () => {
    const config = load({});
    expect(config.storage).toEqual({ driver: 'local', dir: path.join(path.resolve(dataDir), 'media') });
    expect(config.mediaPublicBaseUrl).toBeNull();
    expect(Object.isFrozen(config.storage)).toBe(true);
  });

  it('reads an S3 bucket, with the region and path style defaults', () => {
    const config = load(S3);
    expect(config.storage).toMatchObject({
      driver: 's3',
      endpoint: 'https://s3.eu-west-3.amazonaws.com',
      bucket: 'inkstream-media',
      region: 'us-east-1',
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: 'secret-access-key-example',
      forcePathStyle: false,
    });
    expect(load({ ...S3, S3_REGION: 'eu-west-3', S3_FORCE_PATH_STYLE: 'true' }).storage).toMatchObject({
      region: 'eu-west-3',
      forcePathStyle: true,
    });
  });

  it('keeps the secret key out of serialised config (logs)', () => {
    const config = load(S3);
    expect(JSON.stringify(config)).not.toContain(S3.S3_SECRET_ACCESS_KEY);
    expect(Object.keys(config.storage)).not.toContain('secretAccessKey');
  });

  it('names every missing S3 setting', () => {
    const message = configError({ STORAGE: 's3', S3_BUCKET: 'inkstream-media' });
    for (const name of ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']) expect(message).toContain(name);
    expect(message).not.toContain('S3_BUCKET');
    for (const name of ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
      const { [name]: _missing, ...rest } = S3;
      expect(configError(rest), name).toContain(name);
    }
  });

  it.each([
    [{ STORAGE: 'ftp' }, 'STORAGE'],
    [{ ...S3, S3_ENDPOINT: 'not a url' }, 'S3_ENDPOINT'],
    [{ ...S3, S3_ENDPOINT: 'ftp://files.example.com' }, 'S3_ENDPOINT'],
    [{ ...S3, S3_BUCKET: 'Bad_Bucket' }, 'S3_BUCKET'],
    [{ ...S3, S3_BUCKET: 'ab' }, 'S3_BUCKET'],
    [{ ...S3, S3_REGION: 'eu west' }, 'S3_REGION'],
    [{ ...S3, S3_FORCE_PATH_STYLE: 'yes' }, 'S3_FORCE_PATH_STYLE'],
    [{ S3_BUCKET: 'inkstream-media' }, 'S3_BUCKET'],
    [{ MEDIA_PUBLIC_BASE_URL: 'cdn.example.com' }, 'MEDIA_PUBLIC_BASE_URL'],
    [{ MEDIA_PUBLIC_BASE_URL: 'https://cdn.example.com/media?x=1' }, 'MEDIA_PUBLIC_BASE_URL'],
    [{ MEDIA_PUBLIC_BASE_URL: 'http://cdn.example.com/media', PUBLIC_URL: 'https://read.example.com' }, 'MEDIA_PUBLIC_BASE_URL'],
  ])('refuses %j naming %s', (env, name) => {
    expect(configError(env)).toContain(name);
  });

  it('reads MEDIA_PUBLIC_BASE_URL without its trailing slash, with either driver', () => {
    expect(load({ MEDIA_PUBLIC_BASE_URL: 'https://cdn.example.com/media/' }).mediaPublicBaseUrl).toBe('https://cdn.example.com/media');
    expect(load({ ...S3, MEDIA_PUBLIC_BASE_URL: 'https://cdn.example.com' }).mediaPublicBaseUrl).toBe('https://cdn.example.com');
  });
});

import { ConfigError, parseConfigUrl, type Env } from '../../../lib/config-error.js';

export interface LocalStorageConfig {
  readonly driver: 'local';
  readonly dir: string;
}

export interface S3StorageConfig {
  readonly driver: 's3';
  readonly endpoint: string;
  readonly bucket: string;
  readonly region: string;
  readonly accessKeyId: string;
  /** Not enumerable: it stays out of JSON and log serialisation of the config. */
  readonly secretAccessKey: string;
  readonly forcePathStyle: boolean;
}

export type StorageConfig = LocalStorageConfig | S3StorageConfig;

const S3_REQUIRED = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
const S3_OPTIONAL = ['S3_REGION', 'S3_FORCE_PATH_STYLE'] as const;

const valueOf = (env: Env, name: string) => (env[name] ?? '').trim();

function readHttpBase(env: Env, name: string): string | null {
  const raw = valueOf(env, name);
  if (raw === '') return null;
  const url = parseConfigUrl(name, raw, ['http:', 'https:']);
  if (url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '') {
    throw new ConfigError(`${name} must be a plain base URL without query, fragment or credentials`);
  }
  return raw.replace(/\/+$/, '');
}

function readS3(env: Env): S3StorageConfig {
  const missing = S3_REQUIRED.filter((name) => valueOf(env, name) === '');
  if (missing.length > 0) throw new ConfigError(`STORAGE=s3 needs ${missing.join(', ')} to be set`);
  const bucket = valueOf(env, 'S3_BUCKET');
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
    throw new ConfigError(`S3_BUCKET must be a bucket name (3 to 63 lowercase letters, digits, dots and hyphens), got "${bucket}"`);
  }
  const region = valueOf(env, 'S3_REGION') || 'us-east-1';
  if (!/^[a-z0-9-]{1,64}$/i.test(region)) throw new ConfigError(`S3_REGION must be a region name such as us-east-1, got "${region}"`);
  const pathStyle = valueOf(env, 'S3_FORCE_PATH_STYLE') || 'false';
  if (pathStyle !== 'true' && pathStyle !== 'false') throw new ConfigError(`S3_FORCE_PATH_STYLE must be true or false, got "${pathStyle}"`);
  const config = {
    driver: 's3' as const,
    endpoint: readHttpBase(env, 'S3_ENDPOINT')!,
    bucket,
    region,
    accessKeyId: valueOf(env, 'S3_ACCESS_KEY_ID'),
    forcePathStyle: pathStyle === 'true',
  };
  Object.defineProperty(config, 'secretAccessKey', { value: valueOf(env, 'S3_SECRET_ACCESS_KEY'), enumerable: false });
  return Object.freeze(config as S3StorageConfig);
}

/** STORAGE=local (default, files under `mediaDir`) or STORAGE=s3 with every S3_* setting it needs. */
export function readStorageConfig(env: Env, mediaDir: string): StorageConfig {
  const driver = valueOf(env, 'STORAGE') || 'local';
  if (driver === 's3') return readS3(env);
  if (driver !== 'local') throw new ConfigError(`STORAGE must be one of local, s3, got "${driver}"`);
  // S3 settings without STORAGE=s3 would silently write media to the local disk instead.
  const stray = [...S3_REQUIRED, ...S3_OPTIONAL].filter((name) => valueOf(env, name) !== '');
  if (stray.length > 0) throw new ConfigError(`${stray.join(', ')} set but STORAGE is not s3: set STORAGE=s3, or unset them`);
  return Object.freeze({ driver: 'local', dir: mediaDir });
}

/**
 * MEDIA_PUBLIC_BASE_URL: where public images (covers, pages of free chapters) are fetched from
 * instead of `/media`, e.g. a CDN. Paid pages always use our signed /media URLs.
 */
export function readMediaPublicBaseUrl(env: Env, sitePublicUrl: string): string | null {
  const base = readHttpBase(env, 'MEDIA_PUBLIC_BASE_URL');
  if (base && base.startsWith('http://') && sitePublicUrl.startsWith('https://')) {
    throw new ConfigError('MEDIA_PUBLIC_BASE_URL must be https:// when PUBLIC_URL is https:// (browsers block mixed-content images)');
  }
  return base;
}

/** Thrown for an invalid setting; main.ts prints its one-line message and exits. */
export class ConfigError extends Error {}

export type Env = Record<string, string | undefined>;

/** Parses a URL setting and checks its scheme; the one place every URL setting is validated. */
export function parseConfigUrl(name: string, raw: string, protocols: readonly string[]): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be a URL, got an unparsable value`);
  }
  if (!protocols.includes(url.protocol)) {
    throw new ConfigError(`${name} must start with ${protocols.map((p) => `${p}//`).join(' or ')}`);
  }
  return url;
}

/** An optional URL setting: null when unset or empty, else the value as given once it parsed. */
export function readUrl(env: Env, name: string, protocols: readonly string[]): string | null {
  const raw = env[name];
  if (raw === undefined || raw === '') return null;
  parseConfigUrl(name, raw, protocols);
  return raw;
}

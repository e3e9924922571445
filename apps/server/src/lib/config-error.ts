/** Thrown for an invalid setting; main.ts prints its one-line message and exits. */
export class ConfigError extends Error {}

export type Env = Record<string, string | undefined>;

import { SiteSettingsUpdateBody, type SiteSettings } from '@inkstream/contracts';
import { compileBodyCheck } from '../../http/body-validator.js';
import { CLI_ACTOR } from '../../modules/audit/audit.service.js';
import { CliError, requireArg } from '../cli-error.js';
import type { CliContext } from '../cli-context.js';

/** The settings the console's settings screen changes, by the API's names. */
const SETTING_KEYS = Object.keys(SiteSettingsUpdateBody.properties) as (keyof SiteSettings)[];
/** The console's own check (`PUT /admin/settings`'s body schema), compiled as its route compiles it. */
const checkUpdate = compileBodyCheck(SiteSettingsUpdateBody);

/** A command-line word as the setting's JSON type: `true`/`false` for switches, digits for numbers. */
function parseValue(key: keyof SiteSettings, raw: string): unknown {
  const type = (SiteSettingsUpdateBody.properties[key] as { type?: string }).type;
  if (type === 'boolean') {
    if (raw === 'true' || raw === 'false') return raw === 'true';
    throw new CliError(`${key} is true or false, got "${raw}"`);
  }
  if (type === 'integer') {
    if (!/^-?\d{1,12}$/.test(raw)) throw new CliError(`${key} is a whole number, got "${raw}"`);
    return Number(raw);
  }
  return raw;
}

/** `settings show`: every run-time setting with its value (what the console's settings screen shows). */
export async function settingsShow(ctx: CliContext): Promise<void> {
  const settings = await ctx.settings.get();
  const width = Math.max(...SETTING_KEYS.map((key) => key.length));
  for (const key of SETTING_KEYS) ctx.write(`${key.padEnd(width)}  ${JSON.stringify(settings[key])}`);
}

/**
 * `settings set <key> <value>`: the console's settings change, with its validation (the same body
 * schema) and its audit (`settings.update`, as `cli`); every running node follows within seconds.
 */
export async function settingsSet(ctx: CliContext, args: string[]): Promise<void> {
  const key = requireArg(args[0], 'key') as keyof SiteSettings;
  if (!SETTING_KEYS.includes(key)) throw new CliError(`unknown setting "${args[0]}"; one of: ${SETTING_KEYS.join(', ')}`);
  const value = parseValue(key, requireArg(args[1], 'value'));
  if (args.length > 2) throw new CliError(`one value only (quote a value with spaces: "${args.slice(1).join(' ')}")`);
  const body = { [key]: value };
  const problem = checkUpdate(body);
  if (problem) throw new CliError(`${problem.field} ${problem.message}`);
  const before = (await ctx.settings.get())[key];
  const after = await ctx.settings.update(CLI_ACTOR, body);
  ctx.write(
    before === after[key]
      ? `${key} is already ${JSON.stringify(after[key])}`
      : `${key}: ${JSON.stringify(before)} -> ${JSON.stringify(after[key])} (every node follows within seconds)`,
  );
}

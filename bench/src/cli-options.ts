/**
 * Reads an integer command-line option of a bench script, refusing anything else with the
 * script's usage text (a typo must not silently measure something other than what was asked).
 */
export const integerOption =
  (usage: string) =>
  (name: string, raw: string, min: number): number => {
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min) throw new Error(`--${name} must be an integer of at least ${min}\n${usage}`);
    return value;
  };

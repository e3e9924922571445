/** The code as the API takes it: six digits for the app's code; letters, digits and dashes for a recovery code. */
export function normalizeCode(raw: string, isRecovery: boolean): string | undefined {
  const code = raw.replace(/\s+/g, '');
  if (isRecovery) return /^[A-Za-z0-9]{4}-?[A-Za-z0-9]{4}-?[A-Za-z0-9]{4}$/.test(code) ? code : undefined;
  return /^[0-9]{6}$/.test(code) ? code : undefined;
}

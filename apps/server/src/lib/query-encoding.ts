import { ErrorCode } from '@inkstream/contracts';
import { AppError } from './app-error.js';

/**
 * Refuses a query-string parameter whose percent escapes are not UTF-8: how a lone surrogate
 * (half of a character, which no keyboard types) reaches a server, e.g. `%ED%A0%80`. Fastify's
 * parser leaves such a value undecoded, so the handler would read the escapes as typed text; a
 * route where that matters (the suggestions, asked at every keystroke) says so with 400 instead.
 */
export function refuseUndecodableParams(url: string | undefined, names: readonly string[]): void {
  const query = url?.split('?', 2)[1];
  if (!query) return;
  for (const pair of query.split('&')) {
    const [name = '', value = ''] = pair.split('=', 2);
    if (!names.includes(name)) continue;
    try {
      decodeURIComponent(value.replaceAll('+', ' '));
    } catch {
      throw new AppError(ErrorCode.VALIDATION_FAILED, 400, `${name} is not valid UTF-8 text`, [
        { field: name, message: 'not valid UTF-8' },
      ]);
    }
  }
}

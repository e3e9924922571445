import type { ErrorCode } from '@inkstream/contracts';

export interface ErrorDetail {
  field: string;
  message: string;
}

/** The one error type of the server: a stable code, an HTTP status and a readable English message. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly statusCode: number,
    message: string,
    readonly details?: ErrorDetail[],
    /** Seconds, sent as Retry-After (429, 503). */
    readonly retryAfter?: number,
    /**
     * Documented ext fields of this error's body (docs/API.md), beside `error` and `code`, which
     * they can never replace; the route's response schema must list them or they are dropped.
     */
    readonly extra?: Readonly<Record<string, unknown>>,
    /**
     * Response headers the answer must carry (lower-case names), e.g. the WWW-Authenticate of a
     * 401 from the OPDS feeds (opds/feed-auth.ts), which reading apps need to ask for a login.
     */
    readonly headers?: Readonly<Record<string, string>>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (code: ErrorCode, message: string) => new AppError(code, 404, message);
export const badRequest = (code: ErrorCode, message: string, details?: ErrorDetail[]) => new AppError(code, 400, message, details);

import { ErrorCode, NO_CONTROL_CHARACTERS, type ErrorBody } from '@inkstream/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable } from '../db/database-errors.js';
import { isPoolQueryInTransaction } from '../db/transaction-guard.js';
import { isStorageFull, type StorageHealth } from '../db/storage-health.js';
import { AppError } from '../lib/app-error.js';

/** While the database cannot answer, clients are told to come back shortly rather than that we broke. */
const DATABASE_RETRY_AFTER_SECONDS = 5;
const DATABASE_UNAVAILABLE: ErrorBody = {
  error: 'The service is briefly unavailable; please try again in a few seconds',
  code: ErrorCode.SERVICE_UNAVAILABLE,
};

/** Readable messages for pattern failures, which ajv would describe with the raw regular expression. */
const PATTERN_MESSAGES: Record<string, string> = {
  username: 'must contain only letters and digits',
  expires: 'must be written as in the download link: digits without a leading zero',
};

const STATUS_CODES: Record<number, ErrorCode> = {
  401: ErrorCode.AUTH_REQUIRED,
  403: ErrorCode.FORBIDDEN,
  404: ErrorCode.NOT_FOUND,
  405: ErrorCode.METHOD_NOT_ALLOWED,
  408: ErrorCode.REQUEST_TIMEOUT,
  413: ErrorCode.PAYLOAD_TOO_LARGE,
  415: ErrorCode.UNSUPPORTED_MEDIA_TYPE,
  429: ErrorCode.RATE_LIMITED,
  431: ErrorCode.HEADERS_TOO_LARGE,
  503: ErrorCode.SERVICE_UNAVAILABLE,
};

type ValidationIssue = NonNullable<FastifyError['validation']>[number];

function describeValidation(issue: ValidationIssue, context: string | undefined): { field: string; message: string } {
  const missing = issue.keyword === 'required' ? String((issue.params as { missingProperty?: string }).missingProperty ?? '') : '';
  const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
  const field = [path, missing].filter(Boolean).join('.') || context || 'request';
  const leaf = field.split('.').pop() ?? field;
  if (issue.keyword === 'required') return { field, message: `${field} is required` };
  if (issue.keyword === 'pattern' && PATTERN_MESSAGES[leaf]) return { field, message: `${field} ${PATTERN_MESSAGES[leaf]}` };
  if (issue.keyword === 'pattern' && (issue.params as { pattern?: string }).pattern === NO_CONTROL_CHARACTERS) {
    return { field, message: `${field} must not contain control characters` };
  }
  if (issue.keyword === 'pattern') return { field, message: `${field} has characters that are not allowed` };
  if (issue.keyword === 'additionalProperties') return { field, message: `${field} has an unknown property` };
  return { field, message: `${field} ${issue.message ?? 'is invalid'}` };
}

/** 503 SERVICE_UNAVAILABLE with Retry-After: the database cannot answer now (down, or not reached yet at start). */
export function sendDatabaseUnavailable(reply: FastifyReply): FastifyReply {
  return send(reply, 503, DATABASE_UNAVAILABLE, DATABASE_RETRY_AFTER_SECONDS);
}

function send(reply: FastifyReply, status: number, body: ErrorBody, retryAfter?: number): FastifyReply {
  if (retryAfter !== undefined) reply.header('retry-after', String(retryAfter));
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

/**
 * One error handler for the whole server: `{ error, code, details? }` with a stable code.
 * Unexpected errors are logged with their stack and answered with a generic 500, never their internals.
 */
export function registerErrorHandler(app: FastifyInstance, storage: StorageHealth): void {
  app.setErrorHandler((error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return send(
        reply,
        error.statusCode,
        { ...error.extra, error: error.message, code: error.code, ...(error.details ? { details: error.details } : {}) },
        error.retryAfter,
      );
    }
    if (error.validation) {
      const details = error.validation.map((issue) => describeValidation(issue, error.validationContext));
      const first = details[0]?.message ?? 'invalid request';
      return send(reply, 400, { error: `Invalid request: ${first}`, code: ErrorCode.VALIDATION_FAILED, details });
    }
    const status = error.statusCode ?? 500;
    if (status === 400) {
      // Malformed JSON, an empty body with a JSON content type, and similar parser failures.
      return send(reply, 400, { error: `Invalid request: ${error.message}`, code: ErrorCode.VALIDATION_FAILED });
    }
    if (status > 400 && status < 500) {
      return send(reply, status, { error: error.message, code: STATUS_CODES[status] ?? ErrorCode.VALIDATION_FAILED });
    }
    if (isPoolQueryInTransaction(error)) {
      // A defect (db/transaction-guard.ts), logged with its stack; refused rather than frozen, so
      // the reader may retry and the rest of the site goes on.
      request.log.error({ err: error }, 'query through the pool inside a transaction: refused');
      return sendDatabaseUnavailable(reply);
    }
    if (isDatabaseUnavailable(error)) {
      // A full disk is logged once, with its cause, when it starts (not once per refused write).
      if (isStorageFull(error)) storage.noteFailure(error, request.log);
      else request.log.warn({ err: error }, 'database unavailable');
      return sendDatabaseUnavailable(reply);
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 500, { error: 'Something went wrong on our side; please try again', code: ErrorCode.INTERNAL_ERROR });
  });
}

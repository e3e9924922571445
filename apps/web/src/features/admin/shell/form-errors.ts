import { ApiError } from '../../../lib/api-client';

/** The server's per-field messages (VALIDATION_FAILED details) by field name, and the rest as one message. */
export interface FormErrors {
  fields: Record<string, string>;
  message: string | null;
}

export const NO_ERRORS: FormErrors = { fields: {}, message: null };

/**
 * Turns a failed admin call into what a form shows: each detail next to its field (the server
 * names fields as `/title` or `title`), anything else above the form.
 */
export function toFormErrors(error: unknown): FormErrors {
  if (!(error instanceof ApiError)) return { fields: {}, message: error instanceof Error ? error.message : String(error) };
  const fields: Record<string, string> = {};
  for (const detail of error.details) fields[detail.field.replace(/^\//, '').replace(/\//g, '.')] = detail.message;
  return { fields, message: Object.keys(fields).length > 0 && error.code === 'VALIDATION_FAILED' ? null : error.message };
}

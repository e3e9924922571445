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
export function toFormErrors(error: unknown, translated: Partial<Record<string, string>> = {}): FormErrors {
  if (!(error instanceof ApiError)) return { fields: {}, message: error instanceof Error ? error.message : String(error) };
  // A stable code the form knows speaks the console's language; the server's sentence is English.
  const text = translated[error.code];
  const fields: Record<string, string> = {};
  for (const detail of error.details) fields[detail.field.replace(/^\//, '').replace(/\//g, '.')] = text ?? detail.message;
  if (text !== undefined) return { fields, message: Object.keys(fields).length > 0 ? null : text };
  return { fields, message: Object.keys(fields).length > 0 && error.code === 'VALIDATION_FAILED' ? null : error.message };
}

import { Type, type TObjectOptions, type TStringOptions, type TProperties, type TSchema } from 'typebox';

/** Every success body is `{ data: PAYLOAD }` (API contract, conventions). */
export const Data = <T extends TSchema>(payload: T) => Type.Object({ data: payload });
/** Most payloads wrap their value in `result`. */
export const Result = <T extends TSchema>(result: T) => Data(Type.Object({ result }));

/**
 * No C0 or C1 control character (NUL included): such characters have no place in names, codes or
 * search text, and PostgreSQL refuses NUL in text, so they are stopped at the edge with a 400.
 */
export const NO_CONTROL_CHARACTERS = '^[^\\u0000-\\u001F\\u007F-\\u009F]*$';
/** A string of printable text (see NO_CONTROL_CHARACTERS). */
export const PlainText = (options: TStringOptions = {}) => Type.String({ ...options, pattern: NO_CONTROL_CHARACTERS });

/**
 * Every request body is a closed object: properties the schema does not name are removed before
 * the handler runs (ajv removeAdditional), so no field a client may not set reaches a service.
 */
export const ClosedObject = <T extends TProperties>(properties: T, options: TObjectOptions = {}) =>
  Type.Object(properties, { ...options, additionalProperties: false });

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const Uuid = (description?: string) => Type.String({ format: 'uuid', ...(description ? { description } : {}) });
export const Timestamp = (description?: string) => Type.String({ format: 'date-time', ...(description ? { description } : {}) });
/** Language path/query parameter: validated by the service so a wrong value gets INVALID_LANGUAGE. */
export const LanguageParam = Type.String({
  maxLength: 16,
  description: 'zh-cn, en-us, fr-fr, es-es or ar-sa (case-insensitive)',
});

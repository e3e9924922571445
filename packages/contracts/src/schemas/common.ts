import { Type, type TSchema } from 'typebox';

/** Every success body is `{ data: PAYLOAD }` (API contract, conventions). */
export const Data = <T extends TSchema>(payload: T) => Type.Object({ data: payload });
/** Most payloads wrap their value in `result`. */
export const Result = <T extends TSchema>(result: T) => Data(Type.Object({ result }));

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const Uuid = (description?: string) => Type.String({ format: 'uuid', ...(description ? { description } : {}) });
export const Timestamp = (description?: string) => Type.String({ format: 'date-time', ...(description ? { description } : {}) });
/** Language path/query parameter: validated by the service so a wrong value gets INVALID_LANGUAGE. */
export const LanguageParam = Type.String({
  maxLength: 16,
  description: 'zh-cn, en-us, fr-fr, es-es or ar-sa (case-insensitive)',
});

import { Type, type Static } from 'typebox';

export * from './error-codes.js';

export const ErrorDetail = Type.Object({ field: Type.String(), message: Type.String() });
export const ErrorBody = Type.Object({
  error: Type.String({ description: 'Readable English message' }),
  code: Type.String({ description: 'Stable error code' }),
  details: Type.Optional(Type.Array(ErrorDetail)),
});
export type ErrorBody = Static<typeof ErrorBody>;

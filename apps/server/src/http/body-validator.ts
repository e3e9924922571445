import { createRequire } from 'node:module';
import type { FastifyServerOptions } from 'fastify';

type BuildValidator = NonNullable<NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>['buildValidator']>;
/** What a compiler from the pool is handed: the schema, and which part of the request it checks. */
type Compile = (route: { schema: unknown; httpPart?: string }) => unknown;
type CompilerPool = (externalSchemas: unknown, options: { customOptions?: Record<string, unknown> }) => Compile;

/**
 * Fastify's own validator compiler (@fastify/ajv-compiler), loaded as Fastify loads it, from
 * Fastify's own dependencies: the same version and defaults, nothing of ours to keep in step.
 */
const fastifyRequire = createRequire(createRequire(import.meta.url).resolve('fastify'));
const { AjvCompiler } = fastifyRequire('@fastify/ajv-compiler') as { AjvCompiler: () => CompilerPool };

/**
 * Validators that never change a request body's types. Fastify's ajv coerces by default
 * (`coerceTypes: 'array'`): `{"score": "7"}` passed a rating's `score: integer` as 7, and `"true"`
 * a boolean. A JSON body says what type each value is, so a string where a number or a boolean
 * belongs is the client's mistake, refused 400 like any other. The querystring, the path and the
 * headers are strings by nature and keep their coercion (`?page=2` is the number 2).
 */
const bodyExact: CompilerPool = (externalSchemas, options) => {
  const compilers = AjvCompiler();
  const exact = compilers(externalSchemas, { ...options, customOptions: { ...options.customOptions, coerceTypes: false } });
  const coercing = compilers(externalSchemas, options);
  return (route) => (route.httpPart === 'body' ? exact(route) : coercing(route));
};
// Fastify's type is a union of ajv's and JTD's factories; this is the ajv one, as Fastify's default is.
export const buildValidator = bodyExact as unknown as BuildValidator;

/** One problem with a body, as the API's 400 names it: the field and what is wrong. */
export interface BodyProblem {
  field: string;
  message: string;
}

/**
 * A request body schema compiled exactly as the routes compile it (no coercion), for callers
 * outside a request: the admin command line checks what it sends to a service with the very
 * schema the console's route uses, so the two cannot drift apart.
 */
export function compileBodyCheck(schema: unknown): (body: unknown) => BodyProblem | null {
  const validate = bodyExact({}, { customOptions: { allErrors: false } })({ schema, httpPart: 'body' }) as ((body: unknown) => boolean) & {
    errors?: { instancePath: string; message?: string; params?: { additionalProperty?: string } }[] | null;
  };
  return (body) => {
    if (validate(body)) return null;
    const error = validate.errors?.[0];
    const field = error?.params?.additionalProperty ?? (error?.instancePath.replace(/^\//, '') || 'body');
    return { field, message: error?.message ?? 'is not valid' };
  };
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createBook, createUser, nextClientIp, type TestBook, type TestUser } from './helpers/factories.js';
import { openApiOperations, type OpenApiSchema } from './helpers/openapi-operations.js';
import { createTestContext, type TestContext } from './helpers/test-context.js';

/**
 * Issue 40: a rating's `score: "7"` (a string) was accepted, Fastify's ajv coercing it to 7. A JSON
 * body says what type each value is: every operation of the OpenAPI document whose body has a
 * number, an integer or a boolean gets, field by field, the same value as a string, and must
 * refuse it (400 VALIDATION_FAILED naming the field). Query strings and paths keep their
 * coercion: `?page=2` is still a page number.
 */

type Schema = OpenApiSchema;

let ctx: TestContext;
let book: TestBook;
let reader: TestUser;
let admin: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  book = await createBook(ctx, { chapters: 2, freeChapters: 2 });
  reader = await createUser(ctx);
  admin = await createUser(ctx, { role: 'admin' });
});
afterAll(() => ctx.close());

/** A value that fits the schema, so that only the field under test is wrong. */
function fitting(schema: Schema): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.anyOf) return fitting(schema.anyOf.find((option) => option.type !== 'null') ?? schema.anyOf[0]!);
  switch (schema.type) {
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, Math.min(schema.maximum ?? 1, 1));
    case 'boolean':
      return true;
    case 'array':
      return schema.items ? [fitting(schema.items)] : [];
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([name, child]) => [name, fitting(child)]));
    default:
      if (schema.format === 'uuid') return book.uuid;
      if (schema.format === 'date-time') return '2026-11-26T12:00:00.000Z';
      if (schema.format === 'email') return 'reader@example.com';
      return 'abcdefgh'.padEnd(schema.minLength ?? 0, 'x');
  }
}

/** Where a number or a boolean sits in the body: each a path of property names, at any depth of objects. */
function typedFields(schema: Schema, at: string[] = []): { at: string[]; value: unknown }[] {
  const options = schema.anyOf ?? [schema];
  const own = options.some((option) => option.type === 'string')
    ? []
    : options
        .filter((option) => option.type === 'integer' || option.type === 'number' || option.type === 'boolean')
        .slice(0, 1)
        .map((option) => ({ at, value: fitting(option) }));
  const children = options.flatMap((option) =>
    option.type === 'object' ? Object.entries(option.properties ?? {}).flatMap(([name, child]) => typedFields(child, [...at, name])) : [],
  );
  return [...(at.length ? own : []), ...children];
}

function withString(body: unknown, at: string[], value: unknown): unknown {
  const copy = structuredClone(body) as Record<string, unknown>;
  let target = copy;
  for (const name of at.slice(0, -1)) target = (target[name] ??= {}) as Record<string, unknown>;
  target[at.at(-1)!] = String(value);
  return copy;
}

describe('request bodies keep their types', () => {
  it('refuses, in every body of the OpenAPI document, a string where a number or a boolean belongs', async () => {
    const tried: string[] = [];
    const accepted: string[] = [];
    for (const { path, method, operation } of openApiOperations(ctx)) {
      const schema = operation.requestBody?.content['application/json']?.schema;
      if (!schema) continue;
      const url = path.replace(/\{(\w+)\}/g, (_match, name: string) => (/id$/i.test(name) && !/uuid/i.test(name) ? '1' : book.uuid));
      for (const field of typedFields(schema)) {
        const payload = withString(fitting(schema), field.at, field.value);
        const response = await ctx.app.inject({
          method: method as 'POST',
          url,
          headers: authHeader(path.startsWith('/api/v1/admin/') ? admin : reader),
          payload: payload as Record<string, unknown>,
          remoteAddress: nextClientIp(),
        });
        const what = `${method} ${path} ${field.at.join('.')}: "${String(field.value)}"`;
        tried.push(what);
        const body = response.json() as { code?: string; details?: { field?: string }[] };
        if (response.statusCode !== 400 || body.code !== 'VALIDATION_FAILED')
          accepted.push(`${what} answered ${response.statusCode} ${response.body.slice(0, 160)}`);
      }
    }
    // Among them the rating score, and more than a handful of other fields.
    expect(tried).toContain(`PUT /api/v1/comics/book/{book_uuid}/rating score: "1"`);
    expect(tried.length, tried.join('\n')).toBeGreaterThan(10);
    expect(accepted).toEqual([]);
  }, 60_000);

  it("refuses the issue's rating as a string, and still reads a query string's numbers", async () => {
    const rating = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/comics/book/${book.uuid}/rating`,
      headers: authHeader(reader),
      payload: { score: '7' },
      remoteAddress: nextClientIp(),
    });
    expect(rating.statusCode).toBe(400);
    expect(rating.json().code).toBe('VALIDATION_FAILED');
    const chapters = await ctx.app.inject({ url: `/api/v1/comics/chapters/${book.uuid}/en-us/asc/0/10`, remoteAddress: nextClientIp() });
    expect(chapters.statusCode, chapters.body).toBe(200);
    const comments = await ctx.app.inject({
      url: `/api/v1/comics/chapter/${book.chapters[0]!.uuid}/comments?page=2&page_size=5`,
      remoteAddress: nextClientIp(),
    });
    expect(comments.statusCode, comments.body).toBe(200);
  });
});

import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBook, createUser, nextClientIp, authHeader } from './helpers/factories.js';
import { createTestContext, type TestContext } from './helpers/test-context.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type JsonSchema = { type?: string; properties?: Record<string, JsonSchema>; additionalProperties?: unknown; items?: JsonSchema };

/** Every object schema inside `schema` (the schema itself, its properties, array items), with its path. */
function objectSchemas(schema: JsonSchema, path: string): { path: string; schema: JsonSchema }[] {
  const found = schema.type === 'object' ? [{ path, schema }] : [];
  const children = [
    ...Object.entries(schema.properties ?? {}).map(([name, child]) => [`${path}.${name}`, child] as const),
    ...(schema.items ? [[`${path}[]`, schema.items] as const] : []),
  ];
  return [...found, ...children.flatMap(([childPath, child]) => objectSchemas(child, childPath))];
}

describe('request bodies are closed', () => {
  it('every JSON request body in the OpenAPI document, at every depth, names all its properties', async () => {
    const document = ctx.app.swagger() as {
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: JsonSchema }> } }>>;
    };
    const bodies = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations).flatMap(([method, operation]) =>
        Object.entries(operation.requestBody?.content ?? {}).map(([type, { schema }]) => ({ at: `${method} ${path} ${type}`, schema })),
      ),
    );
    expect(bodies.length).toBeGreaterThanOrEqual(8);
    const open = bodies.flatMap(({ at, schema }) =>
      objectSchemas(schema, 'body')
        .filter(({ schema: object }) => object.additionalProperties !== false)
        .map(({ path }) => `${at}: ${path}`),
    );
    expect(open).toEqual([]);
  });

  it.each(['admin', 'superuser'])('registering with role "%s" creates a plain user whose /user/me works', async (role) => {
    const username = `role${role.slice(0, 4)}${Date.now() % 100000}`;
    const registered = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/user/register',
      remoteAddress: nextClientIp(),
      payload: { username, password: 'secret1', user_type: 'test', role, is_admin: true, token_version: 99 },
    });
    expect(registered.statusCode).toBe(201);
    const stored = await ctx.db
      .selectFrom('users')
      .select(['role', 'token_version'])
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
    expect(stored.role).toBe('user');
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/user/login',
      remoteAddress: nextClientIp(),
      payload: { username, password: 'secret1' },
    });
    const me = await ctx.app.inject({ url: '/api/v1/user/me', headers: { authorization: `Token ${login.json().data.jwt_token}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.result.role).toBe('user');
  });

  it('a registered visitor cannot read a paid chapter however the body was dressed up', async () => {
    const book = await createBook(ctx, { chapters: 3, freeChapters: 1 });
    const username = `dressed${Date.now() % 100000}`;
    await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/user/register',
      remoteAddress: nextClientIp(),
      payload: { username, password: 'secret1', role: 'admin' },
    });
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/user/login',
      remoteAddress: nextClientIp(),
      payload: { username, password: 'secret1' },
    });
    const paid = await ctx.app.inject({
      url: `/api/v1/comics/chapter_comics/${book.chapters[2]!.uuid}/en-us`,
      headers: { authorization: `Token ${login.json().data.jwt_token}` },
    });
    expect(paid.statusCode).toBe(403);
    expect(paid.json().code).toBe('MEMBERSHIP_REQUIRED');
  });

  it('an account stored with an unknown role is treated as a plain user, not a 500', async () => {
    const user = await createUser(ctx);
    await ctx.db
      .updateTable('users')
      .set({ role: 'superuser' as 'admin' })
      .where('id', '=', user.id)
      .execute();
    const me = await ctx.app.inject({ url: '/api/v1/user/me', headers: authHeader(user) });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.result.role).toBe('user');
  });
});

describe('tokens', () => {
  it('refuses a correctly signed token without an expiry', async () => {
    const user = await createUser(ctx);
    const row = await ctx.db.selectFrom('users').select('token_version').where('id', '=', user.id).executeTakeFirstOrThrow();
    const forever = await new SignJWT({ tv: row.token_version })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.uuid)
      .setIssuer('inkstream')
      .setIssuedAt()
      .sign(new TextEncoder().encode(ctx.config.jwtSecret));
    const response = await ctx.app.inject({ url: '/api/v1/user/me', headers: { authorization: `Token ${forever}` } });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('INVALID_TOKEN');
    // The same token with an expiry is accepted: the refusal is about exp alone.
    expect((await ctx.app.inject({ url: '/api/v1/user/me', headers: authHeader(user) })).statusCode).toBe(200);
  });
});

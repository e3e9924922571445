import type { TestContext } from './test-context.js';

/** The parts of an OpenAPI schema object that the tests walking the app's document read. */
export type OpenApiSchema = {
  type?: string;
  properties?: Record<string, OpenApiSchema>;
  required?: string[];
  items?: OpenApiSchema;
  enum?: unknown[];
  anyOf?: OpenApiSchema[];
  const?: unknown;
  format?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  pattern?: string;
};
export type OpenApiParameter = { name: string; in: 'path' | 'query' | 'header'; schema: OpenApiSchema };
export type OpenApiOperation = { parameters?: OpenApiParameter[]; requestBody?: { content: Record<string, { schema: OpenApiSchema }> } };

/** Every operation of the app's own OpenAPI document: its path template, method (upper case) and description. */
export function openApiOperations(ctx: TestContext): { path: string; method: string; operation: OpenApiOperation }[] {
  const document = ctx.app.swagger() as { paths: Record<string, Record<string, OpenApiOperation>> };
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method: method.toUpperCase(), operation })),
  );
}

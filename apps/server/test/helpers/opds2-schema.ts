import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

/**
 * The OPDS 2.0 / Readium schemas of test/fixtures/opds2-schema (written by us from the
 * specifications, see its README), compiled once. `check(kind, document)` returns the errors,
 * empty when the document is valid, so a failing test shows them.
 */
const folder = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'opds2-schema');
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats(ajv);
for (const file of readdirSync(folder).filter((name) => name.endsWith('.schema.json'))) {
  ajv.addSchema(JSON.parse(readFileSync(path.join(folder, file), 'utf8')) as object);
}

export type Opds2Kind = 'feed' | 'publication' | 'divina' | 'progression';

const validators = new Map<Opds2Kind, ValidateFunction>();

export function checkOpds2(kind: Opds2Kind, document: unknown): string[] {
  let validate = validators.get(kind);
  if (!validate) {
    validate = ajv.getSchema(`https://inkstream.test/opds2-schema/${kind}.schema.json`)!;
    validators.set(kind, validate);
  }
  return validate(document) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message ?? ''}`);
}

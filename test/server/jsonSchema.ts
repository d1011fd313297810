/**
 * A JSON Schema (2020-12) check for the keywords the OpenAPI document's request bodies use, written out so
 * that the contract test does not judge the document with the library that wrote it (zod). The project has
 * no JSON Schema validator of its own (eslint's ajv 6 predates 2020-12: no prefixItems). A keyword it does not
 * know throws: a document that grows one cannot pass by being half read.
 */
type Schema = boolean | Record<string, unknown>;

const ANNOTATIONS = new Set(['description', 'title', 'format', 'example', 'examples', 'default']);

const typeOf = (v: unknown): string =>
  v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v === 'number' ? 'number' : typeof v;

function isType(v: unknown, t: string): boolean {
  if (t === 'integer') return typeof v === 'number' && Number.isInteger(v);
  return typeOf(v) === t;
}

const equal = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function validates(schema: Schema, v: unknown): boolean {
  if (typeof schema === 'boolean') return schema;
  for (const [k, s] of Object.entries(schema)) {
    if (!check(k, s, schema, v)) return false;
  }
  return true;
}

function check(k: string, s: unknown, schema: Record<string, unknown>, v: unknown): boolean {
  const obj = typeOf(v) === 'object' ? (v as Record<string, unknown>) : null;
  const arr = Array.isArray(v) ? v : null;
  const num = typeof v === 'number' ? v : null;
  switch (k) {
    case 'type':
      return (Array.isArray(s) ? s : [s]).some((t) => isType(v, t as string));
    case 'enum':
      return (s as unknown[]).some((e) => equal(e, v));
    case 'const':
      return equal(s, v);
    case 'minimum':
      return num === null || num >= (s as number);
    case 'maximum':
      return num === null || num <= (s as number);
    case 'exclusiveMinimum':
      return num === null || num > (s as number);
    case 'exclusiveMaximum':
      return num === null || num < (s as number);
    case 'pattern':
      return typeof v !== 'string' || new RegExp(s as string, 'u').test(v);
    case 'minItems':
      return !arr || arr.length >= (s as number);
    case 'maxItems':
      return !arr || arr.length <= (s as number);
    case 'prefixItems':
      return !arr || (s as Schema[]).every((p, i) => i >= arr.length || validates(p, arr[i]));
    case 'items': {
      const from = ((schema.prefixItems as unknown[] | undefined) ?? []).length;
      return !arr || arr.slice(from).every((x) => validates(s as Schema, x));
    }
    case 'required':
      return !obj || (s as string[]).every((p) => Object.hasOwn(obj, p));
    case 'properties':
      return (
        !obj ||
        Object.entries(s as Record<string, Schema>).every(
          ([p, ps]) => !Object.hasOwn(obj, p) || validates(ps, obj[p]),
        )
      );
    case 'additionalProperties': {
      const named = (schema.properties as Record<string, unknown> | undefined) ?? {};
      return (
        !obj || Object.entries(obj).every(([p, x]) => Object.hasOwn(named, p) || validates(s as Schema, x))
      );
    }
    case 'propertyNames':
      return !obj || Object.keys(obj).every((p) => validates(s as Schema, p));
    case 'minProperties':
      return !obj || Object.keys(obj).length >= (s as number);
    case 'maxProperties':
      return !obj || Object.keys(obj).length <= (s as number);
    case 'allOf':
      return (s as Schema[]).every((b) => validates(b, v));
    case 'anyOf':
      return (s as Schema[]).some((b) => validates(b, v));
    case 'oneOf':
      return (s as Schema[]).filter((b) => validates(b, v)).length === 1;
    case 'not':
      return !validates(s as Schema, v);
    case 'if':
      return validates(s as Schema, v)
        ? validates((schema.then as Schema | undefined) ?? true, v)
        : validates((schema.else as Schema | undefined) ?? true, v);
    case 'then':
    case 'else':
      return true; // read with `if`
    default:
      if (ANNOTATIONS.has(k)) return true;
      throw new Error(`jsonSchema.ts does not know the keyword '${k}'`);
  }
}

import { Hono } from 'hono';
import type PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app';
import { InlineExecutor } from '../../src/server/executor/local';
import { jobRoutes } from '../../src/server/jobRoutes';
import { openDatabase, type Database } from '../../src/service/hosted/database';
import { migrate } from '../../src/service/hosted/migrations';
import { createToken } from '../../src/service/hosted/tokens';
import { startQueue } from '../../src/service/jobs/jobs';
import { newEmbeddedDatabase } from '../helpers/embeddedDatabase';
import { rooms as jobRooms, queuedJobsApp } from '../helpers/jobs';
import { openApiDocument } from '../../src/server/openapi';
import { ModelStatus } from '../../src/service/model/status';
import { OPERATION_SPECS } from '../../src/service/operations';
import { testApp } from './inProcess';
import { validates } from './jsonSchema';

// The published OpenAPI document against the server, bound by bound: from each operation's example bodies,
// requests at every edge its request schema documents (each minimum/maximum just inside and just outside,
// each enum value and one that is not, each minItems/maxItems ± 1, each field of the body left out, a wrong
// type) and probes where it documents none (an unbounded number at ±1e300, any string, an empty or a longer
// array, an empty object), so that a bound only the server enforces shows up too. The server must accept
// (anything but 400) exactly what the document accepts, save the rules no schema can state (geometry,
// grids), each listed below with the message it is known by. The multipart form is checked the same way.

type Json = Record<string, unknown>;
type Key = string | number;
interface Case {
  where: string;
  body: unknown;
}

const doc = openApiDocument('0.0.0-test') as {
  paths: Record<string, { post?: { requestBody: { content: Record<string, { schema: Json }> } } }>;
};
const schemaFor = (path: string, type = 'application/json') =>
  doc.paths[path]!.post!.requestBody.content[type]!.schema;

/** What the document accepts but only the server can check: rules over several fields or over geometry. */
const BEYOND_SCHEMA: [RegExp, string][] = [
  [/is not on the room polygon boundary/, 'conventions.md: a window lies on the room'],
  [/has zero width along its wall|has zero height/, 'a window must open'],
  [/more than 0\.15 m (below the floor|above the ceiling)/, 'conventions.md: z range ± 0.15 m'],
  [/is not a simple polygon/, 'conventions.md: a simple polygon'],
  [/spans [\d.e+]+ m; rooms up to 200 m/, 'api-decisions.md: 200 m across'],
  [/^Mesh point count must be a multiple of 3/, 'api.md: mesh, a multiple of 3'],
  [
    /rectangular 2-D array|must have the same shape|shapes differ|selects no cells/,
    'api.md: /stats, /merge grids',
  ],
  [/holds values too large to add up/, 'api-decisions.md: sums that overflow'],
];

const knownRule = (message: string) => BEYOND_SCHEMA.some(([re]) => re.test(message));

// ---------------------------------------------------------------------------------------------------------
// Generating the requests

const clone = <T>(v: T): T => structuredClone(v);

function setAt(root: unknown, at: readonly Key[], value: unknown): unknown {
  if (at.length === 0) return clone(value);
  const out = clone(root) as Json;
  let o = out as Record<Key, unknown>;
  for (const k of at.slice(0, -1)) o = o[k] as Record<Key, unknown>;
  const last = at[at.length - 1]!;
  if (value === undefined) delete o[last];
  else o[last] = value;
  return out;
}

const name = (at: readonly Key[]) =>
  at.map((k, i) => (typeof k === 'number' ? `[${k}]` : i ? `.${k}` : k)).join('') || '(body)';

/** The schema as it applies to `value`: its own keywords, and those of the first anyOf/oneOf branch it meets. */
function resolved(s: Json, value: unknown): Json {
  const branches = (s.anyOf ?? s.oneOf) as Json[] | undefined;
  if (!branches) return s;
  const b = branches.find((x) => validates(x, value)) ?? branches[0]!;
  const inner = resolved(b, value);
  return {
    ...s,
    ...inner,
    properties: { ...(s.properties as Json), ...(inner.properties as Json) },
  };
}

const typeIs = (s: Json, t: string) => s.type === t || (Array.isArray(s.type) && s.type.includes(t));

/** A valid value for a field the examples leave out, where one is simple to make. */
function made(s: Json): unknown {
  if (typeIs(s, 'number') || typeIs(s, 'integer')) {
    if (typeof s.minimum === 'number') return s.minimum;
    if (typeof s.exclusiveMinimum === 'number') return s.exclusiveMinimum + 1;
    return 0;
  }
  if (typeIs(s, 'string') && Array.isArray(s.enum)) return s.enum[0];
  if (typeIs(s, 'array') && typeof s.minItems === 'number' && s.items && typeof s.items === 'object') {
    const item = made(s.items as Json);
    return item === undefined ? undefined : Array.from({ length: s.minItems }, () => clone(item));
  }
  return undefined;
}

const near = (b: number) => 1e-6 * Math.max(1, Math.abs(b));

function numberCases(s: Json): [number | string, string][] {
  const out: [number | string, string][] = [];
  const { minimum: min, maximum: max, exclusiveMinimum: emin, exclusiveMaximum: emax } = s;
  if (typeof min === 'number') out.push([min, 'minimum'], [min - near(min), 'below minimum']);
  if (typeof max === 'number') out.push([max, 'maximum'], [max + near(max), 'above maximum']);
  if (typeof emin === 'number')
    out.push([emin, 'exclusiveMinimum'], [emin + near(emin), 'above exclusiveMinimum']);
  if (typeof emax === 'number')
    out.push([emax, 'exclusiveMaximum'], [emax - near(emax), 'below exclusiveMaximum']);
  if (min === undefined && emin === undefined) out.push([-1e300, 'probe: no minimum']);
  if (max === undefined && emax === undefined) out.push([1e300, 'probe: no maximum']);
  if (typeIs(s, 'integer')) out.push([(typeof min === 'number' ? min : 0) + 0.5, 'not an integer']);
  out.push(['1', 'a numeric string']);
  return out;
}

function cases(root: Json, base: unknown): Case[] {
  const out: Case[] = [];
  const add = (at: readonly Key[], what: string, v: unknown) =>
    out.push({ where: `${name(at)}: ${what}`, body: setAt(base, at, v) });

  function walk(schema: Json, at: readonly Key[], value: unknown): void {
    const s = resolved(schema, value);
    if (typeIs(s, 'number') || typeIs(s, 'integer')) {
      for (const [v, what] of numberCases(s)) add(at, `${what} (${v})`, v);
    } else if (typeIs(s, 'string')) {
      if (Array.isArray(s.enum)) for (const e of s.enum) add(at, `enum ${String(e)}`, e);
      add(at, s.enum || s.pattern ? 'not a documented value' : 'probe: any string', 'zz-not-a-value');
      add(at, 'a number', 5);
    } else if (typeIs(s, 'array') && Array.isArray(value)) {
      arrayCases(s, at, value);
    } else if (typeIs(s, 'object') && value !== null && typeof value === 'object') {
      objectCases(s, at, value as Json);
    }
  }

  function arrayCases(s: Json, at: readonly Key[], value: unknown[]) {
    const ofLength = (n: number) =>
      Array.from({ length: n }, (_, i) =>
        clone(value.length ? value[i % value.length] : made(s.items as Json)),
      );
    const lengths: [number, string][] = [];
    if (typeof s.minItems === 'number')
      lengths.push([s.minItems, 'minItems'], [s.minItems - 1, 'minItems − 1']);
    else lengths.push([0, 'probe: empty']);
    if (typeof s.maxItems === 'number')
      lengths.push([s.maxItems, 'maxItems'], [s.maxItems + 1, 'maxItems + 1']);
    else lengths.push([value.length + 1, 'probe: one more'], [65, 'probe: 65 items']);
    if (value.length > 0 || made(s.items as Json) !== undefined)
      for (const [n, what] of lengths) if (n >= 0) add(at, `${what} (${n})`, ofLength(n));
    add(at, 'not an array', 'x');
    const prefix = (s.prefixItems as Json[] | undefined) ?? [];
    prefix.forEach((p, i) => i < value.length && walk(p, [...at, i], value[i]));
    if (s.items && typeof s.items === 'object' && value.length > prefix.length)
      walk(s.items as Json, [...at, prefix.length], value[prefix.length]);
  }

  function objectCases(s: Json, at: readonly Key[], value: Json) {
    const props = (s.properties as Record<string, Json> | undefined) ?? {};
    for (const k of Object.keys(value)) add([...at, k], 'left out', undefined);
    for (const [k, ps] of Object.entries(props)) {
      if (k in value) walk(ps, [...at, k], value[k]);
      else {
        // A field the examples leave out: its own edges, from a valid value of it set into the body.
        const v = made(resolved(ps, undefined));
        if (v === undefined) continue;
        for (const c of cases(ps, v))
          out.push({
            where: `${name([...at, k])}${c.where.replace(/^\(body\)/, '')}`,
            body: setAt(base, [...at, k], c.body),
          });
      }
    }
    if (s.additionalProperties && typeof s.additionalProperties === 'object') {
      const first = Object.keys(value).find((k) => !(k in props));
      if (first !== undefined) walk(s.additionalProperties as Json, [...at, first], value[first]);
      add(at, typeof s.minProperties === 'number' ? 'no entries (minProperties)' : 'probe: no entries', {});
    }
    if (at.length > 0) add(at, 'not an object', 'x');
  }

  walk(root, [], base);
  return out.filter((c, i) => out.findIndex((d) => JSON.stringify(d.body) === JSON.stringify(c.body)) === i);
}

// ---------------------------------------------------------------------------------------------------------
// Asking the server

// A tiny cost factor: a valid /simulate is refused as too long (413) once validated, instead of computed.
// /run answers with a test model (test/fixtures/models): without one it is a 503 before validation.
const model = new ModelStatus(new URL('../fixtures/models/tiny-v2rgb.json', import.meta.url).pathname);
const app = testApp({ costFactor: 1e-12, model });

async function verdict(path: string, init: RequestInit): Promise<{ accepted: boolean; message: string }> {
  const res = await app.request(`/v2${path}`, { method: 'POST', ...init });
  const body = (await res
    .clone()
    .json()
    .catch(() => ({}))) as { error?: string };
  // Bad input is never a crash (500); 503 (no model installed) and 413 (too long) come after validation.
  expect(res.status, `${path}: ${body.error ?? ''}`).not.toBe(500);
  return { accepted: res.status !== 400, message: body.error ?? `HTTP ${res.status}` };
}

const postJson = (path: string, body: unknown) =>
  verdict(path, { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });

interface Mismatch {
  where: string;
  document: 'accepts' | 'refuses';
  server: string;
}

async function mismatches(schema: Json, list: Case[], send: (c: Case) => ReturnType<typeof verdict>) {
  const found: Mismatch[] = [];
  for (const c of list) {
    const documented = validates(schema, c.body);
    const server = await send(c);
    if (documented === server.accepted) continue;
    if (documented && knownRule(server.message)) continue;
    found.push({ where: c.where, document: documented ? 'accepts' : 'refuses', server: server.message });
  }
  return found;
}

/** A JSON body as the original gateway's form: `params` (the body without its mesh) and the mesh as a file. */
function paramsForm(body: Json): FormData {
  const f = new FormData();
  const { mesh, ...params } = body;
  f.set('params', JSON.stringify(params));
  if (mesh !== undefined) f.set('mesh', new Blob([JSON.stringify(mesh)]), 'mesh.json');
  return f;
}

/** The same as flat form fields, each JSON-encoded (the original's fallback without `params`). */
function flatForm(body: Json): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(body)) {
    if (k === 'mesh') f.set('mesh', new Blob([JSON.stringify(v)]), 'mesh.json');
    else f.set(k, typeof v === 'string' ? v : JSON.stringify(v));
  }
  return f;
}

/** A flat form field as the server reads it: JSON where it parses, else the text. */
function jsonOrText(v: string): unknown {
  try {
    return JSON.parse(v) as unknown;
  } catch {
    return v;
  }
}

/** A form as the multipart schema sees it: fields as text, files as binary strings. */
const formFields = (f: FormData): Json => Object.fromEntries([...f.keys()].map((k) => [k, 'text']));

describe('the OpenAPI document and the server accept the same requests', async () => {
  expect(await model.settled()).toBe('ready');
  for (const spec of OPERATION_SPECS) {
    it(`${spec.path}: every documented bound, and a probe where none is documented`, async () => {
      const schema = schemaFor(spec.path);
      const list = spec.examples.flatMap((e) => cases(schema, e));
      expect(list.length).toBeGreaterThan(8);
      // The examples themselves are valid on both sides.
      for (const e of spec.examples) {
        expect(validates(schema, e)).toBe(true);
        expect((await postJson(spec.path, e)).accepted).toBe(true);
      }
      expect(await mismatches(schema, list, (c) => postJson(spec.path, c.body))).toEqual([]);
    }, 120_000);

    it(`${spec.path}: the multipart form, with \`params\` and with flat fields`, async () => {
      const schema = schemaFor(spec.path, 'multipart/form-data');
      const json = schemaFor(spec.path);
      const forms: { where: string; form: FormData }[] = [];
      for (const [i, e] of spec.examples.entries()) {
        const body = e as Json;
        forms.push({ where: `example ${i}, params`, form: paramsForm(body) });
        forms.push({ where: `example ${i}, flat fields`, form: flatForm(body) });
        for (const k of Object.keys(body)) {
          const { [k]: _, ...rest } = body;
          forms.push({ where: `example ${i}, flat fields without ${k}`, form: flatForm(rest) });
        }
      }
      const found: Mismatch[] = [];
      for (const { where, form } of forms) {
        // The form's own schema, then the body its fields make ("as for application/json"), the mesh
        // file read as the example's mesh.
        const fields = form.has('params')
          ? (JSON.parse(form.get('params') as string) as Json)
          : Object.fromEntries([...form.keys()].map((k) => [k, jsonOrText(form.get(k) as string)]));
        const body = form.has('mesh') ? { ...fields, mesh: exampleMesh(spec.examples) } : fields;
        const documented = validates(schema, formFields(form)) && validates(json, body);
        const server = await verdict(spec.path, { body: form });
        if (documented !== server.accepted)
          found.push({ where, document: documented ? 'accepts' : 'refuses', server: server.message });
      }
      expect(found).toEqual([]);
    }, 60_000);
  }
});

/** The mesh the examples send (the file part of their forms). */
const exampleMesh = (examples: readonly unknown[]) =>
  examples.map((e) => (e as Json).mesh).find((m) => m !== undefined);

describe('mismatches the check found, each as its own case', () => {
  it('/encode_raw takes the original encoder’s {x, y} and [x, y, z] outline points, as /encode does', async () => {
    const body = structuredClone(OPERATION_SPECS.find((s) => s.path === '/encode_raw')!.examples[0]) as {
      parameters: { room_polygon: number[][] };
    };
    const [a, b, c, d] = body.parameters.room_polygon as [number[], number[], number[], number[]];
    const forms = [
      [
        { x: a[0], y: a[1] },
        { x: b[0], y: b[1] },
        { x: c[0], y: c[1] },
        { x: d[0], y: d[1] },
      ],
      [a, b, c, d].map((p) => [...p, 0]),
    ];
    for (const room_polygon of forms) {
      const sent = { ...body, parameters: { ...body.parameters, room_polygon } };
      expect(validates(schemaFor('/encode_raw'), sent)).toBe(true);
      expect(await postJson('/encode_raw', sent)).toEqual({ accepted: true, message: 'HTTP 200' });
    }
  });

  it('a numeric-string rad_y is refused beside direction_angle too (it passed unread)', async () => {
    const body = {
      x: 1.5,
      y: 0,
      z: 1.65,
      direction_angle: 270,
      rad_y: '1',
      mesh: exampleMesh([{}, ...OPERATION_SPECS[0]!.examples]),
    };
    expect(validates(schemaFor('/horizon'), body)).toBe(false);
    expect(await postJson('/horizon', body)).toEqual({
      accepted: false,
      message: "Parameter 'rad_y' must be a finite number (radians)",
    });
  });
});

// ---------------------------------------------------------------------------------------------------------
// The jobs' routes: every one the server serves is in the document, and its answers are as documented

type Operation = { responses: Record<string, { content?: Record<string, { schema: Json }> }> };
const operation = (path: string, method: string) =>
  (doc.paths as unknown as Record<string, Record<string, Operation>>)[path]?.[method];
/** A schema with the document's one $ref (the error envelope) put in. */
const derefed = (s: Json): Json =>
  s.$ref === '#/components/schemas/Error'
    ? ((doc as unknown as { components: { schemas: { Error: Json } } }).components.schemas.Error as Json)
    : s;

describe('the jobs’ routes and the OpenAPI document', () => {
  it('documents every route jobRoutes.ts serves, each method', () => {
    const served = new Hono();
    jobRoutes(served, ['/v2'], {
      hosted: undefined,
      executor: new InlineExecutor(new ModelStatus(null)),
      maxMeshPoints: 1,
      authorize: async () => null,
    });
    const routes = served.routes.map((r) => [r.method.toLowerCase(), r.path.slice(3)] as const);
    expect(routes.length).toBeGreaterThanOrEqual(7);
    const missing = routes
      .map(([m, p]) => [m, p.replace(/:(\w+)/g, '{$1}')] as const)
      .filter(([m, p]) => !operation(p, m))
      .map(([m, p]) => `${m} ${p}`);
    expect(missing).toEqual([]);
  });

  describe('answers, on the embedded database', () => {
    let db: Database, boss: PgBoss, jobsApp: ReturnType<typeof createApp>, token: string, id: string;
    beforeAll(async () => {
      db = await openDatabase(newEmbeddedDatabase('lux-openapi-jobs-'));
      await migrate(db);
      boss = await startQueue(db, 60);
      token = await createToken(db, 'contract', ['*']);
      jobsApp = queuedJobsApp(db, boss);
      const made = await jobsApp.request('/v2/jobs', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'idempotency-key': 'contract-1' },
        body: JSON.stringify({ rooms: jobRooms(2) }),
      });
      expect(made.status).toBe(202);
      id = ((await made.json()) as { job_id: string }).job_id;
    }, 60_000);
    afterAll(async () => {
      await boss?.stop({ graceful: false, wait: true });
      await db?.close();
    });

    /** The answer's status, content type and (JSON) body against the operation's documented responses. */
    async function conforms(method: string, path: string, url: string) {
      const res = await jobsApp.request(`/v2${url}`, {
        method: method.toUpperCase(),
        headers: { authorization: `Bearer ${token}` },
      });
      const documented = operation(path, method)!.responses[String(res.status)];
      expect(documented, `${method} ${url}: ${res.status} is not documented`).toBeDefined();
      const type = (res.headers.get('content-type') ?? '').split(';')[0]!.trim();
      const content = documented!.content ?? {};
      expect(Object.keys(content), `${method} ${url}: ${type}`).toContain(type);
      if (type === 'application/json')
        expect(validates(derefed(content[type]!.schema), await res.json()), `${method} ${url}`).toBe(true);
      return res.status;
    }

    it('answers each job route as the document says, errors included', async () => {
      const seen: [string, number][] = [];
      for (const [method, path, url] of [
        ['get', '/jobs', '/jobs'],
        ['get', '/jobs', '/jobs?limit=1'],
        ['get', '/jobs', '/jobs?limit=0'],
        ['get', '/jobs', '/jobs?cursor=zz'],
        ['get', '/jobs/{id}', `/jobs/${id}`],
        ['get', '/jobs/{id}', '/jobs/no-such-job'],
        ['get', '/jobs/{id}/result', `/jobs/${id}/result`],
        ['get', '/jobs/{id}/result', '/jobs/no-such-job/result'],
        ['get', '/jobs/{id}/result.csv', `/jobs/${id}/result.csv`],
        ['get', '/jobs/{id}/report.html', `/jobs/${id}/report.html`],
        ['delete', '/jobs/{id}', `/jobs/${id}`],
        ['delete', '/jobs/{id}', '/jobs/no-such-job'],
      ] as const)
        seen.push([`${method} ${url}`, await conforms(method, path, url)]);
      expect(Object.fromEntries(seen)).toMatchObject({
        'get /jobs': 200,
        'get /jobs?limit=0': 400,
        'get /jobs?cursor=zz': 400,
        [`get /jobs/${id}/result.csv`]: 200,
        [`get /jobs/${id}/report.html`]: 404,
        'delete /jobs/no-such-job': 404,
      });
    }, 60_000);
  });
});

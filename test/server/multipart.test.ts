import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { serve } from '@hono/node-server';
import { afterAll, describe, expect, it } from 'vitest';
import { npyBytes } from '../../src/core/encoding/npy';
import { ModelStatus } from '../../src/service/model/status';
import { EXAMPLE_BODIES, MESH } from '../helpers/exampleBodies';
import { post, testApp } from './inProcess';
import { SHIPPED_CARD_PATH } from '../helpers/paths';
import { torchPython } from '../helpers/python';

/**
 * The original gateway's multipart form (gateway.md §3): `params` (the JSON body without its mesh) and a
 * `mesh` file part as .npy (float32/float64), gzip-compressed .npy or a JSON array. Same answers as the
 * JSON form; every failure in the JSON error envelope.
 */
const model = new ModelStatus(SHIPPED_CARD_PATH);

const flat = Float32Array.from(MESH.flat());

function npy64(values: readonly number[], shape: readonly number[]): Uint8Array {
  const header = `{'descr': '<f8', 'fortran_order': False, 'shape': (${shape.join(', ')}${shape.length === 1 ? ',' : ''}), }`;
  const pad = 64 - ((10 + header.length + 1) % 64);
  const h = header + ' '.repeat(pad === 64 ? 0 : pad) + '\n';
  const out = new Uint8Array(10 + h.length + 8 * values.length);
  out.set([0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59, 1, 0, h.length & 0xff, h.length >> 8]);
  for (let i = 0; i < h.length; i++) out[10 + i] = h.charCodeAt(i);
  const v = new DataView(out.buffer);
  values.forEach((x, i) => v.setFloat64(10 + h.length + 8 * i, x, true));
  return out;
}

function form(params: unknown, mesh?: Uint8Array | string, filename = 'mesh.npy'): FormData {
  const f = new FormData();
  f.set('params', JSON.stringify(params));
  if (mesh !== undefined) f.set('mesh', new Blob([mesh as BlobPart]), filename);
  return f;
}

const send = (app: ReturnType<typeof testApp>, path: string, body: FormData) =>
  app.request(path, { method: 'POST', body });

const withoutMesh = (b: unknown): Record<string, unknown> => {
  const { mesh: _mesh, ...rest } = b as Record<string, unknown>;
  return rest;
};

describe('multipart requests (the original notebook’s form)', async () => {
  expect(await model.settled()).toBe('ready');
  const app = testApp({ model, maxBodyBytes: 1_000_000 });

  for (const [path, body] of [
    ['/v2/run', EXAMPLE_BODIES['/run']![0]],
    ['/v2/obstruction_all', EXAMPLE_BODIES['/obstruction_all']![0]],
    ['/v2/simulate', EXAMPLE_BODIES['/simulate']![0]],
  ] as const) {
    it(`${path}: .npy float32 (n, 3), float64 (3n,), gzip .npy and a JSON file give the JSON form's answer`, async () => {
      const json = await (await post(app, path, body)).json();
      expect(json.status).toBe('success');
      const params = withoutMesh(body);
      const uploads: [string, Uint8Array | string][] = [
        ['float32 (n, 3)', npyBytes(flat, [MESH.length, 3])],
        ['float64 (3n,)', npy64(MESH.flat(), [MESH.length * 3])],
        ['gzip', gzipSync(npyBytes(flat, [MESH.length, 3]))],
        ['JSON', JSON.stringify(MESH)],
      ];
      for (const [what, bytes] of uploads) {
        const res = await send(app, path, form(params, bytes));
        expect(res.status, what).toBe(200);
        expect(await res.json(), what).toEqual(json);
      }
    });
  }

  it('/encode answers the same ZIP from a multipart mesh', async () => {
    const body = EXAMPLE_BODIES['/encode']![0];
    const a = new Uint8Array(await (await post(app, '/v2/encode', body)).arrayBuffer());
    const b = new Uint8Array(
      await (await send(app, '/v2/encode', form(withoutMesh(body), npyBytes(flat, [6, 3])))).arrayBuffer(),
    );
    expect(b.length).toBeGreaterThan(100);
    expect(Buffer.from(b).equals(Buffer.from(a))).toBe(true);
  });

  it('does not read the mesh when both angles are given (as the original): even a broken file is ignored', async () => {
    const body = EXAMPLE_BODIES['/run']![1] as Record<string, unknown>;
    const json = await (await post(app, '/v2/run', body)).json();
    const res = await send(app, '/v2/run', form(body, 'not a mesh at all'));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(json);
  });

  it('flat form fields without params are the body', async () => {
    const body = EXAMPLE_BODIES['/obstruction_all']![1] as Record<string, unknown>;
    const f = new FormData();
    for (const [k, v] of Object.entries(withoutMesh(body)))
      f.set(k, typeof v === 'string' ? v : JSON.stringify(v));
    f.set('mesh', new Blob([npyBytes(flat, [6, 3]) as BlobPart]), 'mesh.npy');
    const res = await send(app, '/v2/obstruction_all', f);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(await (await post(app, '/v2/obstruction_all', body)).json());
  });

  const params = withoutMesh(EXAMPLE_BODIES['/obstruction_all']![0]);
  const header = (descr: string, shape: string) =>
    new Uint8Array([
      0x93,
      0x4e,
      0x55,
      0x4d,
      0x50,
      0x59,
      1,
      0,
      60,
      0,
      ...Buffer.from(`{'descr': '${descr}', 'fortran_order': False, 'shape': ${shape}, }`.padEnd(59) + '\n'),
    ]);
  const failures: [string, FormData, number, string, RegExp][] = [
    [
      'bad params JSON',
      (() => {
        const f = new FormData();
        f.set('params', '{oops');
        return f;
      })(),
      400,
      'invalid_json',
      /'params' is not valid JSON/,
    ],
    [
      'an NPY of int32',
      form(params, header('<i4', '(6, 3)')),
      400,
      'validation_error',
      /dtype must be float32 or float64.*'<i4'/,
    ],
    [
      'an NPY of shape (6, 2)',
      form(params, header('<f4', '(6, 2)')),
      400,
      'validation_error',
      /shape must be \(n, 3\) or \(3n,\), got \(6, 2\)/,
    ],
    [
      'a truncated NPY',
      form(params, npyBytes(flat, [6, 3]).subarray(0, 150)),
      400,
      'validation_error',
      /truncated/,
    ],
    [
      'a truncated gzip',
      form(params, gzipSync(npyBytes(flat, [6, 3])).subarray(0, 40)),
      400,
      'validation_error',
      /gzip/,
    ],
    [
      'a gzip bomb past the body limit',
      form(params, gzipSync(Buffer.alloc(5_000_000))),
      413,
      'payload_too_large',
      /inflates past 1000000 bytes \(LUX_MAX_BODY_BYTES\)/,
    ],
    [
      'a mesh file that is neither',
      form(params, 'x,y,z'),
      400,
      'invalid_json',
      /neither NPY nor a JSON array/,
    ],
    [
      'a non-finite coordinate',
      form(params, npyBytes(Float32Array.from([...flat.subarray(0, 17), NaN]), [6, 3])),
      400,
      'validation_error',
      /mesh\[5\]\[2\]' must be a finite number/,
    ],
    [
      'too few points',
      form(params, npyBytes(flat.subarray(0, 6), [2, 3])),
      400,
      'validation_error',
      /at least 3 points/,
    ],
  ];
  for (const [what, body, status, type, message] of failures)
    it(`refuses ${what} with ${status} ${type}`, async () => {
      const res = await send(app, '/v2/obstruction_all', body);
      expect(res.status).toBe(status);
      const b = await res.json();
      expect(b).toMatchObject({ status: 'error', error_type: type });
      expect(b.message ?? b.error).toMatch(message);
    });
});

describe('a Python client written for the original (docs/examples/multipart_client.py)', async () => {
  expect(await model.settled()).toBe('ready');
  const app = testApp({ model });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((r) => server.once('listening', () => r()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('gets the JSON client’s answer with a .npy mesh, a gzip-compressed one, and a stored one by mesh_id', async () => {
    const py = torchPython();
    const body = { ...(EXAMPLE_BODIES['/run']![0] as object), response_format: 'json' };
    const json = await (await post(app, '/v2/run', body)).json();
    const mask = (json.mask as boolean[][]).flat();
    const cells = (json.result as number[][]).flat().filter((_, i) => mask[i]);
    const mean = cells.reduce((a, b) => a + b, 0) / cells.length;
    for (const extra of [[], ['--gzip'], ['--stored'], ['--stored', '--gzip']]) {
      const out = await new Promise<string>((resolve, reject) =>
        execFile(py, ['docs/examples/multipart_client.py', url, ...extra], (e, stdout, stderr) =>
          e ? reject(new Error(`${e.message}\n${stderr}`)) : resolve(stdout),
        ),
      );
      const r = JSON.parse(out) as { shape: number[]; mean: number };
      expect(r.shape).toEqual(json.shape);
      expect(r.mean).toBeCloseTo(mean, 4);
    }
  }, 60_000);
});

import { npyBytes } from '../src/core/encoding/npy';
import { cityMesh, BENCH_ROOM } from './scenes';
import { startBuiltServer } from './server';
const mesh = cityMesh(480_000);
const room = { room_polygon: BENCH_ROOM.room_polygon, windows: BENCH_ROOM.windows };
const npy = npyBytes(Float32Array.from(mesh.flat()), [mesh.length, 3]);
const form = new FormData();
form.set('params', JSON.stringify(room));
form.set('mesh', new Blob([npy as BlobPart]), 'context.npy');
const encoded = new Response(form);
const ct = encoded.headers.get('content-type')!;
const bytes = new Uint8Array(await encoded.arrayBuffer());
const { url, proc } = await startBuiltServer(18591, { LUX_WORKERS: '1', LUX_MAX_BODY_BYTES: String(256 * 2 ** 20) });
try {
  for (let i = 0; i < 8; i++) {
    const t = performance.now();
    const res = await fetch(`${url}/v2/obstruction_all`, { method: 'POST', body: bytes, headers: { 'content-type': ct } });
    await res.arrayBuffer();
    console.log(res.status, (performance.now() - t).toFixed(0));
  }
} finally { proc.kill(); }

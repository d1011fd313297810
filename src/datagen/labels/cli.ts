/**
 * Training labels in the compact format (issue 35; data/labels/README.md): `npm run labels -- <command>`.
 *
 *   make    --stream train|test|<focus>  label rooms of a stream into data/labels/<stream>/NNNNNN.luxl
 *           [--quality quick|draft|standard] (default draft for training streams, standard for test)
 *           [--rooms 256] rooms a shard · [--shards N] [--minutes M] stop after either
 *           [--threads 1] · [--budget 150] MB for all shards together · [--out data/labels]
 *   bias    [--rooms 24]  the quick and draft qualities against standard on rooms of their own stream
 *   verify  [--out data/labels]  every shard read whole and against its recorded checksum, and its rooms' pixel
 *           counts made again from their seeds
 *   export  --stream <name> [--to data/frames] [--inputs lux-frame-6|7|5|4]  the stream's shards as the
 *           frames training reads (shard.ts's layout, inputs made again from the seeds), those not exported
 *           yet with these inputs
 *
 * Append-only: a shard is written once under a new number and never rewritten; its checksum goes in a file
 * beside it, written once too (`NNNNNN.luxl.sha256`, sha256sum's format): no committed file is ever changed.
 * `SHA256SUMS` holds the first shards' checksums (test 0–1, train 0–30), as first committed (data/labels/CHECKSUMS.md).
 * Run it in the background at low priority (`nice -n 19`), commit the shards with their checksums.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Piscina } from 'piscina';
import { hashString } from '../../core/engine/random';
import { isFocus, sampleRoom, type Focus } from '../sampleRoom';
import { pixelWeight, roomSeed } from '../shard';
import { decodeShard } from './format';
import { exportStream, FRAME_INPUTS, type FrameInputsId } from './export';
import { EXACT_SKY_FRAMES, hasExactSky } from '../../core/model/features';
import { labelPixels, labelTerms } from './label';
import { labelShardName, type LabelResult, type LabelTask } from './shard';
import type { LabelQuality } from './quality';
import { threadModule } from '../../service/threadModule';

/** The label streams' base seed: their rooms are not data/v1's. */
const SEED = 20261127;

const { values: o, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    stream: { type: 'string', default: 'train' },
    quality: { type: 'string' },
    rooms: { type: 'string' },
    shards: { type: 'string' },
    minutes: { type: 'string' },
    threads: { type: 'string', default: '1' },
    budget: { type: 'string', default: '150' },
    out: { type: 'string', default: 'data/labels' },
    to: { type: 'string', default: 'data/frames' },
    inputs: { type: 'string', default: FRAME_INPUTS },
  },
});

const command = positionals[0] ?? 'make';
if (command === 'make') await make();
else if (command === 'bias') bias();
else if (command === 'verify') verify();
else if (command === 'export') exportCommand();
else throw new Error(`unknown command ${command}: make, bias, verify or export`);

function streamOf(name: string): { streamId: number; focus: Focus | null } {
  if (name === 'train') return { streamId: 1, focus: null };
  if (name === 'test') return { streamId: 2, focus: null };
  if (isFocus(name)) return { streamId: hashString(name), focus: name };
  throw new Error(`--stream is train, test or a focus of sampleRoom.ts, got ${name}`);
}

function shardsIn(out: string): { path: string; bytes: number }[] {
  if (!existsSync(out)) return [];
  return readdirSync(out, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.luxl'))
    .sort()
    .map((f) => ({ path: f, bytes: statSync(join(out, f)).size }));
}

async function make(): Promise<void> {
  const stream = o.stream;
  const { streamId, focus } = streamOf(stream);
  const quality = (o.quality ?? (stream === 'test' ? 'standard' : 'draft')) as LabelQuality;
  if (!['quick', 'draft', 'standard'].includes(quality)) throw new Error(`--quality ${quality}?`);
  const rooms = Number(o.rooms ?? 256);
  const dir = join(o.out, stream);
  mkdirSync(dir, { recursive: true });
  const taken = new Set(shardsIn(dir).map((s) => Number(s.path.slice(0, 6))));
  const budget = Number(o.budget) * 1e6;
  const shardsWanted = o.shards ? Number(o.shards) : Infinity;
  const until = o.minutes ? Date.now() + Number(o.minutes) * 60_000 : Infinity;
  const threads = Math.max(1, Number(o.threads));
  let used = shardsIn(o.out).reduce((a, s) => a + s.bytes, 0);
  let largest = 0;
  console.log(`${dir}: ${taken.size} shards; ${(used / 1e6).toFixed(1)} of ${budget / 1e6} MB used`);
  const pool = new Piscina<LabelTask, LabelResult>({
    ...threadModule(import.meta.url, 'shard'),
    maxThreads: threads,
    minThreads: threads,
  });
  let next = 0,
    started = 0,
    inFlight = 0;
  await new Promise<void>((resolve, reject) => {
    const pump = (): void => {
      // Another shard while time, count and budget allow (a shard in flight counted at the largest size).
      while (
        inFlight < threads &&
        started < shardsWanted &&
        Date.now() < until &&
        used + (inFlight + 1) * Math.max(largest, 2e6) <= budget
      ) {
        while (taken.has(next)) next++;
        const index = next++;
        started++;
        inFlight++;
        const file = join(dir, labelShardName(index));
        pool
          .run({ file, stream, streamId, focus, seed: SEED, index, rooms, quality })
          .then((r) => {
            inFlight--;
            used += r.bytes;
            largest = Math.max(largest, r.bytes);
            const sum = createHash('sha256').update(readFileSync(file)).digest('hex');
            writeFileSync(`${file}.sha256`, `${sum}  ${stream}/${labelShardName(index)}\n`, { flag: 'wx' });
            console.log(
              `${stream}/${labelShardName(index)}: ${rooms} rooms, ${r.windows} windows, ` +
                `${(r.bytes / 1e6).toFixed(2)} MB in ${r.seconds.toFixed(0)} s (${(r.bytes / r.windows / 1e3).toFixed(1)} kB a window)`,
            );
            pump();
          })
          .catch(reject);
      }
      if (inFlight === 0) resolve();
    };
    pump();
  });
  await pool.destroy();
}

/** Room means (area-weighted over the sampled pixels, summed over windows) of one labelling. */
function roomMean(s: ReturnType<typeof sampleRoom>, quality: LabelQuality, seed: number): number {
  const pixels = labelPixels(s);
  const r = labelTerms(s, quality, seed);
  let mean = 0;
  r.windows.forEach((w, i) => {
    const px = pixels[i]!.pixels;
    let maxCol = 0;
    for (const p of px) maxCol = Math.max(maxCol, p % 128);
    let sum = 0,
      weight = 0;
    px.forEach((p, k) => {
      const wt = pixelWeight(p, maxCol);
      sum += wt * w.terms.reduce((a, t) => a + t[k]!, 0);
      weight += wt;
    });
    mean += weight > 0 ? sum / weight : 0;
  });
  return mean;
}

function bias(): void {
  const n = Number(o.rooms ?? 24);
  const streamId = hashString('label-quality-bias');
  const rows: { quick: number; draft: number; standard: number; t: number[] }[] = [];
  for (let k = 0; k < n; k++) {
    const seed = roomSeed({ seed: SEED, stream: streamId, index: 0 }, k);
    const s = sampleRoom(seed);
    const t: number[] = [];
    const at = (q: LabelQuality, engineSeed: number): number => {
      const t0 = performance.now();
      const m = roomMean(s, q, engineSeed);
      t.push(performance.now() - t0);
      return m;
    };
    // Each quality its own random choices: what is left in the mean over rooms is bias, not shared noise.
    rows.push({
      quick: at('quick', seed ^ 1),
      draft: at('draft', seed ^ 2),
      standard: at('standard', seed ^ 3),
      t,
    });
    const r = rows.at(-1)!;
    console.log(
      `room ${k}: standard ${r.standard.toFixed(3)} %, quick ${pct(r.quick / r.standard - 1)}, draft ${pct(r.draft / r.standard - 1)}`,
    );
  }
  for (const [name, i] of [
    ['quick', 0],
    ['draft', 1],
  ] as const) {
    const d = rows.map((r) => (name === 'quick' ? r.quick : r.draft) / r.standard - 1).sort((a, b) => a - b);
    const mean = d.reduce((a, b) => a + b, 0) / d.length;
    const worst = d.reduce((a, b) => (Math.abs(b) > Math.abs(a) ? b : a), 0);
    const time = rows.reduce((a, r) => a + r.t[i]!, 0) / rows.reduce((a, r) => a + r.t[2]!, 0);
    console.log(
      `${name} against standard on ${n} rooms: mean ${pct(mean)}, median ${pct(d[d.length >> 1]!)}, worst ${pct(worst)}; time ${(100 * time).toFixed(0)} % of standard's`,
    );
  }
}

function verify(): void {
  // Each shard's checksum: its sidecar (NNNNNN.luxl.sha256), or for the first shards the SHA256SUMS list.
  const sums = new Map<string, string>();
  const lists = [join(o.out, 'SHA256SUMS'), ...shardsIn(o.out).map((s) => join(o.out, `${s.path}.sha256`))];
  for (const list of lists.filter(existsSync))
    for (const line of readFileSync(list, 'utf8').trim().split('\n').filter(Boolean)) {
      const [h, p] = line.split(/\s+/);
      if (sums.has(p!) && sums.get(p!) !== h) throw new Error(`${p}: two different checksums recorded`);
      sums.set(p!, h!);
    }
  let windows = 0,
    bytes = 0;
  // Per stream and quality, its shards and windows: the headers are the record of how each was labelled.
  const kinds = new Map<string, { shards: number; windows: number }>();
  for (const s of shardsIn(o.out)) {
    const data = readFileSync(join(o.out, s.path));
    const sum = createHash('sha256').update(data).digest('hex');
    if (!sums.has(s.path)) throw new Error(`${s.path}: no checksum recorded for it`);
    if (sums.get(s.path) !== sum) throw new Error(`${s.path}: its checksum is not the one recorded`);
    const { header, rooms } = decodeShard(data);
    // The first rooms' pixels made again from their seeds: the labels lie on the pixels they were made for.
    for (const r of rooms.slice(0, Number(o.rooms ?? 2))) {
      const px = labelPixels(sampleRoom(r.seed, (header.focus as Focus | null) ?? undefined));
      if (
        px.length !== r.windows.length ||
        px.some((p, i) => p.pixels.length !== r.windows[i]!.terms[0]!.length)
      )
        throw new Error(`${s.path}: room ${r.seed} does not make the pixels it was labelled on`);
    }
    const n = rooms.reduce((a, r) => a + r.windows.length, 0);
    const key = `${header.stream} at ${header.quality}`;
    const kind = kinds.get(key) ?? { shards: 0, windows: 0 };
    kinds.set(key, { shards: kind.shards + 1, windows: kind.windows + n });
    windows += n;
    bytes += s.bytes;
  }
  for (const [kind, k] of kinds) console.log(`  ${kind}: ${k.shards} shards, ${k.windows} windows`);
  console.log(
    `${o.out}: ${windows} windows, ${(bytes / 1e6).toFixed(1)} MB, every shard whole and as recorded`,
  );
}

function exportCommand(): void {
  const to = join(o.to, o.stream);
  if (!hasExactSky(o.inputs)) throw new Error(`--inputs ${o.inputs}: one of ${EXACT_SKY_FRAMES.join(', ')}`);
  exportStream(
    join(o.out, o.stream),
    to,
    (name, n, seconds) => console.log(`${to}/${name}: ${n} windows in ${seconds.toFixed(0)} s`),
    o.inputs as FrameInputsId,
  );
}

function pct(v: number): string {
  return `${v >= 0 ? '+' : ''}${(100 * v).toFixed(2)} %`;
}

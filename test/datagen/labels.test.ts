import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, onTestFinished } from 'vitest';
import { TERMS } from '../../src/core/engine/simulate';
import {
  decodeShard,
  dequantise,
  encodeShard,
  quantise,
  QUANT,
  type LabelHeader,
} from '../../src/datagen/labels/format';
import { labelPixels, labelTerms, SAMPLER } from '../../src/datagen/labels/label';
import { makeLabelShard } from '../../src/datagen/labels/shard';
import { exportLabelShard } from '../../src/datagen/labels/export';
import roomTermsOfShard from '../../src/datagen/roomTermsShard';
import { parseRunRequest } from '../../src/core/validation/requests';
import { readNpy } from '../../src/core/encoding/npy';
import { sampleRoom } from '../../src/datagen/sampleRoom';
import { roomSeed } from '../../src/datagen/shard';
import { glassBands } from '../../src/core/model/glassBands';
import { skyFlux } from '../../src/core/model/skyFlux';
import { buildRoomModel } from '../../src/core/engine/model';

/**
 * The compact labels (issue 35): each window's light by term at its frame's sampled pixels, 16-bit
 * log-quantised, read back within half a step, the pixels made again from the room's seed alone.
 */
const header = (rooms: number): LabelHeader => ({
  format: 'lux-labels',
  version: 1,
  stream: 'test',
  streamId: 2,
  focus: null,
  seed: 1,
  shard: 0,
  rooms,
  quality: 'quick',
  sampler: SAMPLER,
  terms: TERMS,
  quant: QUANT,
  created: '2026-11-27T00:00:00Z',
});

describe('label quantisation', () => {
  it('keeps every value from 1e-4 % to 60 % DF within half a 0.5 % step, and zero as zero', () => {
    for (let v = 1e-4; v <= 60; v *= 1.0137)
      expect(Math.abs(dequantise(quantise(v)) / v - 1)).toBeLessThan(0.0025);
    expect([quantise(0), quantise(5e-5), dequantise(0)]).toEqual([0, 0, 0]);
    expect(Math.abs(dequantise(quantise(1e3)) / 1e3 - 1)).toBeLessThan(0.0025);
  });
});

describe('a label shard', () => {
  const seeds = [0, 1].map((k) => roomSeed({ seed: 7, stream: 2, index: 0 }, k));
  const rooms = seeds.map((seed) => labelTerms(sampleRoom(seed), 'quick', seed));

  it('reads back as written: the rooms, their windows, every term at every pixel', () => {
    const { header: h, rooms: back } = decodeShard(encodeShard(header(2), rooms));
    expect(h).toEqual(header(2));
    expect(back.map((r) => [r.seed, r.windows.length])).toEqual(rooms.map((r) => [r.seed, r.windows.length]));
    back.forEach((r, i) =>
      r.windows.forEach((w, j) =>
        w.terms.forEach((t, k) => {
          const was = rooms[i]!.windows[j]!.terms[k]!;
          expect(t.length).toBe(was.length);
          t.forEach((v, p) =>
            expect(Math.abs(v - was[p]!)).toBeLessThanOrEqual(0.0025 * was[p]! + QUANT.floor),
          );
        }),
      ),
    );
  }, 60_000);

  it('lays its values on the pixels its rooms make again from their seeds, and sums to the window’s light', () => {
    rooms.forEach((r, i) => {
      const px = labelPixels(sampleRoom(seeds[i]!));
      expect(px.map((p) => p.pixels.length)).toEqual(r.windows.map((w) => w.terms[0]!.length));
      // Near the window every pixel, beyond it a lattice: fewer than the frame's room pixels.
      for (const p of px) expect(p.pixels.length).toBeGreaterThan(100);
      // Every term non-negative; the light at a pixel the sum of its terms (the sky's is the largest near
      // an unobstructed window: here at least present).
      for (const w of r.windows) for (const t of w.terms) expect(t.every((v) => v >= 0)).toBe(true);
      for (const w of r.windows)
        expect(w.terms[0]!.some((v) => v > 0) || w.terms[1]!.some((v) => v > 0)).toBe(true);
    });
  }, 60_000);

  it('refuses a cut or foreign file, and is never written over', () => {
    const bytes = encodeShard(header(2), rooms);
    expect(() => decodeShard(bytes.subarray(0, bytes.length - 40))).toThrow();
    expect(() => decodeShard(new TextEncoder().encode('ISO-10303-21;'))).toThrow('not a Lux label shard');
    const dir = mkdtempSync(join(tmpdir(), 'labels-'));
    const file = join(dir, '000000.luxl');
    writeFileSync(file, 'taken');
    expect(() =>
      makeLabelShard({
        file,
        stream: 'test',
        streamId: 2,
        focus: null,
        seed: 7,
        index: 0,
        rooms: 1,
        quality: 'quick',
      }),
    ).toThrow('a shard is never rewritten');
  }, 60_000);

  it('exports the same frames and room terms, byte for byte, from the one-file tools a lent GPU machine runs', () => {
    const tmp = mkdtempSync(join(tmpdir(), 'bundled-'));
    onTestFinished(() => rmSync(tmp, { recursive: true, force: true }));
    // As training/device/pack.sh makes them.
    execFileSync(process.execPath, [
      fileURLToPath(new URL('../../scripts/bundle-device.mjs', import.meta.url)),
      tmp,
    ]);
    mkdirSync(join(tmp, 'labels', 'test'), { recursive: true });
    writeFileSync(join(tmp, 'labels', 'test', '000000.luxl'), encodeShard(header(2), rooms));
    const bundled = join(tmp, 'bundled', 'test');
    const run = (tool: string, ...args: string[]): string =>
      execFileSync(process.execPath, [join(tmp, tool), ...args], { cwd: tmp, encoding: 'utf8' });
    run(
      'labels.mjs',
      'export',
      '--stream',
      'test',
      '--out',
      join(tmp, 'labels'),
      '--to',
      join(tmp, 'bundled'),
      '--inputs',
      'lux-frame-11',
    );
    const method = 'coarse-radiosity/5';
    expect(
      run('roomterms.mjs', '--dir', bundled, '--method', method, '--threads', '0', '--only', '000000'),
    ).toContain('000000: ');
    const fromSource = join(tmp, 'source', 'test');
    exportLabelShard(encodeShard(header(2), rooms), fromSource, '000000', 'lux-frame-11');
    roomTermsOfShard({ dir: fromSource, name: '000000', method });
    const files = readdirSync(fromSource).sort();
    expect(files).toEqual(expect.arrayContaining(['000000.x.npy', '000000.terms.npy', '000000.rt.npy']));
    expect(readdirSync(bundled).sort()).toEqual(files);
    for (const f of files)
      expect(readFileSync(join(bundled, f)).equals(readFileSync(join(fromSource, f))), f).toBe(true);
  }, 60_000);

  it('exports as the frames training reads: each window’s terms summed on its frame, its inputs made again', () => {
    const bytes = encodeShard(header(2), rooms);
    const dir = join(mkdtempSync(join(tmpdir(), 'frames-')), 'test');
    const n = exportLabelShard(bytes, dir, '000000');
    expect(n).toBe(rooms.reduce((a, r) => a + r.windows.length, 0));
    for (const f of ['jsonl', 'df.npy', 'mask.npy', 'x.npy', 's.npy'])
      expect(existsSync(join(dir, `000000.${f}`))).toBe(true);
    const lines = readFileSync(join(dir, '000000.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.map((l) => l.room_seed)).toEqual(rooms.flatMap((r) => r.windows.map(() => r.seed)));
    for (const l of lines) expect(() => parseRunRequest(l.body)).not.toThrow();
    // The first window's frame: the labelled pixels hold the sum of the decoded terms, the rest of the room NaN.
    const df = new Float32Array(readFileSync(join(dir, '000000.df.npy')).buffer.slice(128), 0, 128 * 128);
    const back = decodeShard(bytes).rooms[0]!.windows[0]!;
    const px = labelPixels(sampleRoom(seeds[0]!))[0]!;
    px.pixels.forEach((p, k) =>
      expect(df[p]).toBeCloseTo(
        back.terms.reduce((a, t) => a + t[k]!, 0),
        5,
      ),
    );
    const nan = [...df].filter((v) => Number.isNaN(v)).length;
    expect(nan).toBe(px.mask.reduce((a, m) => a + m, 0) - px.pixels.length);
    // Per term, for a network linear in them: the terms at the labelled pixels, their indices.
    const terms = readNpy(readFileSync(join(dir, '000000.terms.npy')));
    const pix = readNpy(readFileSync(join(dir, '000000.pix.npy')));
    const P = terms.shape[2]!;
    expect(terms.shape).toEqual([n, 5, P]);
    expect(pix.shape).toEqual([n, P]);
    const idx = new Int32Array(pix.data.buffer, pix.data.byteOffset, n * P);
    expect(Array.from(idx.subarray(0, px.pixels.length))).toEqual(Array.from(px.pixels));
    if (px.pixels.length < P) expect(idx[px.pixels.length]).toBe(-1);
    // The inputs are lux-frame-6's: seven channels, and the sky's flux scalars are the closed form (× 2)
    // from each window's own angles (the lines' bodies carry them), band by band of a tall window's height
    // where the room has a mesh, and the room's own body.
    expect(readFileSync(join(dir, '000000.inputs'), 'utf8')).toBe('lux-frame-6');
    expect(readNpy(readFileSync(join(dir, '000000.x.npy'))).shape).toEqual([n, 7, 128, 128]);
    const s = readNpy(readFileSync(join(dir, '000000.s.npy')));
    const scalars = new Float32Array(s.data.buffer, s.data.byteOffset, n * 147);
    lines.forEach((l, k) => {
      const req = parseRunRequest(l.body);
      const model = buildRoomModel({ ...req, mesh: null });
      const w = model.windows.find((m) => m.id === req.parameters.windows[l.window]!.id)!;
      const sky = skyFlux(w, model, glassBands(req.mesh, req.geometry[l.window]!, w));
      // Some sky on its plane, at most an open window's 39.6 % of E_h.
      expect(sky.skyDown).toBeGreaterThan(0);
      expect(sky.skyDown).toBeLessThanOrEqual(0.3962 + 1e-6);
      expect(scalars[k * 147 + 143]).toBeCloseTo(2 * sky.skyDown, 5);
      expect(scalars[k * 147 + 144]).toBeCloseTo(2 * sky.skySteep, 5);
    });
  }, 60_000);
});

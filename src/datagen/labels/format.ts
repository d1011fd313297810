import { unzlibSync, zlibSync } from 'fflate';

/**
 * The compact label format (issue 35): a shard is one file holding the labels of `rooms` rooms of a stream,
 * each room its seed (the room, its windows and the model's inputs are made again from it: sampleRoom.ts)
 * and, per window, the engine's light at the sampled pixels of its v2 frame (the sampler named in the
 * header picks them, in the frame's row-major order), split into the engine's TERMS, each log-quantised to
 * 16 bits (0.5 % steps above 1e-4 % DF, so within 0.25 %: under the labels’ own noise). Layout,
 * zlib-compressed after an uncompressed 8-byte lead ("LUXL", version, header length):
 *
 *   header (UTF-8 JSON, LabelHeader) · per room: seed u32, windows u8, per window: pixels u16,
 *   then per term the pixels' codes as differences from the pixel before (mod 2¹⁶), low bytes then high
 *   bytes (neighbouring pixels' light is close: the high bytes are mostly 0 or 255, which zlib packs well)
 *
 * Little-endian throughout. Written whole and never rewritten (data/labels/README.md).
 */
export interface LabelHeader {
  format: 'lux-labels';
  version: 1;
  /** The stream's name (train, test, train-<focus>) and the numbers its room seeds derive from. */
  stream: string;
  streamId: number;
  focus: string | null;
  seed: number;
  shard: number;
  rooms: number;
  quality: string;
  /** Which pixels of each window's frame are labelled (labels/sampler.ts). */
  sampler: string;
  terms: readonly string[];
  quant: { floor: number; step: number };
  created: string;
}

export interface LabelledWindow {
  /** The engine's light by term at the sampled pixels, DF %, each `pixels` long. */
  terms: Float32Array[];
}

export interface LabelledRoom {
  seed: number;
  windows: LabelledWindow[];
}

const MAGIC = 0x4c58554c; // "LUXL"
export const QUANT = { floor: 1e-4, step: 0.005 } as const;
const LOG_STEP = Math.log1p(QUANT.step);

/** DF % → its 16-bit code: 0 below the floor, else 1 + round(ln(v / floor) / ln(1 + step)). */
export function quantise(v: number): number {
  if (!(v >= QUANT.floor)) return 0;
  return Math.min(65535, 1 + Math.round(Math.log(v / QUANT.floor) / LOG_STEP));
}

export function dequantise(q: number): number {
  return q === 0 ? 0 : QUANT.floor * Math.exp((q - 1) * LOG_STEP);
}

export function encodeShard(header: LabelHeader, rooms: readonly LabelledRoom[]): Uint8Array {
  const json = new TextEncoder().encode(JSON.stringify(header));
  let size = json.length;
  for (const r of rooms) {
    size += 5;
    for (const w of r.windows) size += 2 + 2 * w.terms.length * (w.terms[0]?.length ?? 0);
  }
  const body = new Uint8Array(size);
  const view = new DataView(body.buffer);
  body.set(json, 0);
  let at = json.length;
  for (const r of rooms) {
    view.setUint32(at, r.seed >>> 0, true);
    view.setUint8(at + 4, r.windows.length);
    at += 5;
    for (const w of r.windows) {
      if (w.terms.length !== header.terms.length) throw new Error('a window with another number of terms');
      const n = w.terms[0]!.length;
      if (n > 65535) throw new Error('a window with more than 65 535 labelled pixels');
      view.setUint16(at, n, true);
      at += 2;
      for (const t of w.terms) {
        let prev = 0;
        for (let k = 0; k < n; k++) {
          const q = quantise(t[k]!);
          const d = (q - prev) & 0xffff;
          prev = q;
          body[at + k] = d & 0xff;
          body[at + n + k] = d >> 8;
        }
        at += 2 * n;
      }
    }
  }
  const packed = zlibSync(body, { level: 9 });
  const out = new Uint8Array(8 + packed.length);
  const lead = new DataView(out.buffer);
  lead.setUint32(0, MAGIC, true);
  lead.setUint16(4, header.version, true);
  lead.setUint16(6, json.length, true);
  out.set(packed, 8);
  return out;
}

export function decodeShard(bytes: Uint8Array): { header: LabelHeader; rooms: LabelledRoom[] } {
  const lead = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 8 || lead.getUint32(0, true) !== MAGIC) throw new Error('not a Lux label shard');
  if (lead.getUint16(4, true) !== 1) throw new Error(`label format version ${lead.getUint16(4, true)}`);
  const jsonLength = lead.getUint16(6, true);
  const body = unzlibSync(bytes.subarray(8));
  const header = JSON.parse(new TextDecoder().decode(body.subarray(0, jsonLength))) as LabelHeader;
  const view = new DataView(body.buffer, body.byteOffset, body.byteLength);
  const rooms: LabelledRoom[] = [];
  let at = jsonLength;
  while (at < body.length) {
    const seed = view.getUint32(at, true);
    const nw = view.getUint8(at + 4);
    at += 5;
    const windows: LabelledWindow[] = [];
    for (let w = 0; w < nw; w++) {
      const n = view.getUint16(at, true);
      at += 2;
      const terms = header.terms.map(() => {
        const t = new Float32Array(n);
        let q = 0;
        for (let k = 0; k < n; k++) {
          q = (q + (body[at + k]! | (body[at + n + k]! << 8))) & 0xffff;
          t[k] = dequantise(q);
        }
        at += 2 * n;
        return t;
      });
      windows.push({ terms });
    }
    rooms.push({ seed, windows });
  }
  if (rooms.length !== header.rooms) throw new Error(`a cut shard: ${rooms.length} of ${header.rooms} rooms`);
  return { header, rooms };
}

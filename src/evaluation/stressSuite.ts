/**
 * The stress suite (issue 15, docs/model.md §Stress suite): rooms of named classes drawn by the room
 * sampler with fixed seeds (stressProfiles.ts), labelled by the engine at standard quality at work-plane
 * sensors on a 0.25 m grid — the form of the Radiance references, so that the model is judged on them
 * exactly as on those: its /run windows summed and read at the sensors.
 *
 * Stored per class as `<dir>/<class>.json.gz` (npm run stress labels them): each room's seed, a digest of
 * the sampled room (the sampler must still draw the same room) and the engine's DF at the sensors, whose
 * positions follow from the room (stressSensors).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { windowAngles } from '../core/api/windowAngles';
import { simulateRoom } from '../core/engine';
import { hash32, hashString } from '../core/engine/random';
import { bounds, containsPoint } from '../core/geometry/polygon';
import type { Vec2 } from '../core/geometry/vec';
import { predictWindows, sumAtPoints, type LoadedModel } from '../core/model/predict';
import type { RunRequest } from '../core/validation/requests';
import { sampledRequest, sampleRoom, type SampledRoom } from '../datagen/sampleRoom';
import { engineRoom } from '../datagen/shard';
import { STRESS_CLASSES, type StressClass } from '../datagen/stressProfiles';
import { labelQuality } from '../datagen/labels/quality';
import { sampleMetrics, summarise, type SampleMetrics, type Summary } from './metrics';
import { DARK_LINE, type DARK_ROOM } from '../core/model/errorBand';

export const STRESS_DIR = 'test/fixtures/stress';
export const STRESS_SEED = 20261125;
export const STRESS_QUALITY = 'standard';
/**
 * The engine's standard as the stored truths were labelled (the training labels' setting, labels/quality.ts:
 * second-order cells of 1 m at the least), so that a class labelled again, or a new draw, is the same
 * engine the models were trained and judged against.
 */
export const STRESS_ENGINE = labelQuality(STRESS_QUALITY);
const SENSOR_SPACING = 0.25;

/** The k-th room of a class: its own stream, never a training or held-out room. */
export function stressSeed(cls: StressClass, k: number): number {
  return hash32(STRESS_SEED, hashString(cls), k);
}

export function stressRoom(cls: StressClass, k: number): SampledRoom {
  return sampleRoom(stressSeed(cls, k), cls);
}

/** A short digest of the sampled room: a stored label belongs to exactly this room. */
export function roomDigest(s: SampledRoom): string {
  return createHash('sha256').update(JSON.stringify(s)).digest('hex').slice(0, 16);
}

/** Sensor points: centres of a 0.25 m grid aligned to the plan's origin, inside the room. */
export function stressSensors(polygon: readonly Vec2[]): [number, number][] {
  const b = bounds(polygon);
  const out: [number, number][] = [];
  const h = SENSOR_SPACING / 2;
  for (let x = Math.floor(b.minX / SENSOR_SPACING) * SENSOR_SPACING + h; x < b.maxX; x += SENSOR_SPACING)
    for (let y = Math.floor(b.minY / SENSOR_SPACING) * SENSOR_SPACING + h; y < b.maxY; y += SENSOR_SPACING)
      if (containsPoint(polygon, [x, y])) out.push([x, y]);
  return out;
}

/**
 * The engine's answer at the sensors, as the generator labels rooms (shard.ts engineRoom), seeded, in the
 * stored form (DF %, 4 decimals).
 */
export function labelStressRoom(s: SampledRoom, seed: number): number[] {
  const room = engineRoom(s);
  const { points } = simulateRoom(room, {
    quality: STRESS_ENGINE,
    seed,
    points: stressSensors(room.parameters.room_polygon),
  });
  return Array.from(points, (v) => Math.round(v * 1e4) / 1e4);
}

export interface StressRoomLabel {
  k: number;
  seed: number;
  digest: string;
  /** The engine's DF (%) at stressSensors(room), 4 decimals. */
  df: number[];
}

export interface StressClassFile {
  class: StressClass;
  seed: number;
  quality: string;
  /** The engine's bounce limit of the labels: null, every reflection counted (absent: -ab 7, before issue 30). */
  ambient_bounces?: number | null;
  rooms: StressRoomLabel[];
}

export function readStressClass(dir: string, cls: StressClass): StressClassFile | null {
  const f = join(dir, `${cls}.json.gz`);
  if (!existsSync(f)) return null;
  return JSON.parse(gunzipSync(readFileSync(f)).toString('utf8')) as StressClassFile;
}

export interface StressRoomResult extends SampleMetrics {
  cls: StressClass;
  k: number;
  seed: number;
  /** The room passes on its own: MAE ≤ 0.10 (or 2 % of a mean above 5 %), mean within 5 %. */
  pass: boolean;
}

/** The acceptance of issue 15, per class and overall. */
export const STRESS_TARGETS = {
  mae: 0.1,
  delta1: 0.9,
  roomsWithin5: 0.95,
  worstRoom: 0.12,
  verdictAgreement: 0.97,
};

export interface StressClassSummary extends Summary {
  cls: StressClass | 'all' | typeof DARK_ROOM;
  /**
   * The worst room mean error among rooms whose truth is at least LIT_ROOM (NaN for none): below it a
   * relative error is a few thousandths of a DF point, and the verdict and absolute error are what a
   * user meets. The selection rule for runs after df4-u reads it (docs/model.md); the targets do not.
   */
  worstLit: number;
  /** Share of rooms that pass on their own (StressRoomResult.pass). */
  roomsPassing: number;
  meets: boolean;
}

/** A room's own MAE bound: 0.10 DF points, or 2 % of its mean where that is above 5 % (Radiance's noise). */
export const roomMaeBound = (meanTruth: number): number =>
  meanTruth > 5 ? Math.max(0.1, 0.02 * meanTruth) : 0.1;

/** The model on one room of the suite, through the /run path: every window predicted, summed at the sensors. */
export async function predictStressRoom(model: LoadedModel, req: RunRequest): Promise<Float64Array> {
  const preds = await predictWindows(req, windowAngles(req, req.mesh), model);
  return sumAtPoints(preds, stressSensors(req.parameters.room_polygon));
}

export async function evaluateStressClass(
  model: LoadedModel,
  file: StressClassFile,
  limit = Infinity,
): Promise<StressRoomResult[]> {
  const out: StressRoomResult[] = [];
  for (const room of file.rooms.slice(0, limit)) {
    const s = stressRoom(file.class, room.k);
    if (roomDigest(s) !== room.digest)
      throw new Error(
        `stress room ${file.class} #${room.k} is no longer the room that was labelled: the sampler changed ` +
          `(relabel with npm run stress -- --classes ${file.class} --force)`,
      );
    const pred = await predictStressRoom(model, sampledRequest(s));
    if (pred.length !== room.df.length)
      throw new Error(`stress room ${file.class} #${room.k}: sensor count differs`);
    const m = sampleMetrics({ pred, truth: room.df });
    const pass = m.mae <= roomMaeBound(m.meanTruth) && Math.abs(m.meanError) <= 0.05;
    out.push({ ...m, cls: file.class, k: room.k, seed: room.seed, pass });
  }
  return out;
}

export function summariseStress(
  cls: StressClassSummary['cls'],
  rooms: readonly StressRoomResult[],
): StressClassSummary {
  const s = summarise(rooms);
  const roomsPassing = rooms.filter((r) => r.pass).length / rooms.length;
  const meets =
    s.mae <= STRESS_TARGETS.mae &&
    s.delta1 >= STRESS_TARGETS.delta1 &&
    s.meanWithin5 >= STRESS_TARGETS.roomsWithin5 &&
    s.meanErrorAbsMax <= STRESS_TARGETS.worstRoom &&
    s.verdictAgreement >= STRESS_TARGETS.verdictAgreement;
  const lit = rooms.filter((r) => r.meanTruth >= LIT_ROOM).map((r) => Math.abs(r.meanError));
  return { cls, ...s, roomsPassing, worstLit: lit.length ? Math.max(...lit) : NaN, meets };
}

/**
 * A room's truth (mean DF, %) from which its relative error counts as its worst room's (worstLit): the line
 * below which `/run` calls a room it answers dark (errorBand.ts DARK_LINE, on the model's mean there).
 */
export const LIT_ROOM = DARK_LINE;

/**
 * The suite's rooms the model reads dark (its mean below DARK_LINE), every class: their summary is `/run`'s
 * error band for a room it answers that dark (the card's `stress.dark_rooms`). Chosen by the model's mean,
 * not the truth's, as a user meets them: what the model says of a room it reads dark.
 */
export const darkRooms = (rooms: readonly StressRoomResult[]): StressRoomResult[] =>
  rooms.filter((r) => r.meanPred < DARK_LINE);

/** Upper edges of the truth's room mean (DF %) by which the share within 5 % is also reported. */
export const BRIGHTNESS_EDGES = [0.3, 1, 2] as const;

export interface BrightnessBand {
  /** Truth's room mean from (inclusive) … to (exclusive; null: no upper edge), DF %. */
  from: number;
  to: number | null;
  rooms: number;
  /** Share of those rooms whose mean is within 5 % of the truth's (NaN for none). */
  within5: number;
}

/**
 * The share of rooms within 5 % by how bright the truth is. The target is relative and holds in a dark
 * room as in a bright one; this says where the misses are (docs/model.md, session 14). A room the engine
 * finds unlit (a mean a hair below 0, gridStress.ts) is in the darkest band, never within 5 %.
 */
export function withinByBrightness(
  rooms: readonly Pick<SampleMetrics, 'meanTruth' | 'meanError'>[],
): BrightnessBand[] {
  const edges = [0, ...BRIGHTNESS_EDGES, Infinity];
  return edges.slice(0, -1).map((from, i) => {
    const to = edges[i + 1]!;
    const band = rooms.filter((r) => (i === 0 || r.meanTruth >= from) && r.meanTruth < to);
    const within = band.filter((r) => Math.abs(r.meanError) <= 0.05).length;
    return { from, to: Number.isFinite(to) ? to : null, rooms: band.length, within5: within / band.length };
  });
}

/**
 * Every labelled class in `dir` (or the ones named), evaluated; several folders (the fixed suite and
 * further draws, test/fixtures/stress-draws) pool each class's rooms.
 */
export async function stressSuite(
  model: LoadedModel,
  dir: string | readonly string[] = STRESS_DIR,
  classes: readonly StressClass[] = STRESS_CLASSES,
  limit = Infinity,
): Promise<{ classes: StressClassSummary[]; all: StressClassSummary; rooms: StressRoomResult[] } | null> {
  const rooms: StressRoomResult[] = [];
  const summaries: StressClassSummary[] = [];
  for (const cls of classes) {
    const r: StressRoomResult[] = [];
    for (const d of typeof dir === 'string' ? [dir] : dir) {
      const file = readStressClass(d, cls);
      if (file) r.push(...(await evaluateStressClass(model, file, limit)));
    }
    if (r.length === 0) continue;
    rooms.push(...r);
    summaries.push(summariseStress(cls, r));
  }
  if (rooms.length === 0) return null;
  return { classes: summaries, all: summariseStress('all', rooms), rooms };
}

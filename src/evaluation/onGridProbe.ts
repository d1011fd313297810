/**
 * `npx tsx src/evaluation/onGridProbe.ts [--first 995000] [--rooms 10] [--truths FILE] [--card A --card B]`
 *
 * Rooms as architects draw them: the stress suite's rooms (every class, its own seeds), turned so that the
 * first window's wall runs along x and every plan coordinate rounded to 0.1 m, so that walls fall on the
 * model frames' pixel centres as they do in a plan drawn on a grid — which random rooms almost never do
 * (docs/model.md, "The lattice on the walls"). Prints, per card, the rooms within 5 % of the engine (at
 * STRESS_ENGINE over `/run`'s grid) by class, as the grid draws are summarised. The engine's means are kept
 * in `--truths` (computed when the file is missing) so that several cards read the same truths.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { SHIPPED_CARD } from '../core/model/shipped';
import type { Vec2 } from '../core/geometry/vec';
import { sampledRequest, type SampledRoom } from '../datagen/sampleRoom';
import { engineRoom } from '../datagen/shard';
import { STRESS_CLASSES, type StressClass } from '../datagen/stressProfiles';
import { loadModel } from '../service/model/runtime';
import { engineGridMean, gridLine, gridSummary, requestGridMean, type GridRoomResult } from './gridStress';
import { roomDigest, stressRoom, stressSeed } from './stressSuite';

/** To 0.1 m (divided, not multiplied, by ten: 0.3, not 0.30000000000000004). */
const snap = (v: number): number => Math.round(v * 10) / 10;

/**
 * The room and its surroundings turned about the plan's first corner so that its first edge runs along +x,
 * the plan's coordinates (outline and windows) then rounded to 0.1 m; the mesh turned with them.
 */
export function onGrid(s: SampledRoom): SampledRoom {
  const p = s.body.parameters;
  const poly = p.room_polygon;
  const [ox, oy] = poly[0]!;
  const a = -Math.atan2(poly[1]![1] - oy, poly[1]![0] - ox);
  const c = Math.cos(a),
    sn = Math.sin(a);
  // Turned about the first corner, which then lies on the grid.
  const turn = (x: number, y: number): Vec2 => [
    snap(ox) + c * (x - ox) - sn * (y - oy),
    snap(oy) + sn * (x - ox) + c * (y - oy),
  ];
  const windows = Object.fromEntries(
    Object.entries(p.windows).map(([id, w]) => {
      const [x1, y1] = turn(w.x1 as number, w.y1 as number);
      const [x2, y2] = turn(w.x2 as number, w.y2 as number);
      return [id, { ...w, x1: snap(x1), y1: snap(y1), x2: snap(x2), y2: snap(y2) }];
    }),
  );
  return {
    ...s,
    body: {
      ...s.body,
      parameters: {
        ...p,
        room_polygon: poly.map(([x, y]) => {
          const [tx, ty] = turn(x, y);
          return [snap(tx), snap(ty)] as Vec2;
        }),
        windows,
      },
    },
    mesh: s.mesh?.map(([x, y, z]) => [...turn(x!, y!), z!]) ?? null,
  };
}

export interface OnGridTruth {
  cls: StressClass;
  k: number;
  /** The room on the grid (roomDigest): a stored truth belongs to exactly this room. */
  digest: string;
  /** The engine's mean DF (%) over `/run`'s grid cells, 4 decimals. */
  mean: number;
}

/** The engine's mean over `/run`'s grid cells of a room on the grid (null: the rounding broke the room). */
export function onGridTruth(cls: StressClass, k: number): OnGridTruth | null {
  let req;
  const s = onGrid(stressRoom(cls, k));
  try {
    req = sampledRequest(s);
  } catch {
    return null;
  }
  const { mean } = engineGridMean(engineRoom(s, req), stressSeed(cls, k), `${cls} #${k} on the grid`);
  return { cls, k, digest: roomDigest(s), mean };
}

async function main(): Promise<void> {
  const { values: o } = parseArgs({
    options: {
      first: { type: 'string', default: '995000' },
      rooms: { type: 'string', default: '10' },
      truths: { type: 'string' },
      card: { type: 'string', multiple: true, default: [`public/models/${SHIPPED_CARD}`] },
    },
  });
  const first = Number(o.first),
    n = Number(o.rooms);
  let truths: OnGridTruth[];
  if (o.truths && existsSync(o.truths)) {
    truths = JSON.parse(readFileSync(o.truths, 'utf8')) as OnGridTruth[];
    for (const t of truths)
      if (roomDigest(onGrid(stressRoom(t.cls, t.k))) !== t.digest)
        throw new Error(`${t.cls} #${t.k}: the sampler or the rounding changed`);
  } else {
    truths = [];
    for (const cls of STRESS_CLASSES)
      for (let k = first; k < first + n; k++) {
        const t = onGridTruth(cls, k);
        if (t === null) console.log(`${cls} #${k}: not a room once rounded, left out`);
        else truths.push(t);
      }
    if (o.truths) writeFileSync(o.truths, JSON.stringify(truths, null, 1));
  }
  for (const card of o.card) {
    const model = await loadModel(card);
    const rooms: GridRoomResult[] = [];
    for (const t of truths) {
      const meanPred = await requestGridMean(model, sampledRequest(onGrid(stressRoom(t.cls, t.k))));
      rooms.push({
        cls: t.cls,
        k: t.k,
        meanTruth: t.mean,
        meanPred,
        meanError: (meanPred - t.mean) / t.mean,
      });
    }
    const s = gridSummary(rooms);
    console.log(card);
    for (const c of s.classes) console.log(gridLine(c));
    console.log(gridLine({ cls: 'all', ...s.all }));
    const worst = [...rooms].sort((a, b) => Math.abs(b.meanError) - Math.abs(a.meanError)).slice(0, 5);
    console.log(
      '  worst:',
      worst.map((r) => `${r.cls} #${r.k} ${(100 * r.meanError).toFixed(1)} %`).join(', '),
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();

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
import type { Vec2 } from '../core/geometry/vec';
import type { SampledRoom } from '../datagen/sampleRoom';
import type { StressClass } from '../datagen/stressProfiles';
import { probeMain, probeTruth, type ProbeTruth } from './roomProbe';
import { stressRoom } from './stressSuite';

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

export type OnGridTruth = ProbeTruth;

/** The engine's mean over `/run`'s grid cells of a room on the grid (null: the rounding broke the room). */
export const onGridTruth = (cls: StressClass, k: number): OnGridTruth | null =>
  probeTruth(onGridRoom, cls, k, 'on the grid');

const onGridRoom = (cls: StressClass, k: number): SampledRoom => onGrid(stressRoom(cls, k));

if (import.meta.url === `file://${process.argv[1]}`) await probeMain(onGridRoom, 'on the grid', 995000);

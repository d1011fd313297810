/**
 * `npm run invariance -- [--first 996300] [--rooms 2] [--variants clockwise,split-walls,…] [--card <card>]`
 *
 * The same room described another way: each stress class's rooms k = first … first + rooms − 1, each sent
 * as drawn and as a variant that changes how it is written, not what it is, through `/run`'s and
 * `/simulate`'s parsing (the request as computed: aboutRoom.ts, straight walls). Prints per room the model's
 * room mean over `/run`'s grid and the engine's at draft (seed 3), each variant's change in %: an invariant
 * the pipeline keeps reads 0.00; noise (the engine's, the coarse solve's random streams following the order
 * of what they are given) a few tenths to a few %; a defect more (docs/model.md, "The same room drawn the
 * other way round" and "The same room, described another way").
 */
import { parseArgs } from 'node:util';
import { simulateRoom } from '../core/engine/simulate';
import { parseRunRequest } from '../core/validation/requests';
import { loadModel } from '../service/model/runtime';
import { SHIPPED_CARD } from '../core/model/shipped';
import { STRESS_CLASSES } from '../datagen/stressProfiles';
import { requestGridMean } from './gridStress';
import { stressRoom } from './stressSuite';

type Body = { parameters: Record<string, unknown> & { room_polygon: number[][] } } & Record<string, unknown>;
type Window = Record<string, unknown> & { x1: number; y1: number; x2: number; y2: number };

const windowsOf = (b: Body) => b.parameters.windows as Record<string, Window>;
const withPolygon = (b: Body, room_polygon: number[][]): Body => ({
  ...b,
  parameters: { ...b.parameters, room_polygon },
});

/** Every plan point (outline, windows, mesh) through f; `mirror` also reverses the angle fans. */
function mapPlan(b: Body, f: (x: number, y: number) => [number, number], mirror = false): Body {
  const windows = Object.fromEntries(
    Object.entries(windowsOf(b)).map(([id, w]) => {
      const [x1, y1] = f(w.x1, w.y1),
        [x2, y2] = f(w.x2, w.y2);
      return [id, { ...w, x1, y1, x2, y2 }];
    }),
  );
  const out: Body = {
    ...b,
    parameters: {
      ...b.parameters,
      room_polygon: b.parameters.room_polygon.map(([x, y]) => f(x!, y!)),
      windows,
    },
  };
  if (Array.isArray(b.mesh)) out.mesh = (b.mesh as number[][]).map(([x, y, z]) => [...f(x!, y!), z!]);
  if (mirror && Array.isArray(b.horizon)) {
    out.horizon = [...(b.horizon as number[])].reverse();
    out.zenith = [...(b.zenith as number[])].reverse();
  }
  return out;
}

const TURN = (37 * Math.PI) / 180;

/** The ways of writing the same room (and its surroundings) that the probe tries. */
export const VARIANTS: Record<string, (b: Body) => Body> = {
  clockwise: (b) => withPolygon(b, [...b.parameters.room_polygon].reverse()),
  'other-start': (b) => {
    const p = b.parameters.room_polygon;
    return withPolygon(b, [...p.slice(2), ...p.slice(0, 2)]);
  },
  'closed-outline': (b) => withPolygon(b, [...b.parameters.room_polygon, b.parameters.room_polygon[0]!]),
  'split-walls': (b) => {
    const p = b.parameters.room_polygon;
    return withPolygon(
      b,
      p.flatMap((a, i) => {
        const c = p[(i + 1) % p.length]!;
        return [a, [(a[0]! + c[0]!) / 2, (a[1]! + c[1]!) / 2]];
      }),
    );
  },
  'window-corners-swapped': (b) => ({
    ...b,
    parameters: {
      ...b.parameters,
      windows: Object.fromEntries(
        Object.entries(windowsOf(b)).map(([id, w]) => [
          id,
          { ...w, x1: w.x2, y1: w.y2, x2: w.x1, y2: w.y1, z1: w.z2, z2: w.z1 },
        ]),
      ),
    },
  }),
  'windows-reordered': (b) => ({
    ...b,
    parameters: { ...b.parameters, windows: Object.fromEntries(Object.entries(windowsOf(b)).reverse()) },
  }),
  'triangles-flipped': (b) => {
    if (!Array.isArray(b.mesh)) return b;
    const m = b.mesh as number[][];
    const out: number[][] = [];
    for (let i = 0; i < m.length; i += 3) out.push(m[i]!, m[i + 2]!, m[i + 1]!);
    return { ...b, mesh: out };
  },
  'far-from-origin': (b) => mapPlan(b, (x, y) => [x + 2_600_000, y + 1_200_000]),
  moved: (b) => mapPlan(b, (x, y) => [x + 37.35, y - 12.95]),
  turned: (b) =>
    mapPlan(b, (x, y) => [Math.cos(TURN) * x - Math.sin(TURN) * y, Math.sin(TURN) * x + Math.cos(TURN) * y]),
  mirrored: (b) => mapPlan(b, (x, y) => [-x, y], true),
};

const AS_COMPUTED = { asComputed: true };

function engineMean(body: Body): number {
  const req = parseRunRequest(body, undefined, AS_COMPUTED);
  const res = simulateRoom({ ...req, mesh: req.mesh }, { quality: 'draft', seed: 3 });
  let sum = 0,
    n = 0;
  res.df.data.forEach((v, i) => {
    if (!res.mask.data[i]) return;
    sum += v;
    n++;
  });
  return sum / n;
}

async function main(): Promise<void> {
  const { values: o } = parseArgs({
    options: {
      first: { type: 'string', default: '996300' },
      rooms: { type: 'string', default: '2' },
      variants: { type: 'string', default: Object.keys(VARIANTS).join(',') },
      card: { type: 'string', default: `public/models/${SHIPPED_CARD}` },
    },
  });
  const names = o.variants.split(',');
  for (const n of names) if (!VARIANTS[n]) throw new Error(`unknown variant '${n}'`);
  const model = await loadModel(o.card);
  const first = Number(o.first);
  console.log(`class k model engine ${names.map((n) => `${n}(model engine %)`).join(' ')}`);
  for (const cls of STRESS_CLASSES)
    for (let k = first; k < first + Number(o.rooms); k++) {
      const s = stressRoom(cls, k);
      const body = {
        ...s.body,
        ...(s.mesh
          ? { mesh: s.mesh }
          : (s.angles ?? { horizon: new Array(64).fill(0), zenith: new Array(64).fill(0) })),
      } as unknown as Body;
      const m0 = await requestGridMean(model, parseRunRequest(body, undefined, AS_COMPUTED));
      const e0 = engineMean(body);
      const pct = (v: number, base: number) => ((v / base - 1) * 100).toFixed(2);
      const cells: string[] = [];
      for (const n of names) {
        const v = VARIANTS[n]!(body);
        const m = await requestGridMean(model, parseRunRequest(v, undefined, AS_COMPUTED));
        cells.push(`${pct(m, m0)} ${pct(engineMean(v), e0)}`);
      }
      console.log(`${cls} ${k} ${m0.toFixed(4)} ${e0.toFixed(4)} ${cells.join(' ')}`);
    }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();

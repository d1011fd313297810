import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeLabelShard } from '../../src/datagen/labels/shard';
import { exportLabelShard } from '../../src/datagen/labels/export';
import { ModelStatus } from '../../src/service/model/status';
import { windowAngles } from '../../src/core/api/windowAngles';
import { frame4Inputs } from '../../src/core/model/frame4';
import { sampledRequest, type SampledRoom } from '../../src/datagen/sampleRoom';
import { LIT_ROOM, stressRoom } from '../../src/evaluation/stressSuite';
import { EXAMPLE_BODIES } from '../helpers/exampleBodies';
import { post, testApp } from '../server/inProcess';
import { python, torchPython } from '../helpers/python';
import roomTermsOfShard from '../../src/datagen/roomTermsShard';
import { readNpy } from '../../src/core/encoding/npy';
import { calibratedMap, coarseRoomTerms } from '../../src/core/model/roomTerms';
import { predictWindows } from '../../src/core/model/predict';
import { loadModel } from '../../src/service/model/runtime';
import { engineRoom } from '../../src/datagen/shard';
import { v2Frame } from '../../src/core/engine/v2Frame';
import { nearestBoundaryPoint } from '../../src/core/geometry/polygon';
import { sampleRoom } from '../../src/datagen/sampleRoom';

/**
 * The network linear in the light outside (issue 35 §4, training/linnet.py) and its training on the
 * compact labels' per-term targets (training/train_terms.py), in miniature.
 */
describe('the network linear in the light outside', () => {
  const dir = mkdtempSync(join(tmpdir(), 'lux-linear-'));

  /** Label shards by seed: tests that read the same rooms' labels share them (~1 s of a core a shard). */
  const labelled = new Map<number, string>();

  /**
   * Two rooms labelled at quick quality with `seed`, exported as training frames of their own (a test may add
   * to its frames): the shard's base path.
   */
  function quickFrames(name: string, seed: number): string {
    let file = labelled.get(seed);
    if (!file) {
      file = join(dir, `labels-${seed}`, '000000.luxl');
      mkdirSync(join(dir, `labels-${seed}`), { recursive: true });
      makeLabelShard({
        file,
        stream: 'train',
        streamId: 7,
        focus: null,
        seed,
        index: 0,
        rooms: 2,
        quality: 'quick',
      });
      labelled.set(seed, file);
    }
    const frames = join(dir, `${name}-frames`, 'train');
    exportLabelShard(readFileSync(file), frames, '000000');
    return join(frames, '000000');
  }

  /**
   * A trained card's /run maps for a sampled room, its first window's frame and that window's raw network
   * output (per-term maps before any calibration), the room's request beside them.
   */
  async function runAndRaw(cardPath: string, roomSeed: number) {
    const loaded = await loadModel(cardPath);
    const req = sampledRequest(sampleRoom(roomSeed));
    const angles = windowAngles(req, req.mesh);
    const maps = await predictWindows(req, angles, loaded);
    const f = frame4Inputs(req, angles, loaded.card.preprocessing as Parameters<typeof frame4Inputs>[2]);
    const raw = await loaded.run({
      inputs: { data: f[0]!.channels, dims: [1, 7, 128, 128] },
      scalars: { data: f[0]!.scalars, dims: [1, 147] },
    });
    return { req, maps, frame: f[0]!.frame, raw };
  }

  /**
   * Asserts /run's map is `expected` (clamped at 0) at every pixel of the frame; returns at how many pixels
   * `expected` differs from `other` by more than `tol` (what the calibration under test changed).
   */
  function runMapDiffers(
    map: ArrayLike<number>,
    pixels: ArrayLike<number>,
    expected: ArrayLike<number>,
    other: ArrayLike<number>,
    tol: number,
  ): number {
    let differs = 0;
    Array.from(pixels).forEach((px) => {
      expect(map[px]).toBeCloseTo(Math.max(0, expected[px]!), 4);
      if (Math.abs(expected[px]! - other[px]!) > tol) differs++;
    });
    return differs;
  }

  /** The numbers a Python script (run with torch, in the repository root) prints on one line. */
  const pyNumbers = (script: string, ...args: string[]): number[] =>
    execFileSync(torchPython(), ['-c', script, ...args], { encoding: 'utf8' })
      .trim()
      .split(' ')
      .map(Number);

  it('is linear in the exterior terms: its coefficients never see the flux or the exterior reflectances', () => {
    const py = torchPython();
    const script = `
import sys, torch
sys.path.insert(0, 'training')
from linnet import LinNet, FLUX
torch.manual_seed(0)
m = LinNet((4, 4, 4, 4), head=4).eval()
x = torch.rand(2, 7, 128, 128); x[:, 0] = 1.0
s = torch.rand(2, 147)
with torch.no_grad():
    a = m.terms(x, s)
    s2 = s.clone(); s2[:, 145:147] *= 2.0  # surfaceDown and up doubled
    b = m.terms(x, s2)
    s3 = s.clone(); s3[:, 10:12] = torch.rand(2, 2)  # other facade and terrain reflectances
    c = m.terms(x, s3)
    s4 = s.clone(); s4[:, 143:147] = 0.0  # no light outside but the exact sky term's
    d = m.terms(x, s4)
rel = lambda p, q: float((p - q).abs().max() / q.abs().max())
print(rel(b[:, 0], a[:, 0]), rel(b[:, 2], a[:, 2]), rel(b[:, [1, 3, 4]], 2 * a[:, [1, 3, 4]]))
print(rel(c, a), float(d[:, 1:].abs().max()), rel(d[:, 0], a[:, 0]))
`;
    const out = execFileSync(py, ['-c', script], { encoding: 'utf8' }).trim().split('\n');
    const [skySame, roomSkySame, doubled] = out[0]!.split(' ').map(Number);
    const [reflSame, darkRest, darkSky] = out[1]!.split(' ').map(Number);
    // The sky's terms do not move when the exterior surfaces brighten; theirs double exactly.
    expect([skySame, roomSkySame, doubled]).toEqual([0, 0, expect.any(Number)]);
    expect(doubled).toBeLessThan(1e-6);
    // The exterior reflectances reach the map only through the flux.
    expect(reflSame).toBe(0);
    // Without light outside only the exact sky term's part is left.
    expect(darkRest).toBe(0);
    expect(darkSky).toBe(0);
  }, 120_000);

  it('is made narrower by keeping the channels in use: dead channels dropped leave its answers as they were', () => {
    const py = torchPython();
    const script = `
import sys, torch
sys.path.insert(0, 'training')
from linnet import LinNet, from_state
from shrink import activations, shrink
torch.manual_seed(0)
m = LinNet((8, 8, 8, 8), head=6)
with torch.no_grad():
    # Every other channel of the first two levels, inner and out, and of the decoder's, dead: BatchNorm
    # gives 0 and the ReLU keeps it there; two of the head's channels read nothing.
    for name in ('e1', 'e2', 'd2', 'd1'):
        for bn in (1, 4):
            getattr(m, name)[bn].weight[1::2] = 0.0
            getattr(m, name)[bn].bias[1::2] = -1.0
    m.fine[0].weight[4:] = 0.0
    m.fine[0].bias[4:] = -1.0
m.eval()
class F:
    def batch(self, ids):
        g = torch.Generator().manual_seed(len(ids))
        x = torch.rand(len(ids), 7, 128, 128, generator=g); x[:, 0] = 1.0
        return x, torch.rand(len(ids), 147, generator=g)
acts = activations(m, F(), 8)
small = from_state(shrink(m.state_dict(), acts, (4, 4, 8, 8), 4)).eval()
x, s = F().batch([0, 1, 2])
with torch.no_grad():
    a, b = m.terms(x, s), small.terms(x, s)
print(sum(p.numel() for p in m.parameters()), sum(p.numel() for p in small.parameters()), float((a - b).abs().max() / a.abs().max()))
try:
    shrink(m.state_dict(), acts, (8, 8, 8, 4), 4)
except ValueError as e:
    print('refused', e)
`;
    const out = execFileSync(py, ['-c', script], { encoding: 'utf8' }).trim().split('\n');
    const [before, after, diff] = out[0]!.split(' ').map(Number);
    expect(after).toBeLessThan(0.9 * before!);
    expect(diff).toBeLessThan(1e-6);
    // The bottleneck feeds the film's room context: it keeps its width.
    expect(out[1]).toMatch(/^refused shrink only narrows, and keeps the bottleneck/);
  }, 120_000);

  it('mirrors a window as the preprocessing of the mirrored room reads it (train_terms.mirror)', () => {
    // The room, its windows and its surroundings reflected across y = 0 (the outline's order reversed to keep
    // its turn; the triangles' too): a scene with no symmetry of its own, non-convex, in a street canyon.
    const mirrored = (r: SampledRoom): SampledRoom => {
      const p = r.body.parameters;
      const windows = Object.fromEntries(
        Object.entries(p.windows).map(([id, w]) => [
          id,
          { ...w, y1: -(w.y1 as number), y2: -(w.y2 as number) },
        ]),
      );
      return {
        ...r,
        body: {
          ...r.body,
          parameters: {
            ...p,
            room_polygon: p.room_polygon.map(([x, y]) => [x, -y] as [number, number]).reverse(),
            windows,
          },
        },
        mesh:
          r.mesh &&
          r.mesh.map((_, i) => {
            const [x, y, z] = r.mesh![i - (i % 3) + [0, 2, 1][i % 3]!]!;
            return [x!, -y!, z!];
          }),
      };
    };
    const inputs = (r: SampledRoom) => {
      const req = sampledRequest(r);
      return frame4Inputs(req, windowAngles(req, req.mesh));
    };
    const rooms = [stressRoom('street-canyon', 0), stressRoom('non-rect', 1)];
    const pairs = rooms.flatMap((r) => {
      const [a, b] = [inputs(r), inputs(mirrored(r))];
      return a.map((f, i) => [f, b[i]!] as const);
    });
    const cat = (k: 0 | 1, of: 'channels' | 'scalars') =>
      Buffer.concat(pairs.map((p) => Buffer.from(p[k][of].buffer, p[k][of].byteOffset, p[k][of].byteLength)));
    for (const k of [0, 1] as const) {
      writeFileSync(join(dir, `x${k}.f32`), cat(k, 'channels'));
      writeFileSync(join(dir, `s${k}.f32`), cat(k, 'scalars'));
    }
    const py = torchPython();
    const script = `
import sys, numpy as np, torch
sys.path.insert(0, 'training')
from train_terms import mirror
d = sys.argv[1]
x = [torch.from_numpy(np.fromfile(f'{d}/x{k}.f32', np.float32).reshape(-1, 7, 128, 128)) for k in (0, 1)]
s = [torch.from_numpy(np.fromfile(f'{d}/s{k}.f32', np.float32).reshape(-1, 147)) for k in (0, 1)]
pix = torch.nonzero(x[0][:, 0].reshape(x[0].shape[0], -1) > 0.5)
P = torch.full((x[0].shape[0], 128 * 128), -1, dtype=torch.long)
P[pix[:, 0], pix[:, 1]] = pix[:, 1]
xm, sm, _, pm, wm = mirror(x[0], s[0], None, P, torch.ones(P.shape))
inside = (x[1][:, 0] > 0.5) & (xm[:, 0] > 0.5)
inside[:, 0] = False
rows = slice(1, 128)
print(x[0].shape[0], int((xm[:, 0, rows] != x[1][:, 0, rows]).sum()), int(inside.sum()))
print(' '.join(str(float(((xm[:, c] - x[1][:, c]).abs() * inside).max())) for c in range(7)))
print(float((sm - s[1]).abs().max()), float((s[0] - s[1]).abs().max()))
# Every labelled pixel of the original lands on a room pixel of the mirrored room.
on = pm[wm > 0]
print(int(on.numel()), int((x[1][:, 0].reshape(x[1].shape[0], -1).gather(1, pm.clamp(min=0)) > 0.5)[wm > 0].sum()))
`;
    const out = execFileSync(py, ['-c', script, dir], { encoding: 'utf8' }).trim().split('\n');
    const [windows, maskDiff, cells] = out[0]!.split(' ').map(Number);
    expect(windows).toBe(pairs.length);
    expect(pairs.length).toBeGreaterThanOrEqual(3);
    // The room's outline mirrored to the pixel.
    expect(maskDiff).toBe(0);
    expect(cells).toBeGreaterThan(3000);
    const channelDiff = out[1]!.split(' ').map(Number);
    // Mask and plan visibility exact; the sky integrals within 0.01 DF points (the mirrored room's angles are
    // traced again, a tenth of a degree apart), depth and lateral offset within 2 cm (the anchor's rounding);
    // the exact sky term's lattice rows keep their parity (128 - r), so it is exact too.
    const bound = [0, 0.01, 0.01, 0.002, 0.002, 0, 1e-4];
    channelDiff.forEach((v, c) => expect(v, `channel ${c}`).toBeLessThanOrEqual(bound[c]!));
    const [scalarDiff, unmirrored] = out[2]!.split(' ').map(Number);
    // The angles run the other way and nothing else moves; unmirrored, they differ.
    expect(scalarDiff).toBeLessThan(0.005);
    expect(unmirrored).toBeGreaterThan(0.05);
    const [labelled, landed] = out[3]!.split(' ').map(Number);
    expect(landed).toBe(labelled);
  }, 120_000);

  it('trains on per-term labels, exports lux-frame-6 ONNX with a card, and the result serves /run', async () => {
    const py = torchPython();
    const labels = join(dir, 'labels');
    mkdirSync(labels, { recursive: true });
    const file = join(labels, '000000.luxl');
    makeLabelShard({
      file,
      stream: 'train',
      streamId: 7,
      focus: null,
      seed: 3,
      index: 0,
      rooms: 3,
      quality: 'quick',
    });
    const n = exportLabelShard(readFileSync(file), join(dir, 'frames', 'train'), '000000');
    expect(n).toBeGreaterThanOrEqual(3);
    // The same windows as a second stream that trains too (`--also`), drawn twice as often.
    exportLabelShard(readFileSync(file), join(dir, 'frames', 'broad'), '000000');
    const out = join(dir, 'run');
    const log = execFileSync(
      py,
      [
        'training/train_terms.py',
        ...['--data', join(dir, 'frames'), '--out', out, '--steps', '3', '--batch', '2'],
        ...['--widths', '4,4,4,4', '--head', '4', '--checkpoint-every', '3', '--threads', '1'],
        ...['--also', 'broad:2', '--mirror', '--wall-line', '0'],
      ],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
    );
    // The second stream's windows, as many as the first's and each drawn twice as often: two thirds of draws.
    expect(log).toContain(`broad: ${n} windows, each drawn 2x as often (67% of the draws)`);
    // The validation line names each term's share of the light, predicted and true.
    expect(log).toMatch(/step 3: loss [\d.]+ train MAE [\d.]+ val MAE [\d.]+ .* shares \[/);
    const cardPath = join(out, 'lux-df-4.json');
    expect(existsSync(join(out, 'lux-df-4.onnx'))).toBe(true);
    const card = JSON.parse(readFileSync(cardPath, 'utf8'));
    expect(card).toMatchObject({
      preprocessing: 'lux-frame-6',
      inputs: [{ shape: ['n', 7, 128, 128] }, { shape: ['n', 147] }],
      training: {
        steps: 3,
        train_windows: 2 * n,
        data: expect.stringContaining('data/labels/broad drawn 2x'),
        command: expect.stringContaining('--wall-line 0'),
      },
    });
    const model = new ModelStatus(cardPath);
    expect(await model.settled()).toBe('ready');
    const res = await post(testApp({ model }), '/v2/run', EXAMPLE_BODIES['/run']![1]);
    expect(res.status).toBe(200);
    const b = await res.json();
    expect(b.model).toEqual({ name: 'lux-df-4', version: card.version });

    // A kept checkpoint holds the weights alone (training/checkpoints): --export-only rebuilds the same file.
    const again = join(dir, 'again');
    mkdirSync(again, { recursive: true });
    const strip = `import sys, torch
c = torch.load(sys.argv[1], map_location="cpu", weights_only=False); c.pop("opt")
torch.save(c, sys.argv[2])`;
    execFileSync(py, ['-c', strip, join(out, 'checkpoint.pt'), join(again, 'checkpoint.pt')]);
    // --export-only from a folder's checkpoint: whether its ONNX file is the trained run's to the byte.
    const exportsTheRun = async (folder: string): Promise<boolean> => {
      await python([
        'training/train_terms.py',
        '--data',
        join(dir, 'frames'),
        '--out',
        folder,
        '--export-only',
      ]);
      return readFileSync(join(folder, 'lux-df-4.onnx')).equals(readFileSync(join(out, 'lux-df-4.onnx')));
    };
    // A mean of checkpoints (average.py) exports with what it was made from in its card: here the mean of
    // a checkpoint and its copy, the same network to the bit. Made and exported while the copy exports.
    const mean = join(dir, 'mean');
    const sources = [join(out, 'checkpoint.pt'), join(again, 'checkpoint.pt')];
    const [copyExported, meanExported] = await Promise.all([
      exportsTheRun(again),
      python(['training/average.py', join(mean, 'checkpoint.pt'), ...sources]).then(() =>
        exportsTheRun(mean),
      ),
    ]);
    expect(copyExported).toBe(true);
    expect(meanExported).toBe(true);
    const meanCard = JSON.parse(readFileSync(join(mean, 'lux-df-4.json'), 'utf8'));
    expect(meanCard.training.averaged_from.map((a: { path: string }) => a.path)).toEqual(sources);
    expect(meanCard.training.averaged_with).toContain('training/average.py');
    expect(card.training.averaged_from).toBeUndefined();
  }, 300_000);

  it("leaves the labels on the window wall's own line out of training with --wall-line 0, and only those", () => {
    // At the window, the frame's wall column stands for points on the wall's inner face itself.
    for (const seed of [11, 12, 13]) {
      const room = engineRoom(sampleRoom(seed));
      room.parameters.windows.forEach((_, i) => {
        const f = v2Frame(room, i);
        const p = f.points[f.pixels.indexOf(64 * 128 + f.wallCol)]!;
        const q = nearestBoundaryPoint(room.parameters.room_polygon, p).point;
        expect(Math.hypot(p[0] - q[0], p[1] - q[1])).toBeLessThan(0.011);
      });
    }
    const shard = quickFrames('wall', 9);
    const script = `
import sys, torch
sys.path.insert(0, 'training')
from train_terms import Frames
a = Frames([sys.argv[1]], torch.device('cpu'))
b = Frames([sys.argv[1]], torch.device('cpu'), None, 0.0)
# The pixels left out: on the room's edge towards the window (no room pixel to their right), their point
# within 2.5 cm of the wall's inner plane (the distance channel, / 10).
room = a.x[:, 0] > 0.5
edge = room & ~torch.cat([room[:, :, 1:], torch.zeros_like(room[:, :, :1])], 2)
near = (edge & (a.x[:, 3] < 0.0025)).flatten(1)
on = torch.gather(near, 1, a.pix.clamp(min=0)) & (a.w > 0)
print(int(on.sum()), float(b.w[on].abs().max()), float((a.w - b.w)[~on].abs().max()), int((a.w > 0).sum()))
`;
    const [onLine, weightThere, elsewhere, labelled] = pyNumbers(script, shard);
    expect(onLine).toBeGreaterThan(0);
    expect(onLine).toBeLessThan(labelled! / 10);
    expect(weightThere).toBe(0);
    expect(elsewhere).toBe(0);
  }, 120_000);

  it('weighs a dark window (true mean below the lit-room line) --dark-weight times, as if it were drawn that often', () => {
    const shard = quickFrames('dark', 21);
    // Every other window's labels scaled into the dark (its true mean below 0.3 % DF); the loss with weight 3
    // must equal the unweighted loss of the batch with each dark window three times over.
    const script = `
import sys, torch
sys.path.insert(0, 'training')
from linnet import LinNet
from train_terms import Frames, losses, LIT_LINE
torch.manual_seed(0)
f = Frames([sys.argv[1]], torch.device('cpu'))
ids = list(range(min(f.n, 6)))
x, s, t, pix, w = f.batch(ids)
t = t.clone()
t[0::2] *= 0.02
W = w.sum(1).clamp(min=1.0)
mean = (t.sum(1) * w).sum(1) / W
dark = (mean < LIT_LINE).tolist()
model = LinNet((8, 8, 8, 8), head=4).eval()
rep = [i for i, d in enumerate(dark) for _ in range(3 if d else 1)]
with torch.no_grad():
    weighted = float(losses(model, x, s, t, pix, w, dark_weight=3.0)[0])
    repeated = float(losses(model, x[rep], s[rep], t[rep], pix[rep], w[rep])[0])
    plain = float(losses(model, x, s, t, pix, w)[0])
print(sum(dark), len(dark), weighted, repeated, plain, LIT_LINE)
`;
    const [darkCount, n, weighted, repeated, plain, litLine] = pyNumbers(script, shard);
    // The training's dark line is the one the grid's worst lit room and the docs' dark/lit split use.
    expect(litLine).toBe(LIT_ROOM);
    expect(darkCount).toBeGreaterThan(0);
    expect(darkCount).toBeLessThan(n!);
    expect(weighted).toBeCloseTo(repeated!, 5);
    expect(Math.abs(weighted! - plain!)).toBeGreaterThan(1e-4);
  }, 120_000);

  it('trains with the room terms scaled to the coarse solve (--room-terms), as /run then scales them', async () => {
    const py = torchPython();
    const file = join(dir, 'rt-labels', '000000.luxl');
    mkdirSync(join(dir, 'rt-labels'), { recursive: true });
    makeLabelShard({
      file,
      stream: 'train',
      streamId: 7,
      focus: null,
      seed: 5,
      index: 0,
      rooms: 2,
      quality: 'quick',
    });
    const frames = join(dir, 'rt-frames', 'train');
    const n = exportLabelShard(readFileSync(file), frames, '000000');
    // The solve's room terms beside the shard: one row of three a window, the room's own solve.
    expect(roomTermsOfShard({ dir: frames, name: '000000', method: 'coarse-radiosity/2' })).toBe(n);
    expect(readFileSync(join(frames, '000000.rt'), 'utf8').trim()).toBe('coarse-radiosity/2');
    const npy = readNpy(readFileSync(join(frames, '000000.rt.npy')));
    expect(npy.shape).toEqual([n, 3]);
    const rt = new Float32Array(new Uint8Array(npy.data).buffer); // a copy: a Buffer's slice is a view
    const first = JSON.parse(readFileSync(join(frames, '000000.jsonl'), 'utf8').split('\n')[0]!);
    const solved = coarseRoomTerms(engineRoom(sampleRoom(first.room_seed)), 'coarse-radiosity/2')[
      first.window
    ]!;
    expect(Array.from(rt.subarray(0, 3))).toEqual(Array.from(Float32Array.from(solved.means)));
    const out = join(dir, 'rt-run');
    const args = [
      'training/train_terms.py',
      ...['--data', join(dir, 'rt-frames'), '--out', out, '--steps', '2', '--batch', '2'],
      ...['--widths', '4,4,4,4', '--head', '4', '--checkpoint-every', '2', '--threads', '1'],
    ];
    // Frames without the solve's terms by this method are refused.
    expect(() =>
      execFileSync(py, [...args, '--room-terms', 'coarse-radiosity/1'], { encoding: 'utf8', stdio: 'pipe' }),
    ).toThrow(/no room terms by coarse-radiosity\/1/);
    execFileSync(py, [...args, '--room-terms', 'coarse-radiosity/2'], { encoding: 'utf8', stdio: 'ignore' });
    const cardPath = join(out, 'lux-df-4.json');
    const card = JSON.parse(readFileSync(cardPath, 'utf8'));
    expect(card.roomTerms).toBe('coarse-radiosity/2');
    expect(card.outputs.map((o: { name: string }) => o.name)).toEqual(['df', 'terms']);
    const model = new ModelStatus(cardPath);
    expect(await model.settled()).toBe('ready');
    const res = await post(testApp({ model }), '/v2/run', EXAMPLE_BODIES['/run']![1]);
    expect(res.status).toBe(200);
    // /run's maps are the network's per-term maps with the room terms scaled to the room's own solve.
    const { req, maps, frame, raw } = await runAndRaw(cardPath, first.room_seed);
    const lattice = coarseRoomTerms({ ...req, mesh: req.mesh ?? null }, card.roomTerms);
    const scaled = calibratedMap(raw.terms!.data, lattice[0]!);
    expect(runMapDiffers(maps[0]!.df, frame.pixels, scaled, raw.df!.data, 1e-3)).toBeGreaterThan(0);
  }, 300_000);

  it("trains with the exterior term's level set by the solve too (--exterior-level), as the card's exteriorTerm reads it at /run", async () => {
    const py = torchPython();
    const base = quickFrames('rtx', 9);
    const frames = join(base, '..');
    const args = [
      'training/train_terms.py',
      ...['--data', join(frames, '..'), '--out', join(dir, 'rtx-run'), '--steps', '2', '--batch', '2'],
      ...['--widths', '4,4,4,4', '--head', '4', '--checkpoint-every', '2', '--threads', '1'],
      ...['--room-terms', 'coarse-radiosity/2', '--exterior-level'],
    ];
    const n = roomTermsOfShard({ dir: frames, name: '000000', method: 'coarse-radiosity/2' });
    const roomOnly = readFileSync(`${base}.rt.npy`);
    // Frames whose solve wrote no exterior term are refused.
    expect(() => execFileSync(py, args, { encoding: 'utf8', stdio: 'pipe' })).toThrow(
      /no exterior term by coarse-radiosity\/2/,
    );
    expect(
      roomTermsOfShard({ dir: frames, name: '000000', method: 'coarse-radiosity/2', exterior: true }),
    ).toBe(n);
    // The room terms are the same to the bit; beside them one value a window, the room's own solve's.
    expect(readFileSync(`${base}.rt.npy`).equals(roomOnly)).toBe(true);
    expect(readFileSync(`${base}.rtx`, 'utf8').trim()).toBe('coarse-radiosity/2');
    const npy = readNpy(readFileSync(`${base}.rtx.npy`));
    expect(npy.shape).toEqual([n]);
    const rtx = new Float32Array(new Uint8Array(npy.data).buffer);
    const records = readFileSync(`${base}.jsonl`, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l));
    records.forEach((r, j) => {
      const solved = coarseRoomTerms(engineRoom(sampleRoom(r.room_seed)), 'coarse-radiosity/2', {
        withSky: true,
      });
      expect(rtx[j]).toBe(Math.fround(solved[r.window]!.exterior!));
    });
    expect(Math.max(...rtx)).toBeGreaterThan(1e-3);
    // Training scales the network's exterior map so that its mean over the lattice is the solve's, and the
    // room terms as before.
    const script = `
import sys, torch
sys.path.insert(0, 'training')
from train_terms import Frames
from linnet import LinNet, calibrate, lattice_of
f = Frames([sys.argv[1]], torch.device('cpu'), 'coarse-radiosity/2', exterior=True)
torch.manual_seed(0)
net = LinNet((4, 4, 4, 4), head=4).eval()
x, s, _, _, _ = f.batch(list(range(f.n)))
with torch.no_grad():
    raw = net.terms(x, s)
    t = calibrate(raw, x[:, 0:1], f.rt, f.rtx)
    u = calibrate(raw, x[:, 0:1], f.rt)
lat = lattice_of(x[:, 0:1])
mean = lambda m: (m * lat[:, 0]).sum((1, 2)) / lat[:, 0].sum((1, 2))
own = mean(raw[:, 1])
free = (f.rtx / own > 0.25) & (f.rtx / own < 4)
want = torch.where(free, f.rtx, own * (f.rtx / own).clamp(0.25, 4))
err = (mean(t[:, 1]) / want - 1).abs().max()
print(int(free.sum()), float(err), float((t[:, 2:] - u[:, 2:]).abs().max()), float((t[:, :1] - u[:, :1]).abs().max()))
`;
    const [free, err, roomDiff, skyDiff] = pyNumbers(script, base);
    // Each window's exterior term at the solve's level, within the bounds (1/4..4) the room terms have.
    expect(free).toBeGreaterThan(0);
    expect(err).toBeLessThan(1e-5);
    expect(roomDiff).toBe(0);
    expect(skyDiff).toBe(0);
    execFileSync(py, args, { encoding: 'utf8', stdio: 'ignore' });
    const cardPath = join(dir, 'rtx-run', 'lux-df-4.json');
    const card = JSON.parse(readFileSync(cardPath, 'utf8'));
    expect(card.exteriorTerm).toBe('solve-level');
    expect(card.roomTerms).toBe('coarse-radiosity/2');
    // /run's maps are the network's terms with the exterior term at the room's own solve's level too.
    const { req, maps, frame, raw } = await runAndRaw(cardPath, records[0].room_seed);
    const lattice = coarseRoomTerms({ ...req, mesh: req.mesh ?? null }, card.roomTerms, {
      withSky: true,
    })[0]!;
    const scaled = calibratedMap(raw.terms!.data, lattice, { exteriorTerm: 'solve-level' });
    const roomOnlyMap = calibratedMap(raw.terms!.data, lattice);
    expect(runMapDiffers(maps[0]!.df, frame.pixels, scaled, roomOnlyMap, 1e-4)).toBeGreaterThan(0);
  }, 300_000);
});

import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readNpy } from '../../src/core/encoding/npy';
import { generateShard } from '../../src/datagen/shard';
import { shardFeatures } from '../../src/datagen/shardFeatures';
import { relabel } from '../../src/evaluation/labelNoise';
import { windowAngles } from '../../src/core/api/windowAngles';
import { predictWindows } from '../../src/core/model/predict';
import { parseRunRequest } from '../../src/core/validation/requests';
import { loadModel } from '../../src/service/model/runtime';
import { ModelStatus } from '../../src/service/model/status';
import { EXAMPLE_BODIES } from '../helpers/exampleBodies';
import { post, testApp } from '../server/inProcess';
import { python, torchPython } from '../helpers/python';

/**
 * The training pipeline in miniature (model.md: a smoke run is part of the suite): a shard from the
 * engine, a few training steps with a checkpoint and a resume, ONNX export with its card, and the
 * exported model serving /run.
 */
describe('training pipeline smoke run', () => {
  const dir = mkdtempSync(join(tmpdir(), 'lux-train-'));
  const train = join(dir, 'data', 'train');
  const trainArgs = (out: string, steps: string, ...more: string[]): string[] => [
    'training/train.py',
    ...['--data', join(dir, 'data'), '--out', out, '--steps', steps, '--threads', '1'],
    ...more,
  ];
  mkdirSync(train, { recursive: true });
  /** The smoke run's training, `steps` in all: its checkpoints kept every 2 steps (for average.py). */
  const smokeArgs = (steps: number) =>
    trainArgs(
      join(dir, 'run'),
      String(steps),
      ...['--batch', '2', '--widths', '4,4,4,4', '--checkpoint-every', '2', '--keep-every', '2'],
    );
  /**
   * Its first two steps: started by the labels' test (one thread, this process's), which reads the shard they
   * train on and writes nothing they read, so that the two run at once. Started once.
   */
  let firstSteps: Promise<string> | null = null;
  const firstTraining = (): Promise<string> => {
    if (!firstSteps) {
      firstSteps = python(smokeArgs(2));
      firstSteps.catch(() => undefined); // the training test's failure, not an unhandled rejection
    }
    return firstSteps;
  };

  it('generates a shard: targets in the v2 frame, NaN only where not sampled, inputs beside them', () => {
    const r = generateShard({ dir: train, stream: 7, index: 0, rooms: 2, seed: 11, quality: 'draft' });
    expect(r.windows).toBeGreaterThanOrEqual(2);
    const df = readNpy(new Uint8Array(readFileSync(join(train, '000000.df.npy'))));
    expect(df.descr).toBe('<f4');
    expect(df.shape).toEqual([r.windows, 128, 128]);
    const values = new Float32Array(df.data.buffer, df.data.byteOffset, df.data.byteLength / 4);
    const mask = readNpy(new Uint8Array(readFileSync(join(train, '000000.mask.npy')))).data;
    let sampled = 0,
      outsideNonZero = 0;
    values.forEach((v, i) => {
      if (mask[i] === 0 && v !== 0) outsideNonZero++;
      if (mask[i] === 1 && Number.isFinite(v)) sampled++;
    });
    expect(outsideNonZero).toBe(0);
    expect(sampled).toBeGreaterThan(200);
    const x = readNpy(new Uint8Array(readFileSync(join(train, '000000.x.npy'))));
    expect(x.descr).toBe('<f2');
    expect(x.shape).toEqual([r.windows, 6, 128, 128]);
    // The inputs from disk (context meshes rebuilt from the room seeds, as npm run features does) are
    // the generator's own (which had the meshes at hand).
    const scalars = readFileSync(join(train, '000000.s.npy'));
    shardFeatures({ dir: train, name: '000000' });
    expect(readFileSync(join(train, '000000.s.npy')).equals(scalars)).toBe(true);
    // Same seed, same shard: the generator is deterministic.
    const again = join(dir, 'again');
    mkdirSync(again);
    generateShard({ dir: again, stream: 7, index: 0, rooms: 2, seed: 11, quality: 'draft' });
    expect(readFileSync(join(again, '000000.jsonl'), 'utf8')).toBe(
      readFileSync(join(train, '000000.jsonl'), 'utf8'),
    );
  }, 120_000);

  it('measures the labels against the engine run again: exact with the same seed, close with another', () => {
    void firstTraining();
    const same = relabel(train, { quality: 'draft', seed: 0, rooms: 2 });
    expect(same.length).toBeGreaterThanOrEqual(2);
    for (const { m } of same) {
      expect(m.mae).toBe(0);
      expect(m.meanPred).toBe(m.meanTruth);
    }
    const other = relabel(train, { quality: 'draft', seed: 7, rooms: 2 });
    expect(other.map((w) => w.room)).toEqual(same.map((w) => w.room));
    for (const { m } of other) {
      // Another Monte Carlo answer: not the same numbers, but the same light within a few percent.
      expect(m.mae).toBeGreaterThan(0);
      expect(Math.abs(m.meanError)).toBeLessThan(0.1);
    }
    expect(
      relabel(train, { quality: 'draft', seed: 0, rooms: 1 }).every((w) => w.room === same[0]!.room),
    ).toBe(true);
    // A focused stream's rooms come from its own sampler (the folder's meta names it): still exact.
    // (Outside data/: the smoke training below reads every train-* folder there.)
    const focused = join(dir, 'focused', 'train-balcony');
    mkdirSync(focused, { recursive: true });
    writeFileSync(`${focused}.meta.json`, JSON.stringify({ split: 'train', focus: 'balcony' }));
    generateShard({
      dir: focused,
      stream: 3,
      focus: 'balcony',
      index: 0,
      rooms: 1,
      seed: 11,
      quality: 'draft',
    });
    const balcony = relabel(focused, { quality: 'draft', seed: 0, rooms: 1 });
    expect(balcony.length).toBeGreaterThan(0);
    for (const { m } of balcony) expect(m.mae).toBe(0);
  }, 120_000);

  it('trains, checkpoints, resumes, exports ONNX with a card, and the result serves /run', async () => {
    const out = join(dir, 'run');
    const first = await firstTraining();
    expect(first).toContain('step 2:');
    const second = await python(smokeArgs(4));
    expect(second).toContain('resumed at step 2');
    expect(second).toContain('step 4:');
    const cardPath = join(out, 'lux-df-3.json');
    expect(existsSync(join(out, 'lux-df-3.onnx'))).toBe(true);
    const card = JSON.parse(readFileSync(cardPath, 'utf8'));
    expect(card).toMatchObject({ preprocessing: 'lux-frame-3', opset: 17, training: { steps: 4, seed: 1 } });
    const model = new ModelStatus(cardPath);
    expect(await model.settled()).toBe('ready');
    const res = await post(testApp({ model }), '/v2/run', EXAMPLE_BODIES['/run']![1]);
    expect(res.status).toBe(200);
    const b = await res.json();
    // /run names the model its card names.
    expect(b.model).toEqual({ name: card.name, version: card.version });
    expect(card.name).toBe('lux-df-3');
  }, 300_000);

  it('averages kept checkpoints, re-estimates the batch norms, and exports the mean with its provenance', async () => {
    const py = torchPython();
    const run = join(dir, 'run');
    const out = join(dir, 'averaged');
    mkdirSync(out, { recursive: true });
    const [a, b] = [join(run, 'checkpoint-2.pt'), join(run, 'checkpoint-4.pt')];
    execFileSync(
      py,
      ['training/average.py', join(out, 'checkpoint.pt'), a, b, '--recalibrate', join(dir, 'data')],
      {
        stdio: 'ignore',
      },
    );
    // A weight is the mean of the two; a batch norm's running mean is measured anew, not averaged.
    const script = `
import torch
a, b, m = (torch.load(p, map_location="cpu")["model"] for p in ${JSON.stringify([a, b, join(out, 'checkpoint.pt')])})
w = "e2.0.weight"; r = "e2.1.running_mean"
print(float((m[w] - (a[w] + b[w]) / 2).abs().max()), float((m[r] - (a[r] + b[r]) / 2).abs().max()))`;
    // The check and the export read the mean, each in its own Python: at once.
    const [diffs] = await Promise.all([
      python(['-c', script]),
      // No --widths: the checkpoint decides the network's shape.
      python(trainArgs(out, '4', '--export-only')),
    ]);
    const [weightDiff, statDiff] = diffs.trim().split(' ').map(Number);
    expect(weightDiff).toBeLessThan(1e-6);
    expect(statDiff).toBeGreaterThan(1e-4);
    const card = JSON.parse(readFileSync(join(out, 'lux-df-3.json'), 'utf8'));
    expect(card.training).toMatchObject({ widths: [4, 4, 4, 4], head: 16, context: false });
    expect(card.training.averaged_from.map((c: { step: number }) => c.step)).toEqual([2, 4]);
    expect(card.training.recalibrated_on).toBe('data');
    expect(card.training.averaged_with).toContain('average.py');
    expect(card.training.validation_mae).toBeNull();
    expect(card.training.last_checkpoint_validation_mae).toEqual(expect.any(Number));
    // The command that trained the weights, not the export's.
    expect(card.training.command).toContain('--keep-every');
    expect(card.training.exported_with).toContain('--export-only');
    expect(card.training.batch).toBe(2);
  }, 120_000);

  it('recovers a training checkpoint from the exported ONNX (from_onnx.py): exported again, the same weights', () => {
    const py = torchPython();
    const averaged = join(dir, 'averaged');
    const recovered = join(dir, 'recovered.pt');
    const log = execFileSync(
      py,
      [
        'training/from_onnx.py',
        join(averaged, 'lux-df-3.onnx'),
        recovered,
        '--data',
        join(dir, 'data'),
        '--batches',
        '2',
      ],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
    );
    expect(log).toContain('checkpoint written');
    const again = join(dir, 'again');
    execFileSync(py, trainArgs(again, '0', '--init', recovered), { stdio: 'ignore' });
    // Batch norms are folded into the convolutions by the export: the same folded weights come out again.
    const script = `
import sys; sys.path.insert(0, "training")
import numpy as np, onnx
from from_onnx import conv_nodes
a, b = (conv_nodes(onnx.load(p).graph) for p in ${JSON.stringify([join(averaged, 'lux-df-3.onnx'), join(again, 'lux-df-3.onnx')])})
print(len(a[0]), len(b[0]), max(float(np.abs(x[1] - y[1]).max()) for x, y in zip(a[0], b[0])))`;
    const [n, m, diff] = execFileSync(py, ['-c', script], { encoding: 'utf8' }).trim().split(' ').map(Number);
    expect(n).toBe(m);
    expect(n).toBeGreaterThan(14);
    expect(diff).toBeLessThan(1e-5);
    const card = JSON.parse(readFileSync(join(again, 'lux-df-3.json'), 'utf8'));
    // Its provenance carries on: the averaged run's command, under previous.
    expect(card.training.previous.command).toContain('--keep-every');
    expect(card.training.previous.recovered_from).toContain('from_onnx.py');
  }, 120_000);

  it('prunes the head to fewer channels (its rows kept, the output layer refitted), then trains and serves', async () => {
    const py = torchPython();
    const pruned = join(dir, 'pruned.pt');
    const original = join(dir, 'run', 'checkpoint.pt');
    const data = join(dir, 'data');
    execFileSync(
      py,
      ['training/prune_head.py', original, pruned, '--head', '8', '--data', data, '--windows', '3'],
      {
        stdio: 'ignore',
      },
    );
    const script = `
import sys, torch
sys.path.insert(0, "training")
from prune_head import fit
a, p = (torch.load(f, map_location="cpu")["model"] for f in ${JSON.stringify([original, pruned])})
rows = [min(float((r - o).abs().max()) for o in a["fine.0.weight"]) for r in p["fine.0.weight"]]
print(len(rows), max(rows), tuple(p["fine.2.weight"].shape))
# The refit is exact when the fields are linear in the kept channels.
H = torch.rand(500, 6, dtype=torch.float64); C = torch.randn(3, 2, dtype=torch.float64)
O = H[:, [1, 4]] @ C.T + torch.tensor([0.5, -1.0, 2.0], dtype=torch.float64)
coef, res = fit(H, O, torch.rand(500, 3, dtype=torch.float64) + 0.1, [1, 4])
print(float((coef[:, :2] - C).abs().max()), res)`;
    const out = join(dir, 'pruned-run');
    // The check and the training read the pruned weights, each in its own Python: at once.
    const [checked] = await Promise.all([
      python(['-c', script]),
      // No --widths or --head: a run from --init takes the shape of the weights it starts from.
      python(trainArgs(out, '2', '--batch', '2', '--init', pruned)),
    ]);
    const [shape, refit] = checked.trim().split('\n');
    expect(shape).toBe('8 0.0 (3, 8, 1, 1)');
    const [coefErr, residual] = refit!.split(' ').map(Number);
    expect(coefErr).toBeLessThan(1e-9);
    expect(residual).toBeLessThan(1e-12);
    const card = JSON.parse(readFileSync(join(out, 'lux-df-3.json'), 'utf8'));
    expect(card.training).toMatchObject({
      widths: [4, 4, 4, 4],
      head: 8,
      initialised_from: pruned,
      // The run the unpruned weights came from (the smoke run above), recorded by the pipeline.
      pruned_from: { head: 16, previous: { command: expect.stringContaining('--keep-every'), steps: 4 } },
    });
    const model = new ModelStatus(join(out, 'lux-df-3.json'));
    expect(await model.settled()).toBe('ready');
    const res = await post(testApp({ model }), '/v2/run', EXAMPLE_BODIES['/run']![1]);
    expect(res.status).toBe(200);
  }, 180_000);

  it('grows a trained network into a wider one with room context, its answers unchanged', async () => {
    const py = torchPython();
    const out = join(dir, 'grown');
    // Zero steps: the grown weights are exported as loaded.
    const log = execFileSync(
      py,
      trainArgs(out, '0', '--widths', '4,6,8,12', '--context', '--init', join(dir, 'run', 'checkpoint.pt')),
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
    );
    expect(log).toContain('widths (4, 4, 4, 4)');
    const card = JSON.parse(readFileSync(join(out, 'lux-df-3.json'), 'utf8'));
    expect(card.training).toMatchObject({
      widths: [4, 6, 8, 12],
      context: true,
      // How the weights it grew from were trained, from their checkpoint.
      previous: { command: expect.stringContaining('--keep-every'), steps: 4 },
    });
    const small = await loadModel(join(dir, 'run', 'lux-df-3.json'));
    const grown = await loadModel(join(out, 'lux-df-3.json'));
    const req = parseRunRequest(EXAMPLE_BODIES['/run']![1]);
    const angles = windowAngles(req, req.mesh);
    const [a] = await predictWindows(req, angles, small);
    const [b] = await predictWindows(req, angles, grown);
    let lit = 0,
      worst = 0;
    a!.df.forEach((v, i) => {
      if (v > 0) lit++;
      worst = Math.max(worst, Math.abs(v - b!.df[i]!));
    });
    expect(lit).toBeGreaterThan(100);
    expect(worst).toBeLessThan(1e-4);
  }, 120_000);

  it('grows a network that already has room context into a wider one, and refuses to shrink one', () => {
    const py = torchPython();
    // Random weights, batch norm in eval mode with random statistics: every weight matters.
    const script = `
import sys, torch
sys.path.insert(0, "training")
from luxnet import LuxNet, grow
torch.manual_seed(3)
def net(widths, context, head=16):
    m = LuxNet(widths, context, head=head)
    for k, v in m.state_dict().items():
        if k.endswith("running_var"): v.uniform_(0.5, 2.0)
        elif v.is_floating_point(): v.normal_(0, 0.3)
    return m.eval()
x = torch.rand(2, 6, 128, 128); x[:, 0] = (x[:, 0] > 0.3).float(); s = torch.rand(2, 147)
a = net((4, 6, 8, 12), True)
b = LuxNet((5, 8, 10, 16), True).eval(); grow(b, a.state_dict())
with torch.no_grad(): print("diff", float((a(x, s) - b(x, s)).abs().max()), float(a(x, s).abs().max()))
# A lux-frame-2 network (143 scalars, no window flux) grown into lux-frame-3: the flux scalars start unread.
v2 = LuxNet((4, 6, 8, 12), True, scalars=143)
for k, v in v2.state_dict().items():
    if k.endswith("running_var"): v.uniform_(0.5, 2.0)
    elif v.is_floating_point(): v.normal_(0, 0.3)
v2.eval(); v3 = LuxNet((4, 6, 8, 16), True).eval(); grow(v3, v2.state_dict())
with torch.no_grad(): print("v2", float((v2(x, s[:, :143]) - v3(x, s)).abs().max()), float(v2(x, s[:, :143]).abs().max()))
# The export's head (fine_conv_exact: phase kernels at 64 x 64, no 128 x 128 upsampling) is the same
# function, border rows and columns included.
fast = net((4, 6, 8, 12), True, head=8)
with torch.no_grad(): plain = fast(x, s); print("fast", float((fast.use_fast_head()(x, s) - plain).abs().max()), float(plain.abs().max()))
# A pruned head (prune_head.py) grows back to a wider one.
h8 = net((4, 6, 8, 12), True, head=8); h16 = LuxNet((4, 6, 8, 12), True).eval(); grow(h16, h8.state_dict())
with torch.no_grad(): print("head", float((h8(x, s) - h16(x, s)).abs().max()), float(h8(x, s).abs().max()))
for widths, context, head in (((4, 6, 8, 8), True, 16), ((4, 6, 8, 12), False, 16), ((4, 6, 8, 12), True, 8)):
    try: grow(LuxNet(widths, context, head=head), a.state_dict()); print("grew")
    except ValueError: print("refused")
`;
    const out = execFileSync(py, ['-c', script], { encoding: 'utf8' }).trim().split('\n');
    for (const row of out.slice(0, 4)) {
      const [, diff, scale] = row.split(' ').map(Number);
      expect(scale).toBeGreaterThan(0.01);
      expect(diff).toBeLessThan(1e-5 * Math.max(1, scale!));
    }
    expect(out.slice(4)).toEqual(['refused', 'refused', 'refused']);
  }, 60_000);

  it('distils: an inputs-only shard trains against a teacher, whose answer is its target at the pixels the engine would label', async () => {
    const data = join(dir, 'data');
    const unlabelled = join(data, 'train-unlabelled');
    mkdirSync(unlabelled, { recursive: true });
    // Shard 0 of the stream is labelled by the engine in train/: its twin here is left out; shard 1 is taught.
    for (const index of [0, 1])
      generateShard({
        dir: unlabelled,
        stream: 7,
        index,
        rooms: 1,
        seed: 11,
        quality: 'draft',
        labels: 'none',
      });
    expect(existsSync(join(unlabelled, '000001.x.npy'))).toBe(true);
    expect(existsSync(join(unlabelled, '000001.df.npy'))).toBe(false);
    // Same rooms and inputs as the engine-labelled shard of the same seeds.
    expect(readFileSync(join(unlabelled, '000000.jsonl'), 'utf8').split('\n')[0]).toBe(
      readFileSync(join(train, '000000.jsonl'), 'utf8').split('\n')[0],
    );
    const teacher = join(dir, 'run', 'checkpoint.pt');
    const script = `
import sys, torch
sys.path.insert(0, "training")
from train import Shards, split_files, teach, sampled_pixels
from luxnet import from_state
files, _ = split_files(${JSON.stringify(data)}, unlabelled=True)
taught_files = [f for f in files if "unlabelled" in f]
print("files", len(taught_files), taught_files[0].endswith("000001.jsonl"))
sh = Shards(taught_files)
x, s, t, taught = sh.batch([0], with_taught=True)
print("before", bool(taught[0]), bool(torch.isnan(t).all()))
net = from_state(torch.load(${JSON.stringify(teacher)}, map_location="cpu")["model"]).eval()
tt = teach(net, x, s, t, taught)
keep = sampled_pixels(x)
with torch.no_grad(): want = net(x, s).clamp(min=0)
print("taught", float((tt[keep] - want[keep]).abs().max()), bool(torch.isnan(tt[~keep]).all()), int(keep.sum()))
`;
    // A run with the teacher reads the taught shard and names its teacher in the card: beside the check of
    // what the teacher gives, each in its own Python.
    const distilled = join(dir, 'distilled');
    const [taught, log] = await Promise.all([
      python(['-c', script]),
      python(trainArgs(distilled, '2', '--batch', '2', '--init', teacher, '--teacher', teacher)),
    ]);
    const out = taught.trim().split('\n');
    expect(out[0]).toBe('files 1 True');
    expect(out[1]).toBe('before True True');
    const [, diff, restNan, kept] = out[2]!.split(' ');
    expect(Number(diff)).toBe(0);
    expect(restNan).toBe('True');
    expect(Number(kept)).toBeGreaterThan(200);
    expect(log).toContain('step 2:');
    const card = JSON.parse(readFileSync(join(distilled, 'lux-df-3.json'), 'utf8'));
    expect(card.training.teacher).toMatchObject({ checkpoint: teacher, steps: 4 });
  }, 120_000);
});

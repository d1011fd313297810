"""Train the network linear in the light outside (linnet.py) on the committed labels' per-term targets.

    npm run labels -- export --stream train          # data/frames/train: lux-frame-6 inputs + terms
    python3 training/train_terms.py --data data/frames --out training/runs/df4 --minutes 60
    python3 training/train_terms.py ... --export-only    # ONNX + card from the last checkpoint

Reads every exported shard of `<data>/train` (every 25th validates, never trains); the held-out test
stream is `npm run evaluate`'s. All of it is held in memory (on the GPU when there is one: ~230 kB a
window as float16), so a batch costs no disk reads. The schedule is by wall clock (`--minutes`, cosine),
so that a run on a lent machine ends when its time does; `--steps` caps it too. Checkpoints to
`<out>/checkpoint.pt` every --checkpoint-every steps and resumes from it.

Loss (mean-seeking where the labels are noisy): the total's per-cell L1 + 1/2 log-L1 and the relative error
of each window's mean (as train.py), plus per term its per-cell L1 and the error of its window mean
relative to the window's whole mean: the terms are told apart, and a term's bias cannot hide in another.
`--dark-weight` weighs the windows whose true mean is below the lit-room line more in all of it.
"""
import argparse
import glob
import math
import os
import random
import sys
import time

import numpy as np
import torch

sys.path.insert(0, os.path.dirname(__file__))
from linnet import CHANNELS4, TERMS, LinNet, calibrate, from_state, gather, widths_of  # noqa: E402
from onnx_card import export_with_card  # noqa: E402
from optimise import apply  # noqa: E402

# The inputs' preprocessing (src/core/model/frame4.ts): lux-frame-6 (a tall window's sky band by band of its
# height, the sky's flux seeing the building's own body) by default; lux-frame-7 (also the sky beside the fan
# from the mesh) for lux-df-4 4.1.0, lux-frame-8 (also the exact sky beside the window's wall) for 4.2.0,
# lux-frame-9 (also the fan sectors' near edges placed) for 4.3.0, lux-frame-10 (also the outer opening
# clipped in a concave corner) for 4.4.0 and 4.5.0, lux-frame-11 (also the mesh near the window cut by each
# integration column) for 4.6.0, lux-frame-12 (also the exterior flux at the engine's 0.25 m second-order
# floor) for the runs after it; lux-frame-5 or 4 for runs made before it (a checkpoint records its own).
INPUTS = (
    "lux-frame-6",
    "lux-frame-7",
    "lux-frame-8",
    "lux-frame-9",
    "lux-frame-10",
    "lux-frame-11",
    "lux-frame-12",
    "lux-frame-5",
    "lux-frame-4",
)
NEAR_COLUMNS = 10  # src/datagen/shard.ts: every pixel this close to the window wall is labelled
MAX_PLAUSIBLE_DF = 60.0  # src/datagen/shard.ts MAX_PLAUSIBLE_DF
WALL_LINE_M = 0.025  # --wall-line: labels this close to the window wall's inner plane (lux-frame-3's distance channel)
MEAN_FLOOR = 0.1  # DF points added to a window's true mean where its relative error is taken (--mean-floor)
LIT_LINE = 0.3  # DF points: a window whose true mean is below it is dark (src/evaluation/stressSuite.ts LIT_ROOM, --dark-weight)


def stream_files(data, stream, inputs):
    """A stream's exported shards made with these inputs (`npm run labels -- export --inputs ...`)."""
    found = sorted(glob.glob(os.path.join(data, stream, "*.terms.npy")))
    bases = [f[: -len(".terms.npy")] for f in found]
    current = [b for b in bases if os.path.exists(b + ".inputs") and open(b + ".inputs").read().strip() == inputs]
    if len(current) < len(bases):
        print(f"{stream}: {len(bases) - len(current)} shards skipped: inputs not {inputs}", flush=True)
    return current


def shard_files(data, inputs):
    """The training stream's shards: (train, validation), every 25th validating."""
    current = stream_files(data, "train", inputs)
    if len(current) < 4:
        return current, current
    first = min(12, len(current) // 2)
    return [b for i, b in enumerate(current) if i % 25 != first], current[first::25]


class Frames:
    """Every window of some shards, in memory on `device`: inputs, scalars, per-term targets at the labelled
    pixels, those pixels and their area weights (1 near the window, 4 on the sparser lattice beyond)."""

    def __init__(self, bases, device, room_terms=None, wall_line=1.0, exterior=False):
        xs, ss, ts, ps, rts, rtxs = [], [], [], [], [], []
        for b in bases:
            if room_terms:  # npm run room-terms: the coarse solve's room terms beside the shard
                if not os.path.exists(b + ".rt") or open(b + ".rt").read().strip() != room_terms:
                    sys.exit(f"{b}: no room terms by {room_terms} (npm run room-terms -- --dir ...)")
                rts.append(np.load(b + ".rt.npy"))
            if room_terms and exterior:  # npm run room-terms -- --exterior: the solve's exterior term too
                if not os.path.exists(b + ".rtx") or open(b + ".rtx").read().strip() != room_terms:
                    sys.exit(f"{b}: no exterior term by {room_terms} (npm run room-terms -- --exterior --dir ...)")
                rtxs.append(np.load(b + ".rtx.npy"))
            x = np.load(b + ".x.npy")
            xs.append(x)
            ss.append(np.load(b + ".s.npy"))
            ts.append(np.load(b + ".terms.npy"))
            ps.append(np.load(b + ".pix.npy"))
        P = max(p.shape[1] for p in ps) if ps else 1
        pad = lambda a, v: np.pad(a, [(0, 0)] * (a.ndim - 1) + [(0, P - a.shape[-1])], constant_values=v)  # noqa: E731
        self.counts = [len(s) for s in ss]  # windows of each base, in order
        self.n = sum(self.counts)
        self.x = torch.from_numpy(np.concatenate(xs)).to(device) if xs else None
        self.rt = torch.from_numpy(np.concatenate(rts)).float().to(device) if rts else None
        self.rtx = torch.from_numpy(np.concatenate(rtxs)).float().to(device) if rtxs else None
        self.s = torch.from_numpy(np.concatenate(ss)).float().to(device) if ss else None
        t = torch.from_numpy(np.concatenate([pad(a, np.nan) for a in ts]).astype(np.float32)) if ts else None
        pix = torch.from_numpy(np.concatenate([pad(a, -1) for a in ps]).astype(np.int64)) if ps else None
        if t is None:
            return
        # Area weights: columns of the labelled pixels against the room's last column (the window wall).
        cols = torch.where(pix >= 0, pix % 128, torch.full_like(pix, -1))
        mask = torch.from_numpy(np.concatenate([x[:, 0] for x in xs]) > 0.5)
        all_cols = torch.arange(128).view(1, 1, 128).expand(mask.shape[0], 128, 128)
        max_col = torch.where(mask, all_cols, torch.full_like(all_cols, -1)).amax(dim=(1, 2)).view(-1, 1)
        total = torch.nan_to_num(t, nan=0.0).sum(1)
        ok = (pix >= 0) & torch.isfinite(t).all(1) & (total <= MAX_PLAUSIBLE_DF)
        w = torch.where(cols > max_col - NEAR_COLUMNS, 1.0, 4.0) * ok
        # Labels on the window wall's line: room pixels on the room's edge towards the window whose point is
        # within WALL_LINE_M of the wall's inner plane (channel 3 is that distance / 10, clamped at 0.02 m:
        # features.ts). Such a pixel stands for a point on the line itself (v2Frame.ts), where the engine's
        # rays start on the wall's own plane and see the opening or the wall by a hair: 0 and 64 % DF a cell
        # apart. /run's grid is never nearer than 0.05 m. `wall_line` weighs them.
        def line_of(x, p):
            room = x[:, 0] > 0.5
            edge = room & ~np.concatenate([room[:, :, 1:], np.zeros_like(room[:, :, :1])], 2)
            near = edge & (x[:, 3] < WALL_LINE_M / 10)
            return pad(np.take_along_axis(near.reshape(len(x), -1), p.clip(0), 1), False)

        on_line = (pix >= 0) & torch.from_numpy(np.concatenate([line_of(x, p) for x, p in zip(xs, ps)]))
        w = torch.where(on_line, wall_line * w, w)
        self.t = torch.nan_to_num(t, nan=0.0).clamp(min=0.0).to(device)
        self.pix = pix.to(device)
        self.w = w.to(device)

    def batch(self, ids):
        i = torch.as_tensor(ids, device=self.x.device)
        return self.x[i].float(), self.s[i], self.t[i], self.pix[i], self.w[i]


# lux-frame-3/4 layout (src/core/model/features.ts): the lateral channel, and the 64 horizon then 64 zenith
# angles, index 0 the right-hand end looking out (conventions.md).
LATERAL = 4
HORIZON, ZENITH = slice(15, 79), slice(79, 143)


def mirror(x, s, t, pix, w):
    """The same windows mirrored across their normal: the room, its window and its surroundings reflected, a
    scene the CIE overcast sky lights just as well, so its labels are the original's mirrored. In the v2 frame
    the window's centre is row 64 (anchor.ts), so row r becomes row 128 - r; the lateral offset changes sign;
    the fan of angles runs the other way (index i becomes 63 - i). Row 0 has no source row (the frame ends at
    127): it repeats row 1 one step further out, and no label sits there. The flux, the reflectances and the
    per-term targets' values are the same. A doubled training set at no labelling cost (checked against the
    preprocessing of a mirrored room: test/training/linear.test.ts)."""
    xm = torch.empty_like(x)
    xm[:, :, 1:] = x[:, :, 1:].flip(2)
    xm[:, :, 0] = xm[:, :, 1]
    xm[:, LATERAL] = -xm[:, LATERAL]
    xm[:, LATERAL, 0] += 0.01 * xm[:, 0, 0]  # one row further to the left, inside the room
    sm = s.clone()
    sm[:, HORIZON] = s[:, HORIZON].flip(1)
    sm[:, ZENITH] = s[:, ZENITH].flip(1)
    row, col = torch.div(pix, 128, rounding_mode="floor"), pix % 128
    ok = (pix >= 0) & (row >= 1)
    pm = torch.where(ok, (128 - row) * 128 + col, torch.full_like(pix, -1))
    return xm, sm, t, pm, w * ok


def half_mirrored(x, s, t, pix, w):
    """Each window of a batch mirrored (above) with probability one half."""
    flip = torch.rand(x.shape[0], device=x.device) < 0.5
    if not bool(flip.any()):
        return x, s, t, pix, w
    xm, sm, _, pm, wm = mirror(x[flip], s[flip], t[flip], pix[flip], w[flip])
    x, s, pix, w = x.clone(), s.clone(), pix.clone(), w.clone()
    x[flip], s[flip], pix[flip], w[flip] = xm, sm, pm, wm
    return x, s, t, pix, w


def predicted_terms(model, x, s, rt=None, rtx=None):
    """The network's per-term maps, room terms scaled to the coarse solve's means where `rt` is given (and the
    exterior term to the solve's where `rtx` is)."""
    t = model.terms(x, s)
    return t if rt is None else calibrate(t, x[:, 0:1], rt, rtx)


def losses(model, x, s, t, pix, w, floor=MEAN_FLOOR, rt=None, dark_weight=1.0, rtx=None):
    """(loss, total MAE in DF points) of a batch. A window whose true mean is below LIT_LINE weighs
    `dark_weight` times another in every term (--dark-weight)."""
    pred = gather(predicted_terms(model, x, s, rt, rtx), pix)  # [B, 5, P]
    tp, tt = pred.sum(1), t.sum(1)
    W = w.sum(1).clamp(min=1.0)
    mean_p, mean_t = (tp * w).sum(1) / W, (tt * w).sum(1) / W
    k = torch.where(mean_t < LIT_LINE, dark_weight, 1.0)  # [B]: 1 everywhere by default, the loss as before
    K, Wk = k.sum(), (W * k).sum()
    cell = ((tp - tt).abs() + 0.5 * (torch.log(tp + 0.2) - torch.log(tt + 0.2)).abs()) * w
    whole = (cell.sum(1) * k).sum() / Wk + ((mean_p - mean_t).abs() / (mean_t + floor) * k).sum() / K
    term_cell = ((pred - t).abs() * w[:, None]).sum((1, 2)).mul(k).sum() / Wk
    term_mean = (((pred - t) * w[:, None]).sum(2) / W[:, None]).abs() / (mean_t[:, None] + floor)
    loss = whole + 0.5 * (term_cell + (term_mean.sum(1) * k).sum() / K)
    mae = ((tp - tt).abs() * (w > 0)).sum() / (w > 0).sum().clamp(min=1)
    return loss, mae


@torch.no_grad()
def validate(model, frames, limit=2000):
    """Cell MAE of the total (DF points), mean |relative error| of the windows' means and the share within 5 %,
    and each term's share of the light, predicted and true."""
    model.eval()
    n = min(limit, frames.n)
    err = cells = 0.0
    rel, share_p, share_t = [], torch.zeros(len(TERMS)), torch.zeros(len(TERMS))
    for a in range(0, n, 64):
        ids = list(range(a, min(n, a + 64)))
        x, s, t, pix, w = frames.batch(ids)
        rt = frames.rt[ids] if frames.rt is not None else None
        rtx = frames.rtx[ids] if frames.rtx is not None else None
        pred = gather(predicted_terms(model, x, s, rt, rtx), pix).float()
        on = (w > 0).float()
        err += float(((pred.sum(1) - t.sum(1)).abs() * on).sum())
        cells += float(on.sum())
        W = w.sum(1).clamp(min=1.0)
        mp, mt = (pred.sum(1) * w).sum(1) / W, (t.sum(1) * w).sum(1) / W
        keep = mt > 0.05
        rel.append(((mp - mt) / mt)[keep].cpu())
        share_p += (pred * w[:, None]).sum((0, 2)).cpu()
        share_t += (t * w[:, None]).sum((0, 2)).cpu()
    model.train()
    r = torch.cat(rel) if rel else torch.zeros(1)
    return {
        "mae": err / max(cells, 1.0),
        "mean_abs_rel": float(r.abs().mean()),
        "within5": float((r.abs() < 0.05).float().mean()),
        "bias": float(r.mean()),
        "share_pred": [round(float(v), 4) for v in share_p / share_p.sum()],
        "share_true": [round(float(v), 4) for v in share_t / share_t.sum()],
    }


def export(model, out, name, meta, inputs, room_terms=None, exterior=False):
    description = (
        "Lux daylight-factor model linear in the light outside: one window in its v2 frame, CIE overcast sky, "
        "trained on the Lux engine's per-term labels."
    )
    export_with_card(model, out, name, meta, inputs, CHANNELS4, 147, description, room_terms, exterior)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", default="data/frames")
    ap.add_argument("--out", default="training/runs/df4")
    ap.add_argument("--name", default="lux-df-4")
    ap.add_argument("--version", default="4.0.0")
    ap.add_argument("--minutes", type=float, default=60.0, help="wall-clock length of the schedule")
    ap.add_argument("--steps", type=int, default=10**9, help="stop after this many steps in all")
    ap.add_argument("--batch", type=int, default=32)
    ap.add_argument("--lr", type=float, default=2e-3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--threads", type=int, default=0)
    ap.add_argument("--widths", default="24,48,64,96")
    ap.add_argument("--head", type=int, default=16)
    ap.add_argument("--checkpoint-every", type=int, default=500)
    ap.add_argument("--export-only", action="store_true")
    ap.add_argument(
        "--also",
        action="append",
        default=[],
        help="STREAM:WEIGHT: every shard of another exported stream (e.g. broad:3) trains too, its windows drawn "
        "WEIGHT times as often as the training stream's (none of it validates)",
    )
    ap.add_argument(
        "--mirror",
        action="store_true",
        help="mirror each training window across its normal with probability 1/2 (train_terms.mirror)",
    )
    ap.add_argument(
        "--mean-floor",
        type=float,
        default=MEAN_FLOOR,
        help="DF points added to a window's true mean in the relative mean-error terms: lower weighs dark windows more",
    )
    ap.add_argument(
        "--dark-weight",
        type=float,
        default=1.0,
        help=f"weight of a window whose true mean is below {LIT_LINE} %% DF (the card's lit-room line) against "
        "another's, in every term of the loss: more weighs the dark rooms' share of the training more",
    )
    ap.add_argument(
        "--wall-line",
        type=float,
        default=1.0,
        help="weight of the labels within 2.5 cm of the window wall's inner plane, its own line (0: not trained on, "
        "docs/model.md 'The labels on the wall's line'); validation weighs them as before",
    )
    ap.add_argument("--inputs", choices=INPUTS, default=INPUTS[0], help="the exported frames' preprocessing a new run trains on")
    ap.add_argument(
        "--room-terms",
        choices=[
            "coarse-radiosity/1",
            "coarse-radiosity/2",
            "coarse-radiosity/3",
            "coarse-radiosity/4",
            "coarse-radiosity/5",
            "coarse-radiosity/6",
            "coarse-radiosity/7",
            "coarse-radiosity/8",
            "coarse-radiosity/9"
        ],
        help="train with the room terms' level set by this coarse solve (npm run room-terms beside the frames) and "
        "export the per-term maps with the card's roomTerms (src/core/model/roomTerms.ts)",
    )
    ap.add_argument(
        "--exterior-level",
        action="store_true",
        help="with --room-terms: the light from exterior surfaces' level set by that solve too (npm run room-terms -- "
        "--exterior), as the card's exteriorTerm 'solve-level' sets it at /run: the network learns that term's shape",
    )
    ap.add_argument("--init", help="start from this checkpoint's weights (fine-tuning: fresh optimizer and schedule)")
    ap.add_argument(
        "--fp32",
        action="store_true",
        help="on a GPU, train in full float32 (no bf16 autocast, no TF32 convolutions), as the CPU runs train",
    )
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    if a.threads:
        torch.set_num_threads(a.threads)
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    torch.manual_seed(a.seed)
    random.seed(a.seed)
    ckpt_path = os.path.join(a.out, "checkpoint.pt")
    ck = torch.load(ckpt_path, map_location=device, weights_only=False) if os.path.exists(ckpt_path) else None
    command = "python3 " + " ".join(sys.argv)
    if ck:
        model = from_state(ck["model"]).to(device)
        step, spent, history, trained_with = ck["step"], ck["seconds"], ck["history"], ck["trained_with"]
    else:
        if a.export_only:
            sys.exit(f"--export-only: no checkpoint at {ckpt_path}")
        ick = torch.load(a.init, map_location=device, weights_only=False) if a.init else None
        model = (from_state(ick["model"]) if ick else LinNet(tuple(int(v) for v in a.widths.split(",")), head=a.head)).to(device)
        step, spent, history, trained_with = 0, 0.0, [], {"command": command, "batch": a.batch, "minutes": a.minutes}
        if a.mirror:
            trained_with["mirror"] = True
        if a.mean_floor != MEAN_FLOOR:
            trained_with["mean_floor"] = a.mean_floor
        if a.wall_line != 1.0:
            trained_with["wall_line"] = a.wall_line
        if a.dark_weight != 1.0:
            trained_with["dark_weight"] = a.dark_weight
        if a.fp32:
            trained_with["precision"] = "fp32"
        if a.exterior_level:
            if not a.room_terms:
                sys.exit("--exterior-level needs --room-terms")
            trained_with["exterior_level"] = True
        if ick:  # the run it continues, in the card
            trained_with["initialised_from"] = {"checkpoint": a.init, **ick["trained_with"], "steps": ick["step"], "train_windows": ick.get("train_windows")}
    opt = torch.optim.AdamW(model.parameters(), lr=a.lr, weight_decay=1e-4)
    if ck and "opt" in ck:  # a kept checkpoint (training/checkpoints) holds the weights alone
        opt.load_state_dict(ck["opt"])
    inputs = trained_with.setdefault("inputs", a.inputs) if not ck else trained_with.get("inputs", "lux-frame-4")
    train_bases, val_bases = shard_files(a.data, inputs)
    also = [(name, float(weight)) for name, weight in (v.split(":") for v in a.also)]
    also_bases = {name: stream_files(a.data, name, inputs) for name, _ in also}
    if also:
        trained_with["also"] = a.also
    meta = lambda n_train, n_val: {  # noqa: E731
        "version": a.version,
        "training": {
            "command": trained_with["command"],
            "data": "data/labels/train (npm run labels -- export), every 25th shard validating"
            + "".join(f"; data/labels/{v.split(':')[0]} drawn {v.split(':')[1]}x as often" for v in trained_with.get("also", [])),
            "train_windows": n_train,
            "validation_windows": n_val,
            "seed": a.seed,
            "steps": step,
            "seconds": round(spent),
            "batch": trained_with["batch"],
            "widths": list(widths_of(model.state_dict())),
            "parameters": sum(p.numel() for p in model.parameters()),
            "validation": history[-1] if history else None,
            "framework": f"torch {torch.__version__}",
            # A mean of checkpoints (average.py): what it was made from, and how.
            **({"averaged_from": ck["averaged_from"], "averaged_with": ck["averaged_with"]} if ck and "averaged_from" in ck else {}),
        },
    }
    if a.export_only:
        export(model, a.out, a.name, meta(ck.get("train_windows", 0), ck.get("validation_windows", 0)), inputs, a.room_terms or trained_with.get("room_terms"), trained_with.get("exterior_level", False))
        return
    t_load = time.time()
    rtm = trained_with.setdefault("room_terms", a.room_terms) if not ck else trained_with.get("room_terms")
    ext = trained_with.get("exterior_level", False)
    train = Frames(train_bases + [b for bs in also_bases.values() for b in bs], device, rtm, trained_with.get("wall_line", 1.0), ext)
    val = Frames(val_bases, device, rtm, exterior=ext)
    # Each window's chance of being drawn: 1 for the training stream's, the stream's weight for the others'.
    weight_of = [1.0] * len(train_bases) + [w for name, w in also for _ in also_bases[name]]
    draw = [w for w, n in zip(weight_of, train.counts) for _ in range(n)]
    first = len(train_bases)
    for name, w in also:
        n = sum(train.counts[first : first + len(also_bases[name])])
        first += len(also_bases[name])
        print(f"{name}: {n} windows, each drawn {w:g}x as often ({n * w / sum(draw):.0%} of the draws)", flush=True)
    print(f"{train.n} training windows, {val.n} validation windows on {device} ({time.time() - t_load:.0f} s to load)", flush=True)
    amp = device.type == "cuda" and not a.fp32
    if a.fp32:
        torch.backends.cudnn.allow_tf32 = False
        torch.backends.cuda.matmul.allow_tf32 = False
    budget = a.minutes * 60
    t0 = time.time() - spent
    run_loss = run_mae = 0.0
    since = 0
    model.train()
    while step < a.steps and time.time() - t0 < budget:
        frac = (time.time() - t0) / budget
        for g in opt.param_groups:
            g["lr"] = a.lr * 0.5 * (1 + math.cos(math.pi * min(1.0, frac)))
        ids = random.choices(range(train.n), weights=draw, k=a.batch) if also else random.sample(range(train.n), min(a.batch, train.n))
        x, s, t, pix, w = train.batch(ids)
        rt = train.rt[ids] if train.rt is not None else None
        rtx = train.rtx[ids] if train.rtx is not None else None
        if a.mirror:
            x, s, t, pix, w = half_mirrored(x, s, t, pix, w)
        with torch.autocast(device.type, dtype=torch.bfloat16, enabled=amp):
            loss, mae = losses(
                model, x, s, t, pix, w, trained_with.get("mean_floor", MEAN_FLOOR), rt, trained_with.get("dark_weight", 1.0), rtx
            )
        if not apply(opt, model, loss, step):
            continue
        step += 1
        since += 1
        run_loss += float(loss)
        run_mae += float(mae)
        last = not (step < a.steps and time.time() - t0 < budget)
        if step % a.checkpoint_every == 0 or last:
            v = validate(model, val)
            spent = time.time() - t0
            history.append({"step": step, "loss": run_loss / since, "train_mae": run_mae / since, **v})
            print(
                f"step {step}: loss {run_loss / since:.4f} train MAE {run_mae / since:.4f} val MAE {v['mae']:.4f} "
                f"means within 5 % {100 * v['within5']:.1f} % (bias {100 * v['bias']:+.2f} %) "
                f"shares {v['share_pred']} / {v['share_true']} ({spent:.0f} s)",
                flush=True,
            )
            run_loss = run_mae = 0.0
            since = 0
            torch.save(
                {
                    "model": model.state_dict(),
                    "opt": opt.state_dict(),
                    "step": step,
                    "seconds": spent,
                    "history": history,
                    "trained_with": trained_with,
                    "train_windows": train.n,
                    "validation_windows": val.n,
                },
                ckpt_path + ".tmp",
            )
            os.replace(ckpt_path + ".tmp", ckpt_path)
    export(model, a.out, a.name, meta(train.n, val.n), inputs, rtm, ext)


if __name__ == "__main__":
    main()

"""Train the Lux daylight model on the engine's shards, export ONNX and write the model card.

    python3 training/train.py --data data/v1 --out training/runs/v1 --steps 20000
    python3 training/train.py ... --export-only        # ONNX + card from the last checkpoint

Reads only `<data>/train` (the held-out `<data>/test` is for `npm run evaluate`); a few train shards are
kept apart for validation. Checkpoints every --checkpoint-every steps to `<out>/checkpoint.pt` and
resumes from it. CPU by default (a GPU when torch sees one). Writes `<out>/<name>.onnx` (opset 17) and
`<out>/<name>.json` (the card, without the evaluation metrics: `npm run evaluate` adds those).
"""
import argparse
import glob
import json
import math
import os
import random
import shutil
import sys
import time

import numpy as np
import torch

sys.path.insert(0, os.path.dirname(__file__))
from luxnet import CHANNELS, HEAD, SCALARS, LuxNet, from_state, grow, has_context, head_of, widths_of  # noqa: E402
from onnx_card import export_with_card  # noqa: E402
from optimise import apply  # noqa: E402

NEAR_COLUMNS = 10  # src/datagen/shard.ts: every pixel this close to the window wall is sampled
# DF on an upward plane cannot exceed ~40 % through a vertical opening (half the sky, through glass); the
# engine's rare values far above that are singularities at receivers on the wall line (docs/model.md).
MAX_PLAUSIBLE_DF = 60.0  # src/datagen/shard.ts MAX_PLAUSIBLE_DF


class Shards:
    """Memory-mapped shards: inputs (float16), scalars, targets (NaN where not sampled), masks. An unlabelled
    shard (npm run data -- --labels none) has no targets: its rows come back all NaN and flagged in `taught`,
    for a teacher to label (`--teacher`)."""

    def __init__(self, files):
        self.parts, streams = [], []
        for jsonl in files:
            base = jsonl[: -len(".jsonl")]
            if not os.path.exists(base + ".x.npy"):
                continue
            labelled = os.path.exists(base + ".df.npy")
            streams.append(stream_of(jsonl))
            self.parts.append(
                (
                    np.load(base + ".x.npy", mmap_mode="r"),
                    np.load(base + ".s.npy"),
                    np.load(base + ".df.npy", mmap_mode="r") if labelled else None,
                )
            )
        self.index = [(p, k) for p, part in enumerate(self.parts) for k in range(part[1].shape[0])]
        # Row ids per stream (train, train-broad…; an unlabelled twin counts as its labelled stream).
        self.by_stream = {}
        for i, (p, _) in enumerate(self.index):
            self.by_stream.setdefault(streams[p], []).append(i)

    def sample(self, n, shares):
        """n row ids: a share of them from each named stream (`--share`), the rest uniformly from the others."""
        ids = []
        for stream, share in shares.items():
            rows = self.by_stream.get(stream, [])
            if rows:
                ids += random.sample(rows, round(n * share))
        others = [i for s, rows in self.by_stream.items() if s not in shares for i in rows] if shares else None
        pool = range(len(self.index)) if others is None else others
        return ids + random.sample(pool, n - len(ids))

    def __len__(self):
        return len(self.index)

    def batch(self, ids, with_taught=False):
        xs, ss, ts, taught = [], [], [], []
        for i in ids:
            p, k = self.index[i]
            x, s, t = self.parts[p]
            xs.append(np.asarray(x[k], dtype=np.float32))
            ss.append(s[k])
            ts.append(np.asarray(t[k], dtype=np.float32) if t is not None else np.full((128, 128), np.nan, np.float32))
            taught.append(t is None)
        out = torch.from_numpy(np.stack(xs)), torch.from_numpy(np.stack(ss)), torch.from_numpy(np.stack(ts))[:, None]
        return (*out, torch.tensor(taught)) if with_taught else out


def sampled_pixels(x):
    """The pixels the generator labels (src/datagen/shard.ts nearAndLattice) inside the room mask: every
    pixel within NEAR_COLUMNS of the window wall, every other row and column beyond."""
    inside = x[:, 0:1] > 0.5
    cols = torch.arange(128, device=x.device).view(1, 1, 1, 128).expand_as(inside)
    rows = torch.arange(128, device=x.device).view(1, 1, 128, 1).expand_as(inside)
    max_col = torch.where(inside, cols, torch.full_like(cols, -1)).amax(dim=(2, 3), keepdim=True)
    return inside & ((cols > max_col - NEAR_COLUMNS) | ((rows % 2 == 0) & (cols % 2 == 0)))


def teach(teacher, x, s, t, taught):
    """Targets for the unlabelled rows: the teacher's answer at the pixels the engine would have labelled,
    so that such a row weighs in the loss as an engine-labelled one does."""
    if teacher is None or not bool(taught.any()):
        return t
    with torch.no_grad():
        tp = teacher(x[taught], s[taught])
    t = t.clone()
    t[taught] = torch.where(sampled_pixels(x[taught]), tp.clamp(min=0.0), torch.full_like(tp, float("nan")))
    return t


def weights(x, target):
    """Area weights of the sampled pixels: 1 near the window (all sampled), 4 on the sparser lattice."""
    sampled = torch.isfinite(target) & (target <= MAX_PLAUSIBLE_DF) & (x[:, 0:1] > 0.5)
    cols = torch.arange(128).view(1, 1, 1, 128).expand_as(target)
    masked_cols = torch.where(x[:, 0:1] > 0.5, cols, torch.full_like(cols, -1))
    max_col = masked_cols.amax(dim=(2, 3), keepdim=True)
    w = torch.where(cols > max_col - NEAR_COLUMNS, 1.0, 4.0)
    return torch.where(sampled, w, torch.zeros_like(w))


def loss_fn(pred, target, w):
    """Per-cell L1 + ½ log-L1 (relative accuracy in dim corners), plus the relative error of each window's
    mean DF. Both per-cell terms seek a median, which under the labels' Monte-Carlo noise sits below the
    mean: alone they left the model ~2–4 % low in room means (model.md wants means within 5 %). The mean
    term pulls each window's total light to the truth's; MEAN_FLOOR (0.1 DF) in its denominator keeps dark
    windows from dominating — and so weighs them less than the 5 % target, which holds in dark rooms too."""
    t = torch.nan_to_num(target, nan=0.0).clamp(0.0, MAX_PLAUSIBLE_DF)
    keep = w > 0
    abs_err = torch.where(keep, (pred - t).abs(), torch.zeros_like(pred))
    log_err = torch.where(keep, (torch.log(pred + 0.2) - torch.log(t + 0.2)).abs(), torch.zeros_like(pred))
    total = w.sum().clamp(min=1.0)
    pw = torch.where(keep, pred, torch.zeros_like(pred))
    per_w = w.sum(dim=(1, 2, 3)).clamp(min=1.0)
    mean_pred = (pw * w).sum(dim=(1, 2, 3)) / per_w
    mean_true = (t * w).sum(dim=(1, 2, 3)) / per_w
    mean_err = ((mean_pred - mean_true).abs() / (mean_true + MEAN_FLOOR)).mean()
    return ((abs_err + 0.5 * log_err) * w).sum() / total + MEAN_WEIGHT * mean_err, (abs_err * w).sum() / total


MEAN_WEIGHT = 1.0
MEAN_FLOOR = 0.1


INPUTS_ID = "lux-frame-3"  # src/core/model/features.ts INPUTS_ID: the inputs this network is built for


def current_inputs(jsonl):
    """Whether a shard's inputs were made by INPUTS_ID (`npm run features` redoes stale ones)."""
    f = jsonl[: -len(".jsonl")] + ".inputs"
    return os.path.exists(f) and open(f).read().strip() == INPUTS_ID


AVERAGE_KEYS = ("averaged_from", "averaged_with", "recalibrated_on")


def provenance(ck):
    """How a checkpoint's weights came to be (command, steps, averaging, what they started from), for the
    card of a run that starts from them: the chain back to the first run, with no hand-written notes."""
    return {
        "command": ck["trained_with"]["command"],
        "steps": ck["step"],
        **{k: ck[k] for k in AVERAGE_KEYS if k in ck},
        **ck.get("lineage", {}),
    }


def stream_of(jsonl):
    """The stream a shard belongs to: its folder's name, an unlabelled twin counted as its labelled stream."""
    folder = os.path.basename(os.path.dirname(jsonl))
    return folder[: -len("-unlabelled")] if folder.endswith("-unlabelled") else folder


def split_files(data, unlabelled=False):
    """Training and validation shards: train/ first, then the focused streams beside it (train-balcony/:
    npm run data -- --focus balcony). Every 25th shard of each stream validates, so adding a stream leaves
    the others' validation shards (and the first 400 windows that `evaluate` reads) as they were; the
    held-out test split is never read here. With `unlabelled`, the streams' unlabelled twins
    (`train-unlabelled/`, `train-<focus>-unlabelled/`) train too — never validate — except the shards their
    labelled stream already holds (the same rooms: the engine's labels win)."""
    streams = [os.path.join(data, "train")] + sorted(glob.glob(os.path.join(data, "train-*")))
    train, val, skipped = [], [], 0
    for folder in streams:
        if folder.endswith("-unlabelled"):
            continue
        found = sorted(glob.glob(os.path.join(folder, "*.jsonl")))
        files = [f for f in found if current_inputs(f)]
        skipped += len(found) - len(files)
        if len(files) < 10:  # a smoke run: too little data to set any apart
            train += files
            val += files
            continue
        val += files[::25]
        train += [f for i, f in enumerate(files) if i % 25]
    if unlabelled:
        for folder in sorted(glob.glob(os.path.join(data, "train*-unlabelled"))):
            twin = folder[: -len("-unlabelled")]
            for f in sorted(glob.glob(os.path.join(folder, "*.jsonl"))):
                if not current_inputs(f):
                    skipped += 1
                elif not os.path.exists(os.path.join(twin, os.path.basename(f))):
                    train.append(f)
    if skipped:
        print(f"{skipped} shards skipped: inputs not {INPUTS_ID} (run npm run features)", flush=True)
    return train, val


def evaluate(model, shards, device, limit=400):
    model.eval()
    ids = list(range(min(limit, len(shards))))
    err = n = 0.0
    with torch.no_grad():
        for i in range(0, len(ids), 16):
            x, s, t = shards.batch(ids[i : i + 16])
            x, s, t = x.to(device), s.to(device), t.to(device)
            w = weights(x, t)
            pred = model(x, s)
            diff = torch.where(w > 0, (pred - torch.nan_to_num(t)).abs(), torch.zeros_like(pred))
            err += float((diff * w).sum())
            n += float(w.sum())
    model.train()
    return err / max(n, 1.0)


def export(model, out, name, meta):
    description = "Lux daylight-factor model: one window in its v2 frame, CIE overcast sky, trained on the Lux engine."
    export_with_card(model, out, name, meta, INPUTS_ID, CHANNELS, SCALARS, description)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", default="data/v1")
    ap.add_argument("--out", default="training/runs/v1")
    ap.add_argument("--name", default="lux-df-3")
    ap.add_argument("--version", default="3.2.0")
    ap.add_argument("--steps", type=int, default=20000)
    ap.add_argument("--batch", type=int, default=16)
    ap.add_argument("--lr", type=float, default=2e-3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--threads", type=int, default=0, help="torch CPU threads (0: torch's default)")
    ap.add_argument("--widths", help="channels per level of a new run (default 24,48,64,96, or --init's)")
    ap.add_argument("--head", type=int, help=f"hidden channels of the full-resolution head of a new run (default {HEAD}, or --init's; prune_head.py makes 8 from 16)")
    ap.add_argument("--context", action="store_true", help="room-averaged bottleneck features join the scalars (luxnet.py)")
    ap.add_argument("--checkpoint-every", type=int, default=250)
    ap.add_argument("--keep-every", type=int, default=0, help="also keep <out>/checkpoint-<step>.pt every this many steps (for training/average.py)")
    ap.add_argument("--reload-every", type=int, default=2000, help="re-scan the data folder (it may still grow)")
    ap.add_argument("--export-only", action="store_true")
    ap.add_argument("--init", help="start from this checkpoint's weights (fine-tuning: fresh optimizer and schedule)")
    ap.add_argument("--mean-weight", type=float, default=MEAN_WEIGHT, help="weight of the per-window mean-error term")
    ap.add_argument("--mean-floor", type=float, default=MEAN_FLOOR, help="DF added to the truth in the mean-error term's denominator")
    ap.add_argument(
        "--share",
        action="append",
        default=[],
        help="STREAM=F: that fraction of every batch from one stream (train-broad=0.5); the rest from the others "
        "in their natural proportion (default: every window equally likely)",
    )
    ap.add_argument("--teacher", help="a checkpoint whose answers label the unlabelled streams (distillation: npm run data -- --labels none)")
    a = ap.parse_args()
    shares = {k: float(v) for k, v in (s.split("=", 1) for s in a.share)}
    if sum(shares.values()) >= 1:
        ap.error("--share fractions must leave room for the other streams (sum < 1)")
    globals()["MEAN_WEIGHT"] = a.mean_weight
    globals()["MEAN_FLOOR"] = a.mean_floor

    os.makedirs(a.out, exist_ok=True)
    if a.threads:
        torch.set_num_threads(a.threads)
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    torch.manual_seed(a.seed)
    random.seed(a.seed)
    ckpt_path = os.path.join(a.out, "checkpoint.pt")
    step, history, averaged, lineage, resumed = 0, [], {}, {}, []
    # The command and batch that trained the weights: an --export-only run (of an average, say) reports
    # them, not its own arguments.
    command = "python3 " + " ".join(sys.argv)
    trained_with = {"command": command, "batch": a.batch}
    ck = torch.load(ckpt_path, map_location=device) if os.path.exists(ckpt_path) else None
    if a.export_only and not ck and not a.init:
        # Else a fresh, untrained network would be exported under the run's name.
        sys.exit(f"--export-only: no checkpoint at {ckpt_path} (and no --init) to export")
    ick = torch.load(a.init, map_location=device) if a.init and not ck else None
    # A checkpoint decides the network's shape (--widths, --context and --head only shape a new run); a new
    # run from --init takes the shape of the weights it starts from unless told to grow them.
    if ck:
        model = from_state(ck["model"])
    else:
        base = ick["model"] if ick else None
        widths = tuple(int(v) for v in a.widths.split(",")) if a.widths else widths_of(base) if base else (24, 48, 64, 96)
        head = a.head or (head_of(base) if base else HEAD)
        model = LuxNet(widths, context=a.context or bool(base and has_context(base)), head=head)
    model = model.to(device)
    widths, head = widths_of(model.state_dict()), head_of(model.state_dict())
    opt = torch.optim.AdamW(model.parameters(), lr=a.lr, weight_decay=1e-4)
    if ck:
        opt.load_state_dict(ck["opt"])
        step, history = ck["step"], ck.get("history", [])
        averaged = {k: ck[k] for k in AVERAGE_KEYS if k in ck}  # training/average.py
        lineage = ck.get("lineage", {})
        trained_with = ck.get("trained_with", trained_with)
        # A run resumed with other arguments (threads, a shorter schedule) says so in its card.
        resumed = ck.get("resumed", [])
        if not a.export_only and command != trained_with["command"] and (not resumed or resumed[-1]["command"] != command):
            resumed = resumed + [{"at_step": step, "command": command}]
        random.setstate(ck["py_rng"])
        torch.set_rng_state(ck["torch_rng"])
        print(f"resumed at step {step} (widths {widths}, context {model.context}, head {head})")
    elif ick:
        # A smaller network (narrower levels, no context) grows into this one with its answers unchanged.
        grow(model, ick["model"])
        print(f"weights from {a.init} (widths {widths_of(ick['model'])})")
        pruned = ick.get("pruned_from")  # training/prune_head.py
        lineage = {"initialised_from": a.init, **({"pruned_from": pruned} if pruned else {})}
        if "trained_with" in ick:  # the weights it starts from were trained here: how, in the card too
            lineage["previous"] = provenance(ick)

    teacher = None
    # Who taught the weights (kept in the checkpoint, so that a resume or an export of an average names it).
    taught_by = ck.get("teacher") if ck else None
    if a.teacher and not a.export_only:
        teacher_ck = torch.load(a.teacher, map_location=device)
        teacher = from_state(teacher_ck["model"]).to(device).eval()
        taught_by = {"checkpoint": a.teacher, **(provenance(teacher_ck) if "trained_with" in teacher_ck else {})}
    train_files, val_files = split_files(a.data, unlabelled=teacher is not None)
    train, val = Shards(train_files), Shards(val_files)
    meta = lambda: {  # noqa: E731
        "version": a.version,
        "training": {
            "command": trained_with["command"],
            **({"exported_with": command} if command != trained_with["command"] else {}),
            "data_version": os.path.basename(os.path.normpath(a.data)),
            "data_meta": json.load(open(os.path.join(a.data, "train.meta.json")))
            if os.path.exists(os.path.join(a.data, "train.meta.json"))
            else None,
            "focused_streams": [
                json.load(open(m)) for m in sorted(glob.glob(os.path.join(a.data, "train-*.meta.json")))
            ],
            "train_windows": len(train),
            "validation_windows": len(val),
            "seed": a.seed,
            "steps": step,
            "batch": trained_with["batch"],
            "widths": list(widths),
            "context": model.context,
            "head": head,
            "parameters": sum(p.numel() for p in model.parameters()),
            # An average's own validation error is not measured (npm run evaluate measures the model); its
            # last checkpoint's is kept for comparison.
            "validation_mae": None if averaged else history[-1]["val_mae"] if history else None,
            **({"last_checkpoint_validation_mae": history[-1]["val_mae"]} if averaged and history else {}),
            **({"resumed": resumed} if resumed else {}),
            **averaged,
            **lineage,
            **({"teacher": taught_by} if taught_by else {}),
            "framework": f"torch {torch.__version__}",
        },
    }
    if a.export_only:
        export(model, a.out, a.name, meta())
        return
    print(f"{len(train)} training windows, {len(val)} validation windows, device {device}")
    model.train()
    t0 = time.time()
    run_loss = run_mae = 0.0
    while step < a.steps:
        if step % a.reload_every == 0 and step > 0:
            train_files, val_files = split_files(a.data, unlabelled=teacher is not None)
            train, val = Shards(train_files), Shards(val_files)
        lr = a.lr * 0.5 * (1 + math.cos(math.pi * step / a.steps))
        for g in opt.param_groups:
            g["lr"] = lr
        ids = train.sample(a.batch, shares)
        x, s, t, taught = train.batch(ids, with_taught=True)
        x, s, t = x.to(device), s.to(device), t.to(device)
        t = teach(teacher, x, s, t, taught.to(device))
        # Augmentation that keeps the physics: none of the frame's axes can be flipped (the window
        # faces +x; a mirror would also mirror the angle order), so the data itself must cover the cases.
        pred = model(x, s)
        loss, mae = loss_fn(pred, t, weights(x, t))
        if not apply(opt, model, loss, step):
            continue
        step += 1
        run_loss += float(loss)
        run_mae += float(mae)
        if step % a.checkpoint_every == 0 or step == a.steps:
            val_mae = evaluate(model, val, device)
            history.append({"step": step, "loss": run_loss / a.checkpoint_every, "train_mae": run_mae / a.checkpoint_every, "val_mae": val_mae})
            print(
                f"step {step}: loss {run_loss / a.checkpoint_every:.4f} train MAE {run_mae / a.checkpoint_every:.4f} "
                f"val MAE {val_mae:.4f} lr {lr:.2e} ({len(train)} windows, {time.time() - t0:.0f} s)",
                flush=True,
            )
            run_loss = run_mae = 0.0
            torch.save(
                {
                    "model": model.state_dict(),
                    "opt": opt.state_dict(),
                    "step": step,
                    "history": history,
                    "lineage": lineage,
                    "resumed": resumed,
                    "teacher": taught_by,
                    "trained_with": trained_with,
                    "py_rng": random.getstate(),
                    "torch_rng": torch.get_rng_state(),
                },
                ckpt_path + ".tmp",
            )
            os.replace(ckpt_path + ".tmp", ckpt_path)
            if a.keep_every and step % a.keep_every == 0:
                shutil.copyfile(ckpt_path, os.path.join(a.out, f"checkpoint-{step}.pt"))
    export(model, a.out, a.name, meta())


if __name__ == "__main__":
    main()

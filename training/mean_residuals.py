"""How much of a network's per-window mean error is predictable from the window's own scalars?

    python3 training/mean_residuals.py --checkpoint training/runs/v14avg/checkpoint.pt --data data/v1 \
        --train-windows 6000 --out /tmp/residuals.npz

A diagnosis for docs/model.md (issue 15: find out *why* the model fails): the network under-fits (training
error equals validation error). If a simple function of the scalars it already sees (room, window, angles,
window flux) and its own answer predicts the ratio truth / prediction of a window's mean DF on windows it
was not fitted on, the error is structure the network did not learn, and a small calibration stage (or a
larger network) can take it; if not, it is noise as far as these inputs tell. Fits ridge regressions on
engine-labelled training windows and scores on the validation shards and the held-out split.
"""
import argparse
import glob
import os
import random
import sys

import numpy as np
import torch

sys.path.insert(0, os.path.dirname(__file__))
from luxnet import from_state  # noqa: E402
from train import Shards, split_files, weights  # noqa: E402

EPS = 0.005  # DF: keeps a near-dark window's ratio finite


def window_means(model, shards, ids):
    """Per window: predicted and true mean DF over the sampled pixels (area-weighted), and its scalars."""
    pred_m, true_m, scal = [], [], []
    with torch.no_grad():
        for i in range(0, len(ids), 32):
            x, s, t = shards.batch(ids[i : i + 32])
            w = weights(x, t)
            p = model(x, s)
            tw = torch.nan_to_num(t)
            n = w.sum(dim=(1, 2, 3)).clamp(min=1.0)
            pred_m.append(((p * w).sum(dim=(1, 2, 3)) / n).numpy())
            true_m.append(((tw * w).sum(dim=(1, 2, 3)) / n).numpy())
            scal.append(s.numpy())
    return np.concatenate(pred_m), np.concatenate(true_m), np.concatenate(scal)


def features(pred, scal):
    lp = np.log(pred + EPS)[:, None]
    return np.hstack([np.ones_like(lp), lp, lp**2, scal, scal * lp])


def ridge(X, y, lam):
    mu, sd = X.mean(0), X.std(0) + 1e-6
    mu[0], sd[0] = 0.0, 1.0
    Z = (X - mu) / sd
    A = Z.T @ Z + lam * np.eye(Z.shape[1])
    A[0, 0] -= lam
    beta = np.linalg.solve(A, Z.T @ y)
    return lambda Xn: ((Xn - mu) / sd) @ beta


def within5(pred, true):
    return float(np.mean(np.abs(pred - true) / np.maximum(true, 1e-9) <= 0.05))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--checkpoint", required=True)
    ap.add_argument("--data", default="data/v1")
    ap.add_argument("--train-windows", type=int, default=6000)
    ap.add_argument("--out", default="/tmp/residuals.npz")
    ap.add_argument("--threads", type=int, default=1)
    a = ap.parse_args()
    torch.set_num_threads(a.threads)
    random.seed(1)
    model = from_state(torch.load(a.checkpoint, map_location="cpu")["model"]).eval()

    train_files, val_files = split_files(a.data)
    labelled = lambda fs: [f for f in fs if os.path.exists(f[: -len(".jsonl")] + ".df.npy")]  # noqa: E731
    sets = {
        "fit": Shards(labelled(train_files)),
        "val": Shards(labelled(val_files)),
        "test": Shards(sorted(glob.glob(os.path.join(a.data, "test", "*.jsonl")))),
    }
    out = {}
    for name, sh in sets.items():
        ids = list(range(len(sh)))
        if name == "fit":
            ids = random.sample(ids, min(a.train_windows, len(ids)))
        p, t, s = window_means(model, sh, ids)
        out[name + "_pred"], out[name + "_true"], out[name + "_scal"] = p, t, s
        print(f"{name}: {len(ids)} windows, within 5 %: {within5(p, t):.3f}", flush=True)
    np.savez(a.out, **out)

    y = np.log(out["fit_true"] + EPS) - np.log(out["fit_pred"] + EPS)
    Xf = features(out["fit_pred"], out["fit_scal"])
    print("ridge on log(truth / prediction); share of windows within 5 % before → after:")
    for lam in (1.0, 10.0, 100.0, 1000.0):
        f = ridge(Xf, y, lam)
        row = [f"λ {lam:g}: fit {within5(out['fit_pred'] * np.exp(f(Xf)), out['fit_true']):.3f}"]
        for name in ("val", "test"):
            X = features(out[name + "_pred"], out[name + "_scal"])
            corrected = np.maximum((out[name + "_pred"] + EPS) * np.exp(f(X)) - EPS, 0.0)
            row.append(f"{name} {within5(out[name + '_pred'], out[name + '_true']):.3f} → {within5(corrected, out[name + '_true']):.3f}")
        print("  " + " · ".join(row), flush=True)


if __name__ == "__main__":
    main()

"""Prune the full-resolution head of a LuxNet checkpoint to fewer hidden channels, refitting its output layer.

    python3 training/prune_head.py IN.pt OUT.pt --head 8 --data data/v1

The head (a 3 x 3 convolution at 128 x 128, then 1 x 1 to the three fields) is the network's most expensive
layer in onnxruntime-web's WASM backend: 16 hidden channels cost ~6 of ~26 ms per window. Channels are chosen
greedily, and the 1 x 1 layer refitted by least squares on their activations over room pixels of training
windows; each field's residual is weighted by how much DF it moves (d DF / d field: the softplus's slope
times the sky component, 0.3 x the obstructed sky, or 1), so the choice keeps what matters to the answer.
The pruned network then trains on (`train.py --init OUT.pt --head 8`) to recover the rest.
"""
import argparse
import os
import random
import sys

import torch

sys.path.insert(0, os.path.dirname(__file__))
from luxnet import from_state, head_of  # noqa: E402


def activations(model, data, windows, seed=1, per_window=4000):
    """Hidden activations H [P, hidden], the head's outputs O [P, 3] and DF sensitivities G [P, 3] at
    room pixels of `windows` random training windows (at most `per_window` pixels each)."""
    from train import Shards, split_files

    train = Shards(split_files(data)[0])
    rng = random.Random(seed)
    seen = {}
    model.fine[1].register_forward_hook(lambda _m, _i, out: seen.__setitem__("h", out.detach().clone()))
    model.fine.register_forward_hook(lambda _m, _i, out: seen.__setitem__("o", out.detach().clone()))
    hs, os_, gs = [], [], []
    model.eval()
    with torch.no_grad():
        for i in rng.sample(range(len(train)), min(windows, len(train))):
            x, s, _t = train.batch([i])
            model(x, s)
            room = x[0, 0] > 0.5
            h = seen["h"][0][:, room].T
            o = seen["o"][0][:, room].T
            sky, obstructed = x[0, 1][room], x[0, 2][room]
            g = torch.stack([torch.sigmoid(o[:, 0]) * sky, 0.3 * torch.sigmoid(o[:, 1]) * obstructed, torch.sigmoid(o[:, 2])], 1)
            keep = torch.randperm(h.shape[0], generator=torch.Generator().manual_seed(i))[:per_window]
            hs.append(h[keep])
            os_.append(o[keep])
            gs.append(g[keep])
    return torch.cat(hs).double(), torch.cat(os_).double(), torch.cat(gs).double()


def fit(H, O, G, channels):
    """Weighted least squares of each field on the chosen channels (and a bias): coefficients, residual."""
    A = torch.cat([H[:, channels], torch.ones(H.shape[0], 1, dtype=H.dtype)], 1)
    coef, res = [], 0.0
    for f in range(O.shape[1]):
        w = G[:, f : f + 1]
        sol = torch.linalg.lstsq(A * w, O[:, f : f + 1] * w).solution
        coef.append(sol[:, 0])
        res += float(((A @ sol - O[:, f : f + 1]) * w).pow(2).sum())
    return torch.stack(coef), res


def prune(state, data, head, windows=120):
    model = from_state(state)
    H, O, G = activations(model, data, windows)
    chosen = []
    while len(chosen) < head:
        best = min((c for c in range(H.shape[1]) if c not in chosen), key=lambda c: fit(H, O, G, chosen + [c])[1])
        chosen.append(best)
    coef, res = fit(H, O, G, chosen)
    scale = float((O * G).pow(2).sum())
    print(f"kept channels {sorted(chosen)} of {H.shape[1]}: weighted residual {res / scale:.2e} of the fields' weighted power")
    out = dict(state)
    out["fine.0.weight"] = state["fine.0.weight"][chosen].clone()
    out["fine.0.bias"] = state["fine.0.bias"][chosen].clone()
    out["fine.2.weight"] = coef[:, :-1].float().reshape(3, head, 1, 1)
    out["fine.2.bias"] = coef[:, -1].float()
    return out


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("input")
    ap.add_argument("output")
    ap.add_argument("--head", type=int, default=8)
    ap.add_argument("--data", default="data/v1")
    ap.add_argument("--windows", type=int, default=120)
    a = ap.parse_args()
    torch.manual_seed(1)
    ck = torch.load(a.input, map_location="cpu")
    state = prune(ck["model"], a.data, a.head, a.windows)
    from train import provenance

    # How the unpruned weights were made goes along, so that the card of a run from these keeps the chain.
    source = {"path": a.input, "head": head_of(ck["model"]), **({"previous": provenance(ck)} if "trained_with" in ck else {})}
    torch.save({"model": state, "step": 0, "pruned_from": source}, a.output)
    print(f"wrote {a.output} (head {a.head})")

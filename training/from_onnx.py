"""A training checkpoint from a shipped ONNX model: `python3 training/from_onnx.py public/models/lux-df-3.onnx out.pt --data data/v1`

The card beside the ONNX file (same name, .json) gives the checkpoint its provenance: the command, steps and
averaging that made the weights, so that a run from it (`--init`) records them under `previous` as if the
run folder had been kept.

Run folders (training/runs/) are not committed, so a fresh machine has the shipped model only as ONNX. This
reads its weights back into a LuxNet of the same shape, so that training can go on from the shipped model
(`npm run train -- --init out.pt ...`) instead of from scratch.

What the export changed, undone:
- batch norms were folded into the convolutions before them (conv(x)·γ/σ + β' as one convolution with a
  bias). They are unfolded with the statistics the folded network's own activations have on training
  batches (`--data`): running mean μ and variance σ² measured, γ = √(σ² + ε), β = bias + μ — the same
  function in eval mode exactly, and in training mode batch statistics then sit near 0 and 1 as a trained
  batch norm's do;
- the full-resolution head's first convolution was exported in phase form (luxnet.fine_conv_exact): its
  border rows and columns are stored as they are, its centre taps come back from the phase kernels by
  least squares (an exact solve: the phase kernels are a linear image of the 3 x 3 kernel).
Unfolding is checked here (the same outputs before and after, eval mode); that the checkpoint computes the
ONNX model's function is checked end to end by exporting it again and evaluating both (docs/model.md).
"""
import argparse
import copy
import json
import os
import sys

import numpy as np
import onnx
import torch
from onnx import numpy_helper

sys.path.insert(0, os.path.dirname(__file__))
from luxnet import CHANNELS, PHASES, LuxNet  # noqa: E402


def conv_nodes(graph):
    """(weight, bias) of every Conv node, in graph order, and the Gemm/MatMul weights of the FiLM MLP."""
    init = {t.name: numpy_helper.to_array(t) for t in graph.initializer}
    for n in graph.node:  # constants folded into Constant nodes rather than initializers
        if n.op_type == "Constant":
            for a in n.attribute:
                if a.name == "value":
                    init[n.output[0]] = numpy_helper.to_array(a.t)
    convs, linears, bns = [], [], []
    for n in graph.node:
        if n.op_type == "Conv":
            w = init.get(n.input[1])
            b = init.get(n.input[2]) if len(n.input) > 2 else None
            convs.append((n, w, b))
        elif n.op_type in ("Gemm", "MatMul"):
            w = init.get(n.input[1])
            b = init.get(n.input[2]) if len(n.input) > 2 else None
            if b is None:  # MatMul + Add
                for m in graph.node:
                    if m.op_type == "Add" and n.output[0] in m.input:
                        other = [i for i in m.input if i != n.output[0]][0]
                        b = init.get(other)
            trans = n.op_type == "Gemm" and any(a.name == "transB" and a.i == 1 for a in n.attribute)
            linears.append((w if trans else w.T, b))
        elif n.op_type == "BatchNormalization":
            bns.append(n)
    return convs, linears, bns


def recover(path):
    graph = onnx.load(path).graph
    convs, linears, bns = conv_nodes(graph)
    if bns:
        raise SystemExit("this export kept its batch norms: load them directly (not implemented: no model needs it)")
    blocks = ["e1", "e2", "e3", "e4", "d3", "d2", "d1"]
    # Encoder/decoder convolutions come first in graph order: two per block.
    state, folded = {}, {}
    k = 0
    for b in blocks:
        for j in (0, 3):
            _, w, bias = convs[k]
            state[f"{b}.{j}.weight"] = torch.tensor(w)
            folded[f"{b}.{j + 1}"] = torch.tensor(bias if bias is not None else np.zeros(w.shape[0], np.float32))
            k += 1
    head = convs[k:]
    widths = [state[f"{b}.0.weight"].shape[0] for b in blocks[:4]]
    w0 = widths[0]
    byshape = lambda shape: [c for c in head if tuple(c[1].shape) == shape]  # noqa: E731
    hidden = [c for c in head if c[1].shape[1] == CHANNELS][0][1].shape[0]
    K = byshape((4 * hidden, w0, 3, 3))[0][1]
    rows = byshape((hidden, w0, 1, 3))
    cols = byshape((hidden, w0, 3, 1))
    wi = [c for c in head if c[1].shape == (hidden, CHANNELS, 3, 3)][0]
    out = [c for c in head if c[1].shape == (3, hidden, 1, 1)][0]
    # The 3 x 3 kernel from the phase kernels: K = P ⊗ P applied to Wd (fast_head_weights), solved exactly.
    P = np.array(PHASES)  # [parity, tap, neighbour]
    A = np.einsum("ayk,bxl->abklyx", P, P).reshape(36, 9)
    Kr = K.reshape(hidden, 2, 2, w0, 3, 3).transpose(0, 3, 1, 2, 4, 5).reshape(hidden * w0, 36)
    Wd = np.linalg.lstsq(A, Kr.T, rcond=None)[0]
    Wd = Wd.T.reshape(hidden, w0, 3, 3)
    assert np.allclose(Wd[:, :, :1], rows[0][1], atol=1e-5) and np.allclose(Wd[:, :, 2:], rows[1][1], atol=1e-5)
    assert np.allclose(Wd[:, :, :, :1], cols[0][1], atol=1e-5) and np.allclose(Wd[:, :, :, 2:], cols[1][1], atol=1e-5)
    state["fine.0.weight"] = torch.tensor(np.concatenate([Wd, wi[1]], 1), dtype=torch.float32)
    state["fine.0.bias"] = torch.tensor(wi[2])
    state["fine.2.weight"] = torch.tensor(out[1])
    state["fine.2.bias"] = torch.tensor(out[2])
    (w1, b1), (w2, b2) = linears[:2]
    state["film.0.weight"], state["film.0.bias"] = torch.tensor(w1), torch.tensor(b1)
    state["film.2.weight"], state["film.2.bias"] = torch.tensor(w2), torch.tensor(b2)
    context = w1.shape[1] != 147
    model = LuxNet(tuple(widths), context=context, head=hidden)
    full = model.state_dict()
    for name, t in state.items():
        assert full[name].shape == t.shape, (name, full[name].shape, t.shape)
        full[name] = t.float()
    # Folded batch norms as identities carrying the bias (eval mode: the ONNX function), statistics later.
    for bn, bias in folded.items():
        full[f"{bn}.weight"] = torch.ones_like(bias)
        full[f"{bn}.bias"] = bias.float()
        full[f"{bn}.running_mean"] = torch.zeros_like(bias)
        full[f"{bn}.running_var"] = torch.full_like(bias, 1 - 1e-5)
    model.load_state_dict(full)
    return model.eval(), folded


def unfold(model, folded, batches):
    """Give each folded batch norm the statistics of its input on real batches (same function, see top)."""
    stats = {name: [] for name in folded}
    hooks = [
        dict(model.named_modules())[name].register_forward_pre_hook(
            lambda m, inp, name=name: stats[name].append(inp[0].detach())
        )
        for name in folded
    ]
    with torch.no_grad():
        for x, s in batches:
            model(x, s)
    for h in hooks:
        h.remove()
    sd = model.state_dict()
    for name, outs in stats.items():
        t = torch.cat([o.transpose(0, 1).reshape(o.shape[1], -1) for o in outs], 1)
        mu, var = t.mean(1), t.var(1)
        eps = dict(model.named_modules())[name].eps
        sd[f"{name}.running_mean"] = mu
        sd[f"{name}.running_var"] = var
        sd[f"{name}.weight"] = torch.sqrt(var + eps)
        sd[f"{name}.bias"] = folded[name].float() + mu
    model.load_state_dict(sd)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("onnx")
    ap.add_argument("out")
    ap.add_argument("--data", default="data/v1")
    ap.add_argument("--batches", type=int, default=40)
    a = ap.parse_args()
    from train import Shards, split_files

    model, folded = recover(a.onnx)
    train, _ = split_files(a.data)
    shards = Shards(train)
    rng = np.random.default_rng(1)
    batches = []
    for _ in range(a.batches):
        x, s, _t = shards.batch(list(rng.choice(len(shards), min(12, len(shards)), replace=False)))
        batches.append((x, s))
    x, s = batches[0]
    with torch.no_grad():
        before = model(x[:2], s[:2]).numpy()
    unfold(model, folded, batches)
    with torch.no_grad():
        after = model.eval()(x[:2], s[:2]).numpy()
    err = np.abs(before - after).max()
    print(f"recovered {a.onnx}: unfolding the batch norms moves the output by {err:.2e} DF points at most (eval mode)")
    if err > 1e-3:
        raise SystemExit("unfolding the batch norms changed the network's function")
    probe = copy.deepcopy(model)  # a forward pass in training mode updates the running statistics
    with torch.no_grad():
        trained = probe.train()(x, s)
        evald = model.eval()(x, s)
    print(f"training-mode batch statistics move the output by {float((trained - evald).abs().mean()):.4f} DF points on average")
    card = json.load(open(os.path.splitext(a.onnx)[0] + ".json"))
    t = card["training"]
    lineage = {k: t[k] for k in ("initialised_from", "pruned_from", "previous") if k in t}
    torch.save(
        {
            "model": model.state_dict(),
            "step": t["steps"],
            "trained_with": {"command": t["command"], "batch": t["batch"]},
            **{k: t[k] for k in ("averaged_from", "averaged_with", "recalibrated_on") if k in t},
            "lineage": {**lineage, "recovered_from": f"{a.onnx} ({card['name']} {card['version']}) by training/from_onnx.py"},
        },
        a.out,
    )
    print(f"checkpoint written to {a.out}")


if __name__ == "__main__":
    main()

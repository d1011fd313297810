"""A LinNet made narrower by keeping its most useful channels (issue 35 §3: one window in ≤ 30 ms in
Chromium's WASM, where the network's full-resolution levels cost most of the time).

    python3 training/shrink.py training/checkpoints/df4-c.pt training/runs/small.pt --widths 16,32,64,96 \
        --head 8 --data data/frames

Structured pruning, then fine-tuning (`train_terms.py --init <out>`) recovers what the dropped channels
carried. A channel's use is measured on training windows: its mean activation (after BatchNorm and ReLU)
times the norm of the weights that read it, summed over every convolution that reads it (the next level's
block and the skip connection into the decoder). Each block's inner channels are ranked the same way
against the block's second convolution. The kept channels keep their weights and BatchNorm statistics.
A network may only get narrower (train.py's `grow` widens).
"""
import argparse

import torch

from linnet import CHANNELS4, from_state, widths_of
from train_terms import Frames, shard_files

LEVELS = ("e1", "e2", "e3", "e4")
# The decoder block that writes each level's channels, and the convolutions that read them: (key, offset of
# the level's channels within that convolution's input). d3 reads cat(up(e4), e3), d2 cat(up(d3), e2), d1
# cat(up(d2), e1), the head cat(up(d1), inputs).


def readers(w):
    """For each level's encoder and decoder outputs, the convolution weights reading them, with the offset."""
    w0, w1, w2, w3 = w
    return {
        "e1": [("e2.0.weight", 0), ("d1.0.weight", w1)],
        "e2": [("e3.0.weight", 0), ("d2.0.weight", w2)],
        "e3": [("e4.0.weight", 0), ("d3.0.weight", w3)],
        "e4": [("d3.0.weight", 0)],  # and the film's room context (kept whole: e4 is never narrowed)
        "d3": [("d2.0.weight", 0)],
        "d2": [("d1.0.weight", 0)],
        "d1": [("fine.0.weight", 0)],
    }


@torch.no_grad()
def activations(model, frames, n):
    """Mean activation per channel after each block's two ReLUs and the head's hidden ReLU."""
    acts, hooks = {}, []
    for name in ("e1", "e2", "e3", "e4", "d3", "d2", "d1"):
        block = getattr(model, name)
        for i, tag in ((2, "inner"), (5, "out")):
            hooks.append(block[i].register_forward_hook(lambda m, x, y, k=(name, tag): acts.setdefault(k, []).append(y.mean(dim=(0, 2, 3)))))
    hooks.append(model.fine[1].register_forward_hook(lambda m, x, y: acts.setdefault(("fine", "inner"), []).append(y.mean(dim=(0, 2, 3)))))
    model.eval()
    for i in range(0, n, 8):
        x, s, *_ = frames.batch(list(range(i, min(n, i + 8))))
        model.terms(x, s)
    for h in hooks:
        h.remove()
    return {k: torch.stack(v).mean(0) for k, v in acts.items()}


def keep(score, n):
    return torch.sort(torch.topk(score, n).indices).values


def shrink(state, acts, new_w, new_head):
    old_w = widths_of(state)
    if any(n > o for o, n in zip(old_w, new_w)) or new_w[3] != old_w[3] or new_head > state["fine.0.weight"].shape[0]:
        raise ValueError(f"shrink only narrows, and keeps the bottleneck (the film reads it): {old_w} -> {new_w}")
    s = {k: v.clone() for k, v in state.items()}
    rd = readers(old_w)
    level_of = {"e1": 0, "e2": 1, "e3": 2, "e4": 3, "d3": 2, "d2": 1, "d1": 0}

    def reader_norm(key, offset, count):
        return state[key][:, offset : offset + count].pow(2).sum(dim=(0, 2, 3))

    def select_bn(prefix, idx):
        for f in ("weight", "bias", "running_mean", "running_var"):
            s[f"{prefix}.{f}"] = s[f"{prefix}.{f}"][idx]

    # Which input channels of each convolution survive: (key -> list of (offset, count, kept indices)).
    cuts = {}
    for name, level in level_of.items():
        o, n = old_w[level], new_w[level]
        # Inner channels: read by the block's second convolution.
        inner = keep(acts[(name, "inner")] * state[f"{name}.3.weight"].pow(2).sum(dim=(0, 2, 3)).sqrt(), n)
        s[f"{name}.0.weight"] = s[f"{name}.0.weight"][inner]
        select_bn(f"{name}.1", inner)
        s[f"{name}.3.weight"] = s[f"{name}.3.weight"][:, inner]
        # Output channels: read by the next level and the decoder's skip.
        use = sum(reader_norm(k, off, o) for k, off in rd[name]).sqrt()
        out = keep(acts[(name, "out")] * use, n)
        s[f"{name}.3.weight"] = s[f"{name}.3.weight"][out]
        select_bn(f"{name}.4", out)
        for k, off in rd[name]:
            cuts.setdefault(k, []).append((off, o, out))
    # Cut the readers' input channels (every reader of a convolution together, offsets in the old layout).
    for key, parts in cuts.items():
        dropped = {off + c for off, count, idx in parts for c in set(range(count)) - set(idx.tolist())}
        s[key] = s[key][:, [c for c in range(s[key].shape[1]) if c not in dropped]]
    # The head's hidden channels: read by its 1 x 1 output convolution.
    h = keep(acts[("fine", "inner")] * state["fine.2.weight"].pow(2).sum(dim=(0, 2, 3)).sqrt(), new_head)
    s["fine.0.weight"], s["fine.0.bias"] = s["fine.0.weight"][h], s["fine.0.bias"][h]
    s["fine.2.weight"] = s["fine.2.weight"][:, h]
    return s


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("checkpoint")
    ap.add_argument("out")
    ap.add_argument("--widths", default="16,32,64,96")
    ap.add_argument("--head", type=int, default=8)
    ap.add_argument("--data", default="data/frames")
    ap.add_argument("--windows", type=int, default=256)
    a = ap.parse_args()
    ck = torch.load(a.checkpoint, map_location="cpu", weights_only=False)
    model = from_state(ck["model"])
    train, _ = shard_files(a.data)
    frames = Frames(train[:1], torch.device("cpu"))
    acts = activations(model, frames, min(a.windows, frames.n))
    state = shrink(ck["model"], acts, tuple(int(v) for v in a.widths.split(",")), a.head)
    small = from_state(state)
    assert small.channels == CHANNELS4
    trained_with = {**ck["trained_with"], "shrunk": f"training/shrink.py {a.checkpoint} --widths {a.widths} --head {a.head}"}
    torch.save({**ck, "model": small.state_dict(), "trained_with": trained_with}, a.out)
    n = lambda m: sum(p.numel() for p in m.parameters())  # noqa: E731
    print(f"{widths_of(ck['model'])} -> {widths_of(state)}, {n(model)} -> {n(small)} parameters: {a.out}")


if __name__ == "__main__":
    main()

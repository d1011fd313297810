"""Average the weights of checkpoints of one run (same architecture) into a new checkpoint.

    python3 training/average.py OUT.pt A.pt B.pt [...] [--recalibrate data/v1]

Late checkpoints of a fine-tune sit in one basin; their mean is a smoother model (stochastic weight
averaging). lux-df-3 3.2.0 is the mean of run v9 at steps 3 000 to 6 000: better on the held-out split than
its last checkpoint (docs/model.md). The batch norms' running statistics of a mean of weights are not the statistics of the
mean's activations; `--recalibrate` re-estimates them over training batches (SWA's bn_update).
`train.py --export-only --out <dir of OUT.pt>` then exports it.
"""
import argparse
import os
import random
import sys

import torch

sys.path.insert(0, os.path.dirname(__file__))
from luxnet import from_state  # noqa: E402

RECALIBRATION_BATCHES = 150
RECALIBRATION_BATCH = 16


def recalibrate(state, data, batches=RECALIBRATION_BATCHES, batch=RECALIBRATION_BATCH, seed=1):
    """The batch norms' running mean and variance, measured (cumulative average, not momentum) over
    `batches` random training batches with the averaged weights."""
    from train import Shards, split_files

    model = from_state(state)
    norms = [m for m in model.modules() if isinstance(m, torch.nn.BatchNorm2d)]
    for m in norms:
        m.reset_running_stats()
        m.momentum = None
    # The distribution the weights were trained on: the unlabelled (taught) streams too, which train.py
    # --teacher reads; batch norms need inputs only.
    train = Shards(split_files(data, unlabelled=True)[0])
    rng = random.Random(seed)
    model.train()
    with torch.no_grad():
        for _ in range(batches):
            x, s, _t = train.batch(rng.sample(range(len(train)), min(batch, len(train))))
            model(x, s)
    return model.state_dict()


def main(out, paths, data=None):
    cks = [torch.load(p, map_location="cpu") for p in paths]
    base = cks[-1]
    model = {}
    for k, v in base["model"].items():
        if v.is_floating_point():
            model[k] = (sum(c["model"][k].double() for c in cks) / len(cks)).to(v.dtype)
        else:  # counters (batch norm's num_batches_tracked): the last checkpoint's
            model[k] = v
    if data:
        model = recalibrate(model, data)
    base["model"] = model
    base["averaged_from"] = [{"path": p, "step": c["step"]} for p, c in zip(paths, cks)]
    base["averaged_with"] = "python3 " + " ".join(sys.argv)  # the card's provenance (train.py)
    if data:
        base["recalibrated_on"] = os.path.basename(os.path.normpath(data))
    os.makedirs(os.path.dirname(out) or ".", exist_ok=True)  # a new run folder, as train.py's --out
    torch.save(base, out)
    print(f"averaged {len(cks)} checkpoints (steps {[c['step'] for c in cks]}) into {out}"
          + (f", batch norms recalibrated on {data}" if data else ""))


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("checkpoints", nargs="+")
    ap.add_argument("--recalibrate", metavar="DATA", help="re-estimate the batch norms' statistics on DATA's training shards")
    a = ap.parse_args()
    main(a.out, a.checkpoints, a.recalibrate)

"""Average the weights of checkpoints of one run (same architecture) into a new checkpoint.

    python3 training/average.py OUT.pt A.pt B.pt [...]

Late checkpoints of a fine-tune sit in one basin; their mean is a smoother model (stochastic weight
averaging). lux-df-3 is the mean of run v7 at steps 3 000 and 6 000: better on the held-out split than either
(docs/model.md). `train.py --export-only --out <dir of OUT.pt>` then exports it.
"""
import sys

import torch


def main(out, paths):
    cks = [torch.load(p, map_location="cpu") for p in paths]
    base = cks[-1]
    model = {}
    for k, v in base["model"].items():
        if v.is_floating_point():
            model[k] = (sum(c["model"][k].double() for c in cks) / len(cks)).to(v.dtype)
        else:  # counters (batch norm's num_batches_tracked): the last checkpoint's
            model[k] = v
    base["model"] = model
    base["averaged_from"] = [{"path": p, "step": c["step"]} for p, c in zip(paths, cks)]
    torch.save(base, out)
    print(f"averaged {len(cks)} checkpoints (steps {[c['step'] for c in cks]}) into {out}")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2:])

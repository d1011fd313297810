"""The training step both Lux trainers take (train.py, train_terms.py)."""
import torch


def apply(opt, model, loss, step):
    """One AdamW step on `loss`, gradients clipped to norm 1. A non-finite loss takes no step and returns
    False: a batch the loss cannot use must not poison the weights (say so and move on)."""
    opt.zero_grad()
    if not torch.isfinite(loss):
        print(f"step {step}: non-finite loss, batch skipped", flush=True)
        return False
    loss.backward()
    torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
    opt.step()
    return True

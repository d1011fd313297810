"""The Lux daylight network (model.md): one window in its v2 frame -> DF (%) per cell.

Inputs (preprocessing `lux-frame-3`, src/core/model/features.ts): `inputs` [N, 6, 128, 128] float
channels (mask, sky component, obstructed sky, depth, lateral offset, plan visibility) and `scalars`
[N, 147] (room, window, reflectances, 64 horizon + 64 zenith angles, the window's flux by origin).
A `lux-frame-2` network (143 scalars, no flux) grows into a `lux-frame-3` one (`grow`).

The physics sits in the inputs: the sky-component channel already holds the sharp structure near the
window, so a small U-Net working at 0.2 m (64 x 64) predicts smooth fields - a gain on the sky component,
a gain on the obstructed sky (light the obstructions reflect) and an additive term (light reflected in the
room) - and a thin full-resolution head refines them. Output: DF = (g1 * sky + g2 * obstructed + add) * mask.

With `context`, the scalars that modulate the bottleneck also carry the bottleneck's features averaged over
the room: light reflected inside a room is a room-wide quantity (it sets most of the error of a window's mean
DF far from the window), and 3 x 3 convolutions at 1.6 m cells only see part of a deep room.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F

CHANNELS = 6
SCALARS = 147
SCALARS_V2 = 143  # lux-frame-2: the same without the 4 flux scalars at the end
HEAD = 16  # hidden channels of the full-resolution head (lux-df-3: 16; pruned to 8 by prune_head.py)


def softplus(x):
    """log(1 + eˣ) as relu(x) + log(1 + e^-|x|) (equal to 1e-6): onnxruntime-web's WASM Softplus kernel is
    scalar, and these four element-wise ops cost ~1 ms less per window on the full-resolution output."""
    return F.relu(x) + torch.log(1 + torch.exp(-x.abs()))


class Block(nn.Sequential):
    def __init__(self, cin, cout):
        super().__init__(
            nn.Conv2d(cin, cout, 3, padding=1, bias=False),
            nn.BatchNorm2d(cout),
            nn.ReLU(inplace=True),
            nn.Conv2d(cout, cout, 3, padding=1, bias=False),
            nn.BatchNorm2d(cout),
            nn.ReLU(inplace=True),
        )


class LuxNet(nn.Module):
    def __init__(self, widths=(24, 48, 64, 96), context=False, scalars=SCALARS, head=HEAD, channels=CHANNELS, outputs=3):
        super().__init__()
        self.context = context
        self.channels = channels
        # For export: fine_conv_exact's kernels (use_fast_head), the same function cheaper in onnxruntime-web.
        self.fast_head = None
        w0, w1, w2, w3 = widths
        self.e1 = Block(channels, w0)
        self.e2 = Block(w0, w1)
        self.e3 = Block(w1, w2)
        self.e4 = Block(w2, w3)
        self.film = nn.Sequential(nn.Linear(scalars + (w3 if context else 0), 128), nn.ReLU(inplace=True), nn.Linear(128, 2 * w3))
        self.d3 = Block(w3 + w2, w2)
        self.d2 = Block(w2 + w1, w1)
        self.d1 = Block(w1 + w0, w0)
        self.fine = nn.Sequential(
            nn.Conv2d(w0 + channels, head, 3, padding=1),
            nn.ReLU(inplace=True),
            nn.Conv2d(head, outputs, 1),
        )

    def use_fast_head(self):
        """Computes the head's phase kernels once, outside any trace, so that ONNX export sees constants;
        they are stale after any change to the weights (export only)."""
        self.fast_head = fast_head_weights(self.fine[0], self.fine[0].weight.shape[1] - self.channels)
        return self

    @staticmethod
    def up(x):
        return F.interpolate(x, scale_factor=2.0, mode="bilinear", align_corners=False)

    def head_out(self, inputs, scalars):
        """The full-resolution head's output before any activation: [N, outputs, 128, 128]."""
        x = F.avg_pool2d(inputs, 2)
        e1 = self.e1(x)
        e2 = self.e2(F.avg_pool2d(e1, 2))
        e3 = self.e3(F.avg_pool2d(e2, 2))
        e4 = self.e4(F.avg_pool2d(e3, 2))
        if self.context:
            m = F.avg_pool2d(inputs[:, 0:1], 16)  # share of each 1.6 m cell inside the room
            room = (e4 * m).sum(dim=(2, 3)) / (m.sum(dim=(2, 3)) + 1e-3)
            scalars = torch.cat([scalars, room], 1)
        g, b = self.film(scalars).chunk(2, dim=1)
        e4 = e4 * (1 + g[:, :, None, None]) + b[:, :, None, None]
        d3 = self.d3(torch.cat([self.up(e4), e3], 1))
        d2 = self.d2(torch.cat([self.up(d3), e2], 1))
        d1 = self.d1(torch.cat([self.up(d2), e1], 1))
        if self.fast_head is not None:
            o = self.fine[2](F.relu(fine_conv_exact(self.fast_head, d1, inputs)))
        else:
            o = self.fine(torch.cat([self.up(d1), inputs], 1))
        return o

    def forward(self, inputs, scalars):
        o = self.head_out(inputs, scalars)
        mask = inputs[:, 0:1]
        sky = inputs[:, 1:2]
        obstructed = inputs[:, 2:3]
        o = softplus(o)
        df = o[:, 0:1] * sky + 0.3 * o[:, 1:2] * obstructed + o[:, 2:3]
        return F.relu(df) * mask


def widths_of(state):
    return tuple(int(state[f"e{i}.0.weight"].shape[0]) for i in (1, 2, 3, 4))


def head_of(state):
    return int(state["fine.0.weight"].shape[0])


def from_state(state):
    """A LuxNet shaped like a checkpoint's weights (widths, room context, head), with them loaded."""
    model = LuxNet(widths_of(state), context=has_context(state), head=head_of(state))
    model.load_state_dict(state)
    return model


def scalars_of(state):
    """The scalar inputs a checkpoint reads (lux-frame-2 or -3) and whether it has room context."""
    n = state["film.0.weight"].shape[1]
    for s in (SCALARS, SCALARS_V2):
        if n in (s, s + widths_of(state)[3]):
            return s, n > s
    raise ValueError(f"a film layer reading {n} inputs matches no known preprocessing")


def has_context(state):
    return scalars_of(state)[1]


def grow(model, state):
    """Load a LuxNet's weights into `model`, as wide or wider at every level and with `context` if the old
    one had it, without changing its function: old weights go to the first channels of each segment, the
    weights that read a new channel are zero, and new channels start random, so training continues from the
    old model's answers instead of from scratch."""
    ow, nw = widths_of(state), widths_of(model.state_dict())
    old_s, old_ctx = scalars_of(state)
    ctx = model.context
    oh, nh = head_of(state), head_of(model.state_dict())
    if any(n < o for o, n in zip(ow, nw)) or (old_ctx and not ctx) or nh < oh:
        raise ValueError(f"cannot grow widths {ow} (context {old_ctx}, head {oh}) into {nw} (context {ctx}, head {nh})")
    o0, o1, o2, o3 = ow
    n0, n1, n2, n3 = nw
    # Per layer: (output segments, input segments), each segment (old size, new size).
    blocks = {
        "e1": ([(o0, n0)], [(CHANNELS, CHANNELS)]),
        "e2": ([(o1, n1)], [(o0, n0)]),
        "e3": ([(o2, n2)], [(o1, n1)]),
        "e4": ([(o3, n3)], [(o2, n2)]),
        "d3": ([(o2, n2)], [(o3, n3), (o2, n2)]),
        "d2": ([(o1, n1)], [(o2, n2), (o1, n1)]),
        "d1": ([(o0, n0)], [(o1, n1), (o0, n0)]),
    }
    layers = {}
    for b, (out, inp) in blocks.items():
        layers[f"{b}.0"] = (out, inp)
        layers[f"{b}.1"] = (out, None)
        layers[f"{b}.3"] = (out, out)
        layers[f"{b}.4"] = (out, None)
    room = [(o3 if old_ctx else 0, n3)] if ctx else []
    # lux-frame-2's scalars are lux-frame-3's first 143: the flux scalars are new inputs, read with weight 0.
    layers["film.0"] = ([(128, 128)], [(old_s, SCALARS)] + room)
    layers["film.2"] = ([(o3, n3), (o3, n3)], [(128, 128)])
    layers["fine.0"] = ([(oh, nh)], [(o0, n0), (CHANNELS, CHANNELS)])
    layers["fine.2"] = ([(3, 3)], [(oh, nh)])

    def index(segs):
        idx, at = [], 0
        for old, new in segs:
            idx += range(at, at + old)
            at += new
        return torch.tensor(idx, dtype=torch.long)

    new = model.state_dict()
    for name, t in state.items():
        layer, kind = name.rsplit(".", 1)
        n = new[name]
        if kind == "num_batches_tracked":
            n.copy_(t)
            continue
        out, inp = layers[layer]
        oi = index(out)
        if inp is None or t.dim() == 1:  # batch norm statistics and affine terms, biases
            n[oi] = t
            continue
        ii = index(inp)
        reads_new = torch.ones(n.shape[1], dtype=torch.bool)
        reads_new[ii] = False
        n[:, reads_new] = 0.0
        n[oi.view(-1, 1), ii.view(1, -1)] = t
    model.load_state_dict(new)


# Bilinear 2x upsampling (half-pixel centres) then a 3 x 3 tap at one of the two output phases, as weights
# on the three low-resolution neighbours x[i-1], x[i], x[i+1]: PHASES[a][tap] (a = output index parity).
PHASES = (
    ((0.75, 0.25, 0.0), (0.25, 0.75, 0.0), (0.0, 0.75, 0.25)),
    ((0.25, 0.75, 0.0), (0.0, 0.75, 0.25), (0.0, 0.25, 0.75)),
)


def fast_head_weights(conv, w0):
    """fine_conv_exact's kernels from the head's first convolution, as plain tensors (constants when the
    network is traced for ONNX export: the exporter needs the kernels' shapes)."""
    W, b = conv.weight.detach().clone(), conv.bias.detach().clone()
    Wd, Wi = W[:, :w0], W[:, w0:]
    P = torch.tensor(PHASES, dtype=W.dtype)  # [2 parities, 3 taps, 3 neighbours]
    # Combined kernels [out, in, a, b, 3, 3] -> channels out * 4 + a * 2 + b (pixel_shuffle's order).
    K = torch.einsum("ayk,bxl,oiyx->oabikl", P, P, Wd).reshape(-1, w0, 3, 3)
    return {"K": K, "Wi": Wi, "b": b, "top": Wd[:, :, :1], "bottom": Wd[:, :, 2:], "left": Wd[:, :, :, :1], "right": Wd[:, :, :, 2:]}


def fine_conv_exact(k, d1, inputs):
    """`conv(cat([up(d1), inputs]))` without building up(d1) at 128 x 128 (`k`: fast_head_weights(conv)).

    onnxruntime-web's WASM convolution is dominated by im2col at full resolution, and the Resize and the
    Concat before it cost as much again (~3 ms of ~23 per window). The convolution of a bilinearly
    upsampled field is, per output phase (row and column parity), a 3 x 3 convolution of the low-resolution
    field with combined weights: one convolution at 64 x 64 with 4x the outputs, then pixel shuffle. Bilinear
    upsampling clamps at the edges, which edge padding of d1 reproduces; but the head's own zero padding
    at the 128 x 128 border reads zeros where the phase form reads the edge's values, so the outermost rows
    and columns subtract that ring's contribution (thin 1-D upsamplings of d1's edges). Equal to the plain
    form to float rounding (test/training/pipeline.test.ts).
    """
    a = F.pixel_shuffle(F.conv2d(F.pad(d1, (1, 1, 1, 1), mode="replicate"), k["K"]), 2)
    up_w = lambda t: F.interpolate(t, scale_factor=(1.0, 2.0), mode="bilinear", align_corners=False)  # noqa: E731
    up_h = lambda t: F.interpolate(t, scale_factor=(2.0, 1.0), mode="bilinear", align_corners=False)  # noqa: E731
    # The ring just outside the 128 x 128 field as the phase form sees it: the edge rows and columns of
    # up(d1) repeated (corners with the rows, so they count once).
    top = F.conv2d(F.pad(up_w(d1[:, :, :1]), (1, 1, 0, 0), mode="replicate"), k["top"])
    bottom = F.conv2d(F.pad(up_w(d1[:, :, -1:]), (1, 1, 0, 0), mode="replicate"), k["bottom"])
    left = F.conv2d(up_h(d1[:, :, :, :1]), k["left"], padding=(1, 0))
    right = F.conv2d(up_h(d1[:, :, :, -1:]), k["right"], padding=(1, 0))
    a = torch.cat([a[:, :, :1] - top, a[:, :, 1:-1], a[:, :, -1:] - bottom], 2)
    a = torch.cat([a[:, :, :, :1] - left, a[:, :, :, 1:-1], a[:, :, :, -1:] - right], 3)
    return a + F.conv2d(inputs, k["Wi"], k["b"], padding=1)

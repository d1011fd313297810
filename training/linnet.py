"""A daylight network linear in the light outside (issue 35 §4; docs/model.md "lux-df-4").

Inputs (preprocessing `lux-frame-4`, src/core/model/frame4.ts): `inputs` [N, 7, 128, 128] (lux-frame-3's six
channels and the exact sky term) and `scalars` [N, 147] (lux-frame-3's layout; the four flux scalars are
the sky's light on the window's outer plane in closed form, skyDown and skySteep, and the exterior surfaces'
traced accurately, surfaceDown and up, each x 2).

Interior light is linear in the exterior light (the engine's radiosity is linear in its source), so the
network predicts per-cell transfer coefficients from the room, the window and the angles alone — its U-Net
(luxnet.LuxNet) never sees the flux scalars or the exterior reflectances — and each of the engine's five
terms (src/core/engine/simulate.ts TERMS) is a coefficient map times the exterior light it carries:

    sky            = g * sky_exact                         (a learned gain on the exact sky term, ~1)
    exterior       = c_ext * surfaceDown                   (exterior surfaces above the horizon, through the glass)
    roomFromSky    = c_rs * skyDown + c_rs2 * skySteep     (the sky's light interreflected in the room)
    roomFromAbove  = c_ra * surfaceDown
    roomFromBelow  = c_rb * up                             (terrain, lower facades, a balcony's floor -> ceiling)

and the map is their sum. A brighter or darker context changes the answer exactly as it changes the light
outside: the split the old network could not identify (its flux entered through a modulation) is built in.
"""
import torch

from luxnet import SCALARS, LuxNet, softplus

CHANNELS4 = 7
TERMS = ("sky", "exterior", "roomFromSky", "roomFromAbove", "roomFromBelow")
# lux-frame-3/4 scalar layout (src/core/model/features.ts): facade and terrain reflectance, then the flux.
FACADE, TERRAIN = 10, 11
FLUX = slice(143, 147)  # skyDown, skySteep, surfaceDown, up (x 2)
# The scalars the coefficient branch reads: all but the exterior reflectances and the flux.
GEOMETRY = [i for i in range(SCALARS) if i not in (FACADE, TERRAIN) and not 143 <= i < 147]
# Coefficient maps: sky gain, exterior, room from sky (two), from above, from below.
OUTPUTS = 6
# DF (%) per unit of flux scalar that a coefficient of 1 stands for: the head starts near the data's scale.
SCALE = 5.0
# softplus(GAIN0) = 1: the sky gain starts at the exact sky term.
GAIN0 = 0.5413248546129181


class LinNet(LuxNet):
    def __init__(self, widths=(24, 48, 64, 96), context=True, head=16):
        super().__init__(widths, context=context, scalars=len(GEOMETRY), head=head, channels=CHANNELS4, outputs=OUTPUTS)
        with torch.no_grad():
            # The sky gain starts at 1, the coefficients small (softplus(-2) = 0.13: ~0.5 % DF a term).
            self.fine[2].bias.fill_(-2.0)
            self.fine[2].bias[0] = GAIN0

    def terms(self, inputs, scalars):
        """The five terms' maps [N, 5, 128, 128] (DF %), inside the room."""
        o = softplus(self.head_out(inputs, scalars[:, GEOMETRY]))
        flux = scalars[:, FLUX, None, None]
        sky_down, sky_steep, surface_down, up = (flux[:, i : i + 1] for i in range(4))
        mask = inputs[:, 0:1]
        sky_exact = inputs[:, 6:7]
        t = torch.cat(
            [
                o[:, 0:1] * sky_exact,
                SCALE * o[:, 1:2] * surface_down,
                SCALE * (o[:, 2:3] * sky_down + o[:, 3:4] * sky_steep),
                SCALE * o[:, 4:5] * surface_down,
                SCALE * o[:, 5:6] * up,
            ],
            1,
        )
        return t * mask

    def forward(self, inputs, scalars):
        return self.terms(inputs, scalars).sum(1, keepdim=True)


def widths_of(state):
    return tuple(int(state[f"e{i}.0.weight"].shape[0]) for i in (1, 2, 3, 4))


def from_state(state):
    model = LinNet(widths_of(state), context=True, head=int(state["fine.0.weight"].shape[0]))
    model.load_state_dict(state)
    return model


def gather(maps, pix):
    """maps [N, T, 128, 128] at each window's labelled pixels pix [N, P] (-1: none) -> [N, T, P]."""
    n, t = maps.shape[:2]
    flat = maps.reshape(n, t, -1)
    idx = pix.clamp(min=0)[:, None, :].expand(n, t, pix.shape[1])
    return torch.gather(flat, 2, idx)


# The room terms' level from a coarse radiosity solve (src/core/model/roomTerms.ts, card `roomTerms`): the
# same scaling /run applies, so that a run trained with it (train_terms.py --room-terms) learns the room
# terms' distribution and leaves their level to the solve.
LATTICE = 4  # every 4th pixel each way of the frame (0.4 m), as roomTerms.ts
ROOM = slice(2, 5)  # roomFromSky, roomFromAbove, roomFromBelow
SCALE_MIN, SCALE_MAX, FAINT = 0.25, 4.0, 1e-3


def lattice_of(mask):
    """mask [N, 1, 128, 128] -> the lattice roomTerms.ts lights (all room pixels where it misses a sliver)."""
    grid = torch.zeros(128, 128, device=mask.device, dtype=mask.dtype)
    grid[::LATTICE, ::LATTICE] = 1
    lat = mask * grid
    empty = lat.sum((1, 2, 3)) == 0
    return torch.where(empty[:, None, None, None], mask, lat)


def calibrate(terms, mask, rt, rtx=None):
    """terms [N, 5, 128, 128], rt [N, 3] (the solve's room-term means over the lattice) -> the terms with each
    room term scaled to the solve's mean (within 1/4..4; a term either finds fainter than FAINT keeps its own).
    rtx [N] (the solve's light from exterior surfaces over the lattice): the exterior term scaled so too, as a
    card's `exteriorTerm: 'solve-level'` has it (roomTerms.ts termScales)."""
    lat = lattice_of(mask)
    at = ROOM if rtx is None else slice(1, 5)
    want = rt if rtx is None else torch.cat([rtx[:, None], rt], 1)
    net = (terms[:, at] * lat).sum((2, 3)) / lat.sum((2, 3)).clamp(min=1.0)
    ok = (net > FAINT) & (want > FAINT)
    scale = torch.where(ok, (want / net.clamp(min=FAINT)).clamp(SCALE_MIN, SCALE_MAX), torch.ones_like(net))
    return torch.cat([terms[:, : at.start], terms[:, at] * scale[:, :, None, None]], 1)

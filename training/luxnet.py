"""The Lux daylight network (model.md): one window in its v2 frame -> DF (%) per cell.

Inputs (preprocessing `lux-frame-2`, src/core/model/features.ts): `inputs` [N, 6, 128, 128] float
channels (mask, sky component, obstructed sky, depth, lateral offset, plan visibility) and `scalars`
[N, 143] (room, window, reflectances, 64 horizon + 64 zenith angles).

The physics sits in the inputs: the sky-component channel already holds the sharp structure near the
window, so a small U-Net working at 0.2 m (64 x 64) predicts smooth fields - a gain on the sky component,
a gain on the obstructed sky (light the obstructions reflect) and an additive term (light reflected in the
room) - and a thin full-resolution head refines them. Output: DF = (g1 * sky + g2 * obstructed + add) * mask.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F

CHANNELS = 6
SCALARS = 143


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
    def __init__(self, widths=(24, 48, 64, 96)):
        super().__init__()
        w0, w1, w2, w3 = widths
        self.e1 = Block(CHANNELS, w0)
        self.e2 = Block(w0, w1)
        self.e3 = Block(w1, w2)
        self.e4 = Block(w2, w3)
        self.film = nn.Sequential(nn.Linear(SCALARS, 128), nn.ReLU(inplace=True), nn.Linear(128, 2 * w3))
        self.d3 = Block(w3 + w2, w2)
        self.d2 = Block(w2 + w1, w1)
        self.d1 = Block(w1 + w0, w0)
        self.fine = nn.Sequential(
            nn.Conv2d(w0 + CHANNELS, 16, 3, padding=1),
            nn.ReLU(inplace=True),
            nn.Conv2d(16, 3, 1),
        )

    @staticmethod
    def up(x):
        return F.interpolate(x, scale_factor=2.0, mode="bilinear", align_corners=False)

    def forward(self, inputs, scalars):
        x = F.avg_pool2d(inputs, 2)
        e1 = self.e1(x)
        e2 = self.e2(F.avg_pool2d(e1, 2))
        e3 = self.e3(F.avg_pool2d(e2, 2))
        e4 = self.e4(F.avg_pool2d(e3, 2))
        g, b = self.film(scalars).chunk(2, dim=1)
        e4 = e4 * (1 + g[:, :, None, None]) + b[:, :, None, None]
        d3 = self.d3(torch.cat([self.up(e4), e3], 1))
        d2 = self.d2(torch.cat([self.up(d3), e2], 1))
        d1 = self.d1(torch.cat([self.up(d2), e1], 1))
        o = self.fine(torch.cat([self.up(d1), inputs], 1))
        mask = inputs[:, 0:1]
        sky = inputs[:, 1:2]
        obstructed = inputs[:, 2:3]
        df = F.softplus(o[:, 0:1]) * sky + 0.3 * F.softplus(o[:, 1:2]) * obstructed + F.softplus(o[:, 2:3])
        return F.relu(df) * mask

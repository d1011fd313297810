"""Tiny ONNX models with known outputs, for the tests of the model path (committed in test/fixtures/models).

    python3 training/tiny_models.py test/fixtures/models

- `tiny-v2rgb`: a custom model in the original's format (`v2-rgb-384`): input [n, 3, 384, 384], output
  [n, 1, 384, 384] = 2.0 everywhere (plus 0 x the input, so the graph really reads it).
- `tiny-frame`: a `lux-frame-2` model: DF = the sky-component channel + 0.5 inside the mask, the scalars
  read but multiplied by 0.
- `tiny-flux`: a `lux-frame-3` model: DF = the sum of the 4 window-flux scalars (the last 4) inside the mask,
  so a test can see the flux /run computed.
"""
import json
import os
import sys

import torch


class ConstantV2(torch.nn.Module):
    def forward(self, x):
        return x[:, 0:1] * 0.0 + 2.0


class SkyPlusHalf(torch.nn.Module):
    def forward(self, inputs, scalars):
        mask = inputs[:, 0:1]
        return (inputs[:, 1:2] + 0.5 + scalars.sum(dim=1)[:, None, None, None] * 0.0) * mask


class FluxSum(torch.nn.Module):
    def forward(self, inputs, scalars):
        return inputs[:, 0:1] * scalars[:, 143:147].sum(dim=1)[:, None, None, None]


def card(name, preprocessing, inputs, outputs):
    return {
        "name": name,
        "version": "0.0.1",
        "license": "MIT",
        "description": "test model with a known output",
        "task": "df",
        "preprocessing": preprocessing,
        "inputs": inputs,
        "outputs": outputs,
        "file": name + ".onnx",
        "metrics": {},
    }


def main(out):
    os.makedirs(out, exist_ok=True)
    torch.onnx.export(
        ConstantV2(), (torch.zeros(1, 3, 384, 384),), os.path.join(out, "tiny-v2rgb.onnx"), opset_version=17,
        input_names=["image"], output_names=["df"], dynamic_axes={"image": {0: "n"}, "df": {0: "n"}},
    )
    json.dump(card("tiny-v2rgb", "v2-rgb-384",
                   [{"name": "image", "shape": ["n", 3, 384, 384], "dtype": "float32"}],
                   [{"name": "df", "shape": ["n", 1, 384, 384], "dtype": "float32"}]),
              open(os.path.join(out, "tiny-v2rgb.json"), "w"), indent=2)
    frame_model(out, "tiny-frame", "lux-frame-2", SkyPlusHalf(), 143)
    frame_model(out, "tiny-flux", "lux-frame-3", FluxSum(), 147)


def frame_model(out, name, preprocessing, module, scalars):
    """A test model in the project's own format: `inputs` [n, 6, 128, 128] and `scalars` [n, scalars]."""
    torch.onnx.export(
        module, (torch.zeros(1, 6, 128, 128), torch.zeros(1, scalars)), os.path.join(out, name + ".onnx"),
        opset_version=17, input_names=["inputs", "scalars"], output_names=["df"],
        dynamic_axes={"inputs": {0: "n"}, "scalars": {0: "n"}, "df": {0: "n"}},
    )
    json.dump(card(name, preprocessing,
                   [{"name": "inputs", "shape": ["n", 6, 128, 128], "dtype": "float32"},
                    {"name": "scalars", "shape": ["n", scalars], "dtype": "float32"}],
                   [{"name": "df", "shape": ["n", 1, 128, 128], "dtype": "float32"}]),
              open(os.path.join(out, name + ".json"), "w"), indent=2)

if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "test/fixtures/models")

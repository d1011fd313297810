"""ONNX export and model card of a Lux frame network (train.py's LuxNet, train_terms.py's LinNet)."""
import json
import os

import torch


class WithTerms(torch.nn.Module):
    """A LinNet giving its map and its per-term maps [N, 5, 128, 128] (outputs 'df' and 'terms')."""

    def __init__(self, net):
        super().__init__()
        self.net = net

    def forward(self, inputs, scalars):
        t = self.net.terms(inputs, scalars)
        return t.sum(1, keepdim=True), t


def export_with_card(model, out, name, meta, preprocessing, channels, scalars, description, room_terms=None, exterior=False):
    """Writes `<out>/<name>.onnx` (opset 17, the full-resolution head in its phase form: luxnet.fine_conv_exact,
    the same function ~3 ms cheaper a window in WASM) and `<out>/<name>.json`, the card without metrics
    (`npm run evaluate` adds those). `meta`: {"version", "training"}. `room_terms`: a method of
    src/core/model/roomTerms.ts ('coarse-radiosity/1'): the per-term maps are exported too (output 'terms'),
    and the card says how the room terms' level is set; `exterior`: the exterior term's level too (the card's
    exteriorTerm 'solve-level')."""
    model = model.cpu().float().eval()
    model.use_fast_head()
    x = torch.zeros(1, channels, 128, 128)
    s = torch.zeros(1, scalars)
    path = os.path.join(out, name + ".onnx")
    # Newer torch exports through dynamo by default; these networks are traced as they always were.
    legacy = {"dynamo": False} if "dynamo" in torch.onnx.export.__code__.co_varnames else {}
    names = ["df", "terms"] if room_terms else ["df"]
    torch.onnx.export(
        WithTerms(model) if room_terms else model,
        (x, s),
        path,
        opset_version=17,
        input_names=["inputs", "scalars"],
        output_names=names,
        dynamic_axes={"inputs": {0: "n"}, "scalars": {0: "n"}, **{o: {0: "n"} for o in names}},
        do_constant_folding=True,
        **legacy,
    )
    size = os.path.getsize(path)
    card = {
        "name": name,
        "version": meta["version"],
        "license": "MIT",
        "description": description,
        "task": "df",
        "preprocessing": preprocessing,
        "inputs": [
            {"name": "inputs", "shape": ["n", channels, 128, 128], "dtype": "float32"},
            {"name": "scalars", "shape": ["n", scalars], "dtype": "float32"},
        ],
        "outputs": [{"name": "df", "shape": ["n", 1, 128, 128], "dtype": "float32", "units": "%"}]
        + ([{"name": "terms", "shape": ["n", 5, 128, 128], "dtype": "float32", "units": "%"}] if room_terms else []),
        "file": name + ".onnx",
        "size_bytes": size,
        "opset": 17,
        "training": meta["training"],
        "metrics": {},
    }
    if room_terms:
        card["roomTerms"] = room_terms
    if room_terms and exterior:
        card["exteriorTerm"] = "solve-level"
    with open(os.path.join(out, name + ".json"), "w") as f:
        json.dump(card, f, indent=2)
        f.write("\n")
    print(f"exported {path} ({size / 1e6:.2f} MB)", flush=True)

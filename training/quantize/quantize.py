"""Post-training 8-bit quantisation of a lux-df-4 network's decoder (docs/model.md, "The rule for lux-df-4
4.10.0, an 8-bit decoder").

    python3 training/quantize/quantize.py <float.onnx> <out.onnx> <calibration prefix> [<check prefix>]

The prefixes name calibrationFrames.ts's files (<p>.inputs.f32, <p>.scalars.f32). Five of the decoder's six
convolutions (DECODER_INT8) become QLinearConv: int8 weights per output channel in 7 bits (reduce_range, so
that x86's u8s8 kernels without VNNI cannot saturate and every machine computes the same), uint8
activations with MinMax ranges from the calibration windows. The decoder's first convolution (d3.0, 160
input channels at 1/4 resolution) stays in float: in 8 bits it alone moved frame sums by up to 2.5 %.
With a check prefix, prints each frame's sum against the float network's (relative error p50, p90, max).

Needs onnxruntime (pip) and onnx; the float network's Constant nodes are turned into initializers first
(the quantizer reads biases only from initializers).
"""
import sys

import numpy as np
import onnx
import onnxruntime as ort
from onnxruntime.quantization import (CalibrationDataReader, CalibrationMethod, QuantFormat, QuantType,
                                      quantize_static)

DECODER_INT8 = ['/d3/d3.3/Conv', '/d2/d2.0/Conv', '/d2/d2.3/Conv', '/d1/d1.0/Conv', '/d1/d1.3/Conv']
CHANNELS, SIZE, SCALARS = 7, 128, 147


def frames(prefix):
    inputs = np.fromfile(prefix + '.inputs.f32', dtype=np.float32).reshape(-1, CHANNELS, SIZE, SIZE)
    scalars = np.fromfile(prefix + '.scalars.f32', dtype=np.float32).reshape(-1, SCALARS)
    assert len(inputs) == len(scalars), 'inputs and scalars disagree on the number of windows'
    return inputs, scalars


class Windows(CalibrationDataReader):
    def __init__(self, inputs, scalars):
        self.inputs, self.scalars, self.i = inputs, scalars, 0

    def get_next(self):
        if self.i >= len(self.inputs):
            return None
        self.i += 1
        return {'inputs': self.inputs[self.i - 1:self.i], 'scalars': self.scalars[self.i - 1:self.i]}


def with_initializers(path, out):
    model = onnx.load(path)
    kept = []
    for node in model.graph.node:
        if node.op_type == 'Constant' and [a.name for a in node.attribute] == ['value']:
            tensor = node.attribute[0].t
            tensor.name = node.output[0]
            model.graph.initializer.append(tensor)
        else:
            kept.append(node)
    del model.graph.node[:]
    model.graph.node.extend(kept)
    onnx.save(model, out)


def check(float_path, int8_path, prefix):
    options = ort.SessionOptions()
    options.intra_op_num_threads = 1
    a = ort.InferenceSession(float_path, options)
    b = ort.InferenceSession(int8_path, options)
    inputs, scalars = frames(prefix)
    errors = []
    for i in range(len(inputs)):
        feeds = {'inputs': inputs[i:i + 1], 'scalars': scalars[i:i + 1]}
        x, y = a.run(['df'], feeds)[0].sum(), b.run(['df'], feeds)[0].sum()
        errors.append(abs(x - y) / max(abs(x), 1e-12))
    p50, p90, top = np.percentile(errors, [50, 90, 100])
    print(f'{len(inputs)} windows: frame sum off by {100 * p50:.2f} % (p50), {100 * p90:.2f} % (p90), '
          f'{100 * top:.2f} % at most')


def main():
    float_path, out, calibration = sys.argv[1:4]
    staged = out + '.float.onnx'
    with_initializers(float_path, staged)
    quantize_static(staged, out, Windows(*frames(calibration)), quant_format=QuantFormat.QOperator,
                    per_channel=True, reduce_range=True, activation_type=QuantType.QUInt8,
                    weight_type=QuantType.QInt8, nodes_to_quantize=DECODER_INT8,
                    calibrate_method=CalibrationMethod.MinMax)
    if len(sys.argv) > 4:
        check(float_path, out, sys.argv[4])


if __name__ == '__main__':
    main()

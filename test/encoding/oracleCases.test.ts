/**
 * A second opinion beyond the 37 recorded vectors: random single-window requests (rectangles, L and U
 * rooms at any rotation, with and without wall thickness, overhanging windows, scalar and list
 * obstructions, all model types, v1 and v2, single- and multi-window floors) encoded by the upstream
 * fixture's clean-room oracle, which matched the real service on 9 600 random requests. See
 * test/fixtures-encoder/README.md for how the file was made.
 */
import { describe, expect, it } from 'vitest';
import oracle from '../fixtures-encoder/oracle-cases.json';
import { sha256Hex, toEncoderCall } from '../fixtures-encoder/upstreamVectors';
import { encodeWindow } from '../../src/core/encoding/encodeWindow';

describe('oracle cases', () => {
  it(`encodes all ${oracle.cases.length} like the oracle`, () => {
    const mismatches: number[] = [];
    oracle.cases.forEach((c, i) => {
      const call = toEncoderCall({
        model_type: c.model_type,
        encoding_scheme: c.encoding_scheme,
        parameters: c.parameters,
      });
      const { image, mask } = encodeWindow(call.room, call.windows[0]!, {
        ...call.opts,
        multiWindow: c.multi_window,
      });
      if (sha256Hex(image) !== c.image_sha256 || sha256Hex(mask) !== c.mask_sha256) mismatches.push(i);
    });
    expect(mismatches).toEqual([]);
    expect(oracle.cases.length).toBeGreaterThan(200);
  });
});

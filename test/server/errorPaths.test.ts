import { describe, expect, it } from 'vitest';
import { encodeRequest, runRequest, simulateOptions } from '../../src/core/validation/schemas';
import { EXAMPLE_BODIES } from '../../src/service/operations';
import { post, testApp } from './inProcess';

// How messages name a field inside `parameters` (api.md §Errors, docs/api-decisions.md): the missing-field
// message by its whole path (`parameters.windows.w1.x2`), every other message relative to `parameters`
// (`Parameter 'height_roof_over_floor' value 35 …`, api.md's own example, and the original's recorded answers).

const app = testApp({ costFactor: 1e-12 });
interface Body {
  parameters: { windows: Record<string, Record<string, unknown>> };
}
const room = () => structuredClone(EXAMPLE_BODIES['/simulate']![0]) as Body;

async function error(body: unknown) {
  const res = await post(app, '/v2/simulate', body);
  expect(res.status).toBe(400);
  return ((await res.json()) as { error: string }).error;
}

describe('field names in validation messages', () => {
  it('a missing field is named by its whole path', async () => {
    const b = room();
    delete b.parameters.windows.w1!.x2;
    expect(await error(b)).toBe('Missing required parameters: parameters.windows.w1.x2');
  });

  it('a range error names the field relative to parameters', async () => {
    const b = room();
    b.parameters.windows.w1!.window_frame_ratio = 1.5;
    expect(await error(b)).toBe(
      "Parameter 'windows.w1.window_frame_ratio' value 1.5 outside valid range [0, 1]",
    );
  });

  it('a room without windows or skylights names them relative to parameters, as every other rule does', async () => {
    const b = room();
    b.parameters.windows = {};
    // Was `Parameter 'parameters.windows' … (or 'parameters.skylights' a skylight)`, the one message of a
    // rule inside `parameters` that named its whole path.
    expect(await error(b)).toBe(
      "Parameter 'windows' must contain at least one window (or 'skylights' a skylight)",
    );
  });

  it('names relative to parameters are unambiguous: no top-level field shares a name with one inside', () => {
    for (const top of [runRequest.extend(simulateOptions.shape), encodeRequest]) {
      const inside = Object.keys(top.shape.parameters.shape);
      expect(Object.keys(top.shape).filter((k) => inside.includes(k))).toEqual([]);
    }
  });
});

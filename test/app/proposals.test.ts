import { describe, expect, it } from 'vitest';
import { applyToScene } from '../../src/app/compute/proposals';
import { runBody } from '../../src/app/scene/geometry';
import { defaultScene } from '../../src/app/scene/scene';
import { applyChange, type Change, type RunBody } from '../../src/core/proposals/changes';
import { parseRunRequest } from '../../src/core/validation/requests';

/**
 * A proposal applied in the app (issue 34): the scene's change makes the request the core evaluated, so
 * what the engine confirmed is what the user gets.
 */
describe('a proposal applied to the scene', () => {
  const scene = defaultScene();
  const changes: Change[] = [
    { kind: 'width', window: 'w1', width: 3.1 },
    { kind: 'head', window: 'w1', head: 2.5 },
    { kind: 'glass', transmittance: 0.8 },
    { kind: 'surfaces', ceiling: 0.9, walls: 0.8, floor: 0.4 },
    { kind: 'window', id: 'w2', edge: 1, offset: 2, width: 1.4, sill: 0.9, head: 2.2 },
    {
      kind: 'combined',
      changes: [
        { kind: 'surfaces', ceiling: 0.9, walls: 0.8, floor: 0.4 },
        { kind: 'width', window: 'w1', width: 3.1 },
        { kind: 'head', window: 'w1', head: 2.5 },
        { kind: 'window', id: 'w2', edge: 1, offset: 2, width: 1.4, sill: 0.9, head: 2.2 },
      ],
    },
  ];
  for (const change of changes)
    it(`makes the request the core made: ${change.kind}`, () => {
      const byScene = parseRunRequest(runBody(applyToScene(scene, change)));
      const byCore = parseRunRequest(applyChange(runBody(scene) as unknown as RunBody, change));
      expect(byScene.modelType).toBe(byCore.modelType);
      expect(byScene.parameters.windows.length).toBe(byCore.parameters.windows.length);
      byScene.parameters.windows.forEach((w, i) => {
        const c = byCore.parameters.windows[i]!;
        for (const k of [
          'x1',
          'y1',
          'z1',
          'x2',
          'y2',
          'z2',
          'glass_transmittance',
          'window_frame_ratio',
        ] as const)
          expect(Number(w[k] ?? 0.7), `${w.id}.${k}`).toBeCloseTo(Number(c[k] ?? 0.7), 9);
      });
      for (const k of ['ceiling_reflectance', 'vertical_reflectance', 'horizontal_reflectance'] as const)
        expect(byScene.parameters[k]).toBe(byCore.parameters[k]);
    });
});

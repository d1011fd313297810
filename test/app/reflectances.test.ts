import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { runBody } from '../../src/app/scene/geometry';
import { defaultScene, type Scene } from '../../src/app/scene/scene';
import { MaterialsPanel } from '../../src/app/ui/MaterialsPanel';
import { shownReflectances, withReflectance } from '../../src/app/ui/reflectances';

/** A room under default materials that keeps custom values from before (the select switched back). */
const keptCustom = (): Scene => ({
  ...defaultScene(),
  modelType: 'df_default',
  materials: {
    ceiling_reflectance: 0.6,
    vertical_reflectance: 0.4,
    horizontal_reflectance: 0.1,
    facade_reflectance: 0.2,
    terrain_reflectance: 0.1,
  },
});

describe('the Materials panel’s reflectances', () => {
  it('shows what the map is computed with: the defaults under default materials, not the values kept', () => {
    expect(shownReflectances(keptCustom())).toEqual({
      ceiling_reflectance: 0.8,
      vertical_reflectance: 0.7,
      horizontal_reflectance: 0.3,
      facade_reflectance: 0.3,
      terrain_reflectance: 0.2,
    });
    expect(shownReflectances({ ...keptCustom(), modelType: 'df_custom' }).ceiling_reflectance).toBe(0.6);
  });

  it('a value typed under default materials reaches the request: the room takes custom materials', () => {
    // Before, the typed 50 % stayed in its field and the request went without it (the defaults computed).
    const typed = withReflectance(keptCustom(), 'ceiling_reflectance', 50);
    expect(typed.modelType).toBe('df_custom');
    expect(runBody(typed).parameters).toMatchObject({
      ceiling_reflectance: 0.5,
      // The others as the panel showed them (the defaults), not the values kept out of sight.
      vertical_reflectance: 0.7,
      horizontal_reflectance: 0.3,
      facade_reflectance: 0.3,
      terrain_reflectance: 0.2,
    });
    // Typed in %, kept as the API's fraction without a float's tail.
    expect(withReflectance(typed, 'horizontal_reflectance', 7).materials.horizontal_reflectance).toBe(0.07);
  });

  it('reads in %, as the report, the proposals and the windows’ glass and frame do', () => {
    const html = renderToStaticMarkup(createElement(MaterialsPanel));
    const ceiling = /<span>([^<]*)<\/span><input[^>]*data-testid="ceiling_reflectance"[^>]*>/.exec(html);
    expect(ceiling?.[1]).toBe('Ceiling reflectance');
    expect(ceiling?.[0]).toMatch(/value="80"/);
    expect(ceiling?.[0]).toMatch(/min="50" max="90"/);
    expect(html).toMatch(/data-testid="terrain_reflectance"[^>]*><span class="unit">%<\/span>/);
  });
});

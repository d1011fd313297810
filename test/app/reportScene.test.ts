import { describe, expect, it } from 'vitest';
import { answerSummary, reportScene, sheetOf, surroundingsText } from '../../src/app/compute/sheet';
import { workPlaneGrid } from '../../src/core/engine/workplane';
import { partlyAnalysed } from '../../src/core/stats/analysedPlane';
import type { Shown } from '../../src/app/compute/answerStore';
import { defaultScene } from '../../src/app/scene/scene';

// The default 6 × 4 m room's answer: any map does; the page's words are what is checked.
const rows = 40,
  cols = 60;
const shown: Shown = {
  scene: defaultScene(),
  answer: {
    rows,
    cols,
    df: new Float32Array(rows * cols).fill(2),
    mask: new Uint8Array(rows * cols).fill(1),
    origin: { x: 0, y: 4 },
    resolution: 0.1,
    method: { kind: 'engine', quality: 'standard', seed: 1, ambientBounces: null },
  } as Shown['answer'],
  ms: 900,
  source: 'browser',
  preview: null,
};

describe('the report page after the map settled (reportScene)', () => {
  it('takes the name, true north and thresholds typed since; the geometry stays the answer’s', () => {
    const now = { ...defaultScene(), name: 'Office 2.14', north: 30, height: 3.1 };
    now.thresholds = { ...now.thresholds, bfsDf: 1.5 };
    const s = reportScene(shown.scene, now);
    expect(s).toMatchObject({ name: 'Office 2.14', north: 30, height: 2.7 });
    expect(s.thresholds).toBe(now.thresholds);
    expect(s.outline).toBe(shown.scene.outline);
  });

  it('names the room and turns the window’s bearing with north on the page', () => {
    const before = sheetOf(shown, 'viridis', 10);
    expect(before).toContain('Unnamed room');
    expect(before).toMatch(/data-opening="w1"><tspan [^>]*>w1<\/tspan><tspan [^>]*>S 180°</);
    const page = sheetOf(
      { ...shown, scene: reportScene(shown.scene, { ...defaultScene(), name: 'Office 2.14', north: 30 }) },
      'viridis',
      10,
    );
    expect(page).toContain('Office 2.14');
    expect(page).not.toContain('Unnamed room');
    // North turned 30° clockwise from the plan's up: the wall facing the plan's down faces 150°, SE.
    expect(page).toMatch(/data-opening="w1"><tspan [^>]*>w1<\/tspan><tspan [^>]*>SE 150°</);
  });
});

describe('the statistics of the map on screen (answerSummary), in the Results panel and on the page', () => {
  it('measures the map against the room it was computed for, not the outline an edit has moved since', () => {
    // Before 2026-12-07 the panel took the outline as it is now: an L (6 × 4 m less a 2 × 2 m corner) dragged
    // open into the rectangle, its map still on screen, read "Analysed (ceiling above the work plane) 20.00 m²"
    // beside a floor of 24.00 m², though its ceiling is flat; the report page read 20.00 m² and no such line.
    const L: [number, number][] = [
      [0, 0],
      [6, 0],
      [6, 2],
      [4, 2],
      [4, 4],
      [0, 4],
    ];
    const g = workPlaneGrid(L);
    const answer = {
      ...shown.answer,
      mask: g.mask,
      df: new Float32Array(g.rows * g.cols).fill(2),
    };
    const s = answerSummary({ scene: { ...defaultScene(), outline: L }, answer }, defaultScene().thresholds);
    expect([s.floor, s.analysed]).toEqual([20, 20]);
    expect(partlyAnalysed(s)).toBe(false);
    const page = sheetOf({ ...shown, scene: { ...defaultScene(), outline: L }, answer }, 'viridis', 10);
    expect(page).toMatch(/data-stat="area"[^>]*>20\.00 m²/);
    expect(page).not.toContain('data-stat="analysed"');
  });
});

describe('the report page’s surroundings (surroundingsText)', () => {
  const building = (meshId?: string) => ({
    ...defaultScene(),
    surroundings: {
      kind: 'mesh' as const,
      name: 'LargeBuilding.ifc',
      triangles: 21_062,
      perWindow: {},
      ...(meshId ? { meshId } : {}),
    },
  });

  it('names the mesh the answer was computed among: a building’s own surfaces, or a mesh the workers hold', () => {
    expect(surroundingsText(building(), { amongBuilding: true })).toBe(
      'LargeBuilding.ifc (21,062 triangles)',
    );
    expect(surroundingsText(building('a'.repeat(64)), {})).toBe('LargeBuilding.ifc (21,062 triangles)');
  });

  it('says where the answer read only each window’s angles of it: a building’s room changed in the editor, a link', () => {
    expect(surroundingsText(building(), {})).toBe(
      'LargeBuilding.ifc (21,062 triangles): each window’s obstruction angles of it',
    );
    expect(surroundingsText(defaultScene(), {})).toBe('Open sky');
  });
});

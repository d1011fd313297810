import { crownsPhrase } from '../../core/ifc/vegetation';
import {
  roomSheetSvg,
  SHEET_HEIGHT,
  SHEET_WIDTH,
  type RoomSheet,
  type SheetYear,
} from '../../core/report/roomSheet';
import { engineMethodText } from '../../core/report/engineMethod';
import { materialsText } from '../../core/report/materialsText';
import { projectNow } from './project';
import { summarise, type MapSummary, type Thresholds } from '../../core/stats/verdicts';
import { leftOutCells } from '../../core/stats/analysedPlane';
import { floorArea } from '../../core/geometry/polygon';
import { DEFAULT_GLASS_TRANSMITTANCE } from '../../core/engine/glazing';
import type { PaletteName } from '../../core/report/palette';
import { edgeDirection, edgeFrame, heldMeshId, sceneLitFromAbove } from '../scene/geometry';
import type { Scene } from '../scene/scene';
import type { Shown } from './answerStore';

/**
 * The scene a report page describes: the answer's scene (its map was computed for that geometry), with what
 * never changes a daylight-factor map taken from the scene as it is now — the room's name, the site's true
 * north (the windows' compass bearings turn with it) and the thresholds the verdicts read. Without this, a name
 * or north typed after the map settled never reached the page (the answer is kept across such edits).
 */
export function reportScene(answered: Scene, now: Scene): Scene {
  return { ...answered, name: now.name, north: now.north, thresholds: now.thresholds };
}

/**
 * The statistics and verdicts of the answer on screen, as the Results panel and the report page give them:
 * of the room it was computed for (its floor, its openings, the cells of its outline it left out), judged by
 * `thresholds`. Before 2026-12-07 the panel measured the answer against the outline as it is now: while an
 * edit's map was on its way, an L opened into a rectangle read "Analysed (ceiling above the work plane)
 * 20.00 m²" of a 24.00 m² floor, the report page 20.00 m² and no such line.
 */
export function answerSummary(shown: Pick<Shown, 'answer' | 'scene'>, thresholds: Thresholds): MapSummary {
  const { scene, answer } = shown;
  return summarise(answer, thresholds, {
    floorArea: floorArea(scene.outline),
    topLit: sceneLitFromAbove(scene),
    leftOut: leftOutCells(answer, scene.outline),
  });
}

/**
 * The report page of the answer on screen (core/report/roomSheet.ts), from the scene it was computed
 * for (reportScene): what the PNG export holds and what the browser prints; `updating`: its map is of the
 * room before the last edit, and the page says so.
 */
export function sheetOf(
  shown: Shown,
  palette: PaletteName,
  scaleMax: number,
  stamp?: string,
  year?: SheetYear,
  updating = false,
): string {
  const { scene, answer } = shown;
  const m = answer.method;
  const sheet: RoomSheet = {
    title: scene.name?.trim() || 'Unnamed room',
    outline: scene.outline,
    windows: scene.windows.map((w) => {
      const e = edgeFrame(scene.outline, w.edge);
      const at = (s: number) => [e.ax + e.ux * s, e.ay + e.uy * s] as const;
      return {
        id: w.id,
        a: at(w.offset - w.width / 2),
        b: at(w.offset + w.width / 2),
        sill: w.sill,
        head: w.head,
        frame: w.frame,
        glass: w.glass ?? DEFAULT_GLASS_TRANSMITTANCE,
        direction: edgeDirection(scene, w.edge),
      };
    }),
    ...(scene.skylights?.length
      ? {
          skylights: scene.skylights.map((k) => ({
            id: k.id,
            polygon: k.polygon,
            frame: k.frame,
            glass: k.glass ?? DEFAULT_GLASS_TRANSMITTANCE,
          })),
        }
      : {}),
    targets: scene.thresholds,
    ...(updating ? { updating } : {}),
    north: scene.north ?? 0,
    floorAboveTerrain: scene.floorZ,
    height: scene.height,
    materials: materialsText(scene.materials, scene.modelType === 'df_custom'),
    surroundings: surroundingsText(scene, shown),
    // A building's trees as crowns stand in no mesh (scene.ts): a line of their own.
    ...(scene.surroundings.kind === 'mesh' && scene.surroundings.crowns
      ? { trees: crownsPhrase(scene.surroundings.crowns) }
      : {}),
    map: answer,
    summary: answerSummary(shown, scene.thresholds),
    palette,
    scaleMax,
    source:
      m.kind === 'engine'
        ? engineMethodText(m)
        : `Lux model ${m.name} ${m.version} (a preview; the engine gives the physics answer)`,
    ...(stamp !== undefined ? { stamp } : {}),
    ...(year ? { climate: year.summary, ...(year.weather ? { weather: year.weather } : {}) } : {}),
    project: projectNow(),
  };
  return roomSheetSvg(sheet);
}

/**
 * The surroundings as the page's answer saw them: a mesh held by the workers, or a building's own surfaces
 * for its room (building/editorMesh.ts), themselves; otherwise each window's obstruction angles measured from
 * the mesh (a building's room changed in the editor, the model's preview of one), said so.
 */
export function surroundingsText(scene: Scene, shown: Pick<Shown, 'amongBuilding'>): string {
  const s = scene.surroundings;
  if (s.kind === 'open') return 'Open sky';
  if (s.kind === 'angles') return 'Obstruction angles as typed';
  const mesh = `${s.name} (${s.triangles.toLocaleString('en')} triangles)`;
  return heldMeshId(scene) !== null || shown.amongBuilding
    ? mesh
    : `${mesh}: each window’s obstruction angles of it`;
}

/**
 * The sheet as a PNG at `scale` × its canvas's px (2: 2246 × 1588 px, ~230 dpi at its printed 251.6 mm),
 * drawn by the browser. From the canvas, not the image's natural size: the SVG states its size in mm.
 */
export async function sheetPng(svg: string, scale = 2): Promise<Blob> {
  const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
  try {
    const img = new Image();
    img.src = url;
    await img.decode();
    const c = document.createElement('canvas');
    c.width = SHEET_WIDTH * scale;
    c.height = SHEET_HEIGHT * scale;
    c.getContext('2d')!.drawImage(img, 0, 0, c.width, c.height);
    return await new Promise<Blob>((resolve, reject) =>
      c.toBlob((b) => (b ? resolve(b) : reject(new Error('The image could not be made.'))), 'image/png'),
    );
  } finally {
    URL.revokeObjectURL(url);
  }
}

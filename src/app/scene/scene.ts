import { z } from 'zod';
import type { RawCrowns } from '../../core/validation/crowns';
import { crownsSchema } from '../../core/validation/schemas';
import { FLOOR_LIMIT } from '../../core/api/highFloor';
import { DEFAULT_MAX_CORNERS, DEFAULT_MAX_WINDOWS } from '../../core/validation/requests';
import { DEFAULT_REFLECTANCES, type Reflectances } from '../../core/types';
import { DEFAULT_COMPLIANCE, type Thresholds } from '../../core/stats/verdicts';
import { EN_BASIS_MAX } from '../../core/climate/en17037';

/**
 * The scene a user draws: everything needed to predict, verify and share a room. Plain data (no class
 * instances, no typed arrays) so that it can be stored, diffed for undo, and encoded in a share link.
 * A mesh's triangles are not part of it (they can be huge): the scene keeps what it derived from them.
 *
 * Lengths in metres, angles in degrees, world frame of conventions.md (x east, y north, z up).
 */

/** A window on one wall: edge i runs from outline[i] to outline[i + 1]. */
export interface SceneWindow {
  id: string;
  edge: number;
  /** Centre of the opening along the edge, from the edge's start (m). */
  offset: number;
  width: number;
  /** Above the floor (m). */
  sill: number;
  head: number;
  /** Opaque share of the opening, 0–1. */
  frame: number;
  /** Wall thickness at the window (m): the plan depth of the opening. */
  thickness: number;
  /** Light transmittance of the glass at normal incidence, 0.40–0.90; absent: 0.70 (the API's default). */
  glass?: number | undefined;
}

/** A skylight or roof window over the room (from IFC): its outline in plan, convex, inside the room's. */
export interface SceneSkylight {
  id: string;
  polygon: [number, number][];
  /** Opaque share of the opening, 0–1. */
  frame: number;
  /** Light transmittance of the glass at normal incidence; absent: 0.70. */
  glass?: number | undefined;
}

export interface Angles {
  horizon: number[];
  zenith: number[];
}

/**
 * What surrounds the room: nothing (open sky), typed angles for every window, or an imported mesh, of
 * which the scene keeps its name, size, each window's derived angles (recomputed when a window moves)
 * and, once the workers hold it, its id.
 */
export type Surroundings =
  | { kind: 'open' }
  | { kind: 'angles'; angles: Angles }
  | {
      kind: 'mesh';
      name: string;
      triangles: number;
      perWindow: Record<string, Angles>;
      /**
       * The mesh's id once the model and engine workers hold it (compute/heldMesh.ts): requests then name
       * it by `mesh_id` and are answered among the triangles themselves. Absent: each window's angles only
       * (a building's surroundings, a share link without its mesh, a worker that could not take it).
       */
      meshId?: string | undefined;
      /**
       * A building's trees as crowns that let light through (its vegetation setting `translucent`): every
       * request of the room carries them, as its row's does (core/building/surroundings.ts). Checked as a
       * request's `crowns` where it is run.
       */
      crowns?: RawCrowns | undefined;
      /**
       * The scene came from a share link too large for its mesh, or is the room kept from the last visit
       * with such a mesh (share/codec.ts): only the windows' angles came, and nothing on this device holds
       * the triangles (an import of them is a new surroundings). Kept in the scene, so that an undo back to
       * it says so again and no other mesh answers for it.
       */
      notCarried?: 'link' | 'kept' | undefined;
    };

export type { Thresholds } from '../../core/stats/verdicts';
export { DEFAULT_COMPLIANCE as DEFAULT_THRESHOLDS } from '../../core/stats/verdicts';

export interface Scene {
  /** Interior wall faces in plan, counter-clockwise. */
  outline: [number, number][];
  floorZ: number;
  height: number;
  windows: SceneWindow[];
  /** Openings in the roof (engine only: the model knows windows in walls); absent: none. */
  skylights?: SceneSkylight[] | undefined;
  /**
   * A sloped ceiling (from IFC): planes z = a·x + b·y + c (absolute), the ceiling the lowest of them and
   * the flat top; engine only. Absent: flat.
   */
  ceilingPlanes?: [number, number, number][] | undefined;
  surroundings: Surroundings;
  modelType: 'df_default' | 'df_custom';
  materials: Reflectances;
  thresholds: Thresholds;
  /**
   * True north, in degrees clockwise from the plan's up (+y). Only what is shown depends on it (compass
   * bearings, the north arrow); the API's frame keeps +y as north (core/geometry/bearing.ts). Absent: 0.
   */
  north?: number | undefined;
  /**
   * The engine's bounce limit, Radiance's -ab, for reproducing a study that prescribes one; absent: every
   * reflection counted (the converged daylight factor, the default). The model's preview ignores it.
   */
  ambientBounces?: number | undefined;
  /**
   * The room's name as its report page titles it ("A103 Kitchen · Level 1" for a room from IFC); absent:
   * unnamed. Not part of any request.
   */
  name?: string | undefined;
  /**
   * The building room it was opened from (the IFC file's name and the room's index in it): its edits can be
   * kept back in that building while it is open. Absent: a room drawn here.
   */
  ifcRoom?: { file: string; index: number } | undefined;
}

export function defaultScene(): Scene {
  return {
    outline: [
      [0, 0],
      [6, 0],
      [6, 4],
      [0, 4],
    ],
    floorZ: 0,
    height: 2.7,
    windows: [{ id: 'w1', edge: 0, offset: 3, width: 2, sill: 0.9, head: 2.2, frame: 0.2, thickness: 0.3 }],
    surroundings: { kind: 'open' },
    modelType: 'df_default',
    materials: { ...DEFAULT_REFLECTANCES },
    thresholds: { ...DEFAULT_COMPLIANCE },
  };
}

/** The longest room name a scene holds (the Room panel's field; a room from IFC is cut to it). */
export const NAME_MAX = 120;

const finite = z.number().finite();
const angles64 = z.array(finite.min(0).max(90)).length(64);
const anglesSchema = z.object({ horizon: angles64, zenith: angles64 });

/**
 * Each field of a scene from outside (share links, files): shapes and ranges of api.md, and as many corners
 * and windows as the API takes (a room from IFC that the API takes, or one drawn here, travels).
 */
const sceneFields = z.object({
  outline: z
    .array(z.tuple([finite, finite]))
    .min(3)
    .max(DEFAULT_MAX_CORNERS),
  floorZ: finite.min(0).max(FLOOR_LIMIT),
  height: finite.gt(0).max(30),
  windows: z
    .array(
      z.object({
        id: z.string().min(1).max(40),
        edge: z.number().int().min(0),
        offset: finite,
        width: finite.gt(0).max(100),
        sill: finite.min(-0.15),
        head: finite,
        frame: finite.min(0).max(1),
        thickness: finite.min(0).max(2),
        glass: finite.min(0.4).max(0.9).optional(),
      }),
    )
    .max(DEFAULT_MAX_WINDOWS),
  skylights: z
    .array(
      z.object({
        id: z.string().min(1).max(40),
        polygon: z
          .array(z.tuple([finite, finite]))
          .min(3)
          .max(16),
        frame: finite.min(0).max(1),
        glass: finite.min(0.4).max(0.9).optional(),
      }),
    )
    .max(32)
    .optional(),
  ceilingPlanes: z
    .array(z.tuple([finite, finite, finite]))
    .min(1)
    .max(8)
    .optional(),
  north: finite.min(-360).max(360).optional(),
  ambientBounces: z.number().int().min(1).max(1000).optional(),
  name: z.string().max(NAME_MAX).optional(),
  ifcRoom: z.object({ file: z.string().max(300), index: z.number().int().min(0) }).optional(),
  surroundings: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('open') }),
    z.object({ kind: z.literal('angles'), angles: anglesSchema }),
    z.object({
      kind: z.literal('mesh'),
      name: z.string().max(200),
      triangles: z.number().int().min(0),
      perWindow: z.record(z.string(), anglesSchema),
      meshId: z
        .string()
        .regex(/^[0-9a-f]{64}$/)
        .optional(),
      notCarried: z.enum(['link', 'kept']).optional(),
      crowns: crownsSchema.optional(),
    }),
  ]),
  modelType: z.enum(['df_default', 'df_custom']),
  materials: z.object({
    ceiling_reflectance: finite.min(0.5).max(0.9),
    horizontal_reflectance: finite.min(0.05).max(0.6),
    vertical_reflectance: finite.min(0.3).max(0.9),
    facade_reflectance: finite.min(0.1).max(0.6),
    terrain_reflectance: finite.min(0.05).max(0.4),
  }),
  thresholds: z.object({
    bfsDf: finite.min(0).max(20),
    bfsShare: finite.min(0).max(100),
    enTarget: finite.min(0).max(20),
    enMinimum: finite.min(0).max(20),
    enBasis: z.string().max(EN_BASIS_MAX).optional(),
  }),
}) satisfies z.ZodType<Scene>;

/**
 * Structural check of a scene from outside: its fields, and what the editor takes for granted of every scene
 * it shows — each window on one of the room's walls, and named once (the plan, the panels and the requests
 * find windows by their id).
 */
export const sceneSchema = sceneFields.superRefine((s, ctx) => {
  const named = new Set<string>();
  s.windows.forEach((w, i) => {
    if (w.edge >= s.outline.length)
      ctx.addIssue({
        code: 'custom',
        path: ['windows', i, 'edge'],
        message: `window ${w.id} is on wall ${w.edge + 1} of a room with ${s.outline.length} walls`,
      });
    if (named.has(w.id))
      ctx.addIssue({ code: 'custom', path: ['windows', i, 'id'], message: `two windows are named ${w.id}` });
    named.add(w.id);
  });
  // Skylights too: the plan, the request (an object keyed by id) and the building's copy find each by it.
  const skylights = new Set<string>();
  s.skylights?.forEach((k, i) => {
    if (skylights.has(k.id))
      ctx.addIssue({
        code: 'custom',
        path: ['skylights', i, 'id'],
        message: `two skylights are named ${k.id}`,
      });
    skylights.add(k.id);
  });
});

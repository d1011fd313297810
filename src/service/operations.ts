import { encode, encodeRaw } from '../core/api/encodeOps';
import { calculateDirection, getReferencePoint } from '../core/api/geometryOps';
import { horizon, obstruction, obstructionAll, zenith } from '../core/api/obstructionOps';
import type { CoreOperation } from '../core/api/result';
import { LuxError } from '../core/errors';
import { run, runDetailed } from '../core/api/runOps';
import { simulate } from '../core/api/simulateOps';
import { merge, stats } from '../core/api/statsOps';
import * as R from '../core/validation/responses';
import * as S from '../core/validation/schemas';
import { z } from 'zod';
import { angles, grid, legacyViewpoint, MESH, parameters, ROOM_POLYGON, viewpoint, WINDOW } from './examples';
import * as D from './requestDocs';
import type { JsonSchema } from './requestDocs';

/** POST /v2/meshes: a service operation (it keeps state), not one of the core's stateless operations. */
export const STORE_MESH = 'store-mesh';

/** The components of the multi-process mode (gateway on 8080, components on 8081–8085). */
export type Component = 'obstruction' | 'encoder' | 'model' | 'merger' | 'stats';

/**
 * One descriptor per POST operation of api.md (issue 31): everything the faces derive an endpoint from.
 * The server's routes and auth scopes, the multi-process mode's components, the scheduler's lanes, the
 * OpenAPI document's requests and examples, the example answers and the tests' example bodies all read
 * this list; the work itself is the core function `run`, or the service's mesh store for `POST /meshes`.
 * No Node API here: the browser's API worker reads the same list. Adding an endpoint: its core function and one entry here
 * (docs/architecture.md).
 */
export interface RouteSpec {
  path: string;
  op: string;
  component: Component;
  /** Further components that serve the route too, each on its own (multi-process mode). */
  alsoOn?: readonly Component[];
  /** The scope a token needs; a list: any one of them. */
  scope: string | readonly string[];
  summary: string;
  /** Needs an installed model (503 "model not installed" otherwise), not just its component running. */
  needsModel?: boolean;
}

export interface OperationSpec extends RouteSpec {
  /** The core function of the parsed body it runs (null: the service's own mesh store). */
  run: CoreOperation | null;
  /** Its JSON answer's schema (validation/responses.ts; null: it answers a file). */
  response: z.ZodType | null;
  /**
   * How heavy its work is (lanes.ts): always heavy, or light while its body is at most this many bytes
   * (its work is bounded by the body's size).
   */
  lane: 'heavy' | number;
  /** Takes a `mesh`, hence a `mesh_id` (a stored context). */
  takesMesh: boolean;
  /** The request body's JSON Schema (OpenAPI), from the zod schema that validates it. */
  request: () => JsonSchema;
  /** Valid request bodies: the first is the OpenAPI example and the source of the example answer. */
  examples: readonly unknown[];
}

/** A body up to this size is light work (about 100 windows with their angles, or a 400-triangle mesh). */
export const LIGHT_BODY_BYTES = 64 * 1024;
/**
 * /stats and /merge carry only grids, whose work is a pass over the cells: ~50 ms per MiB of JSON for
 * /stats, ~25 for /merge (measured on the 2-core VM). Up to 1 MiB (a 30 × 30 m room at 0.1 m) they are
 * light; a 10 × 10 m room's grid is 86 KiB, which the general bound made heavy.
 */
export const LIGHT_GRID_BYTES = 1024 * 1024;
const LIGHT_BODY = LIGHT_BODY_BYTES;
const LIGHT_GRID = LIGHT_GRID_BYTES;

export const OPERATION_SPECS: readonly OperationSpec[] = [
  {
    path: '/run',
    op: 'run',
    run: run,
    response: z.union([...R.runResponse.options, ...R.climateResponse.options]),
    component: 'model',
    scope: 'run',
    summary: 'End-to-end DF prediction for a room',
    needsModel: true,
    lane: LIGHT_BODY,
    takesMesh: true,
    request: () => D.runDoc(),
    examples: [
      { model_type: 'df_default', parameters, mesh: MESH },
      {
        model_type: 'df_custom_2.0.1',
        parameters,
        horizon: angles(5),
        zenith: angles(10),
        response_format: 'base64',
      },
    ],
  },
  {
    path: '/run/detailed',
    op: 'run-detailed',
    run: runDetailed,
    response: R.runDetailedResponse,
    component: 'model',
    scope: 'run',
    summary: "/run's answer plus each window's own share of the map (the original's /run/detailed)",
    needsModel: true,
    lane: LIGHT_BODY,
    takesMesh: true,
    request: D.runDetailedDoc,
    examples: [
      {
        model_type: 'df_default',
        parameters: { ...parameters, windows: { w1: WINDOW, w2: { ...WINDOW, x1: 3, x2: 4 } } },
        mesh: MESH,
      },
    ],
  },
  {
    path: '/simulate',
    op: 'simulate',
    run: simulate,
    response: z.union([...R.simulateResponse.options, ...R.climateResponse.options]),
    component: 'model',
    scope: 'simulate',
    summary: 'DF by the physics engine (same request and response as /run)',
    lane: 'heavy',
    takesMesh: true,
    request: () => D.runDoc(S.simulateOptions),
    examples: [
      { model_type: 'df_default', parameters, mesh: MESH, quality: 'draft' },
      {
        model_type: 'df_custom',
        parameters,
        horizon: angles(5),
        zenith: angles(10),
        response_format: 'base64',
        seed: 3,
        quality: 'draft',
      },
    ],
  },
  {
    path: '/obstruction_all',
    op: 'obstruction-all',
    run: obstructionAll,
    response: R.obstructionAllResponse,
    component: 'obstruction',
    scope: 'obstruction',
    summary: '64-direction horizon and zenith angles',
    lane: LIGHT_BODY,
    takesMesh: true,
    request: D.obstructionAllDoc,
    examples: [{ room_polygon: ROOM_POLYGON, windows: { w1: WINDOW }, mesh: MESH }, viewpoint],
  },
  {
    path: '/horizon',
    op: 'horizon',
    run: horizon,
    response: R.horizonResponse,
    component: 'obstruction',
    scope: 'obstruction',
    summary: 'Horizon angle in one direction',
    lane: LIGHT_BODY,
    takesMesh: true,
    request: D.viewpointWithLegacy,
    examples: [viewpoint, legacyViewpoint],
  },
  {
    path: '/zenith',
    op: 'zenith',
    run: zenith,
    response: R.zenithResponse,
    component: 'obstruction',
    scope: 'obstruction',
    summary: 'Zenith angle in one direction',
    lane: LIGHT_BODY,
    takesMesh: true,
    request: D.viewpointWithLegacy,
    examples: [viewpoint, legacyViewpoint],
  },
  {
    path: '/obstruction',
    op: 'obstruction',
    run: obstruction,
    response: R.obstructionResponse,
    component: 'obstruction',
    scope: 'obstruction',
    summary: 'Horizon and zenith in one direction',
    lane: LIGHT_BODY,
    takesMesh: true,
    request: D.viewpointWithLegacy,
    examples: [viewpoint, legacyViewpoint],
  },
  {
    path: '/get-reference-point',
    op: 'get-reference-point',
    run: getReferencePoint,
    response: R.referencePointResponse,
    component: 'encoder',
    scope: 'geometry',
    summary: 'Window reference points',
    lane: LIGHT_BODY,
    takesMesh: true,
    request: () => D.windowsOnlyDoc(true),
    examples: [{ room_polygon: ROOM_POLYGON, windows: { w1: WINDOW } }, { parameters }],
  },
  {
    path: '/calculate-direction',
    op: 'calculate-direction',
    run: calculateDirection,
    response: R.directionResponse,
    component: 'encoder',
    scope: 'geometry',
    summary: 'Window direction angles',
    lane: LIGHT_BODY,
    takesMesh: true,
    request: () => D.windowsOnlyDoc(false),
    examples: [{ room_polygon: ROOM_POLYGON, windows: { w1: { x1: 1, y1: 0, x2: 2, y2: 0 } } }],
  },
  {
    path: '/encode',
    op: 'encode',
    run: encode,
    response: null,
    component: 'encoder',
    scope: 'encode',
    summary: 'The v2/v1 model input as NPY files in a ZIP',
    lane: LIGHT_BODY,
    takesMesh: true,
    request: D.encodeDoc,
    examples: [
      { model_type: 'df_default', parameters, mesh: MESH },
      { model_type: 'df_custom', parameters, mesh: MESH, encoding_scheme: 'v1' },
    ],
  },
  {
    path: '/encode_raw',
    op: 'encode-raw',
    run: encodeRaw,
    response: null,
    component: 'encoder',
    scope: 'encode',
    summary: 'Encoding from given angles, no mesh',
    lane: LIGHT_BODY,
    takesMesh: false,
    request: D.encodeRawDoc,
    examples: [
      {
        model_type: 'df_default',
        parameters: {
          ...parameters,
          windows: { w1: { ...WINDOW, direction_angle: 270, horizon: angles(5), zenith: angles(10) } },
        },
      },
    ],
  },
  {
    path: '/meshes',
    op: STORE_MESH,
    run: null,
    response: R.storedMeshResponse,
    component: 'obstruction',
    alsoOn: ['encoder', 'model'],
    scope: ['obstruction', 'run', 'simulate', 'encode', 'geometry'],
    summary: 'Store a context once; later requests name it by `mesh_id` instead of sending `mesh`',
    lane: 'heavy',
    takesMesh: false,
    request: D.storeMeshDoc,
    examples: [{ mesh: MESH }],
  },
  {
    path: '/stats',
    op: 'stats',
    run: (b) => stats(b),
    response: R.statsResponse,
    component: 'stats',
    scope: 'stats',
    summary: 'Statistics of a DF grid',
    lane: LIGHT_GRID,
    takesMesh: false,
    request: D.statsDoc,
    examples: [grid, { ...grid, thresholds: [0.5, 2, 5] }],
  },
  {
    path: '/merge',
    op: 'merge',
    run: merge,
    response: R.mergeResponse,
    component: 'merger',
    scope: 'merge',
    summary: 'Sum of per-window DF grids',
    lane: LIGHT_GRID,
    takesMesh: false,
    request: D.mergeDoc,
    examples: [
      {
        window_results: {
          a: grid,
          b: {
            df_matrix: [
              [1, 1, 1],
              [1, 1, 1],
            ],
            room_mask: [
              [0, 0, 1],
              [0, 0, 1],
            ],
          },
        },
      },
    ],
  },
];

/** The routes, as the server and the gateway read them. */
export const ROUTES: readonly RouteSpec[] = OPERATION_SPECS;

export const specOf = (op: string): OperationSpec | undefined => OPERATION_SPECS.find((s) => s.op === op);

/** Valid request bodies by route path (the OpenAPI examples, the fuzz seeds, the HTTP tests' requests). */
export const EXAMPLE_BODIES: Record<string, readonly unknown[]> = Object.fromEntries(
  OPERATION_SPECS.map((s) => [s.path, s.examples]),
);

/** The components that serve a route (multi-process mode). */
/** The core function an operation runs, by its name (the server's threads, the browser's API worker). */
export function coreOperation(op: string): CoreOperation {
  const run = specOf(op)?.run;
  if (!run) throw new LuxError('not_found', `Unknown operation '${op}'`);
  return run;
}

export const componentsOf = (r: RouteSpec): readonly Component[] => [r.component, ...(r.alsoOn ?? [])];

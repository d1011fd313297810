import { validationError } from '../errors';
import { dropClosingPoint, straightWalls, type Polygon } from '../geometry/polygon';
import type { Vec2 } from '../geometry/vec';
import type { Crowns, ModelType, ResolvedRoom, RoomParameters, TriangleSoup, WindowSpec } from '../types';
import { deg, type Degrees } from '../units';
import { isPlainObject, parseWith } from './format';
import { parseMesh } from './mesh';
import { parseCrowns } from './crowns';
import { AT_ORIGIN, isAtOrigin, movedParameters, planOriginFor, type PlanOrigin } from './aboutRoom';
import { checkedWindowGeometry, checkPolygon, checkWindowHeights } from './room';
import * as S from './schemas';
import { checkCeilingPlanes } from './ceiling';
import { checkedSkylights, type RawSkylight } from './skylights';

/**
 * One parse function per request shape of api.md. Each returns a typed request or throws a LuxError
 * with the exact message; the server and the browser workers both call these.
 */

export interface Limits {
  maxMeshPoints: number;
  /** Windows per room (LUX_MAX_WINDOWS): each costs a model inference or an engine aperture. */
  maxWindows?: number;
  /** Corners of a room polygon (LUX_MAX_CORNERS): geometry checks and rasterising grow with them. */
  maxCorners?: number;
  /**
   * A context stored before (POST /v2/meshes) by its id; throws a `not_found` LuxError for an id the server
   * does not hold. Absent where nothing is stored: `mesh_id` is then refused.
   */
  storedMesh?: StoredMeshResolver;
}

/**
 * A stored context by id, moved about the room's computation origin (aboutRoom.ts): the store decides how
 * its moved copies are kept (a server counts them in its bytes, service/meshStore.ts; a browser worker's
 * HeldMeshes keeps them per soup, movedSoup).
 */
export type StoredMeshResolver = (id: string, origin?: PlanOrigin) => TriangleSoup;
export const DEFAULT_MAX_WINDOWS = 200;
export const DEFAULT_MAX_CORNERS = 1000;
export const DEFAULT_LIMITS: Limits = { maxMeshPoints: 3_000_000 };

/**
 * Absurd sizes are refused before any other check runs on them (a room of 20 000 windows would otherwise
 * run until the time-out): the raw counts of `windows` and `room_polygon`, against the limits, each with
 * the message naming the limit and its environment variable.
 */
export function checkRoomSize(room: unknown, limits: Limits): void {
  if (!isPlainObject(room)) return;
  const maxWindows = limits.maxWindows ?? DEFAULT_MAX_WINDOWS;
  const maxCorners = limits.maxCorners ?? DEFAULT_MAX_CORNERS;
  if (isPlainObject(room.windows)) {
    const n = Object.keys(room.windows).length;
    if (n > maxWindows)
      throw validationError(
        `Parameter 'windows' has ${n} windows, above the limit of ${maxWindows} per room (LUX_MAX_WINDOWS)`,
      );
  }
  if (Array.isArray(room.room_polygon) && room.room_polygon.length > maxCorners)
    throw validationError(
      `Parameter 'room_polygon' has ${room.room_polygon.length} corners, above the limit of ${maxCorners} (LUX_MAX_CORNERS)`,
    );
}

const parametersOf = (body: unknown): unknown => (isPlainObject(body) ? body.parameters : undefined);

export type { ResolvedRoom } from '../types';

/** A window as zod returns it: optional fields may be present as `undefined`. */
type RawWindow = object;

function toWindows(record: Record<string, RawWindow>): WindowSpec[] {
  return Object.entries(record).map(([id, w]) => {
    const out: Record<string, unknown> = { id };
    for (const [k, v] of Object.entries(w)) if (v !== undefined) out[k] = v;
    out.z1 ??= 0;
    out.z2 ??= 0;
    return out as unknown as WindowSpec;
  });
}

function toPolygon(points: [number, number][]): Polygon {
  const poly = dropClosingPoint(points.map((p): Vec2 => [p[0], p[1]]));
  checkPolygon(poly);
  return poly;
}

function resolveRoom(
  p: {
    height_roof_over_floor: number;
    floor_height_above_terrain: number;
    room_polygon: [number, number][];
    windows: Record<string, RawWindow>;
    skylights?: Record<string, RawSkylight> | undefined;
    ceiling_planes?: [number, number, number][] | undefined;
  },
  checkHeights: boolean,
): ResolvedRoom {
  const room_polygon = toPolygon(p.room_polygon) as Vec2[];
  const windows = toWindows(p.windows);
  const skylights = checkedSkylights(p.skylights, room_polygon);
  if (windows.length === 0 && skylights.length === 0)
    throw validationError(`Parameter 'windows' must contain at least one window (or 'skylights' a skylight)`);
  const floor = p.floor_height_above_terrain;
  const ceiling = floor + p.height_roof_over_floor;
  const geometry = windows.map((w) => {
    const g = checkedWindowGeometry(room_polygon, w);
    if (checkHeights) checkWindowHeights(w, floor, ceiling);
    return g;
  });
  if (p.ceiling_planes)
    checkCeilingPlanes(p.ceiling_planes, room_polygon, floor, ceiling, windows, skylights);
  const { skylights: _raw, ceiling_planes: _planes, ...rest } = p;
  const parameters = { ...rest, room_polygon, windows } as RoomParameters;
  if (skylights.length > 0) parameters.skylights = skylights;
  if (p.ceiling_planes) parameters.ceiling_planes = p.ceiling_planes.map(([a, b, c]) => [a, b, c]);
  return { parameters, geometry };
}

/** `df_default_2.0.1` → `df_default` (a version suffix is accepted and ignored). */
export function baseModelType(raw: string): ModelType {
  return raw.replace(/_\d+\.\d+(\.\d+)?$/, '') as ModelType;
}

const hasAngles = (w: unknown, top: Record<string, unknown>): boolean =>
  isPlainObject(w) &&
  (w.horizon !== undefined || top.horizon !== undefined) &&
  (w.zenith !== undefined || top.zenith !== undefined);

/** `mesh` (or `mesh_id`) is required unless every window ends up with both horizon and zenith. */
function meshMissing(body: Record<string, unknown>): string[] {
  if (body.mesh !== undefined || body.mesh_id !== undefined) return [];
  const windows = isPlainObject(body.parameters) ? body.parameters.windows : undefined;
  if (isPlainObject(windows)) {
    // An empty windows object is reported by its own rule (≥ 1 window), not as a missing mesh.
    if (Object.values(windows).every((w) => hasAngles(w, body))) return [];
  } else if (body.horizon !== undefined && body.zenith !== undefined) {
    return [];
  }
  return ['mesh'];
}

/**
 * Top-level angles apply to every window that has none of its own; the mesh is parsed when a window still
 * lacks one (or when one is given anyway: it is validated either way, unless it is empty).
 */
/** Endpoints whose only input is the mesh: one of `mesh` and `mesh_id` must be there. */
const meshRequired = (body: Record<string, unknown>): string[] =>
  body.mesh === undefined && body.mesh_id === undefined ? ['mesh'] : [];

interface MeshFields {
  mesh?: unknown;
  mesh_id?: string | undefined;
}

/** The request's mesh: sent with it (`mesh`), or stored on the server before (`mesh_id`). */
function meshOf(top: MeshFields, limits: Limits, origin: PlanOrigin = AT_ORIGIN): TriangleSoup {
  if (top.mesh_id === undefined) return parseMesh(top.mesh, limits.maxMeshPoints, origin);
  if (top.mesh !== undefined) throw validationError(`Give either 'mesh' or 'mesh_id', not both`);
  if (!limits.storedMesh)
    throw validationError(`Parameter 'mesh_id' needs a Lux server that stores meshes; send 'mesh' instead`);
  return limits.storedMesh(top.mesh_id, origin);
}

function anglesOrMesh(
  room: ResolvedRoom,
  top: { horizon?: number[] | undefined; zenith?: number[] | undefined } & MeshFields,
  limits: Limits,
  origin: PlanOrigin = AT_ORIGIN,
): TriangleSoup | null {
  for (const w of room.parameters.windows) {
    if (w.horizon === undefined && top.horizon) w.horizon = top.horizon;
    if (w.zenith === undefined && top.zenith) w.zenith = top.zenith;
  }
  const needsMesh = room.parameters.windows.some((w) => !w.horizon || !w.zenith);
  // `mesh: []` beside angles for every window: the original skips the mesh (clients send it so).
  const emptyMesh = Array.isArray(top.mesh) && top.mesh.length === 0;
  if (!needsMesh && top.mesh_id === undefined && (top.mesh === undefined || emptyMesh)) return null;
  return meshOf(top, limits, origin);
}

export interface RunRequest extends ResolvedRoom {
  modelType: ModelType;
  responseFormat: 'json' | 'base64';
  mesh: TriangleSoup | null;
  /** Tree crowns that let part of the light through (the engine's; the model does not take them). */
  crowns?: Crowns;
  /**
   * Where the request's geometry was moved from (aboutRoom.ts): the room and mesh here lie about
   * (0, 0), and the answer's coordinates add this back. Absent: the request's own coordinates.
   */
  planOrigin?: PlanOrigin;
}

export interface ParseOptions {
  /**
   * The request as the engine and the model compute it: a room far from the plan's origin (national grids,
   * UTM) moved near it before its geometry becomes single precision (aboutRoom.ts), and its outline's
   * corners on straight walls dropped (polygon.ts straightWalls: a window across one kept whole). For what
   * computes an answer; code that edits the request's own body (proposals) reads it as it was sent.
   */
  asComputed?: boolean;
}

export function parseRunRequest(
  body: unknown,
  limits: Limits = DEFAULT_LIMITS,
  o: ParseOptions = {},
): RunRequest {
  return parseRoomRun(body, limits, false, o).req;
}

/** A climate-based request (da_default, da_custom): the room as /run takes it, and the year's weather. */
export interface ClimateRequest extends RunRequest {
  /** The EPW text (read by climate/epw.ts). */
  weather: string;
  occupiedFrom: number;
  occupiedTo: number;
  daLux: number;
  /**
   * True north, degrees clockwise from the plan's +y (climate.plan_north, default 0: the API's frame, y
   * north). A plan drawn to a building's grid (the app's, an IFC file's) keeps its frame and says where
   * north is; the sun and sky are turned into it (climate/sun.ts sunInPlan).
   */
  planNorth: number;
}

export const needsWeather = (modelType: string): string =>
  `model_type '${modelType}' needs a year of weather: send an EnergyPlus weather file (EPW) as the text of 'weather' in the JSON body, or as a 'weather' file part of a multipart form`;

export function parseClimateRequest(
  body: unknown,
  limits: Limits = DEFAULT_LIMITS,
  o: ParseOptions = {},
): ClimateRequest {
  const { req, r } = parseRoomRun(body, limits, true, o);
  if (!req.modelType.startsWith('da_'))
    throw validationError(
      `model_type '${req.modelType}' is a daylight factor: climate-based runs take da_default or da_custom`,
    );
  if (typeof r.weather !== 'string' || r.weather.trim() === '')
    throw validationError(needsWeather(req.modelType));
  const from = r.climate?.occupied_from ?? 8,
    to = r.climate?.occupied_to ?? 18;
  if (to <= from)
    throw validationError(
      `Parameter 'climate.occupied_to' (${to}) must be after 'climate.occupied_from' (${from})`,
    );
  return {
    ...req,
    weather: r.weather,
    occupiedFrom: from,
    occupiedTo: to,
    daLux: r.climate?.da_lux ?? 300,
    planNorth: r.climate?.plan_north ?? 0,
  };
}

function parseRoomRun(body: unknown, limits: Limits, climate: boolean, o: ParseOptions) {
  checkRoomSize(parametersOf(body), limits);
  const r = parseWith(S.runRequest, body, meshMissing);
  const modelType = baseModelType(r.model_type);
  // Daylight autonomy needs a year of weather and daylight coefficients (docs/climate.md): never a fake map.
  if (modelType.startsWith('da_') && !climate) throw validationError(needsWeather(modelType));
  let room = resolveRoom(r.parameters, true);
  const origin = o.asComputed ? planOriginFor(r.parameters.room_polygon) : AT_ORIGIN;
  // Checked as the user drew it (messages name their coordinates and corners), computed as it is: the move
  // is exact and the straight walls' corners are on the outline, so the room passes the same checks.
  let computed = isAtOrigin(origin) ? r.parameters : movedParameters(r.parameters, origin);
  if (o.asComputed) {
    const outline = straightWalls(dropClosingPoint(computed.room_polygon));
    if (outline.length < room.parameters.room_polygon.length)
      computed = { ...computed, room_polygon: outline.map(([x, y]): [number, number] => [x, y]) };
  }
  if (computed !== r.parameters) room = resolveRoom(computed, true);
  // The top-level glass applies to every window without its own, as the top-level angles do, and to every
  // skylight or roof window without its own (the project's glass: a roof window kept 0.70 under a top-level
  // 0.50 and read 46 % too bright).
  if (r.glass_transmittance !== undefined) {
    for (const w of room.parameters.windows) w.glass_transmittance ??= r.glass_transmittance;
    for (const s of room.parameters.skylights ?? []) s.glass_transmittance ??= r.glass_transmittance;
  }
  const req: RunRequest = {
    ...room,
    modelType,
    responseFormat: r.response_format ?? 'json',
    mesh: anglesOrMesh(room, r, limits, origin),
    ...(r.crowns ? { crowns: parseCrowns(r.crowns, origin) } : {}),
    ...(isAtOrigin(origin) ? {} : { planOrigin: origin }),
  };
  return { req, r };
}

export interface EncodeRequest extends ResolvedRoom {
  modelType: ModelType;
  scheme: 'v1' | 'v2';
  mesh: TriangleSoup | null;
  /**
   * Where the mesh's (0, 0) lies in the room's plan: the encoding reproduces the original's images from
   * the room where the user drew it, while the angles from the mesh are computed about the room.
   */
  meshOrigin?: PlanOrigin;
}

/**
 * The original encoder's outlines (upstream encoder.md §5.1): its points as `{"x", "y"}` objects (its own
 * recorded requests write them so) or as lists with more than two items (`[x, y, z]`, the extra dropped),
 * read as the `[x, y]` points every other endpoint takes. Anything else is left for validation to name.
 */
function encoderOutline(body: unknown): unknown {
  const p = parametersOf(body);
  if (!isPlainObject(p) || !Array.isArray(p['room_polygon'])) return body;
  const poly: unknown[] = p['room_polygon'];
  const points = poly.map((pt: unknown) => {
    if (Array.isArray(pt)) return pt.length > 2 ? pt.slice(0, 2) : pt;
    if (pt !== null && typeof pt === 'object' && 'x' in pt && 'y' in pt)
      return [(pt as { x: unknown }).x, (pt as { y: unknown }).y];
    return pt;
  });
  return { ...(body as object), parameters: { ...p, room_polygon: points } };
}

export function parseEncodeRequest(
  raw: unknown,
  limits: Limits = DEFAULT_LIMITS,
  o: ParseOptions = {},
): EncodeRequest {
  const body = encoderOutline(raw);
  checkRoomSize(parametersOf(body), limits);
  const r = parseWith(S.encodeRequest, body, meshMissing);
  const room = resolveRoom(r.parameters, true);
  const origin = o.asComputed ? planOriginFor(r.parameters.room_polygon) : AT_ORIGIN;
  return {
    ...room,
    modelType: baseModelType(r.model_type),
    scheme: r.encoding_scheme ?? 'v2',
    mesh: anglesOrMesh(room, r, limits, origin),
    ...(isAtOrigin(origin) ? {} : { meshOrigin: origin }),
  };
}

export function parseEncodeRawRequest(raw: unknown, limits: Limits = DEFAULT_LIMITS): EncodeRequest {
  const body = encoderOutline(raw);
  checkRoomSize(parametersOf(body), limits);
  const r = parseWith(S.encodeRawRequest, body);
  return {
    ...resolveRoom(r.parameters, true),
    modelType: baseModelType(r.model_type),
    scheme: r.encoding_scheme ?? 'v2',
    mesh: null,
  };
}

/** /get-reference-point and /calculate-direction accept the windows bare or in a `parameters` wrapper. */
function unwrapParameters(body: unknown): unknown {
  if (isPlainObject(body) && body.room_polygon === undefined && isPlainObject(body.parameters))
    return body.parameters;
  return body;
}

export function parseWindowsRequest(
  body: unknown,
  needZ: boolean,
  limits: Limits = DEFAULT_LIMITS,
): ResolvedRoom {
  checkRoomSize(unwrapParameters(body), limits);
  const r = parseWith(S.windowsOnlyRequest(needZ), unwrapParameters(body));
  // These endpoints need no mesh, but one that is sent is checked as everywhere else (not silently taken).
  if (isPlainObject(body) && (body.mesh !== undefined || body.mesh_id !== undefined))
    meshOf(body as MeshFields, limits);
  const room_polygon = toPolygon(r.room_polygon) as Vec2[];
  const windows = toWindows(r.windows);
  const geometry = windows.map((w) => checkedWindowGeometry(room_polygon, w));
  return {
    parameters: { height_roof_over_floor: 0, floor_height_above_terrain: 0, room_polygon, windows },
    geometry,
  };
}

export interface ViewpointRequest {
  x: number;
  y: number;
  z: number;
  direction: Degrees;
  mesh: TriangleSoup;
}

/**
 * `x, y, z, direction_angle` (degrees) + mesh. The legacy form gives `rad_x`, `rad_y` (radians) instead of
 * `direction_angle`; only the azimuth `rad_y` matters.
 */
export function parseViewpointRequest(
  body: unknown,
  limits: Limits = DEFAULT_LIMITS,
  o: ParseOptions = {},
): ViewpointRequest {
  let input = body;
  // Checked wherever it is given (api.md: a numeric string is a type error, never silently accepted), read
  // only without direction_angle.
  if (isPlainObject(body) && body.rad_y !== undefined) {
    if (typeof body.rad_y !== 'number' || !Number.isFinite(body.rad_y)) {
      throw validationError(`Parameter 'rad_y' must be a finite number (radians)`);
    }
  }
  if (isPlainObject(body) && body.direction_angle === undefined && typeof body.rad_y === 'number') {
    const d = ((((body.rad_y * 180) / Math.PI) % 360) + 360) % 360;
    input = { ...body, direction_angle: d };
  }
  const r = parseWith(S.viewpointRequest, input, meshRequired);
  // The answer is angles only: the viewpoint and mesh are moved about the viewpoint and stay there.
  const origin = o.asComputed ? planOriginFor([[r.x, r.y]]) : AT_ORIGIN;
  return {
    x: r.x - origin.x,
    y: r.y - origin.y,
    z: r.z,
    direction: deg(r.direction_angle),
    mesh: meshOf(r, limits, origin),
  };
}

export interface ObstructionWindowsRequest extends ResolvedRoom {
  mesh: TriangleSoup;
  /** As RunRequest's: the room and mesh lie about (0, 0), the answer's points add this back. */
  planOrigin?: PlanOrigin;
}

/** /obstruction_all: the window form (room_polygon + windows), or the viewpoint form. */
export function isViewpointForm(body: unknown): boolean {
  return isPlainObject(body) && body.room_polygon === undefined && body.windows === undefined;
}

export function parseObstructionWindowsRequest(
  body: unknown,
  limits: Limits = DEFAULT_LIMITS,
  o: ParseOptions = {},
): ObstructionWindowsRequest {
  checkRoomSize(body, limits);
  const r = parseWith(S.obstructionWindowsRequest, body, meshRequired);
  const windowsOn = (p: { room_polygon: [number, number][]; windows: Record<string, RawWindow> }) => {
    const room_polygon = toPolygon(p.room_polygon) as Vec2[];
    const windows = toWindows(p.windows);
    const geometry = windows.map((w) => checkedWindowGeometry(room_polygon, w));
    return {
      parameters: { height_roof_over_floor: 0, floor_height_above_terrain: 0, room_polygon, windows },
      geometry,
    };
  };
  const drawn = windowsOn(r);
  const origin = o.asComputed ? planOriginFor(r.room_polygon) : AT_ORIGIN;
  if (isAtOrigin(origin)) return { ...drawn, mesh: meshOf(r, limits) };
  // Checked where drawn, computed about the room (as parseRoomRun).
  return { ...windowsOn(movedParameters(r, origin)), mesh: meshOf(r, limits, origin), planOrigin: origin };
}

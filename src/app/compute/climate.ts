import * as Comlink from 'comlink';
import { create } from 'zustand';
import type { ClimateSummary, MetricGrid } from '../../core/api/climateOps';
import { readEpw, type WeatherLocation } from '../../core/climate/epw';
import { passBody } from '../../core/building/outcome';
import { diffuseIlluminance, monthlySky, type MonthSky } from '../../core/climate/summary';
import { siteDfTargets, type SiteDfTargets } from '../../core/climate/en17037';
import { DA_LEVELS } from '../../core/climate/metrics';
import { runBody, runKey, sceneProblems } from '../scene/geometry';
import { wrap360 } from '../../core/geometry/bearing';
import type { Scene } from '../scene/scene';
import { useApp } from '../state/store';
import type { RoomMap } from './roomMap';
import type { SharedWeather } from '../share/codec';
import { findWeather, keepWeather } from './weatherStore';
import { epwFromZip, isZip } from '../../core/climate/weatherZip';
import { weatherFileOf } from '../../core/report/weatherFile';
import type { SheetYear } from '../../core/report/roomSheet';
import { engineWorker } from './workers';
import { buildingMeshFor } from './building/editorMesh';
import { namingMesh } from './building/lanesMesh';

/**
 * Climate-based daylight in the app (issue 32): the user's weather file, a year of it in the drawn room
 * (the engine's daylight coefficients, in the engine worker), and which metric the plan shows. A result
 * belongs to the room and the weather it was computed for; an edit leaves it on screen, marked as
 * outdated, until the next run.
 */
export type ClimateMetric = 'df' | 'da' | 'daBlinds' | 'aseHours' | 'udiUseful';

export interface LoadedWeather {
  name: string;
  text: string;
  location: WeatherLocation;
  /** SHA-256 of the file (hex): what a share link names it by. */
  digest: string;
  months: MonthSky[];
  notes: string[];
  /** EN 17037's daylight-factor targets for the site (its Annex A), once computed. */
  enTargets?: SiteDfTargets;
}

export interface ClimateState {
  weather: LoadedWeather | null;
  /** A share link's weather file that this device does not hold: the panel asks for it. */
  wanted: SharedWeather | null;
  weatherError: string | null;
  /**
   * The weather file just picked was the one loaded (the same SHA-256, whatever its name): said so, and
   * its year kept rather than thrown away and run again. Cleared by the next file read.
   */
  weatherNote: string | null;
  phase: 'idle' | 'running' | 'done' | 'cancelled' | 'error';
  /** The key of the room and weather the latest run was started for (climateKeyOf). */
  runFor: string | null;
  progress: number;
  error: string | null;
  /**
   * The last result, and the room and weather it answers (climateKeyOf the scene and weather);
   * `estimate`: the first estimate (every third cell and day), until the whole year replaces it.
   */
  result: {
    key: string;
    grids: Record<Exclude<ClimateMetric, 'df'>, MetricGrid>;
    summary: ClimateSummary;
    estimate: boolean;
  } | null;
  metric: ClimateMetric;
  /** DA's threshold (lx) for the DA maps and mean; sDA stays sDA300 (LEED's). */
  daLux: number;
}

/** The DA thresholds offered (the usual targets of standards and briefs): each counted with the year. */
export const DA_THRESHOLDS = DA_LEVELS;

export const useClimate = create<ClimateState>()(() => ({
  weather: null,
  wanted: null,
  weatherError: null,
  weatherNote: null,
  phase: 'idle',
  runFor: null,
  progress: 0,
  error: null,
  result: null,
  metric: 'df',
  daLux: 300,
}));

export const showMetric = (metric: ClimateMetric): void => useClimate.setState({ metric });

async function sha256(text: string): Promise<string> {
  const bytes = new TextEncoder().encode(text);
  const hash = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return Array.from(hash, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Which weather file was asked for last (picked, dropped or a share link's): reading and hashing a file are
 * asynchronous, so two picked within milliseconds could finish out of order and the earlier one be shown.
 * Only the latest goes on past each wait.
 */
let picked = 0;

/**
 * Reads a weather file the user dropped or picked, or the one .epw of a ZIP as weather files are downloaded
 * (weatherZip.ts); a bad one says why (its line and field).
 */
export async function loadWeather(
  file: Pick<File, 'name' | 'text' | 'arrayBuffer'>,
  run = true,
): Promise<void> {
  const mine = ++picked;
  let [name, text] = [file.name, await file.text()];
  if (isZip(text)) {
    try {
      ({ name, text } = epwFromZip(file.name, new Uint8Array(await file.arrayBuffer())));
    } catch (e) {
      if (mine === picked) useClimate.setState({ weatherError: (e as Error).message, weatherNote: null });
      return;
    }
  }
  if (mine === picked) await takeWeatherText(name, text, run, mine);
}

async function takeWeatherText(name: string, text: string, run = true, mine = ++picked): Promise<void> {
  const digest = await sha256(text);
  if (mine !== picked) return;
  if (useClimate.getState().weather?.digest === digest) return keepSameWeather(name, run);
  const before = useClimate.getState().phase;
  // The year starts in the engine worker first, so that its reading of the file (its own copy) and this
  // thread's, for the panel, run side by side: a new weather file's first estimate sooner by one read.
  const year = run ? runClimate({ text, digest }) : null;
  try {
    const w = readEpw(text);
    const weather: LoadedWeather = {
      name,
      text,
      location: w.location,
      digest,
      months: monthlySky(w),
      notes: w.notes,
    };
    const wanted = useClimate.getState().wanted;
    const other =
      wanted && wanted.digest !== weather.digest
        ? [`This is not the weather file the link was made with (${wanted.name}, ${wanted.city}).`]
        : [];
    weather.notes = [...other, ...weather.notes];
    // Taken without a year (the building view): the editor's year of the weather before stops, or its
    // answer would land later as this weather's result (phase done, the old file's figures on screen).
    if (!run) cancelClimate(false);
    useClimate.setState({
      weather,
      wanted: null,
      weatherError: null,
      weatherNote: null,
      result: null,
      ...(run ? {} : { phase: 'idle' as const }),
    });
    void keepWeather(weather.digest, { name, text });
    // EN 17037's targets for the site, once the year has started (~40 ms of this thread).
    setTimeout(() => {
      const enTargets = siteDfTargets(diffuseIlluminance(w));
      useClimate.setState((s) => (s.weather === weather ? { weather: { ...weather, enTargets } } : {}));
    }, 0);
  } catch (e) {
    // The run started on it stops; the weather and year on screen stay (a year it stopped is cancelled).
    if (year) {
      cancelClimate(false);
      useClimate.setState({ phase: before === 'running' ? 'cancelled' : before, progress: 0 });
    }
    useClimate.setState({
      weatherError: `${name} cannot be read: ${(e as Error).message}`,
      weatherNote: null,
    });
  }
  await year;
}

/**
 * The weather file loaded, picked again (the same contents, perhaps under another name): its year is kept,
 * not thrown away and computed again to the same figures (before 2026-12-07 it was, a year of waiting).
 * The year runs only when the room on screen has none of it yet (none computed, stopped, failed, or of the
 * room before an edit), as Run would. The file keeps the name it was loaded under: the report names it.
 */
function keepSameWeather(name: string, run: boolean): void {
  const s = useClimate.getState();
  const w = s.weather!;
  const scene = useApp.getState().scene;
  const key = climateKeyOf(scene, w);
  const kept =
    (s.phase === 'running' && s.runFor === key) ||
    (s.phase === 'done' && s.result?.key === key && !s.result.estimate);
  const same =
    name === w.name
      ? `${name} is the weather file already loaded`
      : `${name} has the same contents as ${w.name}, the weather file loaded`;
  const year = !run ? '.' : kept ? ': its year stays.' : ': its year runs for the room as it is now.';
  useClimate.setState({ wanted: null, weatherError: null, weatherNote: `${same}${year}` });
  if (run && !kept) void runClimate();
}

/**
 * A share link's weather file: taken from this device's store when it holds it (the year then runs as
 * for a file picked), else asked for by name.
 */
export async function restoreWeather(w: SharedWeather): Promise<void> {
  const mine = ++picked;
  const stored = await findWeather(w.digest);
  if (mine !== picked) return;
  if (stored) await takeWeatherText(stored.name, stored.text, true, mine);
  else useClimate.setState({ wanted: w });
}

/** What a share link says of the weather on screen. */
export function sharedWeather(): SharedWeather | null {
  const w = useClimate.getState().weather;
  return w ? { digest: w.digest, name: w.name, city: w.location.city } : null;
}

/**
 * The key a result is stored under: the room as the year's request carries it (runKey: not the daylight
 * factor's bounce limit, since a year counts every reflection), where north is as the request turns the sun
 * (plan_north, wrapped: −90° and 270° are one north), and the weather file.
 */
export const climateKeyOf = (scene: Scene, w: Pick<LoadedWeather, 'digest'>): string =>
  `${runKey(scene)}|${planNorth(scene)}|${w.digest}`;

/** The request's plan_north: the site's true north turns the sun into the plan; the room stays as drawn. */
const planNorth = (scene: Scene): number => wrap360(scene.north ?? 0);

/**
 * Whether the year on screen is of another room (or weather) than the scene's: the panel marks it so, and the
 * plan shows the scene's daylight factor instead of drawing the old room's map inside the new outline.
 */
export const climateOutdated = (s: Pick<ClimateState, 'result' | 'weather'>, scene: Scene): boolean =>
  s.result !== null && (s.weather === null || s.result.key !== climateKeyOf(scene, s.weather));

/**
 * Whether the run in progress is of another room (or weather) than the scene's: an edit made during it. The
 * panel then offers to run the year again at once (the run is replaced), rather than only after a year
 * nobody asked for any more.
 */
export const climateRunOutdated = (
  s: Pick<ClimateState, 'phase' | 'runFor' | 'weather'>,
  scene: Scene,
): boolean => s.phase === 'running' && (s.weather === null || s.runFor !== climateKeyOf(scene, s.weather));

let job = 0;
let current: number | null = null;

/**
 * A year of the loaded weather in the room on screen, in the engine worker: a first estimate (every third
 * cell and day: about a second), then the whole year replacing it. A room whose coefficients the worker
 * kept (another weather file, the same room again) gets its first estimate from every third of them in
 * about a tenth of a second, and the year in about one. `weather`: a file not yet in the store (its text
 * and digest), which takeWeatherText reads meanwhile.
 */
export async function runClimate(
  weather: Pick<LoadedWeather, 'text' | 'digest'> | null = useClimate.getState().weather,
): Promise<void> {
  if (!weather) return;
  cancelClimate(false);
  const scene = useApp.getState().scene;
  const key = climateKeyOf(scene, weather);
  // What keeps the room from a map keeps it from a year: said as the Results panel says it, nothing sent
  // (the engine's refusal named API fields; a mesh's angles still being measured were not waited for).
  const problems = sceneProblems(scene);
  if (problems.length > 0) {
    useClimate.setState({ phase: 'error', runFor: key, progress: 0, error: problems.join(' ') });
    return;
  }
  useClimate.setState({ phase: 'running', runFor: key, progress: 0, error: null });
  // A building's room as the building has it: among the building, as its row's year (editorMesh.ts). A run
  // started or a cancel meanwhile takes `current` from this one.
  const waiting = -1_000_000 - ++job;
  current = waiting;
  const meshId = await buildingMeshFor(scene);
  if (current !== waiting) return;
  // The room's request as a climate pass asks it (core/building/outcome.ts): da_*, the weather, draft.
  const { daLux } = useClimate.getState();
  const body = {
    ...passBody(namingMesh(runBody(scene), meshId), {
      method: 'climate',
      quality: 'draft',
      weather: weather.text,
    }),
    climate: { da_lux: daLux, plan_north: planNorth(scene) },
  };
  for (const preview of [true, false]) {
    const mine = -1_000_000 - ++job;
    current = mine;
    const r = await engineWorker().climate(
      mine,
      body,
      { preview, keep: true },
      Comlink.proxy((f: number) => {
        // The estimate is the first tenth of the bar, the year the rest.
        if (current === mine) useClimate.setState({ progress: preview ? 0.1 * f : 0.1 + 0.9 * f });
      }),
    );
    if (current !== mine) return;
    if (!r.ok) {
      current = null;
      if (r.error.type === 'cancelled') useClimate.setState({ phase: 'cancelled' });
      else useClimate.setState({ phase: 'error', error: r.error.message });
      return;
    }
    const { grids, summary, estimate } = r;
    const { da, daBlinds, aseHours, udiUseful } = grids;
    useClimate.setState((s) => ({
      result: { key, grids: { da, daBlinds, aseHours, udiUseful }, summary, estimate },
      metric: s.metric === 'df' ? 'da' : s.metric,
    }));
    // An answer that is not an estimate is the year: nothing left to refine.
    if (!estimate) break;
  }
  current = null;
  useClimate.setState({ phase: 'done', progress: 1 });
}

type ThresholdAnswer = Awaited<ReturnType<ReturnType<typeof engineWorker>['climateThreshold']>>;

let thresholdAsked = 0;

/**
 * DA at another threshold. The year on screen, when it is this room's whole year, takes DA's maps from the
 * counts kept with it (any of DA_THRESHOLDS: well under a millisecond in the worker); otherwise the year
 * runs again with it. Only the last threshold asked is applied: answers queued behind a busy worker come in
 * order, and before 2026-12-07 the first of two (300 → 500 → 1000 by arrow keys) was kept, the second
 * dropped as if a run had replaced the year: DA500 maps under a select reading 1000 lx.
 * `ask`: the worker's call (a test's stand-in).
 */
export async function setDaLux(
  daLux: number,
  ask: (lux: number) => Promise<ThresholdAnswer> = (lux) => engineWorker().climateThreshold(lux),
): Promise<void> {
  useClimate.setState({ daLux });
  const s = useClimate.getState();
  const scene = useApp.getState().scene;
  const current =
    s.weather &&
    s.result &&
    !s.result.estimate &&
    s.phase === 'done' &&
    s.result.key === climateKeyOf(scene, s.weather);
  if (!current) {
    if (s.weather) await runClimate();
    return;
  }
  const mine = ++thresholdAsked;
  const r = await ask(daLux);
  const now = useClimate.getState();
  // A later threshold answers instead; a run started meanwhile replaces the year (with the latest daLux).
  if (mine !== thresholdAsked || now.phase !== 'done' || now.result?.key !== s.result!.key) return;
  if (!r.ok) {
    useClimate.setState({ phase: 'error', error: r.error.message });
    return;
  }
  const { da, daBlinds, aseHours, udiUseful } = r.grids;
  useClimate.setState({
    result: { ...now.result, grids: { da, daBlinds, aseHours, udiUseful }, summary: r.summary },
  });
}

/** Stops the run in progress (the last result stays). */
export function cancelClimate(byUser = true): void {
  if (current !== null) void engineWorker().cancel(current);
  current = null;
  if (byUser && useClimate.getState().phase === 'running') useClimate.setState({ phase: 'cancelled' });
}

/** The plan's map for the chosen climate metric, with its scale, or null (the daylight factor). */
export function climateMap(
  s: ClimateState,
  scene: Scene,
): { grid: MetricGrid; max: number; caption: string } | null {
  if (s.metric === 'df' || !s.result || climateOutdated(s, scene)) return null;
  const grid = s.result.grids[s.metric];
  const lux = s.result.summary.da_lux;
  const by: Record<Exclude<ClimateMetric, 'df'>, [number, string]> = {
    da: [100, `Daylight autonomy DA${lux} (% of occupied hours)`],
    daBlinds: [100, `DA${lux} with LM-83's blinds (% of occupied hours)`],
    aseHours: [500, 'Direct sun above 1000 lx (occupied hours a year)'],
    udiUseful: [100, 'Useful daylight 100–3000 lx (% of occupied hours)'],
  };
  const [max, caption] = by[s.metric];
  return { grid, max, caption };
}

const asMaps = new WeakMap<MetricGrid, RoomMap>();

/** A metric grid as the plan draws maps (one object per grid: the canvas cache keys on it). */
export function gridAsMap(g: MetricGrid): RoomMap {
  let m = asMaps.get(g);
  if (!m) {
    m = {
      rows: g.df.rows,
      cols: g.df.cols,
      df: g.df.data,
      mask: g.mask.data,
      origin: g.origin,
      resolution: g.resolution,
    };
    asMaps.set(g, m);
  }
  return m;
}

/**
 * The year computed for this scene with the loaded weather (not an estimate), for its report page, with
 * the weather file it is of (the page names it: the key holds its digest, so it is that file's year).
 */
export function climateYearFor(scene: Scene): SheetYear | undefined {
  const { result, weather } = useClimate.getState();
  if (!result || result.estimate || !weather) return undefined;
  return result.key === climateKeyOf(scene, weather)
    ? { summary: result.summary, weather: weatherFileOf(weather.name, weather.location) }
    : undefined;
}

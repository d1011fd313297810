/**
 * A whole building from IFC, from the command line (issue 20 §5): every IfcSpace analysed, one row each.
 *
 *   npm run ifc -- building.ifc [--context ctx.ifc|.obj|.stl|.gltf]… [--out report/] [--method engine|model]
 *                  [--quality draft|standard|high] [--frame-ratio 0.2] [--threads N] [--weather site.epw|.zip]
 *                  [--project name] [--site address] [--author name] [--stage "design stage"] [--date …]
 *                  [--vegetation opaque|ignore|translucent] [--crown-transmittance 0.2]
 *
 * The project flags are what the report states of the project and who signs for it (each page's head and
 * footer, and the report's own); without them the pages say "Project not stated".
 *
 * Writes report/rooms.csv (one row per IfcSpace, none left out, with the reason where a room could not be
 * analysed), report/rooms.json (the same with each room's /run request, angles included, so that any room
 * can be sent to a server as it is) and report/report.html (print it to PDF). The rooms run on worker
 * threads (src/service/roomTask.ts) through the one building workflow the app uses too (src/core/building):
 * the same answers as /v2/simulate (`--method engine`, the default) or /v2/run (`--method model`, the
 * preview, seconds for a building).
 *
 * With `--weather`, every analysed room also gets a year of that weather file (climate-based: sDA with
 * LM-83's blinds and open, ASE, DA, UDI, LEED points, EN 17037's illuminance level) in rooms.csv and
 * rooms.json, by the engine's daylight coefficients (docs/climate.md). The file is an .epw or a station's
 * ZIP as downloaded (its one .epw is taken, as the app does); rooms.json and the report name it.
 *
 * With `--proposals bfs|en-target|en-minimum`, every analysed room that fails that rule gets what would make
 * it pass (issue 34): the change adding the least glazing among a wider window, a higher head, lighter
 * surfaces, clearer glass or a second window, found on the engine's draft and confirmed at the building's
 * quality (the `proposal` column of rooms.csv, rooms.json, and a table in the report). It costs a few dozen
 * engine runs a failing room.
 *
 * `--en-target 2.0 --en-minimum 0.7`: EN 17037's daylight factors for the site (they stand for 300 lx and
 * 100 lx at the location's median diffuse illuminance, its Table A.3); the verdicts, the proposals and the
 * report's words use them. BFS 2024:8's figures are the regulation's own.
 *
 * `--vegetation opaque|ignore|translucent`: what the file's trees and planting do (core/ifc/vegetation.ts):
 * stand as opaque surfaces (the default, as before), be left out, or stand as crowns that let
 * `--crown-transmittance` of the light through (0–1, default 0.2: a tree in leaf; bare about 0.5), which
 * the engine traces in every room; the building's notes say how many were found and what was done.
 *
 * Exit codes: 0 done (rooms that could not be analysed are in the table), 2 bad arguments or an unreadable
 * file, 1 anything else.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { basename, join } from 'node:path';
import { meshReaches } from '../core/api/highFloor';
import { analyseBuilding } from '../core/building/analyse';
import { epwLocation, readEpw } from '../core/climate/epw';
import { weatherOfFile } from '../core/climate/weatherZip';
import { buildingFiles } from '../core/building/files';
import { NO_PROJECT, PROJECT_FIELD_MAX, reportDay, type ProjectInfo } from '../core/report/project';
import { reportPdf } from './reportPdf';
import { weatherFileOf } from '../core/report/weatherFile';
import type { AnswerResult, RoomPass, RoomProposals } from '../core/building/outcome';
import { surroundBuilding } from '../core/building/surroundings';
import { buildingFromIfc, glazingSummary, ifcRoomLabel, noRoomsMessage } from '../core/ifc/building';
import {
  DEFAULT_VEGETATION,
  vegetationChoices,
  crownTransmittance,
  vegetationMode,
  type VegetationMode,
} from '../core/ifc/vegetation';
import { readIfc } from '../ifc/webIfcSource';
import { readContextFile } from '../importers/contextFile';
import { MeshStore } from '../service/meshStore';
import { createPool } from '../service/pool';
import { PROPOSAL_TASK, type ProposalTask } from '../service/proposalTask';
import { ROOM_TASK, type RoomTask } from '../service/roomTask';
import { storeContext } from '../service/storeMeshTask';
import { analyseOnServer } from '../core/jobs/buildingOnServer';
import { DEFAULT_COMPLIANCE, siteThresholds, type Thresholds } from '../core/stats/verdicts';
import { fetchTransport } from '../core/jobs/jobClient';
import { SHIPPED_CARD } from '../core/model/shipped';

interface Args {
  file: string;
  contexts: string[];
  out: string;
  method: 'engine' | 'model';
  quality: 'draft' | 'standard' | 'high';
  frameRatio: number;
  /** What the file's trees and planting do (--vegetation). */
  vegetation: VegetationMode;
  /** With `translucent`, the share of the light a crown lets through (--crown-transmittance). */
  crownTransmittance?: number;
  threads: number;
  /** Apartments by hand: a JSON file of { "name": ["room number", …] }; absent: the file's IfcZones. */
  groups: string | null;
  /** A weather file (EPW, or a ZIP holding one) for a climate-based year per room. */
  weather: string | null;
  /** What the report states of the project (--project, --site, --author, --stage, --date). */
  project: ProjectInfo;
  /** Print report.pdf beside the HTML (default; --no-pdf skips it). */
  pdf: boolean;
  /** The rule whose failing rooms get what would make them pass (issue 34); null: none asked. */
  proposals: 'bfs' | 'en-target' | 'en-minimum' | null;
  /** EN 17037's daylight factors for the site (--en-target, --en-minimum); the defaults otherwise. */
  thresholds: Thresholds;
  /** A Lux server that runs the rooms as a job (issue 37), and the token to use there. */
  server: string | null;
  token: string | null;
}

const PROJECT_FLAGS: Record<string, keyof ProjectInfo> = {
  '--project': 'name',
  '--site': 'site',
  '--author': 'author',
  '--stage': 'stage',
  '--date': 'date',
};

const USAGE =
  'usage: npm run ifc -- <building.ifc> [--context ctx.ifc|.obj|.stl|.gltf]… [--out report/] [--method engine|model] [--quality draft|standard|high] [--frame-ratio 0.2] [--vegetation opaque|ignore|translucent] [--crown-transmittance 0.2] [--groups apartments.json] [--threads N] [--weather site.epw|.zip] [--project name] [--site address] [--author name] [--stage "design stage"] [--date "date of the design"] [--no-pdf] [--proposals bfs|en-target|en-minimum] [--en-target 2.0] [--en-minimum 0.7] [--server URL [--token T]]';

function parseArgs(argv: string[]): Args | string {
  const a: Args = {
    file: '',
    contexts: [],
    out: 'report',
    method: 'engine',
    quality: 'standard',
    frameRatio: 0.2,
    vegetation: DEFAULT_VEGETATION,
    threads: Math.max(1, availableParallelism()),
    groups: null,
    weather: null,
    project: { ...NO_PROJECT },
    pdf: true,
    proposals: null,
    thresholds: DEFAULT_COMPLIANCE,
    server: null,
    token: process.env.LUX_TOKEN ?? null,
  };
  const en: { target?: string; minimum?: string } = {};
  for (let i = 0; i < argv.length; i++) {
    const k = argv[i]!;
    const v = (): string => {
      const x = argv[++i];
      if (x === undefined) throw new Error(`${k} needs a value`);
      return x;
    };
    try {
      if (k === '--context') a.contexts.push(v());
      else if (k === '--out') a.out = v();
      else if (k === '--method') {
        const m = v();
        if (m !== 'engine' && m !== 'model') return `--method is engine or model, not '${m}'`;
        a.method = m;
      } else if (k === '--quality') {
        const q = v();
        if (q !== 'draft' && q !== 'standard' && q !== 'high')
          return `--quality is draft, standard or high, not '${q}'`;
        a.quality = q;
      } else if (k === '--frame-ratio') {
        a.frameRatio = Number(v());
        if (!(a.frameRatio >= 0 && a.frameRatio < 1)) return '--frame-ratio is a number from 0 to below 1';
      } else if (k === '--vegetation') {
        const m = v();
        const mode = vegetationMode(m);
        if (!mode) return `--vegetation is ${vegetationChoices()}, not '${m}'`;
        a.vegetation = mode;
      } else if (k === '--crown-transmittance') {
        const t = v();
        const n = crownTransmittance(t);
        if (n === null) return `--crown-transmittance is a number from 0 to 1, not '${t}'`;
        a.crownTransmittance = n;
      } else if (k === '--groups') a.groups = v();
      else if (k === '--weather') a.weather = v();
      else if (k === '--no-pdf') a.pdf = false;
      else if (k === '--en-target' || k === '--en-minimum')
        en[k === '--en-target' ? 'target' : 'minimum'] = v();
      else if (k === '--server') a.server = v();
      else if (k === '--token') a.token = v();
      else if (k === '--proposals') {
        const r = v();
        if (r !== 'bfs' && r !== 'en-target' && r !== 'en-minimum')
          return `--proposals is bfs, en-target or en-minimum, not '${r}'`;
        a.proposals = r;
      } else if (k in PROJECT_FLAGS) {
        const text = v();
        if (text.length > PROJECT_FIELD_MAX) return `${k} takes at most ${PROJECT_FIELD_MAX} characters`;
        a.project[PROJECT_FLAGS[k]!] = text;
      } else if (k === '--threads') {
        a.threads = Math.floor(Number(v()));
        if (!(a.threads >= 1)) return '--threads is a whole number of at least 1';
      } else if (k.startsWith('--')) return `unknown option ${k}`;
      else if (!a.file) a.file = k;
      else return `one building file only (got '${a.file}' and '${k}'); surroundings go with --context`;
    } catch (e) {
      return (e as Error).message;
    }
  }
  try {
    a.thresholds = siteThresholds(en, ['--en-target', '--en-minimum']);
  } catch (e) {
    return (e as Error).message;
  }
  // The model reads obstruction angles, which hold no gaps: it answers no room with crowns.
  if (a.vegetation === 'translucent' && a.method === 'model')
    return '--vegetation translucent needs --method engine: the model cannot see through crowns';
  if (a.crownTransmittance !== undefined && a.vegetation !== 'translucent')
    return '--crown-transmittance goes with --vegetation translucent (the share a crown lets through)';
  if (a.server && a.proposals)
    return '--server runs the rooms of a building and their year (--weather); --proposals runs here only';
  return a.file ? a : 'no IFC file given';
}

const say = (s: string): void => void process.stderr.write(`${s}\n`);

function readBytes(path: string, what: string): Uint8Array {
  try {
    return new Uint8Array(readFileSync(path));
  } catch (e) {
    throw new ArgsError(
      `The ${what} ${path} cannot be opened (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}).`,
    );
  }
}

async function readBuilding(path: string, onProgress: (f: number) => void) {
  const bytes = readBytes(path, 'building file');
  try {
    return await readIfc(bytes, { onProgress });
  } catch (e) {
    throw new ArgsError(`The building file ${path} cannot be read: ${(e as Error).message}.`);
  }
}

/** A context file (IFC, OBJ, STL, glTF), as the app takes it. */
async function readContext(path: string, origin: [number, number]): Promise<Float32Array> {
  const bytes = readBytes(path, 'context file');
  try {
    return await readContextFile(basename(path), bytes, origin);
  } catch (e) {
    throw new ArgsError(`The context file ${path} cannot be read: ${(e as Error).message}`);
  }
}

class ArgsError extends Error {}

async function main(argv: string[]): Promise<number> {
  const args = parseArgs(argv);
  if (typeof args === 'string') {
    say(`${args}\n${USAGE}`);
    return 2;
  }
  // Checked before any work: a bad groups or weather file should not cost a building's analysis.
  const groups = args.groups ? readGroups(args.groups) : null;
  const weather = args.weather ? readWeather(args.weather) : null;
  const t0 = performance.now();
  const source = await readBuilding(args.file, (f) => {
    if (process.stderr.isTTY)
      process.stderr.write(`\rreading ${basename(args.file)}… ${Math.round(f * 100)} %`);
  });
  if (process.stderr.isTTY) process.stderr.write('\r');
  const building = buildingFromIfc(source, {
    defaultFrameRatio: args.frameRatio,
    vegetation: args.vegetation,
    ...(args.crownTransmittance !== undefined ? { crownTransmittance: args.crownTransmittance } : {}),
  });
  const none = noRoomsMessage(building);
  if (none) say(none);
  // Surroundings from other files (IFC, OBJ, STL, glTF), in the same coordinates, on the same terrain;
  // each window's angles from them, the tree built once: the requests then stand alone.
  const files: Float32Array[] = [];
  for (const c of args.contexts) files.push(await readContext(c, building.origin));
  const { context, requests } = surroundBuilding(building, files);
  say(
    `${basename(args.file)}: ${building.rooms.length} rooms; ${glazingSummary(building)}; ${(context.length / 9).toLocaleString('en')} obstruction triangles`,
  );
  // Trees decide verdicts (docs/ifc.md): what was done with them is said before any room is run.
  for (const n of building.notes) if (n.startsWith('Vegetation: ')) say(n);

  const modelCard =
    process.env.LUX_MODEL ?? new URL(`../../public/models/${SHIPPED_CARD}`, import.meta.url).pathname;
  const pass: RoomPass =
    args.method === 'engine' ? { method: 'engine', quality: args.quality } : { method: 'model' };
  const passes: RoomPass[] = weather
    ? [pass, { method: 'climate', quality: args.quality, weather: weather.text, planNorth: building.north }]
    : [pass];
  if (args.server) {
    // Each pass as one job on a Lux server: the same requests, the same files written here. Rooms that could
    // not be made into a request (their reason is in the table) stay out of the jobs.
    const outcomes = await analyseOnServer(fetchTransport(args.server, args.token), requests, {
      passes,
      thresholds: args.thresholds,
      context,
      // As here: a room sent lowered (above the API's 10 m) is seen through its angles, not the mesh.
      withoutContext: (i) => !meshReaches(building.rooms[i]),
      onPass: (p) => say(`  ${args.server}: ${p.method === 'climate' ? 'a year for each room' : p.method}`),
      onProgress: (n, total) => say(`  ${args.server}: ${n}/${total} rooms`),
    });
    return writeFiles(args, building, context, requests, outcomes, passes, weather, groups, modelCard, t0);
  }
  const pool = createPool({ threads: args.threads, idleTimeoutMs: 1000 });
  // The engine sees the building itself, stored once in shared memory for every thread as the server
  // stores an upload (POST /v2/meshes): its trees are built once, not per room.
  const store = new MeshStore(Number.MAX_SAFE_INTEGER);
  let meshId: string | null = null;
  if (pass.method === 'engine' && context.length > 0) {
    const stored = storeContext(context);
    store.put(stored.info.mesh_id, stored.context!);
    meshId = stored.info.mesh_id;
  }
  const outcomes = await analyseBuilding(requests, {
    passes,
    thresholds: args.thresholds,
    concurrency: args.threads,
    run: (body, p, i) => {
      // A room sent lowered (above the API's 10 m) is seen through its angles: the building's mesh would
      // stand at the wrong height around it.
      const withMesh = meshId && meshReaches(building.rooms[i]);
      const task: RoomTask = {
        op: ROOM_TASK,
        pass: p,
        body: withMesh ? { ...body, mesh_id: meshId } : body,
        modelCard,
        maxMeshPoints: 3_000_000,
        meshes: store.registry(),
      };
      return pool.run(task) as Promise<AnswerResult>;
    },
    onOutcome: (i, _o, p, done, total) => {
      const room = building.rooms[i]!;
      say(`  ${p.method === 'climate' ? 'year ' : ''}${done}/${total} ${room.storey} ${ifcRoomLabel(room)}`);
    },
  });
  if (args.proposals) {
    // What would make each failing room pass: the engine sees the building as the rooms' runs did.
    const rule = args.proposals;
    const failing = outcomes.flatMap((o, i) =>
      o?.summary?.verdicts.find((v) => v.id === rule)?.pass === false ? [i] : [],
    );
    let done = 0;
    await Promise.all(
      failing.map(async (i) => {
        const withMesh = meshId && meshReaches(building.rooms[i]);
        const body = requests[i]!;
        const task: ProposalTask = {
          op: PROPOSAL_TASK,
          body: withMesh ? { ...body, mesh_id: meshId } : body,
          rule,
          quality: args.quality,
          maxMeshPoints: 3_000_000,
          meshes: store.registry(),
          north: building.north,
          thresholds: args.thresholds,
        };
        outcomes[i] = { ...outcomes[i]!, proposals: (await pool.run(task)) as RoomProposals };
        const room = building.rooms[i]!;
        say(`  what would make it pass ${++done}/${failing.length} ${room.storey} ${ifcRoomLabel(room)}`);
      }),
    );
  }
  await pool.destroy();
  return writeFiles(args, building, context, requests, outcomes, passes, weather, groups, modelCard, t0);
}

/** rooms.csv, rooms.json, report.html (and report.pdf) in --out, as every run of this command writes them. */
async function writeFiles(
  args: Args,
  building: ReturnType<typeof buildingFromIfc>,
  context: Float32Array,
  requests: Parameters<typeof analyseBuilding>[0],
  outcomes: Awaited<ReturnType<typeof analyseBuilding>>,
  passes: RoomPass[],
  weather: { name: string; text: string } | null,
  groups: Map<string, string[]> | null,
  modelCard: string,
  t0: number,
): Promise<number> {
  const card = JSON.parse(readFileSync(modelCard, 'utf8')) as {
    name: string;
    version: string;
    metrics?: { radiance?: { mae?: number } };
  };
  const mae = card.metrics?.radiance?.mae;
  const written = buildingFiles({
    file: basename(args.file),
    building,
    triangles: context.length / 9,
    contexts: args.contexts.map((c) => basename(c)),
    requests,
    outcomes,
    passes,
    ...(groups ? { apartments: groups } : {}),
    model: { name: card.name, version: card.version, ...(mae !== undefined ? { mae } : {}) },
    thresholds: args.thresholds,
    stamp: reportDay(new Date()),
    ...(Object.values(args.project).some((v) => v.trim()) ? { project: args.project } : {}),
    // The report and rooms.json name the weather file as given (the .epw inside a ZIP) and as its
    // LOCATION line states its data.
    ...(weather ? { weather: weatherFileOf(weather.name, epwLocation(weather.text)) } : {}),
  });
  mkdirSync(args.out, { recursive: true });
  for (const [name, text] of Object.entries(written)) writeFileSync(join(args.out, name), text);
  const problems = building.rooms.filter((r, i) => r.problem || outcomes[i]?.error).length;
  const n = building.rooms.length;
  // Peak resident memory of the process, worker threads included (for npm run bench).
  const peakMb = process.resourceUsage().maxRSS / 1024;
  say(
    `${n} rooms (${n - problems} analysed, ${problems} with the reason why not) in ${((performance.now() - t0) / 1000).toFixed(1)} s, peak memory ${peakMb.toFixed(0)} MB → ${join(args.out, 'report.html')}`,
  );
  if (args.pdf) {
    const pdf = await reportPdf(written['report.html']);
    if (typeof pdf === 'string') say(`report.pdf not written: ${pdf}`);
    else {
      writeFileSync(join(args.out, 'report.pdf'), pdf);
      say(`→ ${join(args.out, 'report.pdf')}`);
    }
  }
  return 0;
}

/**
 * The weather file's text and name, checked before the building is read (a bad one exits 2 with its line and
 * field; a ZIP without exactly one .epw with the app's sentence).
 */
function readWeather(path: string): { name: string; text: string } {
  const bytes = readBytes(path, 'weather file');
  try {
    const weather = weatherOfFile(basename(path), bytes);
    readEpw(weather.text);
    return weather;
  } catch (e) {
    throw new ArgsError(`The weather file ${path} cannot be read: ${(e as Error).message}`);
  }
}

/** `{ "Flat A": ["A101", "A102"], … }`: apartments by hand, rooms by their number. */
function readGroups(path: string): Map<string, string[]> {
  let v: unknown;
  try {
    v = JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    throw new ArgsError(`The groups file ${path} cannot be read as JSON (${(e as Error).message}).`);
  }
  const ok =
    v !== null &&
    typeof v === 'object' &&
    !Array.isArray(v) &&
    Object.values(v).every((x) => Array.isArray(x) && x.every((n) => typeof n === 'string'));
  if (!ok)
    throw new ArgsError(
      `The groups file ${path} must be a JSON object of apartment names to lists of room numbers, e.g. {"Flat A": ["A101", "A102"]}.`,
    );
  return new Map(Object.entries(v as Record<string, string[]>));
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e) => {
    say(e instanceof ArgsError ? e.message : `lux ifc failed: ${(e as Error).stack ?? String(e)}`);
    process.exit(e instanceof ArgsError ? 2 : 1);
  },
);

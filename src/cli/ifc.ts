/**
 * A whole building from IFC, from the command line (issue 20 §5): every IfcSpace analysed, one row each.
 *
 *   npm run ifc -- building.ifc [--context ctx.ifc|.obj|.stl|.gltf]… [--out report/] [--method engine|model]
 *                  [--quality draft|standard|high] [--frame-ratio 0.2] [--threads N]
 *
 * Writes report/rooms.csv (one row per IfcSpace, none left out, with the reason where a room could not be
 * analysed), report/rooms.json (the same with each room's /run request, angles included, so that any room
 * can be sent to a server as it is) and report/report.html (print it to PDF). The rooms run on worker
 * threads through the server's own task code (src/service/worker.ts): the same answers as /v2/simulate
 * (`--method engine`, the default) or /v2/run (`--method model`, the preview, seconds for a building).
 *
 * Exit codes: 0 done (rooms that could not be analysed are in the table), 2 bad arguments or an unreadable
 * file, 1 anything else.
 */
import { ENGINE_VALIDATION, engineMethodText, interreflectionText } from '../core/report/engineMethod';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { basename, join } from 'node:path';
import { answerFromResponse } from '../core/api/roomAnswer';
import { buildingFromIfc, noRoomsMessage } from '../core/ifc/building';
import { buildingRequests } from '../core/ifc/roomRequest';
import { joinContext } from '../core/ifc/context';
import { floorDrop } from '../core/api/highFloor';
import { readContextFile } from '../importers/contextFile';
import { buildingReportHtml, type RoomResult } from '../core/report/buildingReport';
import { apartmentsCsv, apartmentsOf, roomRow, roomsCsv } from '../core/report/roomsTable';
import { ifcRoomSheet } from '../core/report/ifcRoomSheet';
import { DEFAULT_COMPLIANCE, summarise } from '../core/stats/verdicts';
import { readIfc } from '../ifc/webIfcSource';
import { npyBytes } from '../core/encoding/npy';
import { MeshStore } from '../service/meshStore';
import { STORE_MESH } from '../service/storeMeshTask';
import { createPool } from '../service/pool';
import type { TaskRequest, TaskResponse } from '../service/task';

interface Args {
  file: string;
  contexts: string[];
  out: string;
  method: 'engine' | 'model';
  quality: 'draft' | 'standard' | 'high';
  frameRatio: number;
  threads: number;
  /** Apartments by hand: a JSON file of { "name": ["room number", …] }; absent: the file's IfcZones. */
  groups: string | null;
}

const USAGE =
  'usage: npm run ifc -- <building.ifc> [--context ctx.ifc|.obj|.stl|.gltf]… [--out report/] [--method engine|model] [--quality draft|standard|high] [--frame-ratio 0.2] [--groups apartments.json] [--threads N]';

function parseArgs(argv: string[]): Args | string {
  const a: Args = {
    file: '',
    contexts: [],
    out: 'report',
    method: 'engine',
    quality: 'standard',
    frameRatio: 0.2,
    threads: Math.max(1, availableParallelism()),
    groups: null,
  };
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
      } else if (k === '--groups') a.groups = v();
      else if (k === '--threads') {
        a.threads = Math.floor(Number(v()));
        if (!(a.threads >= 1)) return '--threads is a whole number of at least 1';
      } else if (k.startsWith('--')) return `unknown option ${k}`;
      else if (!a.file) a.file = k;
      else return `one building file only (got '${a.file}' and '${k}'); surroundings go with --context`;
    } catch (e) {
      return (e as Error).message;
    }
  }
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
  // Checked before any work: a bad groups file should not cost a building's analysis.
  const groups = args.groups ? readGroups(args.groups) : null;
  const t0 = performance.now();
  const source = await readBuilding(args.file, (f) => {
    if (process.stderr.isTTY)
      process.stderr.write(`\rreading ${basename(args.file)}… ${Math.round(f * 100)} %`);
  });
  if (process.stderr.isTTY) process.stderr.write('\r');
  const building = buildingFromIfc(source, { defaultFrameRatio: args.frameRatio });
  const none = noRoomsMessage(building);
  if (none) say(none);
  // Surroundings from other files (IFC, OBJ, STL, glTF), in the same coordinates, on the same terrain.
  const files: Float32Array[] = [];
  for (const c of args.contexts) files.push(await readContext(c, building.origin));
  const context = joinContext(building.context, files, building.terrainZ);
  say(
    `${basename(args.file)}: ${building.rooms.length} rooms, ${building.rooms.reduce((n, r) => n + r.windows.length, 0)} windows in walls, ${(context.length / 9).toLocaleString('en')} obstruction triangles`,
  );

  const modelCard =
    process.env.LUX_MODEL ?? new URL('../../public/models/lux-df-3.json', import.meta.url).pathname;
  const pool = createPool({ threads: args.threads, idleTimeoutMs: 1000 });
  // The building (and context) stored once in shared memory for every thread, as the server stores an
  // upload (POST /v2/meshes): its trees are built once, not per room.
  const store = new MeshStore(Number.MAX_SAFE_INTEGER);
  let meshId: string | null = null;
  if (args.method === 'engine' && context.length > 0) {
    const stored = (await pool.run({
      op: STORE_MESH,
      body: npyBytes(context, [context.length / 3, 3]).slice().buffer as ArrayBuffer,
      contentType: 'application/octet-stream',
      maxMeshPoints: Number.MAX_SAFE_INTEGER,
      maxBodyBytes: Number.MAX_SAFE_INTEGER,
      modelScopes: null,
      principal: null,
      meshes: store.registry(),
    } satisfies TaskRequest)) as TaskResponse;
    if (!stored.ok) throw new Error(`the building's mesh cannot be stored: ${stored.error.message}`);
    if (stored.stored?.context) store.put(stored.stored.info.mesh_id, stored.stored.context);
    meshId = stored.stored?.info.mesh_id ?? null;
  }
  // Each window's angles from the building's own mesh (and the context files), the tree built once: the
  // requests then stand alone, and the worker threads need no mesh for them.
  const requests = buildingRequests(building.rooms, context);
  let done = 0;
  const analysable = building.rooms.filter((r) => !r.problem).length;
  const results: (RoomResult & { request: object | null })[] = await Promise.all(
    building.rooms.map(async (room, i): Promise<RoomResult & { request: object | null }> => {
      if (room.problem) return { room, sheet: null, summary: null, error: null, request: null };
      const request = requests[i]!;
      const body =
        args.method === 'engine'
          ? {
              ...request,
              quality: args.quality,
              // A room sent lowered (above the API's 10 m) is seen through its angles: the building's
              // mesh would stand at the wrong height around it.
              ...(meshId && floorDrop(room.floor_height_above_terrain) === 0 ? { mesh_id: meshId } : {}),
            }
          : request;
      const task: TaskRequest = {
        op: args.method === 'engine' ? 'simulate' : 'run',
        body: new TextEncoder().encode(JSON.stringify({ ...body, response_format: 'base64' }))
          .buffer as ArrayBuffer,
        maxMeshPoints: 3_000_000,
        modelScopes: null,
        principal: null,
        modelCard,
        meshes: store.registry(),
      };
      const res = (await pool.run(task)) as TaskResponse;
      done++;
      say(`  ${done}/${analysable} ${room.storey} ${room.number} ${room.name}`);
      if (!res.ok) return { room, sheet: null, summary: null, error: res.error.message, request };
      const answer = answerFromResponse(JSON.parse(res.body as string) as Record<string, unknown>);
      const summary = summarise(answer, DEFAULT_COMPLIANCE);
      const sheet = ifcRoomSheet({
        room,
        north: building.north,
        map: answer,
        summary,
        source:
          args.method === 'engine'
            ? engineMethodText({ quality: args.quality, ambientBounces: null })
            : 'Lux model (a preview)',
        surroundings: `The building itself${args.contexts.length ? ` and ${args.contexts.length} context file(s)` : ''}`,
        stamp: new Date().toISOString().slice(0, 10),
      });
      return {
        room,
        sheet,
        summary,
        error: null,
        request,
      };
    }),
  );
  await pool.destroy();

  const apartments = apartmentsOf(results, groups);

  mkdirSync(args.out, { recursive: true });
  writeFileSync(join(args.out, 'apartments.csv'), apartmentsCsv(apartments));
  writeFileSync(join(args.out, 'rooms.csv'), roomsCsv(results));
  writeFileSync(
    join(args.out, 'rooms.json'),
    JSON.stringify(
      {
        file: basename(args.file),
        schema: building.schema,
        north: building.north,
        terrain_z: building.terrainZ,
        method:
          args.method === 'engine'
            ? { kind: 'engine', quality: args.quality, ambient_bounces: null }
            : { kind: 'model' },
        rooms: results.map((r) => ({
          ...roomRow(r),
          notes: r.room.notes,
          windows: r.room.windows,
          request: r.request,
        })),
        apartments,
        unplaced_windows: building.unplaced,
      },
      null,
      1,
    ),
  );
  const card = JSON.parse(readFileSync(modelCard, 'utf8')) as {
    name: string;
    version: string;
    metrics?: { radiance?: { mae?: number } };
  };
  writeFileSync(
    join(args.out, 'report.html'),
    buildingReportHtml({
      file: basename(args.file),
      building,
      triangles: context.length / 9,
      contexts: args.contexts.map((c) => basename(c)),
      apartments,
      results,
      method:
        args.method === 'engine'
          ? `Lux's physics engine (${args.quality} quality, ${interreflectionText(null)}), one room at a time with the building as its surroundings.`
          : `Lux's daylight model ${card.name} ${card.version}, a fast preview; the engine gives the physics answer.`,
      validation:
        args.method === 'engine'
          ? ENGINE_VALIDATION
          : `Validation of the model: mean absolute error ${card.metrics?.radiance?.mae?.toFixed(3) ?? '?'} DF points on ten Radiance reference scenes; see its model card for the rooms it was judged on.`,
      stamp: new Date().toISOString().slice(0, 10),
    }),
  );
  const problems = results.filter((r) => r.room.problem || r.error).length;
  // Peak resident memory of the process, worker threads included (for npm run bench).
  const peakMb = process.resourceUsage().maxRSS / 1024;
  say(
    `${results.length} rooms (${results.length - problems} analysed, ${problems} with the reason why not) in ${((performance.now() - t0) / 1000).toFixed(1)} s, peak memory ${peakMb.toFixed(0)} MB → ${join(args.out, 'report.html')}`,
  );
  return 0;
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

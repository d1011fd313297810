import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { runAnswer } from '../../src/core/api/runOps';
import { analyseBuilding } from '../../src/core/building/analyse';
import { buildingFiles } from '../../src/core/building/files';
import { answerFailure } from '../../src/core/building/outcome';
import { surroundBuilding } from '../../src/core/building/surroundings';
import { buildingFromIfc } from '../../src/core/ifc/building';
import { readIfc } from '../../src/ifc/webIfcSource';
import { loadModel } from '../../src/service/model/runtime';
import { ModelStatus } from '../../src/service/model/status';
import { deepAndBright, stepFile } from '../ifc/stepFile';
import { boxStl } from '../helpers/boxMesh';
import { post, testApp } from '../server/inProcess';
import { ROOT, SHIPPED_CARD_PATH } from '../helpers/paths';
import { builtCli } from '../helpers/build';

/**
 * `npm run ifc` on the real duplex (issue 20 §5): one CSV row per IfcSpace, none left out; rooms.json with
 * each room's request, which a server answers with the same map; the report page; readable failures.
 * Only the first test reads report.pdf: the others pass --no-pdf (each print launches a Chromium).
 */
const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'lux-ifc-'));
/** The command line as built (test/helpers/build.ts builtCli); `fromSource` as `npm run ifc` runs it (tsx). */
const cli = (...args: string[]) => run(process.execPath, [...builtCli('ifc'), ...args]);
/** With the model a card names (LUX_MODEL, as `npm run ifc` reads it) in place of the shipped one. */
const cliWithModel = (card: string, ...args: string[]) =>
  run(process.execPath, [...builtCli('ifc'), ...args], { env: { ...process.env, LUX_MODEL: card } });
const fromSource = (...args: string[]) =>
  run(process.execPath, ['--import', 'tsx', 'src/cli/ifc.ts', ...args]);

/**
 * A test's run of the command line, started at most once: by the test that reads it, or earlier by the test
 * before it, so that the two run at once (most of a run is one thread: reading the file, the engine at
 * --threads 1, the report).
 */
function startedOnce(start: () => ReturnType<typeof cli>): () => ReturnType<typeof cli> {
  let started: ReturnType<typeof cli> | null = null;
  return () => {
    if (!started) {
      started = start();
      started.catch(() => undefined); // the reading test's failure, not an unhandled rejection
    }
    return started;
  };
}

describe('the IFC command line', () => {
  /** The proposals' run, started by the test before it, which runs the engine on one room and thread. */
  const proposalsRun = startedOnce(() => {
    const file = join(dir, 'deep.ifc');
    writeFileSync(file, deepAndBright());
    return cli(file, '--quality', 'draft', '--proposals', 'bfs', '--out', join(dir, 'deep'), '--no-pdf');
  });
  /** The context file's run, started by the weather's test, which runs a year on one thread. */
  const contextRun = startedOnce(() => {
    // The storey stands at 3 m in the file: the terrain is there, and the context file's z is shifted with it.
    const file = join(dir, 'office3.ifc');
    writeFileSync(
      file,
      stepFile({
        storeyElevation: 3,
        spaces: [{ name: '101', longName: 'Office', min: [0, 0, 3], max: [5, 4, 5.7] }],
        walls: [{ min: [0, -0.3, 3], max: [5, 0, 5.7] }],
        windows: [{ name: 'W', wall: 0, min: [1.5, -0.3, 3.9], max: [3.5, 0, 5.2] }],
      }),
    );
    const stl = join(dir, 'block.stl');
    writeFileSync(stl, boxStl([-3, -9, 3], [8, -8, 12]));
    const out = join(dir, 'office3');
    return cli(file, '--context', stl, '--method', 'model', '--out', out, '--threads', '1', '--no-pdf');
  });

  it('analyses the duplex with the model: every room in the table, requests a server answers the same', async () => {
    const out = join(dir, 'duplex');
    const { stderr } = await cli(
      'test/fixtures/ifc/duplex.ifc',
      '--method',
      'model',
      '--out',
      out,
      '--threads',
      '2',
    );
    expect(stderr).toMatch(
      /duplex\.ifc: 21 rooms; 22 windows, 2 glazed doors and 2 skylights in rooms; 12 doors without glass not counted as light sources;/,
    );
    expect(stderr).toMatch(/21 rooms \(8 analysed, 13 with the reason why not\)/);

    const csv = readFileSync(join(out, 'rooms.csv'), 'utf8').trim().split('\n');
    expect(csv[0]).toBe(
      'storey,number,name,area_m2,windows,window_to_floor,mean_df,share_df_1,bfs_2024_8,en17037_target,en17037_minimum,problem,analysed_m2',
    );
    expect(csv).toHaveLength(22);
    const rows = csv.slice(1).map((l) => l.split(','));
    expect(rows.filter((r) => r[11] === '')).toHaveLength(8);
    // The reason holds commas: quoted, as CSV does.
    expect(rows.filter((r) => r[11]!.startsWith('"It has no window in its walls'))).toHaveLength(11);
    // The two hallways under the skylights: the model has no skylights; the engine (the default) lights them.
    expect(
      rows
        .filter(
          (r) =>
            r[11] ===
            'The model knows rooms as boxes with windows in their walls: a room with skylights is answered by the engine',
        )
        .map((r) => r[1]),
    ).toEqual(['A201', 'B201']);
    for (const r of rows.filter((x) => x[11] === '')) {
      expect(Number(r[6])).toBeGreaterThan(0.3); // a mean DF
      expect(['pass', 'fail']).toContain(r[8]);
    }

    const json = JSON.parse(readFileSync(join(out, 'rooms.json'), 'utf8'));
    expect(json.rooms).toHaveLength(21);
    expect(json.unplaced_windows).toHaveLength(0);
    const living = json.rooms.find((r: { number: string }) => r.number === 'B102');
    // Its request, sent as it is to a Lux server, gives the mean the table states.
    const model = new ModelStatus(SHIPPED_CARD_PATH);
    expect(await model.settled()).toBe('ready');
    const res = await (await post(testApp({ model }), '/v2/run', living.request)).json();
    const mask = (res.mask as boolean[][]).flat();
    const cells = (res.result as number[][]).flat().filter((_, i) => mask[i]);
    expect(cells.reduce((a, b) => a + b, 0) / cells.length).toBeCloseTo(living.mean_df, 2);

    const html = readFileSync(join(out, 'report.html'), 'utf8');
    expect(html).toContain('<h1>Daylight report</h1>');
    expect(html).toContain('<p class="muted" data-stat="project">Project not stated</p>');
    // report.pdf beside it, printed by Chromium: the intro, a plan per storey, a room to a page.
    const pdf = readFileSync(join(out, 'report.pdf'));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const pages = pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g)!.length;
    expect(pages).toBeGreaterThanOrEqual(1 + 3 + 8);
    expect(pages).toBeLessThanOrEqual(4 + 3 + 8); // without the print rule, every sheet took two
    expect(html.match(/<section class="sheet">/g)).toHaveLength(8);
    // One floor area everywhere: each analysed room's page states the table's figure (issue 34).
    const pageAreas = [...html.matchAll(/data-stat="area">([\d.]+) m²/g)].map((m) => m[1]);
    expect(pageAreas.sort()).toEqual(
      rows
        .filter((x) => x[11] === '')
        .map((x) => Number(x[3]).toFixed(2))
        .sort(),
    );
    expect(html).toContain(
      'The model knows rooms as boxes with windows in their walls: a room with skylights is answered by the engine',
    );
    // The header row and one per space; no apartments table; the sign-off's header and two rows.
    expect(html.match(/<tr/g)!.length).toBe(22 + 3);
    expect(html).not.toContain('Apartments (BFS 2024:8)'); // the file has no IfcZone
    // A plan per storey with rooms, each room filled by its BFS verdict: 8 analysed, 11 that cannot be, the
    // 2 hallways the model could not answer.
    expect(html.match(/<section class="plan">/g)).toHaveLength(3);
    expect(html.match(/data-standing="(pass|fail)"/g)).toHaveLength(8);
    expect(html.match(/data-standing="none"/g)).toHaveLength(11);
    expect(html.match(/data-standing="error"/g)).toHaveLength(2);

    // The app's way to the same files: the one building workflow (core/building) in this process, each room
    // through runAnswer as the browser's model worker calls it. Every file is the command line's, byte for
    // byte (the date aside, should the day turn between the two).
    const card = SHIPPED_CARD_PATH;
    const building = buildingFromIfc(
      await readIfc(new Uint8Array(readFileSync('test/fixtures/ifc/duplex.ifc'))),
    );
    const { context, requests } = surroundBuilding(building, []);
    const session = loadModel(card);
    const outcomes = await analyseBuilding(requests, {
      passes: [{ method: 'model' }],
      run: (body) =>
        runAnswer(body, { maxMeshPoints: 3_000_000, model: () => session }).then(
          (answer) => ({ ok: true as const, answer }),
          answerFailure,
        ),
    });
    const cardJson = JSON.parse(readFileSync(card, 'utf8'));
    const filesWith = (model: { name: string; version: string; mae: number }) =>
      buildingFiles({
        file: 'duplex.ifc',
        building,
        triangles: context.length / 9,
        contexts: [],
        requests,
        outcomes,
        passes: [{ method: 'model' }],
        model,
        stamp: new Date().toISOString().slice(0, 10),
      });
    const files = filesWith({
      name: cardJson.name,
      version: cardJson.version,
      mae: cardJson.metrics.radiance.mae,
    });
    const undated = (t: string) => t.replace(/\d{4}-\d{2}-\d{2}/g, 'DATE');
    for (const [name, text] of Object.entries(files))
      expect(undated(readFileSync(join(out, name), 'utf8')), name).toBe(undated(text));
    // The report names the model its answers came from (a server's may not be the card at hand), and
    // states a card's measured error only for that model.
    const served = `${cardJson.name} ${cardJson.version}`;
    expect(files['report.html']).toContain(`Lux's daylight model ${served}`);
    expect(files['report.html']).toContain(`mean absolute error ${cardJson.metrics.radiance.mae.toFixed(3)}`);
    // Each room's page names it too (a signer needs which model and version gave the map).
    expect(files['report.html']).toContain(`Lux model ${served} (a preview`);
    const other = filesWith({ name: 'lux-df-0', version: '0.0.1', mae: 0.5 })['report.html'];
    expect(other).toContain(`Lux's daylight model ${served}`);
    expect(other).not.toContain('lux-df-0');
    expect(other).not.toContain('mean absolute error 0.500');
  }, 120_000);

  it('sums BFS 2024:8 per apartment as the user groups the rooms', async () => {
    const out = join(dir, 'flats');
    const numbers = (flat: string) =>
      ['101', '102', '103', '104', '105', '201', '202', '203', '204', '205'].map((n) => `${flat}${n}`);
    const groups = join(dir, 'groups.json');
    writeFileSync(groups, JSON.stringify({ 'Flat A': numbers('A'), 'Flat B': numbers('B') }));
    await cli(
      'test/fixtures/ifc/duplex.ifc',
      '--method',
      'model',
      '--out',
      out,
      '--groups',
      groups,
      '--project',
      'Duplex <A & B>',
      '--site',
      'Lot 7, Main Street',
      '--author',
      'E. Arch',
      '--stage',
      'Building permit',
      '--date',
      '2026-11-20',
      '--no-pdf',
    );
    // The project as the report and every room page state it (escaped), and in rooms.json as given.
    const report = readFileSync(join(out, 'report.html'), 'utf8');
    expect(report).toContain(
      '<p class="project" data-stat="project"><strong>Duplex &lt;A &amp; B&gt; · Lot 7, Main Street</strong><br>Prepared by E. Arch · Building permit · design of 2026-11-20</p>',
    );
    expect(
      report.match(/data-stat="project">Duplex &lt;A &amp; B&gt; · Lot 7, Main Street<\/text>/g),
    ).toHaveLength(8);
    expect(
      report.match(
        /data-stat="signature">Prepared by E. Arch · Building permit · design of 2026-11-20<\/text>/g,
      ),
    ).toHaveLength(8);
    expect(JSON.parse(readFileSync(join(out, 'rooms.json'), 'utf8')).project).toEqual({
      name: 'Duplex <A & B>',
      site: 'Lot 7, Main Street',
      author: 'E. Arch',
      stage: 'Building permit',
      date: '2026-11-20',
    });
    const [head, ...rows] = readFileSync(join(out, 'apartments.csv'), 'utf8').trim().split('\n');
    expect(head).toBe('apartment,rooms_counted,rooms_not_counted,area_m2,area_df_1_m2,share_df_1,bfs_2024_8');
    expect(rows).toHaveLength(2);
    const a = rows[0]!.split(',');
    expect(a[0]).toBe('Flat A');
    expect(a[1]).toBe('A102 A103 A202 A203'); // the rooms with windows
    expect(a[2]).toBe('A101 A104 A105 A201 A204 A205');
    // The share is the areas' sum, between the rooms' own shares (the kitchen's ~25 %, the others' 100 %).
    expect(Number(a[5])).toBeCloseTo((100 * Number(a[4])) / Number(a[3]), 1);
    expect(Number(a[5])).toBeGreaterThan(80);
    // The hallway under its skylight (A201) has daylight but the model cannot answer it: left out of the
    // sum, it would raise the share of the rooms that were, so the apartment is not judged.
    expect(a[6]).toBe('not judged');
    expect(readFileSync(join(out, 'report.html'), 'utf8')).toContain('Apartments (BFS 2024:8)');
    const bad = join(dir, 'bad-groups.json');
    writeFileSync(bad, '{"Flat A": "A101"}');
    const e = await cli('test/fixtures/ifc/duplex.ifc', '--out', join(dir, 'y'), '--groups', bad).catch(
      (x: { code: number; stderr: string }) => x,
    );
    expect(e).toMatchObject({ code: 2 });
    expect((e as { stderr: string }).stderr).toContain(
      'must be a JSON object of apartment names to lists of room numbers',
    );
  }, 120_000);

  it('runs the engine with the building stored once for every thread; the written requests stay angles-only', async () => {
    void proposalsRun();
    const file = join(dir, 'office.ifc');
    writeFileSync(
      file,
      stepFile({
        spaces: [{ name: '101', longName: 'Office', min: [0, 0, 0], max: [5, 4, 2.7] }],
        walls: [
          { min: [0, -0.3, 0], max: [5, 0, 2.7] },
          { min: [-3, -9, 0], max: [8, -8, 9] }, // a block across the street
        ],
        windows: [{ name: 'W', wall: 0, min: [1.5, -0.3, 0.9], max: [3.5, 0, 2.2] }],
      }),
    );
    const out = join(dir, 'office');
    const { stderr } = await cli(file, '--quality', 'draft', '--out', out, '--threads', '1', '--no-pdf');
    expect(stderr).toMatch(/1 rooms \(1 analysed, 0 with the reason why not\)/);
    const json = JSON.parse(readFileSync(join(out, 'rooms.json'), 'utf8'));
    expect(json.method).toEqual({ kind: 'engine', quality: 'draft', ambient_bounces: null });
    const room = json.rooms[0];
    expect(room.mean_df).toBeGreaterThan(0.3);
    expect(room.request.mesh_id).toBeUndefined();
    // The block across the street shows in the window's angles: about atan(8.45 / 8.3) ≈ 45° straight out.
    const h = room.request.parameters.windows.w1.horizon as number[];
    expect(h[32]).toBeGreaterThan(40);
    expect(h[32]).toBeLessThan(50);
  }, 120_000);

  it('with --proposals, says what would make each failing room pass: in rooms.csv, rooms.json and the report', async () => {
    const out = join(dir, 'deep');
    const { stderr } = await proposalsRun();
    expect(stderr).toMatch(/what would make it pass 1\/1 Level 1 101 Deep/);
    const csv = readFileSync(join(out, 'rooms.csv'), 'utf8').trim().split('\n');
    expect(csv[0]).toMatch(/,problem,proposal,analysed_m2$/);
    const deep = csv.find((l) => l.includes(',Deep,'))!;
    const bright = csv.find((l) => l.includes(',Bright,'))!;
    expect(deep).toMatch(/,fail,.*,"?(Add a \d\.\d\d m window|Widen w1 from 1\.20 m)[^,]*/);
    expect(bright).toMatch(/,pass,.*,,[\d.]+$/); // passing: nothing proposed
    const json = JSON.parse(readFileSync(join(out, 'rooms.json'), 'utf8'));
    const p = json.rooms.find((r: { name: string }) => r.name === 'Deep').proposals;
    expect(p.rule).toBe('bfs');
    expect(p.list.length).toBeGreaterThan(0);
    // The least glazing first.
    for (let i = 1; i < p.list.length; i++)
      expect(p.list[i].addedGlazing).toBeGreaterThanOrEqual(p.list[i - 1].addedGlazing);
    const html = readFileSync(join(out, 'report.html'), 'utf8');
    expect(html).toContain('<h2>What would make it pass (BFS 2024:8)</h2>');
    expect(html.match(/<td data-proposal>/g)).toHaveLength(1);
  }, 180_000);

  it('with a weather file, gives every analysed room a year: sDA, ASE, DA, UDI, LEED and EN 17037 columns', async () => {
    void contextRun();
    const file = join(dir, 'office-year.ifc');
    writeFileSync(
      file,
      stepFile({
        spaces: [{ name: '101', longName: 'Office', min: [0, 0, 0], max: [5, 4, 2.7] }],
        walls: [{ min: [0, -0.3, 0], max: [5, 0, 2.7] }],
        windows: [{ name: 'W', wall: 0, min: [1.5, -0.3, 0.9], max: [3.5, 0, 2.2] }],
      }),
    );
    const out = join(dir, 'office-year');
    const { stderr } = await cli(
      file,
      '--quality',
      'draft',
      '--weather',
      'test/fixtures/weather/chicago-ohare-tmy3.epw',
      '--out',
      out,
      '--threads',
      '1',
      '--no-pdf',
    );
    expect(stderr).toMatch(/year 1\/1/);
    const [head, row] = readFileSync(join(out, 'rooms.csv'), 'utf8').trim().split('\n');
    expect(head).toBe(
      'storey,number,name,area_m2,windows,window_to_floor,mean_df,share_df_1,bfs_2024_8,en17037_target,en17037_minimum,problem,sda_300_50_blinds,sda_300_50,ase_1000_250,da_300_mean,udi_100_3000,leed_v41_points,en17037_illuminance,analysed_m2',
    );
    const cells = row!.split(',');
    expect(cells[11]).toBe(''); // no problem
    const [sdaBlinds, sda, ase, da, udi, points] = cells.slice(12, 18).map(Number);
    expect(sda).toBeGreaterThan(0);
    expect(sdaBlinds).toBeLessThanOrEqual(sda!);
    expect(ase).toBeGreaterThanOrEqual(0);
    expect(da).toBeGreaterThan(10);
    expect(udi).toBeGreaterThan(10);
    expect([0, 1, 2, 3]).toContain(points);
    expect(['none', 'minimum', 'medium', 'high']).toContain(cells[18]);
    const json = JSON.parse(readFileSync(join(out, 'rooms.json'), 'utf8'));
    expect(json.rooms[0].climate.location.city).toBe('Chicago Ohare Intl Ap');
    // The report gives the year beside the daylight factor, one row per room with a year.
    const html = readFileSync(join(out, 'report.html'), 'utf8');
    expect(html).toContain('<h2>A year of daylight (climate-based)</h2>');
    // The weather file named as given and as its LOCATION line states its data (a signer names the data).
    expect(html).toContain(
      'Weather: the file chicago-ohare-tmy3.epw (TMY3, WMO 725300), Chicago Ohare Intl Ap, USA (41.98°, -87.92°).',
    );
    expect(html).toContain(
      '<dt>Weather file</dt><dd data-stat="weather-file">chicago-ohare-tmy3.epw (TMY3, WMO 725300)</dd>',
    );
    expect(json.method).toEqual({ kind: 'engine', quality: 'draft', ambient_bounces: null });
    // A weather file that is not one stops before the building is read.
    const bad = join(dir, 'bad.epw');
    writeFileSync(bad, 'LOCATION,X\n');
    const e = await cli(file, '--weather', bad, '--out', join(dir, 'z')).catch(
      (x: { code: number; stderr: string }) => x,
    );
    expect(e).toMatchObject({ code: 2 });
    expect((e as { stderr: string }).stderr).toContain(
      `The weather file ${bad} cannot be read: Line 1 (LOCATION), field 7 (latitude)`,
    );
  }, 180_000);

  it('takes context files in the building’s coordinates, on its terrain: an STL block across the street', async () => {
    await contextRun();
    const out = join(dir, 'office3');
    const room = JSON.parse(readFileSync(join(out, 'rooms.json'), 'utf8')).rooms[0];
    // As with the block in the building file itself: about atan(8.45 / 8.3) ≈ 45° straight out.
    const h = room.request.parameters.windows.w1.horizon as number[];
    expect(h[32]).toBeGreaterThan(40);
    expect(h[32]).toBeLessThan(50);
    expect(readFileSync(join(out, 'report.html'), 'utf8')).toContain(
      'and the context files block.stl (in the building',
    );
  }, 120_000);

  it('stands LargeBuilding’s eleven RPC trees as opaque surfaces by default; --vegetation ignore leaves them out, translucent makes them crowns, and the notes say which', async () => {
    // What is checked is read before any room is run (the notes, each window's angles, the report's inputs):
    // the rooms' maps come from a tiny model with a known output (test/fixtures/models), ~6 s of a core less
    // a run than the shipped model's.
    const tiny = join(ROOT, 'test/fixtures/models/tiny-flux.json');
    const runWith = async (...more: string[]) => {
      const out = join(dir, `large${more.join('-')}`);
      const { stderr } = await cliWithModel(
        tiny,
        'test/fixtures/ifc/LargeBuilding.ifc',
        ...['--method', 'model', '--no-pdf', '--threads', '2', '--out', out, ...more],
      );
      const json = JSON.parse(readFileSync(join(out, 'rooms.json'), 'utf8')) as {
        notes: string[];
        rooms: {
          number: string;
          request: {
            parameters: { windows: Record<string, { horizon: number[] }> };
            crowns?: { transmittance: number; trees: number[][][] };
          };
        }[];
      };
      const room4 = json.rooms.find((r) => r.number === '4')!;
      const horizon = Math.max(...Object.values(room4.request.parameters.windows).flatMap((w) => w.horizon));
      return { stderr, json, room4, horizon, html: readFileSync(join(out, 'report.html'), 'utf8') };
    };
    const [kept, left, lit] = await Promise.all([
      runWith(),
      runWith('--vegetation', 'ignore'),
      runWith(
        '--vegetation',
        'translucent',
        '--crown-transmittance',
        '0.5',
        '--method',
        'engine',
        '--quality',
        'draft',
      ),
    ]);
    const trees =
      "11 trees or plants (IfcBuildingElementProxy 'M_RPC Tree - Deciduous:Siberian Crab Apple - 6.1 Meters')";
    expect(kept.stderr).toContain(
      `Vegetation: ${trees} stand as opaque surfaces, as walls do; vegetation "ignore"`,
    );
    expect(kept.json.notes[1]).toMatch(/^Vegetation: 11 trees or plants .* stand as opaque surfaces/);
    expect(kept.horizon).toBeGreaterThan(80);
    expect(left.stderr).toContain(`Vegetation: ${trees} left out (vegetation "ignore")`);
    expect(left.json.notes[1]).toBe(
      `Vegetation: ${trees} left out (vegetation "ignore"): the rooms see the sky through them.`,
    );
    expect(left.horizon).toBe(0);
    // Translucent: every room's request carries the eleven crowns (the engine traces them), and the angles
    // see no tree.
    expect(lit.stderr).toContain(
      `Vegetation: ${trees} stand as crowns that let 50 % of the light behind through`,
    );
    expect(lit.room4.request.crowns!.transmittance).toBe(0.5);
    expect(lit.room4.request.crowns!.trees).toHaveLength(11);
    expect(lit.horizon).toBe(0);
    expect(kept.room4.request.crowns).toBeUndefined();
    // Each room's page names them on a line of their inputs (no mesh holds them).
    expect(lit.html).toContain('data-stat="trees">11 crowns letting 50 % through<');
    expect(kept.html).not.toContain('data-stat="trees"');
    // The report's inputs name it on a line of its own; its north stays north's.
    expect(left.html).toContain('<dt>Vegetation</dt><dd data-stat="vegetation">11 trees or plants');
    expect(left.html).not.toMatch(/<dt>True north<\/dt><dd>[^<]*Vegetation/);
    const bad = await cli('--vegetation', 'transparent').catch((e: { code: number; stderr: string }) => e);
    expect(bad).toMatchObject({ code: 2 });
    expect((bad as { stderr: string }).stderr).toContain(
      "--vegetation is opaque, ignore or translucent, not 'transparent'",
    );
    for (const [args, says] of [
      [['--crown-transmittance', '0.3'], '--crown-transmittance goes with --vegetation translucent'],
      [
        ['--vegetation', 'translucent', '--crown-transmittance', '1.5'],
        "--crown-transmittance is a number from 0 to 1, not '1.5'",
      ],
      [
        ['--vegetation', 'translucent', '--method', 'model'],
        '--vegetation translucent needs --method engine',
      ],
    ] as const) {
      const e = await cli(...args).catch((x: { code: number; stderr: string }) => x);
      expect(e).toMatchObject({ code: 2 });
      expect((e as { stderr: string }).stderr).toContain(says);
    }
  }, 120_000);

  it('says what is wrong with a file or the arguments, and exits 2', async () => {
    const bad = join(dir, 'broken.ifc');
    writeFileSync(bad, readFileSync('test/fixtures/ifc/duplex.ifc').subarray(0, 100_000));
    // From source, as `npm run ifc` runs it (the other tests run the built bundle of the same code).
    const e1 = await fromSource(bad, '--out', join(dir, 'x')).catch(
      (e: { code: number; stderr: string }) => e,
    );
    expect(e1).toMatchObject({ code: 2 });
    expect((e1 as { stderr: string }).stderr).toContain(
      `The building file ${bad} cannot be read: The file is cut short: it does not end as an IFC file does (END-ISO-10303-21); copy or export it again.`,
    );
    const e2 = await cli('--method', 'fast').catch((e: { code: number; stderr: string }) => e);
    expect(e2).toMatchObject({ code: 2 });
    expect((e2 as { stderr: string }).stderr).toContain("--method is engine or model, not 'fast'");
  });
});

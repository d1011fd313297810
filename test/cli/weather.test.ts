import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { stepFile } from '../ifc/stepFile';

/**
 * `npm run ifc --weather` with a station's ZIP as weather files are downloaded (the app takes one since
 * 2026-12-07): its one .epw is read, and rooms.json names it. A room without windows keeps the run to the
 * reading (no room's year is computed: test/cli/ifc.test.ts computes one from an .epw).
 */
const run = promisify(execFile);
const cli = (...args: string[]) =>
  run(process.execPath, ['--import', 'tsx', 'src/cli/ifc.ts', ...args], {
    env: { ...process.env, LUX_TOKEN: '' },
  });
const dir = mkdtempSync(join(tmpdir(), 'lux-ifc-weather-'));
const building = join(dir, 'store.ifc');
writeFileSync(
  building,
  stepFile({
    spaces: [{ name: '101', longName: 'Store', min: [0, 0, 0], max: [5, 4, 2.7] }],
    walls: [{ min: [0, -0.3, 0], max: [5, 0, 2.7] }],
    windows: [],
  }),
);
const epw = readFileSync('test/fixtures/weather/chicago-ohare-tmy3.epw');

describe('the IFC command line’s --weather', () => {
  it('takes a station’s ZIP: its .epw read and named in rooms.json; one without an .epw exits 2 with the app’s sentence', async () => {
    const station = join(dir, 'USA_IL_Chicago-OHare.zip');
    writeFileSync(
      station,
      zipSync({ 'chicago/chicago-ohare-tmy3.epw': epw, 'chicago/x.stat': strToU8('stat') }, { level: 1 }),
    );
    const none = join(dir, 'stats.zip');
    writeFileSync(none, zipSync({ 'x.stat': strToU8('stat') }));
    const out = join(dir, 'out');
    const [ok, refused] = await Promise.all([
      cli(building, '--weather', station, '--out', out, '--no-pdf', '--threads', '1'),
      cli(building, '--weather', none, '--out', join(dir, 'none')).catch(
        (e: { code: number; stderr: string }) => e,
      ),
    ]);
    expect(ok.stderr).toMatch(/1 rooms \(0 analysed, 1 with the reason why not\)/);
    // Named as the report names it: the .epw inside, and what its LOCATION line states of its data.
    expect(JSON.parse(readFileSync(join(out, 'rooms.json'), 'utf8')).weather).toEqual({
      name: 'chicago-ohare-tmy3.epw',
      source: 'TMY3',
      wmo: '725300',
    });
    expect(refused).toMatchObject({ code: 2 });
    expect(refused.stderr).toContain(
      `The weather file ${none} cannot be read: stats.zip holds no weather file (.epw): pick the .epw itself.`,
    );
  }, 60_000);
});

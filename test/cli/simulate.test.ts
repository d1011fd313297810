import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_BODIES } from '../helpers/exampleBodies';

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'lux-cli-'));
const cli = (...args: string[]) => run(process.execPath, ['--import', 'tsx', 'src/cli/simulate.ts', ...args]);

describe('simulate CLI', () => {
  it('reads a request file and writes the /simulate response', async () => {
    const input = join(dir, 'req.json');
    const output = join(dir, 'res.json');
    writeFileSync(input, JSON.stringify(EXAMPLE_BODIES['/simulate']![0]));
    const { stderr } = await cli(input, output);
    expect(stderr).toMatch(/simulated in \d+\.\d\d s/);
    const res = JSON.parse(readFileSync(output, 'utf8'));
    expect(res).toMatchObject({ status: 'success', method: 'simulation', shape: [40, 50], units: '%' });
    expect(Math.max(...res.result.flat())).toBeGreaterThan(1);
  });

  it('prints the API message and exits 2 for an invalid request', async () => {
    const input = join(dir, 'bad.json');
    writeFileSync(input, JSON.stringify({ model_type: 'df_default' }));
    const err = await cli(input).catch((e: { code: number; stderr: string }) => e);
    expect(err).toMatchObject({ code: 2 });
    expect((err as { stderr: string }).stderr).toContain(
      'validation_error: Missing required parameters: parameters',
    );
  });
});

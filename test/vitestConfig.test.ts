import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

/**
 * vitest.config.ts runs the files that vi.mock a module in a project of their own, found by reading the
 * test files. Since 2026-12-07 it read them from the working directory: `vitest --root <repo>` run from
 * anywhere else (an editor's test runner, a script) failed to load the config at all (ENOENT: scandir 'test').
 */
const run = promisify(execFile);
const repo = resolve('.');

describe('the test projects (vitest.config.ts)', () => {
  it('are found from any working directory, the files that vi.mock a module apart', async () => {
    // The child is a vitest of its own, not a worker of this one.
    const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST')));
    const { stdout } = await run(
      process.execPath,
      [resolve('node_modules/vitest/vitest.mjs'), 'list', '--filesOnly', '--json', '--root', repo],
      { cwd: mkdtempSync(join(tmpdir(), 'lux-vitest-cwd-')), env },
    );
    const listed = JSON.parse(stdout) as { file: string; projectName: string }[];
    const project = new Map(listed.map((f) => [relative(repo, f.file).split(sep).join('/'), f.projectName]));
    expect(project.size).toBe(listed.length); // no file in both
    expect(project.get('test/app/surroundingsRefresh.test.ts')).toBe('mocking');
    expect(project.get('test/app/vegetationSetting.test.ts')).toBe('mocking');
    expect(project.get('test/vitestConfig.test.ts')).toBe('shared');
    expect(project.get('test/report/storeyParts.test.ts')).toBe('shared');
  }, 60_000);
});

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Piscina } from 'piscina';
import { afterAll, describe, expect, it } from 'vitest';
import { threadModule } from '../../src/service/threadModule';

const dir = mkdtempSync(join(tmpdir(), 'lux-thread-module-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
// A thread module in TypeScript (its annotation needs tsx) and its built twin in plain JavaScript.
writeFileSync(join(dir, 'twice.ts'), 'export default (x: number): string => `ts ${2 * x}`;\n');
writeFileSync(join(dir, 'twice.js'), 'export default (x) => `js ${2 * x}`;\n');
writeFileSync(join(dir, 'package.json'), '{"type":"module"}\n');
const caller = (ext: string) => pathToFileURL(join(dir, `caller.${ext}`)).href;

async function runOnce(callerUrl: string): Promise<string> {
  const pool = new Piscina<number, string>({ ...threadModule(callerUrl, 'twice'), maxThreads: 1 });
  try {
    return await pool.run(21);
  } finally {
    await pool.destroy();
  }
}

describe('threadModule', () => {
  it('from source, names the .ts module beside the caller and starts it under tsx', async () => {
    const m = threadModule(caller('ts'), 'twice');
    expect(m.filename).toBe(pathToFileURL(join(dir, 'twice.ts')).href);
    expect(m.execArgv).toEqual(['--import', 'tsx', '--disable-warning=THREE_CJS_DEPRECATED']);
    expect(await runOnce(caller('ts'))).toBe('ts 42');
  });

  it("built, names the .js module and leaves the thread the process's own flags", async () => {
    const m = threadModule(caller('js'), 'twice');
    expect(m).toEqual({ filename: pathToFileURL(join(dir, 'twice.js')).href });
    expect(await runOnce(caller('js'))).toBe('js 42');
  });

  it('resolves a module in a folder beside the caller', () => {
    expect(threadModule('file:///srv/lux/dist/service/pool.js', 'model/roomTermsWorker').filename).toBe(
      'file:///srv/lux/dist/service/model/roomTermsWorker.js',
    );
  });
});

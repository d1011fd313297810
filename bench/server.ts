import { spawn, type ChildProcess } from 'node:child_process';

/** Starts the built server (dist/server/main.js) on a port and waits for its health. */
export async function startBuiltServer(
  port: number,
  env: Record<string, string> = {},
): Promise<{ url: string; proc: ChildProcess }> {
  const proc = spawn(process.execPath, ['dist/server/main.js'], {
    env: { ...process.env, PORT: String(port), LUX_LOG: 'silent', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${url}/v2/`)).ok) return { url, proc };
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  proc.kill();
  throw new Error('server did not start');
}

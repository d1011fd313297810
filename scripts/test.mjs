// The whole test suite in one command (README): types, lint, unit + integration (vitest), then the
// end-to-end tests in the system Chromium against the built app served by our server.
import { execSync, spawn } from 'node:child_process';
import { ensureChromium } from './chromium.mjs';
import { ensureTorchPython } from './python.mjs';

const run = (cmd, env = {}) => {
  console.log(`\n▶ ${cmd}`);
  execSync(cmd, { stdio: 'inherit', env: { ...process.env, ...env } });
};

/**
 * Commands that need nothing of each other, at once: the type checks, the linters and the build are each one
 * thread, ~90 s of a core together, which ran one after another on the 2-core CI machine (2026-12-07). Each
 * command's output is printed whole when it ends, so that the log reads as if they had run in turn.
 */
async function together(cmds) {
  const ends = cmds.map(
    (cmd) =>
      new Promise((resolve) => {
        const child = spawn(cmd, { shell: true, env: process.env });
        // Whole buffers, decoded once: a character split between two chunks stays whole.
        const chunks = [];
        child.stdout.on('data', (d) => chunks.push(d));
        child.stderr.on('data', (d) => chunks.push(d));
        let ended = false;
        const end = (ok, why) => {
          if (ended) return; // 'error' (the shell could not start) may be followed by 'close'
          ended = true;
          const out = Buffer.concat(chunks).toString('utf8').trimEnd();
          console.log(`\n▶ ${cmd}${out ? `\n${out}` : ''}${ok ? '' : `\n✘ ${cmd}: ${why}`}`);
          resolve(ok);
        };
        child.on('error', (e) => end(false, e.message));
        child.on('close', (code) => end(code === 0, `exit ${code}`));
      }),
  );
  if (!(await Promise.all(ends)).every(Boolean)) throw new Error('a check failed');
}

try {
  run('node scripts/ensure-deps.mjs');
  const chromium = ensureChromium();
  // The training smoke run (test/training) needs Debian's PyTorch.
  const python = ensureTorchPython();
  await together(['npm run typecheck', 'npm run lint', 'node scripts/build-server.mjs']);
  run('npx vitest run', { LUX_PYTHON: python });
  run('npx playwright test', { CHROMIUM_PATH: chromium });
  console.log('\n✔ all tests passed');
} catch {
  console.error('\n✘ tests failed');
  process.exit(1);
}

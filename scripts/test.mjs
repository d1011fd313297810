// The whole test suite in one command (README): types, lint, unit + integration (vitest), then the
// end-to-end tests in the system Chromium against the built app served by our server.
import { execSync } from 'node:child_process';
import { ensureChromium } from './chromium.mjs';
import { ensureTorchPython } from './python.mjs';

const run = (cmd, env = {}) => {
  console.log(`\n▶ ${cmd}`);
  execSync(cmd, { stdio: 'inherit', env: { ...process.env, ...env } });
};

try {
  run('node scripts/ensure-deps.mjs');
  const chromium = ensureChromium();
  // The training smoke run (test/training) needs Debian's PyTorch.
  const python = ensureTorchPython();
  run('npm run typecheck');
  run('npm run lint');
  run('node scripts/build-server.mjs');
  run('npx vitest run', { LUX_PYTHON: python });
  run('npx playwright test', { CHROMIUM_PATH: chromium });
  console.log('\n✔ all tests passed');
} catch {
  console.error('\n✘ tests failed');
  process.exit(1);
}

// Installs dependencies when node_modules is missing or older than the lock file, so that `npm start`
// and `npm test` work on a fresh clone with no other step. Only the npm registry is used.
import { execSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';

// package.json's engines (what the build's tools need: vite, eslint), checked here because npm's own
// engine warning is silenced with its other warnings (.npmrc loglevel) and would only have warned.
const [major, minor] = process.versions.node.split('.').map(Number);
const supported = (major === 20 && minor >= 19) || (major === 22 && minor >= 13) || major >= 24;
if (!supported) {
  console.error(
    `Lux needs Node 20.19 or newer in the 20 line, 22.13 or newer in the 22 line, or 24 and later; this is Node ${process.versions.node}.`,
  );
  process.exit(1);
}

const marker = 'node_modules/.package-lock.json';
const stale = !existsSync(marker) || statSync(marker).mtimeMs < statSync('package-lock.json').mtimeMs;
if (stale) {
  console.log('Installing dependencies (npm ci)…');
  execSync('npm ci --no-audit --no-fund', { stdio: 'inherit' });
}

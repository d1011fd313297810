// Installs dependencies when node_modules is missing or older than the lock file, so that `npm start`
// and `npm test` work on a fresh clone with no other step. Only the npm registry is used.
import { execSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';

// npm's own engine warning is silenced with its other warnings (.npmrc loglevel): say it here, as an error.
const wanted = Number(/\d+/.exec(JSON.parse(readFileSync('package.json', 'utf8')).engines.node)[0]);
const major = Number(process.versions.node.split('.')[0]);
if (major < wanted) {
  console.error(`Lux needs Node ${wanted} or newer; this is Node ${process.versions.node}.`);
  process.exit(1);
}

const marker = 'node_modules/.package-lock.json';
const stale = !existsSync(marker) || statSync(marker).mtimeMs < statSync('package-lock.json').mtimeMs;
if (stale) {
  console.log('Installing dependencies (npm ci)…');
  execSync('npm ci --no-audit --no-fund', { stdio: 'inherit' });
}

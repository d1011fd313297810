// Finds the system Chromium for the end-to-end tests, installing Debian's package when it can.
// Browsers are never downloaded by a test tool (no `playwright install`).
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CANDIDATES = [
  process.env.CHROMIUM_PATH,
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
];

export function findChromium() {
  return CANDIDATES.find((p) => p && existsSync(p)) ?? null;
}

export function ensureChromium() {
  let path = findChromium();
  if (path) return path;
  const isRoot = process.getuid?.() === 0;
  const sudo = isRoot ? '' : 'sudo -n ';
  try {
    console.log('Chromium not found: installing Debian package "chromium"…');
    execSync(`${sudo}apt-get update -qq && ${sudo}apt-get install -y -qq chromium`, { stdio: 'inherit' });
  } catch {
    // fall through to the one-line message below
  }
  path = findChromium();
  if (!path) {
    console.error(
      'End-to-end tests need Chromium: install it with `sudo apt-get install -y chromium` (or set CHROMIUM_PATH).',
    );
    process.exit(1);
  }
  return path;
}

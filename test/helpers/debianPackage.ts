import { execFileSync } from 'node:child_process';

/**
 * Installs one of Debian's packages for a test that needs a real server (PostgreSQL, nginx), when this
 * process may (root, or sudo without a password): CI runs on a clean machine, and a test that skips there
 * checks nothing. Quiet; whether it worked is for the caller to see (the binary it needs is there or not).
 */
export function installDebianPackage(pkg: string): void {
  const sudo = process.getuid?.() === 0 ? '' : 'sudo -n ';
  const install = `${sudo}apt-get install -y -q ${pkg}`;
  try {
    execFileSync('sh', ['-c', `${install} || (${sudo}apt-get update -q && ${install})`], {
      stdio: 'ignore',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      timeout: 600_000,
    });
  } catch {
    // the caller says what is missing
  }
}

import { describe, expect, it } from 'vitest';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const SCRIPT = resolve('training/device/index.sh');

/** A repository with two committed files, one of them changed, an untracked file and an exclude line of its own. */
function repo(): string {
  const dir = mkdtempSync(join(tmpdir(), 'lux-index-'));
  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, encoding: 'utf8' });
  git('init', '-q');
  git('config', 'user.email', 'test@example.com');
  git('config', 'user.name', 'test');
  mkdirSync(join(dir, 'b'));
  writeFileSync(join(dir, 'a.txt'), 'a\n');
  writeFileSync(join(dir, 'b', 'c.txt'), 'c\n');
  git('add', '.');
  git('commit', '-q', '-m', 'first');
  writeFileSync(join(dir, 'a.txt'), 'a changed\n');
  writeFileSync(join(dir, 'u.txt'), 'untracked\n');
  writeFileSync(join(dir, '.git', 'info', 'exclude'), '# its own\nscratch/\n');
  return dir;
}

const run = (dir: string, arg: string) => spawnSync('bash', [SCRIPT, arg], { cwd: dir, encoding: 'utf8' });
const git = (dir: string, ...args: string[]) => execFileSync('git', args, { cwd: dir, encoding: 'utf8' });

/** training/device/index.sh: the repository's index hidden from a device call's copy and given back. */
describe('hiding the index for a device call', () => {
  it('leaves nothing tracked or untracked for the call, and restores index, status and exclude file', () => {
    const dir = repo();
    try {
      const status = git(dir, 'status', '--porcelain');
      expect(status).toContain(' M a.txt');
      expect(status).toContain('?? u.txt');
      const hide = run(dir, 'hide');
      expect(hide.status).toBe(0);
      // What a device call copies: tracked files and untracked ones git does not ignore. None.
      expect(git(dir, 'ls-files')).toBe('');
      expect(git(dir, 'ls-files', '--others', '--exclude-standard')).toBe('');
      // Twice is refused: a second 'hide' would record the hidden state as the one to restore.
      expect(run(dir, 'hide').status).toBe(1);
      const restore = run(dir, 'restore');
      expect(restore.status).toBe(0);
      expect(restore.stdout).toContain('as it was');
      expect(git(dir, 'ls-files').split('\n').filter(Boolean)).toEqual(['a.txt', 'b/c.txt']);
      expect(git(dir, 'status', '--porcelain')).toBe(status);
      expect(readFileSync(join(dir, '.git', 'info', 'exclude'), 'utf8')).toBe('# its own\nscratch/\n');
      expect(readFileSync(join(dir, 'a.txt'), 'utf8')).toBe('a changed\n');
      expect(run(dir, 'restore').status).toBe(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses while changes are staged, which emptying the index would drop', () => {
    const dir = repo();
    try {
      git(dir, 'add', 'a.txt');
      const hide = run(dir, 'hide');
      expect(hide.status).toBe(1);
      expect(hide.stderr).toContain('staged');
      expect(git(dir, 'diff', '--cached', '--name-only')).toBe('a.txt\n');
      expect(readFileSync(join(dir, '.git', 'info', 'exclude'), 'utf8')).toBe('# its own\nscratch/\n');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

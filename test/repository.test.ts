import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The repository stands alone (issue 17): a clone with nothing beside it runs its tests, its benchmarks and
 * its scripts. No code reads a path that climbs out of the repository into the shared folder it was built
 * beside; what tests need is copied under test/fixtures with its provenance.
 */
const ROOTS = ['src', 'test', 'e2e', 'bench', 'scripts', 'workers', 'training', 'vite'];
const CODE = /\.(ts|tsx|mts|mjs|js|py)$/;
// A string literal holding a relative path up into ../shared (comments may name the source of a copy).
const CLIMB = /(['"`])(\.\.\/)+shared\/[^'"`]*\1/;

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) yield* files(p);
    else if (CODE.test(name)) yield p;
  }
}

describe('the repository stands alone', () => {
  it('no code reads a path outside the repository', () => {
    const offenders: string[] = [];
    for (const root of ROOTS)
      for (const f of files(root))
        readFileSync(f, 'utf8')
          .split('\n')
          .forEach((line, i) => {
            if (CLIMB.test(line)) offenders.push(`${f}:${i + 1}: ${line.trim()}`);
          });
    expect(offenders).toEqual([]);
  });

  it('one test layout: every test file under test/ (mirroring what it tests), none beside the code', () => {
    const stray: string[] = [];
    for (const root of ROOTS.filter((r) => r !== 'test'))
      for (const f of files(root)) if (/\.test\.tsx?$/.test(f)) stray.push(f);
    expect(stray).toEqual([]);
  });

  it('every fixture folder says where its files come from', () => {
    for (const name of readdirSync('test/fixtures')) {
      const dir = join('test/fixtures', name);
      if (statSync(dir).isDirectory()) expect(readdirSync(dir), dir).toContain('README.md');
    }
  });

  // data/labels is append-only (data/labels/CHECKSUMS.md): each shard is exactly as it was written, which
  // its checksum recorded then says — in SHA256SUMS for the first shards (test 0–1, train 0–30), in its own .sha256 file for every other.
  it('every committed label shard is as it was written: its recorded checksums agree and match it', () => {
    const recorded = new Map<string, Set<string>>();
    const lists = [
      'data/labels/SHA256SUMS',
      ...readdirSync('data/labels', { recursive: true })
        .map(String)
        .filter((f) => f.endsWith('.luxl.sha256'))
        .map((f) => join('data/labels', f)),
    ];
    for (const list of lists)
      for (const line of readFileSync(list, 'utf8').trim().split('\n')) {
        const [sum, path] = line.split(/\s+/);
        recorded.set(path!, (recorded.get(path!) ?? new Set()).add(sum!));
      }
    const shards = readdirSync('data/labels', { recursive: true })
      .map(String)
      .filter((f) => f.endsWith('.luxl'));
    expect(shards.length).toBeGreaterThan(40);
    for (const shard of shards) {
      const sums = recorded.get(shard);
      expect(sums ? [...sums] : [], shard).toEqual([
        createHash('sha256')
          .update(readFileSync(join('data/labels', shard)))
          .digest('hex'),
      ]);
    }
  });
});

import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { jobSetting } from '../../src/service/jobs/jobs';
import { ROUTES } from '../../src/service/operations';
import { loadTokens, parseTokenFile, ROUTE_SCOPES, unknownScope } from '../../src/service/tokenStore';
import { builtCli, ensureServerBuilt } from '../helpers/build';
import { newEmbeddedDatabase } from '../helpers/embeddedDatabase';
import { SERVER_MAIN, SERVER_MULTI } from '../helpers/paths';
import { spawnNode } from '../helpers/processes';

/**
 * What an operator sets is read when the server starts, and a setting it cannot honour stops it there with
 * the variable's name — not a 500 at the first job, a silent default, or a token no client can use.
 */
const digest = '0'.repeat(64);

describe('the jobs’ settings (LUX_JOB_LEASE_S, LUX_JOB_MAINTENANCE_S, LUX_JOB_RETAIN_HOURS)', () => {
  it('reads whole numbers, takes unset or empty as the default, and refuses anything else by name', () => {
    expect(jobSetting({}, 'LUX_JOB_RETAIN_HOURS', 72, 0, 8784)).toBe(72);
    expect(jobSetting({ LUX_JOB_MAINTENANCE_S: '' }, 'LUX_JOB_MAINTENANCE_S', 30, 1, 86_400)).toBe(30);
    expect(jobSetting({ LUX_JOB_LEASE_S: '60' }, 'LUX_JOB_LEASE_S', 300, 1, 86_399)).toBe(60);
    expect(() => jobSetting({ LUX_JOB_RETAIN_HOURS: '3d' }, 'LUX_JOB_RETAIN_HOURS', 72, 0, 8784)).toThrow(
      "LUX_JOB_RETAIN_HOURS must be a whole number in [0, 8784], got '3d'",
    );
    expect(() => jobSetting({ LUX_JOB_LEASE_S: '0' }, 'LUX_JOB_LEASE_S', 300, 1, 86_399)).toThrow(
      'LUX_JOB_LEASE_S must be a whole number in [1, 86399]',
    );
  });

  it('stops a server that is given one it cannot read as it starts, naming it', async () => {
    ensureServerBuilt();
    const db = join(mkdtempSync(join(tmpdir(), 'lux-settings-')), 'lux.db');
    const proc = spawnNode(SERVER_MAIN, { LUX_DATABASE_URL: db, LUX_JOB_RETAIN_HOURS: '3d', PORT: '0' });
    try {
      const code = await new Promise<number | null>((resolve) => proc.child.once('exit', resolve));
      expect(code).not.toBe(0);
      expect(proc.output()).toContain("LUX_JOB_RETAIN_HOURS must be a whole number in [0, 8784], got '3d'");
      expect(proc.output()).not.toContain('    at ');
    } finally {
      await proc.stop();
    }
  }, 60_000);

  // A bad value read at start stopped both commands with the error's whole stack (a module's, or start's).
  it.each([
    [
      SERVER_MAIN,
      'LUX_REQUEST_TIMEOUT_MS',
      "lux: LUX_REQUEST_TIMEOUT_MS must be a non-negative integer, got '1s'",
    ],
    [
      SERVER_MULTI,
      'LUX_RESTART_DELAY_MS',
      "lux multi: LUX_RESTART_DELAY_MS must be an integer in [0, 3600000], got '1s'",
    ],
  ])(
    '%s stops on %s=1s in one line naming it',
    async (script, key, line) => {
      ensureServerBuilt();
      const proc = spawnNode(script, { [key]: '1s', PORT: '18850' });
      try {
        const code = await new Promise<number | null>((resolve) => proc.child.once('exit', resolve));
        expect(code).toBe(1);
        expect(proc.output().trim()).toBe(line);
      } finally {
        await proc.stop();
      }
    },
    60_000,
  );

  it('stops a server whose port is taken in one line naming it, not a stack trace', async () => {
    ensureServerBuilt();
    const taken = createServer();
    await new Promise<void>((r) => taken.listen(0, '127.0.0.1', r));
    const port = (taken.address() as AddressInfo).port;
    const proc = spawnNode(SERVER_MAIN, { PORT: String(port), HOST: '127.0.0.1' });
    try {
      const code = await new Promise<number | null>((resolve) => proc.child.once('exit', resolve));
      expect(code).toBe(1);
      expect(proc.output()).toContain(
        `lux embedded: cannot listen on 127.0.0.1:${port}: the port is in use (PORT, HOST)`,
      );
      expect(proc.output()).not.toContain('    at ');
    } finally {
      await proc.stop();
      taken.close();
    }
  }, 60_000);
});

describe('where the gateway finds its components (LUX_<COMPONENT>_URL)', () => {
  const urls = (env: NodeJS.ProcessEnv) => loadConfig({ LUX_ROLE: 'gateway', ...env }).componentUrls;
  it('drops a trailing slash (it made every call `//v2/<route>`, a 404, and the component unavailable)', () => {
    expect(urls({ LUX_MODEL_URL: 'http://model:8083/' }).model).toBe('http://model:8083');
    expect(urls({ LUX_STATS_URL: ' https://lux.example.org/stats// ' }).stats).toBe(
      'https://lux.example.org/stats',
    );
  });
  it('takes unset or empty as the default, as multi.js does', () => {
    expect(urls({ LUX_MERGER_URL: '', LUX_COMPONENT_HOST: '10.0.0.2' }).merger).toBe('http://10.0.0.2:8084');
  });
  it('refuses at start, by name, what is not an http(s) URL', () => {
    expect(() => urls({ LUX_MODEL_URL: 'model:8083' })).toThrow(
      "LUX_MODEL_URL must be an http:// or https:// URL (as http://host:8083), got 'model:8083'",
    );
    expect(() => urls({ LUX_ENCODER_URL: 'encoder' })).toThrow('LUX_ENCODER_URL must be');
  });
});

describe('tokens an operator gives', () => {
  it('knows every route’s scope', () => {
    const fromRoutes = new Set(ROUTES.flatMap((r) => (typeof r.scope === 'string' ? [r.scope] : r.scope)));
    expect(new Set(ROUTE_SCOPES)).toEqual(fromRoutes);
  });

  it('refuses a scope no route or model type answers to, where a token would meet only 403s', () => {
    expect(unknownScope(['*'])).toBeUndefined();
    expect(unknownScope(['run', 'stats', 'model:*', 'model:df_default', 'model:da_custom'])).toBeUndefined();
    expect(unknownScope(['run', 'stat'])).toBe('stat');
    expect(unknownScope(['model:df'])).toBe('model:df');
    const file = (scopes: unknown) => JSON.stringify([{ token_sha256: digest, name: 'partner', scopes }]);
    expect(parseTokenFile(file(['run', 'model:df_default']))[0]!.scopes).toEqual(['run', 'model:df_default']);
    expect(() => parseTokenFile(file(['run', 'stat']))).toThrow(
      "LUX_API_TOKENS_FILE entry 0: unknown scope 'stat'; scopes are '*', run, simulate, obstruction, geometry, encode, stats, merge, model:* or model:<df_default|df_custom|da_default|da_custom>",
    );
    // Not a list: the token would have had no scope at all.
    expect(() => parseTokenFile(file('*'))).toThrow('LUX_API_TOKENS_FILE entry 0: scopes must be a list');
  });

  it('refuses an LUX_API_TOKENS token that no Authorization header can carry', () => {
    expect(loadTokens({ LUX_API_TOKENS: 'abc-123_x.y~z+/==, second' })).toHaveLength(2);
    expect(() => loadTokens({ LUX_API_TOKENS: 'fine,s3cret!' })).toThrow(
      'LUX_API_TOKENS: token 2 has characters a Bearer header cannot carry',
    );
  });

  it('npm run tokens refuses to create a token with a misspelt scope', () => {
    const db = newEmbeddedDatabase('lux-scopes-');
    let stderr = '';
    try {
      execFileSync(
        process.execPath,
        [...builtCli('tokens'), 'create', '--name', 'partner', '--scopes', 'run,stat'],
        {
          env: { ...process.env, LUX_DATABASE_URL: db },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
    } catch (e) {
      stderr = String((e as { stderr: Buffer }).stderr);
    }
    expect(stderr).toContain("tokens: scopes are '*', run, simulate");
    expect(stderr).toContain(", got 'stat'");
  }, 60_000);

  it('npm run usage and tokens list make no database where none is (a first tokens create does)', () => {
    const here = mkdtempSync(join(tmpdir(), 'lux-nodb-'));
    const env = { ...process.env };
    delete env.LUX_DATABASE_URL;
    const run = (...args: string[]): { status: number | null; stderr: string } => {
      try {
        execFileSync(process.execPath, args, { cwd: here, env, stdio: ['ignore', 'pipe', 'pipe'] });
        return { status: 0, stderr: '' };
      } catch (e) {
        const x = e as { status: number | null; stderr: Buffer };
        return { status: x.status, stderr: String(x.stderr) };
      }
    };
    for (const [cli, ...args] of [['usage'], ['tokens', 'list']] as const) {
      const r = run(...builtCli(cli), ...args);
      expect(r.status).toBe(2);
      expect(r.stderr).toContain(
        `${cli}: no database: LUX_DATABASE_URL is not set and .lux/lux.db does not exist`,
      );
    }
    // Made by neither: a later `npm start` here stays self-hosted.
    expect(existsSync(join(here, '.lux'))).toBe(false);
  }, 60_000);
});

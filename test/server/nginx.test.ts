import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installDebianPackage } from '../helpers/debianPackage';
import { freePorts } from '../helpers/ports';

/**
 * The nginx in front of the replicas, as docker-compose.hosted.yml ships it (docs/deployment.md §Hosted
 * mode, Replicas), run here against two stand-in replicas: a replica that fails in the middle of a call
 * has its compute call answered by the other, but not a job's creation, which a second try could make
 * twice. Installs Debian's nginx-light where it may; skipped, saying so, where nginx cannot be had.
 */
const nginxBinary = (): string | undefined =>
  ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/local/nginx/sbin/nginx'].find((p) => existsSync(p));
if (!nginxBinary()) installDebianPackage('nginx-light');
const NGINX = nginxBinary();
if (!NGINX)
  console.log(
    "nginx tests skipped: nginx is not installed and Debian's nginx-light could not be installed here",
  );

/** The `nginx_conf` config of a compose file, as nginx reads it (`$$` is compose's literal `$`). */
function composeNginxConf(file: string): string {
  const lines = readFileSync(file, 'utf8').split('\n');
  const start = lines.findIndex((l) => /^\s+nginx_conf:\s*$/.test(l));
  const content = lines.findIndex((l, i) => i > start && /^\s+content: \|\s*$/.test(l));
  const indent = /^\s*/.exec(lines[content + 1]!)![0].length;
  const body: string[] = [];
  for (const l of lines.slice(content + 1)) {
    if (l.trim() !== '' && /^\s*/.exec(l)![0].length < indent) break;
    body.push(l.slice(indent));
  }
  return body.join('\n').replaceAll('$$', '$');
}

/** Stand-in replicas: the first POST of a round reaches one and dies with its connection (a killed replica). */
function replicas(n: number) {
  let died = false;
  const seen: string[] = [];
  const servers: Server[] = [];
  for (let i = 0; i < n; i++)
    servers.push(
      createServer((req, res) => {
        req.resume();
        req.on('end', () => {
          seen.push(`${i} ${req.method} ${req.url}`);
          if (req.method === 'POST' && !died) {
            died = true;
            req.socket.destroy();
            return;
          }
          res.setHeader('content-type', 'application/json');
          res.end(JSON.stringify({ status: 'success', replica: i }));
        });
      }),
    );
  return {
    servers,
    seen,
    /** The next POST dies again. */
    reset: () => {
      died = false;
      seen.length = 0;
    },
  };
}

describe.skipIf(!NGINX)('nginx in front of two replicas (docker-compose.hosted.yml)', () => {
  let nginx: ChildProcess | undefined;
  let url = '';
  const stand = replicas(2);

  beforeAll(async () => {
    const [front, a, b] = await freePorts(3);
    await Promise.all(
      stand.servers.map((s, i) => new Promise<void>((r) => s.listen([a, b][i], '127.0.0.1', r))),
    );
    const conf = composeNginxConf('docker-compose.hosted.yml')
      .replace('lux-1:8080', `127.0.0.1:${a}`)
      .replace('lux-2:8080', `127.0.0.1:${b}`)
      .replace(/listen 8080;/, `listen 127.0.0.1:${front};`);
    const dir = mkdtempSync(join(tmpdir(), 'lux-nginx-'));
    mkdirSync(join(dir, 'logs'));
    const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
      .map((t) => `${t}_temp_path ${join(dir, t)};`)
      .join(' ');
    writeFileSync(
      join(dir, 'nginx.conf'),
      `pid ${join(dir, 'nginx.pid')}; error_log ${join(dir, 'logs/error.log')};\n` +
        `events {}\nhttp { access_log off; ${temp}\n${conf}\n}\n`,
    );
    const args = ['-p', dir, '-c', join(dir, 'nginx.conf'), '-g', 'daemon off; master_process off;'];
    const check = spawnSync(NGINX!, ['-t', ...args], { encoding: 'utf8' });
    expect(check.status, check.stderr).toBe(0);
    nginx = spawn(NGINX!, args, { stdio: 'ignore' });
    url = `http://127.0.0.1:${front}`;
    for (let i = 0; ; i++) {
      const up = await fetch(`${url}/v2/`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) break;
      if (i > 100) throw new Error('nginx did not start');
      await new Promise((r) => setTimeout(r, 50));
    }
  }, 30_000);
  afterAll(async () => {
    nginx?.kill('SIGTERM');
    await Promise.all(stand.servers.map((s) => new Promise((r) => s.close(r))));
  });

  const post = (path: string) =>
    fetch(`${url}${path}`, {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json', authorization: 'Bearer t' },
    });

  it('answers a compute call from the other replica when the first fails in the middle of it', async () => {
    stand.reset();
    const res = await post('/v2/stats');
    expect(res.status).toBe(200);
    expect(stand.seen.filter((s) => s.endsWith('POST /v2/stats'))).toHaveLength(2);
  });

  it('sends a job’s creation once: a failed replica may have made it', async () => {
    stand.reset();
    const res = await post('/v2/jobs');
    expect(res.status).toBe(502);
    expect(stand.seen.filter((s) => s.endsWith('POST /v2/jobs'))).toHaveLength(1);
  });
});

describe.skipIf(!NGINX)('nginx in front of the gateways (docker-compose.yml)', () => {
  it('is a configuration nginx accepts', () => {
    const dir = mkdtempSync(join(tmpdir(), 'lux-nginx-'));
    const conf = composeNginxConf('docker-compose.yml').replace('gateway:8080', '127.0.0.1:9');
    expect(conf).toContain('non_idempotent');
    writeFileSync(
      join(dir, 'nginx.conf'),
      `pid ${join(dir, 'nginx.pid')}; error_log ${join(dir, 'error.log')};\nevents {}\nhttp {\n${conf}\n}\n`,
    );
    const check = spawnSync(NGINX!, ['-t', '-p', dir, '-c', join(dir, 'nginx.conf')], { encoding: 'utf8' });
    expect(check.status, check.stderr).toBe(0);
  });
});

import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import type { Context } from 'hono';

/** Serves the built web app (Vite output). Hashed assets are immutable; index.html is always revalidated. */
export interface StaticApp {
  index(c: Context): Promise<Response>;
  asset(c: Context): Promise<Response>;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.wasm': 'application/wasm',
  '.onnx': 'application/octet-stream',
  '.txt': 'text/plain; charset=utf-8',
};

export function staticApp(dir: string): StaticApp {
  const root = resolve(dir);
  const send = async (c: Context, file: string, cache: string): Promise<Response> => {
    const body = await readFile(file);
    return c.body(body, 200, {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'cache-control': cache,
    });
  };
  const index = (c: Context) => send(c, join(root, 'index.html'), 'no-cache');
  return {
    index,
    async asset(c) {
      // Browsers ask for /favicon.ico by themselves (the API's docs page too): the app's icon answers.
      const path = c.req.path === '/favicon.ico' ? '/icon-192.png' : c.req.path;
      const rel = normalize(decodeURIComponent(path)).replace(/^([/\\])+/, '');
      const file = resolve(root, rel);
      if (file !== root && !file.startsWith(root + sep)) return c.notFound(); // no path traversal
      const s = await stat(file).catch(() => null);
      if (s?.isFile())
        return send(c, file, rel.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      return c.notFound();
    },
  };
}

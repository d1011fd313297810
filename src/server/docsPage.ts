import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Context } from 'hono';

/**
 * `/v2/docs`: the API reference rendered by Swagger UI from `openapi.json` — every endpoint with its request
 * and response schemas, examples, and "Try it out" against this server. Swagger UI's files are served from
 * its npm package (swagger-ui-dist), so the page works on a server with no internet access.
 */
const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
};

const uiDir = (): string =>
  join(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'), '..');

export function docsPage(base: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Lux API</title>
<link rel="icon" href="/favicon.ico">
<link rel="stylesheet" href="${base}/docs/swagger-ui.css">
<style>body{margin:0}.topbar{display:none}</style>
</head><body>
<div id="ui"></div>
<script src="${base}/docs/swagger-ui-bundle.js"></script>
<script>
window.ui = SwaggerUIBundle({
  url: ${JSON.stringify(`${base}/openapi.json`)},
  dom_id: '#ui',
  deepLinking: true,
  defaultModelsExpandDepth: 0,
});
</script>
</body></html>`;
}

/** Swagger UI's own files, named in ASSETS only (nothing else of the package is reachable). */
export async function docsAsset(c: Context): Promise<Response> {
  const name = c.req.param('file') ?? '';
  const type = ASSETS[name];
  if (!type) return c.notFound();
  const body = await readFile(join(uiDir(), name));
  return c.body(body, 200, { 'content-type': type, 'cache-control': 'public, max-age=86400' });
}

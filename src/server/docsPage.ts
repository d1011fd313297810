/**
 * A self-contained API page rendered from openapi.json in the browser. No CDN: the server may run
 * offline, so the few lines of rendering are inlined instead of pulling in Swagger UI.
 */
export function docsPage(base: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Lux API</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1b1b1b}
h1{margin-bottom:0}code,pre{font:13px ui-monospace,monospace;background:#f4f4f4;border-radius:4px}
pre{padding:.75rem;overflow:auto;max-height:24rem}section{border-top:1px solid #ddd;padding:.5rem 0}
.m{display:inline-block;min-width:3.5rem;font-weight:700;color:#0b6e4f}
details summary{cursor:pointer}
</style></head><body>
<h1>Lux API</h1>
<p>Base address <code>${base}</code>. Bodies are JSON; errors are <code>{"status":"error","error","error_type"}</code>.
Send <code>Authorization: Bearer &lt;token&gt;</code> when the server has tokens configured.
Machine-readable: <a href="${base}/openapi.json">openapi.json</a>.</p>
<div id="ops">Loading…</div>
<script>
fetch(${JSON.stringify(base + '/openapi.json')}).then(r=>r.json()).then(doc=>{
  const el=document.getElementById('ops');el.textContent='';
  for(const [path,item] of Object.entries(doc.paths)){for(const [method,op] of Object.entries(item)){
    const s=document.createElement('section');
    const h=document.createElement('h2');h.innerHTML='<span class="m"></span> <code></code>';
    h.querySelector('.m').textContent=method.toUpperCase();h.querySelector('code').textContent=${JSON.stringify(base)}+path;
    const p=document.createElement('p');p.textContent=op.summary||'';
    s.append(h,p);
    const schema=op.requestBody?.content?.['application/json']?.schema;
    if(schema){const d=document.createElement('details');const sm=document.createElement('summary');sm.textContent='Request schema';
      const pre=document.createElement('pre');pre.textContent=JSON.stringify(schema,null,2);d.append(sm,pre);s.append(d);}
    const codes=document.createElement('p');codes.textContent='Responses: '+Object.keys(op.responses||{}).join(', ');s.append(codes);
    el.append(s);}}
}).catch(e=>{document.getElementById('ops').textContent='Could not load openapi.json: '+e});
</script></body></html>`;
}

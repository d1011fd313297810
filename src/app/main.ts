/**
 * The browser app's entry. The drawing app (issue "The browser app") is not built yet: this page says
 * what the server offers now, and nothing on it pretends to predict.
 */
const root = document.getElementById('root');
if (root) {
  root.innerHTML = `
    <main style="font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem">
      <h1>Lux</h1>
      <p>Daylight factor maps, obstruction angles and compliance checks for architects.</p>
      <p>This server speaks the <code>/v2</code> daylight API: daylight-factor prediction with the trained
      model (<code>/run</code>), the physics engine (<code>/simulate</code>), obstruction angles, the v2
      encoding, statistics and merging. The in-browser drawing app is on its way.</p>
      <ul>
        <li><a href="/v2/docs">API documentation</a></li>
        <li><a href="/v2/openapi.json">OpenAPI document</a></li>
        <li><a href="/v2/">Service health</a> (<span id="health">checking…</span>)</li>
      </ul>
    </main>`;
  fetch('/v2/')
    .then((r) => r.json())
    .then((h: { status: string }) => {
      const el = document.getElementById('health');
      if (el) el.textContent = h.status;
    })
    .catch(() => undefined);
}

/**
 * The layering (docs/architecture.md), checked by `npm run lint`: the core imports nothing above it, the
 * faces (server, app, cli, workers, evaluation) import the service layer and the core but never one
 * another, and no module imports itself round a cycle (type-only imports count: they tie modules too).
 */
const FACES = ['server', 'app', 'cli', 'workers', 'evaluation'];
const face = (f) => (f === 'workers' ? '^workers/' : `^src/${f}/`);
/**
 * The one arrow allowed between faces: the browser app starts its own Web Workers and types their APIs
 * (src/app/compute/workers.ts); a worker never imports the app.
 */
const allowed = { app: ['workers'] };

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-cycle',
      severity: 'error',
      comment: 'Modules that import each other, directly or round a loop: split out what both need.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'core-stands-alone',
      severity: 'error',
      comment: 'src/core is pure TypeScript below everything: it imports only itself and libraries.',
      from: { path: '^src/core/' },
      to: { path: '^(src/(?!core/)|workers/|bench/|test/|e2e/)' },
    },
    {
      name: 'service-below-the-faces',
      severity: 'error',
      comment: 'The service layer serves the faces; it never imports one.',
      from: { path: '^src/service/' },
      to: { path: `(${FACES.map(face).join('|')})` },
    },
    {
      name: 'browser-reads-pure-service-only',
      severity: 'error',
      comment:
        'The browser (app, workers) may read the operations list of the service layer, which is pure; the rest of it runs on Node.',
      from: { path: '^(src/app|workers)/' },
      to: { path: '^src/service/', pathNot: '^src/service/operations[.]ts$' },
    },
    {
      name: 'operations-list-is-pure',
      severity: 'error',
      comment:
        'service/operations.ts is bundled into the browser: it and what it reads of the service layer use no Node API.',
      from: { path: '^src/service/(operations|examples|requestDocs)[.]ts$' },
      to: {
        dependencyTypesNot: ['npm', 'local', 'type-only'],
      },
    },
    {
      name: 'operations-list-reads-pure-service-only',
      severity: 'error',
      comment: 'service/operations.ts reads only the pure modules of the service layer.',
      from: { path: '^src/service/(operations|examples|requestDocs)[.]ts$' },
      to: { path: '^src/service/', pathNot: '^src/service/(operations|examples|requestDocs)[.]ts$' },
    },
    ...FACES.map((f) => ({
      name: `no-face-to-face-${f}`,
      severity: 'error',
      comment: `${f} is a face: it uses the service layer and the core, not another face.`,
      from: { path: face(f) },
      to: {
        path: `(${FACES.filter((g) => g !== f && !(allowed[f] ?? []).includes(g))
          .map(face)
          .join('|')})`,
      },
    })),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    exclude: { path: '(^|/)node_modules/' },
  },
};

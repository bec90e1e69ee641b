/**
 * The house's shape, checked by `npm test` (docs/architecture.md, shared architecture-next.md):
 * routes → modules → db; ui/ never imports server code; db/ imports neither modules/ nor tests/;
 * Kysely only in repositories and db/; no import cycles (files, and modules: editor-dispatcher-on-top);
 * owner/admin/user scopes are built only in access/ (scope-builders-only-in-access).
 * Run: `npm run lint:layers` (also a step of `npm test`, and tests/architecture/layers.test.ts).
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import cycle: one of the two modules should not know the other (move the shared part down).',
      from: {},
      to: { circular: true, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'no-circular-types',
      severity: 'error',
      comment: 'A cycle through type imports too: the types belong in the lower module.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'kysely-only-in-repositories',
      severity: 'error',
      comment: 'SQL lives in *.repo.server.ts and app/db/ only; services hold rules (STYLE.md).',
      from: { path: '^(app|server)/', pathNot: ['\\.repo\\.server\\.ts$', '^app/db/', '\\.test\\.ts$'] },
      to: { path: 'node_modules/kysely/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'ui-never-imports-server-code',
      severity: 'error',
      comment: 'ui/ is presentational and ships to the browser: no *.server.ts, not even for types.',
      from: { path: '^app/ui/' },
      to: { path: '\\.server\\.tsx?$' },
    },
    {
      name: 'db-stays-below-modules',
      severity: 'error',
      comment: 'app/db/ is the bottom layer: it imports neither app/modules/ nor tests/.',
      from: { path: '^app/db/', pathNot: '\\.test\\.ts$' },
      to: { path: '^(app/modules/|tests/)' },
    },
    {
      name: 'app-never-imports-tests',
      severity: 'error',
      comment:
        'Production code never imports test helpers (the demo seed has its own data module). The benchmarks and ' +
        'the screenshot tool are developer tools that start the built server and Chromium as the tests do.',
      from: { path: '^(app|server|scripts)/', pathNot: ['\\.test\\.ts$', '^scripts/bench-', '^scripts/screenshot\\.ts$'] },
      to: { path: '^tests/' },
    },
    {
      name: 'scope-builders-only-in-access',
      severity: 'error',
      comment:
        'An owner, admin or user scope stands for a proven access check: only access/ builds one (and tests, ' +
        'through tests/support/scopes.ts). Jobs, webhooks and scripts act as the system (systemScope, forRestaurant ' +
        'in scope.server.ts); a just-registered owner gets ownerScopeForNewRestaurant from access.server.ts.',
      from: { pathNot: ['^app/modules/access/', '^tests/'] },
      to: { path: '^app/modules/access/scope-builders\\.server\\.ts$' },
    },
    {
      name: 'editor-dispatcher-on-top',
      severity: 'error',
      comment:
        'A cycle between modules (not files): menu/ dispatches the editor\'s intents to location/, category/ and ' +
        'product/, so they (and the shared write path in editing/) must never import menu/ back. What they share ' +
        'lives below them in editing/ (changeMenu, menu-rules, menu-fields, editing.repo). File-level cycles are ' +
        'caught by no-circular; this rule catches the module-level one no-circular cannot see.',
      from: { path: '^app/modules/(location|category|product|restaurant|editing)/', pathNot: '\\.test\\.ts$' },
      to: { path: '^app/modules/menu/' },
    },
    {
      name: 'editing-below-entities',
      severity: 'error',
      comment: 'editing/ is the shared write path under location/, category/, product/ and menu/: it imports none of them.',
      from: { path: '^app/modules/editing/', pathNot: '\\.test\\.ts$' },
      to: { path: '^app/modules/(menu|location|category|product)/' },
    },
    {
      name: 'modules-never-import-routes',
      severity: 'error',
      comment: 'routes → modules, never back.',
      from: { path: '^app/modules/' },
      to: { path: '^app/routes/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(build|\\.react-router|node_modules|data)/' },
    // swc reads every file and already marks type-only imports (the type rules above rely on that).
    // tsPreCompilationDeps would ask for the TypeScript compiler API as a second extractor, which
    // dependency-cruiser 18 finds only in typescript < 7; with our typescript 7 (the native port, no
    // such API) it fell back to swc anyway and printed `missing-tsc-transpiler` on every run.
    parser: 'swc',
    tsPreCompilationDeps: false,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};

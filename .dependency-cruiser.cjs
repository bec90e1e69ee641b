/**
 * The house's shape, checked by `npm test` (docs/architecture.md, decision 0027):
 * routes → modules → db; ui/ never imports server code; db/ imports neither modules/ nor tests/;
 * Kysely only in repositories and db/, and the tenant helper (app/db/tenant.ts, decision 0030) only in
 * repositories; no import cycles between files, and none between modules
 * (no-cycle-between-modules); a module imports only
 * another module's public files; app/wiring/ (the composition root) is imported by no module, and
 * auth and the configuration import none; owner/admin/user scopes are built only in access/, and an
 * *.internal file is imported from its own module only, whoever the importer is.
 * Test files (*.test.ts) are left out of the graph: nothing imports them, every rule exempted them,
 * and a module's test importing the composition root or another module's fixtures is no module edge.
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
      comment: 'SQL lives in *.repo.server.ts and app/db/ only; services hold rules.',
      from: { path: '^(app|server)/', pathNot: ['\\.repo\\.server\\.ts$', '^app/db/', '\\.test\\.ts$'] },
      to: { path: 'node_modules/kysely/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'tenant-helper-only-in-repositories',
      severity: 'error',
      comment: 'tenant() and acrossRestaurants() start queries (decision 0030): repositories use them, nothing above does.',
      from: { path: '^(app|server)/', pathNot: ['\\.repo\\.server\\.ts$', '^app/db/', '\\.test\\.ts$'] },
      to: { path: '^app/db/tenant\\.ts$' },
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
        'A member, admin or user scope stands for a proven access check (decision 0029): only access/ builds one ' +
        "(and tests, through tests/support/scopes.ts). A new restaurant's first owner gets theirs from " +
        'access/new-restaurant.server.ts, which makes one only for the restaurant it has just inserted.',
      from: { pathNot: ['^app/modules/access/', '^tests/'] },
      to: { path: '^app/modules/access/scope-builders\\.server\\.ts$' },
    },
    {
      name: 'system-scopes-only-for-the-system',
      severity: 'error',
      comment:
        'A system scope acts on any restaurant with no person behind it (decision 0029): only the job worker and ' +
        'the job handlers (app/wiring/, the image sweep, the billing sync), the payment webhook, the demo seed, ' +
        "scripts, the server process and tests make one. A route or a service on a person's behalf never does.",
      from: {
        pathNot: [
          '^app/modules/access/',
          '^app/wiring/',
          '^app/modules/jobs/job-worker\\.server\\.ts$',
          '^app/modules/image/image-cleanup\\.server\\.ts$',
          '^app/modules/billing/billing-(webhook|sync)\\.server\\.ts$',
          '^app/modules/demo/demo-seed\\.server\\.ts$',
          '^scripts/',
          '^server/',
          '^tests/',
        ],
      },
      to: { path: '^app/modules/access/system-scope\\.server\\.ts$' },
    },
    {
      name: 'editor-dispatcher-on-top',
      severity: 'error',
      comment:
        "A cycle between modules (not files): editor/ dispatches the editor's intents to location/, category/ and " +
        'product/, and guest-menu/ reads what they write, so they (and the shared write path in editing/) must never ' +
        'import editor/ or guest-menu/ back. What they share ' +
        'lives below them in editing/ (changeMenu, menu-rules, menu-fields, editing.repo). File-level cycles are ' +
        'caught by no-circular; this rule catches the module-level one no-circular cannot see.',
      from: { path: '^app/modules/(location|category|product|restaurant|editing)/', pathNot: '\\.test\\.ts$' },
      to: { path: '^app/modules/(editor|guest-menu)/' },
    },
    {
      name: 'editing-below-entities',
      severity: 'error',
      comment: 'editing/ is the shared write path under location/, category/, product/ and editor/: it imports none of them.',
      from: { path: '^app/modules/editing/', pathNot: '\\.test\\.ts$' },
      to: { path: '^app/modules/(editor|guest-menu|location|category|product)/' },
    },
    {
      name: 'no-cycle-between-modules',
      severity: 'error',
      comment:
        'Modules form no cycle (decision 0027): each folder under app/modules/ is one node, and an import from a ' +
        'file in one to a file in another is an edge, so a cycle through several files of several modules fails ' +
        'even when no file cycle exists. Break one by moving the shared part down, or the wiring up into app/wiring/.',
      scope: 'folder',
      from: { path: '^app/modules/[^/]+' },
      to: { path: '^app/modules/[^/]+', circular: true },
    },
    {
      name: 'modules-import-public-files-only',
      severity: 'error',
      comment:
        "A module's repositories (*.repo.server.ts) and files marked *.internal[.server].ts are its own (decision " +
        '0027): another module calls its services instead. The repositories other modules still read are listed ' +
        'here as shared, a debt that only shrinks: a new cross-module repository import fails.',
      from: { path: '^app/modules/([^/]+)/' },
      to: {
        path: '^app/modules/[^/]+/[^/]+\\.(repo|internal)(\\.server)?\\.tsx?$',
        pathNot: [
          '^app/modules/$1/',
          // shared repositories (see the comment): only ever removed from this list
          ...[
            'restaurant/restaurant',
            'subscription/subscription',
            'subscription/plan-days',
            'rate-limit/rate-counter',
            'location/location',
            'category/category',
            'product/product',
            'editing/editing',
            'audit/audit',
            'tables/tables',
            'qr/qr',
            // the one read path of dishes' options, shared by design (decision 0034, docs/architecture.md)
            'options/options',
          ].map((repo) => `^app/modules/${repo}\\.repo\\.server\\.ts$`),
        ],
      },
    },
    {
      name: 'internal-files-stay-in-their-module',
      severity: 'error',
      comment:
        "A file marked *.internal[.server].ts is its own module's (decision 0027): the rule above keeps other " +
        'modules out, this one every other importer too (routes, ui, the wiring, auth, the server process, scripts, ' +
        "tests' helpers). Its home is its module (app/modules/<m>/), else its top folder (app/<x>/, server/, " +
        'scripts/, tests/); a file directly under app/ has none. The scope factory is one: a route that imported ' +
        "`mint` could make an owner's scope for any restaurant (issue 34, M13c).",
      from: { path: '^(app/modules/[^/]+/|app/(?!modules/)[^/]+/|(?!app/)[^/]+/|app/[^/]+$)' },
      to: { path: '\\.internal(\\.server)?\\.tsx?$', pathNot: '^$1' },
    },
    {
      name: 'scope-mint-only-in-the-scope-factories',
      severity: 'error',
      comment:
        'Inside access/ too, only the three files that make scopes import the factory (scope.server.ts for withDb, ' +
        'scope-builders.server.ts for members, admins and users, system-scope.server.ts for the system): each is ' +
        "guarded by its own rule above, and app/modules/access/scope.test.ts checks none of access's files exports it.",
      from: {
        path: '^app/modules/access/',
        pathNot: ['^app/modules/access/(scope|scope-builders|system-scope)\\.server\\.ts$'],
      },
      to: { path: '^app/modules/access/scope-mint\\.internal\\.server\\.ts$' },
    },
    {
      name: 'modules-never-import-the-composition-root',
      severity: 'error',
      comment:
        'app/wiring/ is the composition root (decision 0027): it knows the modules (which handler runs which job, ' +
        'what auth is given); a module that imported it would depend on every other module.',
      from: { path: '^app/modules/' },
      to: { path: '^app/wiring/' },
    },
    {
      name: 'auth-and-config-below-modules',
      severity: 'error',
      comment:
        'app/auth/ and the configuration (app/env*.ts) sit below the modules, which import them: what they need ' +
        'from a module (mail, jobs, rate limits) the composition root hands in (app/wiring/auth-services.server.ts).',
      from: { path: '^app/(auth/|env[^/]*\\.ts$)' },
      to: { path: '^app/modules/' },
    },
    {
      name: 'routes-call-services-not-repositories',
      severity: 'error',
      comment: 'A route parses input, calls a service and maps the answer; queries and their tenant filter stay behind the services.',
      from: { path: '^app/routes/' },
      to: { path: '\\.repo\\.server\\.ts$' },
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
    exclude: { path: ['^(build|\\.react-router|node_modules|data)/', '\\.test\\.tsx?$'] },
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

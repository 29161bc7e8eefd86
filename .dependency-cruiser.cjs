// The layers of the suite (docs/architecture.md): cli → harness/engine → harness/receivers → harness/wire →
// harness/model, checks (suites/<era>/) on the receiver API, results → reports. Each rule says which way a dependency
// must not point, and why.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    { name: 'no-cycles', severity: 'error', comment: 'A cycle hides which layer depends on which.', from: {}, to: { circular: true } },
    {
      name: 'the-model-is-the-bottom-layer',
      severity: 'error',
      comment: 'The report model, its wording and schemas are plain data every layer reads; they use no other layer.',
      from: { path: '^harness/model/' },
      to: { path: '^harness/(wire|receivers|engine|explore|proxy|rules)/' },
    },
    {
      name: 'the-wire-knows-no-receiver-api',
      severity: 'error',
      comment: 'Sessions, transcripts and connections carry messages; what a task is and how a run goes are layers above.',
      from: { path: '^harness/wire/' },
      to: { path: '^harness/(receivers|engine|explore|proxy|rules)/' },
    },
    {
      name: 'the-receiver-api-knows-no-engine',
      severity: 'error',
      comment: 'The receiver APIs (one per era) speak to one receiver; the engine runs checks with them, never the reverse.',
      from: { path: '^harness/receivers/' },
      to: { path: '^harness/(engine|explore|proxy|rules)/' },
    },
    {
      name: 'the-engine-does-not-explore',
      severity: 'error',
      comment: 'The scripted run and the exploration are two commands over the same lower layers.',
      from: { path: '^harness/engine/' },
      to: { path: '^harness/(explore|proxy)/' },
    },
    {
      name: 'harness-knows-no-checks-or-reports',
      severity: 'error',
      comment: 'The harness runs any profile and hands back results; only cli/ knows suites, reports and references.',
      from: { path: '^harness/' },
      to: { path: '^(suites|reports|cli|reference-server|reference-client)/' },
    },
    {
      name: 'reports-read-results-only',
      severity: 'error',
      comment: 'Reports render a RunReport (or an ExploreReport): they read the report model, the run policy and its wording, nothing that runs checks.',
      from: { path: '^reports/' },
      to: { path: '^(harness/(?!(model/model|engine/run-policy|model/words|explore/report)\\.ts$)|suites/|cli/|reference-server/|reference-client/)' },
    },
    {
      name: 'checks-use-the-harness-api',
      severity: 'error',
      comment: 'A check talks to the receiver through the harness API, never through connections, the runner or the CLI.',
      from: { path: '^suites/' },
      to: { path: '^(harness/(wire/connections/|engine/(runner|context|run-policy)|receivers/(discovery|[^/]+/discovery)|wire/session)|reports/|cli/|reference-server/|reference-client/)' },
    },
    {
      name: 'eras-do-not-lean-on-each-other',
      severity: 'error',
      comment:
        "What two eras share lives beside their folders (harness/receivers/discovery.ts and waits.ts, suites/shared/, reference-server/shared/): an era's folder never imports the other era's. One exception: the 2026-07-28 lifecycle rules build on the 2025-11-25 ones (the task lifecycle both judge).",
      from: { path: '/(2025-11-25|2026-07-28)/', pathNot: '^harness/rules/2026-07-28/lifecycle\\.ts$' },
      to: { path: '/(2025-11-25|2026-07-28)/', pathNot: '/$1/' },
    },
    {
      name: 'the-engine-names-no-era',
      severity: 'error',
      comment:
        "The engine runs any profile through its driver (harness/eras/<era>/driver.ts, which a profile names): it imports no driver, no rule book and nothing of an era's folder (an era's connections come through the driver's check context).",
      from: { path: '^harness/engine/' },
      to: { path: '^harness/(eras|rules)/|/\\d{4}-\\d{2}-\\d{2}/' },
    },
    {
      name: 'the-cli-knows-the-eras-in-its-registry-only',
      severity: 'error',
      comment: 'cli/profiles.ts is the one place of the CLI that knows the eras (each profile, --spec auto, the client endpoints); the commands ask it and import nothing of an era folder.',
      from: { path: '^cli/(?!profiles\\.ts$)' },
      to: { path: '/\\d{4}-\\d{2}-\\d{2}/' },
    },
    {
      name: 'an-era-driver-is-wiring',
      severity: 'error',
      comment: 'An era driver hands the engine what the era has (discovery, check context, rule book); it runs nothing itself and knows no command.',
      from: { path: '^harness/eras/' },
      to: { path: '^harness/(engine/(?!profile\\.ts$)|explore|proxy)/' },
    },
    {
      name: 'the-rule-book-only-judges',
      severity: 'error',
      comment:
        "The rule book (one per era) judges traffic for the checks, explore and the proxy alike; it drives no peer and knows none of its users. It reads explore's operation log (the form its lifecycle rules judge) and nothing else of explore.",
      from: { path: '^harness/rules/' },
      to: { path: '^harness/(engine|proxy|wire/connections|wire/session|receivers/(?![^/]+/tasks\\.ts$))|^harness/explore/(?!(run-log|operations|report)\\.ts$)' },
    },
    {
      name: 'the-proxy-only-watches',
      severity: 'error',
      comment: 'The proxy judges traffic it forwards and never drives a peer: it uses the models, schemas and process launcher, not the runner, sessions or receivers of the scripted suite.',
      from: { path: '^harness/proxy/' },
      to: {
        path: '^harness/(engine/(runner|context)|wire/session|receivers/(discovery|waits|[^/]+/(receiver|discovery|waits|tasks))|explore/(execute|[^/]+/execute|explore|runner-base))\\.ts$|^harness/wire/connections/(?!process-group\\.ts$)',
      },
    },
    {
      name: 'only-the-cli-starts-a-proxy',
      severity: 'error',
      comment: 'The proxy is a command of its own; the runner and the checks never reach into it.',
      from: { path: '^(harness/(?!proxy/)|suites/|reports/)' },
      to: { path: '^harness/proxy/' },
    },
    {
      name: 'references-are-implementations-like-any-other',
      severity: 'error',
      comment: 'The reference receivers must pass the suite as independent implementations: they import none of it.',
      from: { path: '^reference-(server|client)/' },
      to: { path: '^(harness|suites|reports|cli)/' },
    },
    {
      name: 'the-reference-server-does-not-lean-on-the-client',
      severity: 'error',
      comment: 'Code shared by both references lives in the server (reference-server/shared/); the server never imports the client.',
      from: { path: '^reference-server/' },
      to: { path: '^reference-client/' },
    },
    {
      name: 'shipped-code-needs-runtime-dependencies-only',
      severity: 'error',
      comment: 'The package and the Action at a release tag install dependencies only (--omit=dev): what ships may not import a devDependency at run time.',
      from: { path: '^(cli|harness|suites|reports|reference-server|reference-client)/' },
      to: { dependencyTypes: ['npm-dev', 'npm-no-pkg', 'npm-unknown'], dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(dist|test|out)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js'] },
  },
};

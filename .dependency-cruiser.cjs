// The layers of the suite (docs/architecture.md): cli → runner → checks → session → IUT, results → reports.
// Each rule says which way a dependency must not point, and why.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    { name: 'no-cycles', severity: 'error', comment: 'A cycle hides which layer depends on which.', from: {}, to: { circular: true } },
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
      to: { path: '^(harness/(?!(model|run-policy|words|explore/report)\\.ts$)|suites/|cli/|reference-server/|reference-client/)' },
    },
    {
      name: 'checks-use-the-harness-api',
      severity: 'error',
      comment: 'A check talks to the receiver through the harness API, never through connections, the runner or the CLI.',
      from: { path: '^suites/' },
      to: { path: '^(harness/(connections/|runner|context|discovery|run-policy|session)|reports/|cli/|reference-server/|reference-client/)' },
    },
    {
      name: 'the-proxy-only-watches',
      severity: 'error',
      comment: 'The proxy judges traffic it forwards and never drives a peer: it uses the models, schemas and process launcher, not the runner, sessions or receivers of the scripted suite.',
      from: { path: '^harness/proxy/' },
      to: {
        path: '^harness/(runner|context|session|receiver|discovery|waits|modern/(receiver|waits|tasks|discovery)|explore/(execute|modern-execute|explore|runner-base))\\.ts$|^harness/connections/(?!process-group\\.ts$)',
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
      comment: 'Code shared by both references lives in the server (or a shared folder); the server never imports the client.',
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

#!/usr/bin/env node
// One shape per era (issue 28): moves the tree into era folders and harness layers by rules, and rewrites every
// relative import, dynamic import and `new URL(…, import.meta.url)` to follow. Rules, not a list: a file added
// under a moved folder moves with it. Run from anywhere: `node scripts/restructure.mjs` (then build, lint, test).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmdirSync, writeFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { fileURLToPath, URL } from 'node:url';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const CORE = '2025-11-25';
const EXTENSION = '2026-07-28';

// The harness files at its root, by the layer they belong to; era files go to the era folder beneath their layer.
const HARNESS_ROOT = {
  'model.ts': 'model/model.ts',
  'model-basics.ts': 'model/model-basics.ts',
  'words.ts': 'model/words.ts',
  'describe.ts': 'model/describe.ts',
  'rpc.ts': 'model/rpc.ts',
  'fixtures.ts': 'model/fixtures.ts',
  'tool.ts': 'model/tool.ts',
  'base-requirements.ts': 'model/base-requirements.ts',
  'session.ts': 'wire/session.ts',
  'transcript.ts': 'wire/transcript.ts',
  'poll-pace.ts': 'wire/poll-pace.ts',
  'answer-pace.ts': 'wire/answer-pace.ts',
  'timing.ts': 'wire/timing.ts',
  'start-gate.ts': 'wire/start-gate.ts',
  'hub-record.ts': 'wire/hub-record.ts',
  'check.ts': 'receivers/check.ts',
  'check-errors.ts': 'receivers/check-errors.ts',
  'preconditions.ts': 'receivers/preconditions.ts',
  'pace-probe.ts': 'receivers/pace-probe.ts',
  'receiver.ts': `receivers/${CORE}/receiver.ts`,
  'waits.ts': `receivers/${CORE}/waits.ts`,
  'client-task-receiver.ts': `receivers/${CORE}/client-task-receiver.ts`,
  'discovery.ts': `receivers/${CORE}/discovery.ts`,
  'runner.ts': 'engine/runner.ts',
  'run-policy.ts': 'engine/run-policy.ts',
  'selection.ts': 'engine/selection.ts',
  'combine.ts': 'engine/combine.ts',
  'coverage.ts': 'engine/coverage.ts',
  'context.ts': 'engine/context.ts',
  'profile.ts': 'engine/profile.ts',
};
// Reference-server files both eras' receivers (and the reference client) share: they stay at the root or in shared/.
const REFERENCE_ROOT_ENTRIES = new Set(['README.md', 'main.ts', 'index.ts', 'cli-options.ts', 'options.ts', 'http.ts', 'stdio.ts', 'faults.ts']);
const REFERENCE_SHARED = new Set(['jsonrpc.ts', 'task-store.ts', 'fixture-tools.ts', 'environment.ts']);

const unplaced = [];

const DEPENDENCY_RULES = `// The layers of the suite (docs/architecture.md): cli → harness/engine → harness/receivers → harness/wire →
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
      to: { path: '^harness/(wire|receivers|engine|explore|proxy)/' },
    },
    {
      name: 'the-wire-knows-no-receiver-api',
      severity: 'error',
      comment: 'Sessions, transcripts and connections carry messages; what a task is and how a run goes are layers above.',
      from: { path: '^harness/wire/' },
      to: { path: '^harness/(receivers|engine|explore|proxy)/' },
    },
    {
      name: 'the-receiver-api-knows-no-engine',
      severity: 'error',
      comment: 'The receiver APIs (one per era) speak to one receiver; the engine runs checks with them, never the reverse.',
      from: { path: '^harness/receivers/' },
      to: { path: '^harness/(engine|explore|proxy)/' },
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
      to: { path: '^(harness/(?!(model/model|engine/run-policy|model/words|explore/report)\\\\.ts$)|suites/|cli/|reference-server/|reference-client/)' },
    },
    {
      name: 'checks-use-the-harness-api',
      severity: 'error',
      comment: 'A check talks to the receiver through the harness API, never through connections, the runner or the CLI.',
      from: { path: '^suites/' },
      to: { path: '^(harness/(wire/connections/|engine/(runner|context|run-policy)|receivers/[^/]+/discovery|wire/session)|reports/|cli/|reference-server/|reference-client/)' },
    },
    {
      name: 'the-proxy-only-watches',
      severity: 'error',
      comment: 'The proxy judges traffic it forwards and never drives a peer: it uses the models, schemas and process launcher, not the runner, sessions or receivers of the scripted suite.',
      from: { path: '^harness/proxy/' },
      to: {
        path: '^harness/(engine/(runner|context)|wire/session|receivers/[^/]+/(receiver|discovery|waits|tasks)|explore/(execute|[^/]+/execute|explore|runner-base))\\\\.ts$|^harness/wire/connections/(?!process-group\\\\.ts$)',
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
`;

/** Where a repository path goes; the same path when it does not move. Works on paths that do not exist (yet). */
export function moved(path) {
  let m;
  if ((m = /^suites\/ext-tasks\/(.+)$/.exec(path))) return `suites/${EXTENSION}/${m[1]}`;
  if ((m = /^suites\/(.+)$/.exec(path))) return `suites/${CORE}/${m[1]}`;
  if (path === 'harness/modern/envelope.ts') return `harness/wire/${EXTENSION}/envelope.ts`;
  if (path === 'harness/connections/modern-http-transport.ts') return `harness/wire/${EXTENSION}/http-transport.ts`;
  if ((m = /^harness\/modern\/(.+)$/.exec(path))) return `harness/receivers/${EXTENSION}/${m[1]}`;
  if ((m = /^harness\/connections\/(.+)$/.exec(path))) return `harness/wire/connections/${m[1]}`;
  if ((m = /^harness\/schemas\/(.+)$/.exec(path))) return `harness/model/schemas/${m[1]}`;
  if ((m = /^harness\/explore\/modern-(.+)$/.exec(path))) return `harness/explore/${EXTENSION}/${m[1]}`;
  if (path === 'harness/explore/model.ts') return `harness/explore/${CORE}/model.ts`;
  if ((m = /^harness\/([^/]+)$/.exec(path))) return HARNESS_ROOT[m[1]] ? `harness/${HARNESS_ROOT[m[1]]}` : path;
  if ((m = /^reference-server\/modern\/(.+)$/.exec(path))) return `reference-server/${EXTENSION}/${m[1]}`;
  if ((m = /^reference-server\/([^/]+)$/.exec(path))) {
    if (REFERENCE_ROOT_ENTRIES.has(m[1])) return path;
    if (REFERENCE_SHARED.has(m[1])) return `reference-server/shared/${m[1]}`;
    return `reference-server/${CORE}/${m[1]}`;
  }
  return path;
}

/** The folders the rules move wholesale, for paths in prose that name a folder. */
const FOLDERS = [
  ['suites/ext-tasks/', `suites/${EXTENSION}/`],
  ['harness/modern/', `harness/receivers/${EXTENSION}/`],
  ['harness/connections/', 'harness/wire/connections/'],
  ['harness/schemas/', 'harness/model/schemas/'],
  ['reference-server/modern/', `reference-server/${EXTENSION}/`],
];

function git(...args) {
  return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
}

if (existsSync(join(ROOT, 'harness/engine')) || existsSync(join(ROOT, `suites/${CORE}`))) {
  console.error('restructure: the target layout already exists (harness/engine or suites/2025-11-25); nothing done.');
  process.exit(1);
}
if (git('status', '--porcelain', '--untracked-files=no').trim() !== '') {
  console.error('restructure: the work tree has uncommitted changes; commit or stash them first.');
  process.exit(1);
}

const tracked = git('ls-files', '-z').split('\0').filter(Boolean);
const untracked = git('ls-files', '-z', '--others', '--exclude-standard').split('\0').filter(Boolean);
const all = [...tracked, ...untracked].filter((path) => existsSync(join(ROOT, path)));
const newOf = new Map(all.map((path) => [path, moved(path)]));
for (const path of all) {
  if (/^harness\/[^/]+\.(ts|mts)$/.test(path) && newOf.get(path) === path) unplaced.push(path);
}

// A source path a specifier names (a .js specifier names its .ts source), in the old tree, moved by the rules.
const SOURCE_EXT = [
  ['.js', '.ts'],
  ['.mjs', '.mts'],
  ['.cjs', '.cts'],
];
function movedTarget(oldTarget) {
  const distPrefix = oldTarget.startsWith('dist/') ? 'dist/' : '';
  const inTree = oldTarget.slice(distPrefix.length);
  if (inTree.endsWith('/') || !/\.[a-z]+$/.test(inTree)) {
    for (const [from, to] of FOLDERS) if (`${inTree}/`.startsWith(from) || inTree.startsWith(from)) return distPrefix + inTree.replace(from.slice(0, -1), to.slice(0, -1));
    return oldTarget;
  }
  for (const [emitted, source] of SOURCE_EXT) {
    if (!inTree.endsWith(emitted)) continue;
    const sourcePath = inTree.slice(0, -emitted.length) + source;
    // A .js specifier names its .ts source when there is one; a plain .js file (a fixture, a script) moves as itself.
    if (!existsSync(join(ROOT, sourcePath)) && existsSync(join(ROOT, inTree))) break;
    return distPrefix + moved(sourcePath).slice(0, -source.length) + emitted;
  }
  return distPrefix + moved(inTree);
}

function relink(specifier, oldFile, newFile) {
  const oldTarget = posix.normalize(posix.join(posix.dirname(oldFile), specifier));
  if (oldTarget.startsWith('..')) return specifier;
  const newTarget = movedTarget(oldTarget);
  if (newTarget === oldTarget && newFile === oldFile) return specifier;
  let rel = posix.relative(posix.dirname(newFile), newTarget);
  if (!rel.startsWith('.')) rel = `./${rel}`;
  if (specifier.endsWith('/') && !rel.endsWith('/')) rel += '/';
  if (rel === './') rel = './';
  return rel;
}

// Specifiers: static and type imports, export … from, side-effect imports, import(), require(), vi.mock(), new URL(…, import.meta.url).
const SPECIFIER_PATTERNS = [
  /(\bfrom\s*)(['"])(\.{1,2}\/[^'"]*)\2/g,
  /(\bimport\s*)(['"])(\.{1,2}\/[^'"]*)\2/g,
  /(\bimport\s*\(\s*)(['"])(\.{1,2}\/[^'"]*)\2/g,
  /(\brequire\s*\(\s*)(['"])(\.{1,2}\/[^'"]*)\2/g,
  /(\bvi\.(?:mock|doMock|importActual|unmock)\s*\(\s*)(['"])(\.{1,2}\/[^'"]*)\2/g,
  /(\bnew URL\s*\(\s*)(['"])(\.{1,2}\/[^'"]*)\2(?=\s*,\s*import\.meta\.url)/g,
];
// Paths in prose and comments (repository-relative, not a relative specifier): harness/x.ts, suites/ext-tasks/, ….
const PROSE_PATH = /(?<![\w./-])((?:harness|suites|reference-server)\/[\w./-]*[\w/])/g;

function rewriteProse(text, filesOnly = false) {
  return text.replace(PROSE_PATH, (whole) => {
    if (filesOnly && !/\.(ts|md)$/.test(whole)) return whole;
    const trailing = whole.endsWith('/');
    if (/\.(ts|js|md)$/.test(whole)) {
      const isJs = whole.endsWith('.js');
      const source = isJs ? `${whole.slice(0, -3)}.ts` : whole;
      const to = moved(source);
      return isJs ? `${to.slice(0, -3)}.js` : to;
    }
    for (const [from, to] of FOLDERS) if (`${whole}${trailing ? '' : '/'}`.startsWith(from)) return whole.replace(from.slice(0, -1), to.slice(0, -1));
    const section = /^suites\/([\w-]+)(\/.*)?$/.exec(whole);
    if (section && existsSync(join(ROOT, 'suites', section[1])) && section[1] !== 'ext-tasks') return `suites/${CORE}/${section[1]}${section[2] ?? ''}`;
    return whole;
  });
}

// Paths in comments that name a file relative to the one they stand in (modern/faults.ts, modern-model.ts), or to the
// harness root (connections/connect.ts): they follow the file they name.
const SHORT_PATH = /(?<![\w./@-])((?:[\w-]+\/)*[\w-]+\.ts)\b/g;
function rewriteShortPaths(line, oldFile, newFile) {
  const era = oldFile.startsWith('reference-server/') ? EXTENSION : oldFile.startsWith('harness/') ? `receivers/${EXTENSION}` : undefined;
  if (era) line = line.replace(/(?<![\w./@-])modern\/(?![\w-])/g, `${era}/`);
  return line.replace(SHORT_PATH, (whole) => {
    // A bare name (dispatcher.ts) is read in its paragraph's context, which this script cannot know: left as it is.
    if (!whole.includes('/') && !whole.startsWith('modern-')) return whole;
    for (const base of [posix.dirname(oldFile), 'harness', 'harness/explore']) {
      const oldTarget = posix.join(base, whole);
      if (!existsSync(join(ROOT, oldTarget)) || moved(oldTarget) === oldTarget) continue;
      if (base !== posix.dirname(oldFile) && !oldFile.startsWith('harness/') && !oldFile.startsWith('docs/')) continue;
      const newBase = base === posix.dirname(oldFile) ? posix.dirname(newFile) : base;
      if (base === 'harness/explore') return moved(oldTarget);
      const rel = posix.relative(newBase, moved(oldTarget));
      return rel.startsWith('..') ? moved(oldTarget) : rel;
    }
    return whole;
  });
}

const CODE = /\.(ts|mts|cts|mjs|cjs|js)$/;
const PROSE = /\.(md|yml|yaml)$/;
const rewritten = new Map();
for (const oldFile of all) {
  if (/^(node_modules|dist|out)\//.test(oldFile) || oldFile.startsWith('scripts/restructure.mjs')) continue;
  if (/^test\/fixtures\/third-party\//.test(oldFile)) continue;
  const newFile = newOf.get(oldFile);
  if (!CODE.test(oldFile) && !PROSE.test(oldFile)) continue;
  const text = readFileSync(join(ROOT, oldFile), 'utf8');
  let next = text;
  if (CODE.test(oldFile)) {
    for (const pattern of SPECIFIER_PATTERNS) next = next.replace(pattern, (whole, lead, quote, specifier) => `${lead}${quote}${relink(specifier, oldFile, newFile)}${quote}`);
  }
  // Comments and docs that name files or folders by repository path follow them too; code lines only source files (messages).
  next = next
    .split('\n')
    .map((line) => (PROSE.test(oldFile) || /^\s*(\/\/|\*|\/\*)/.test(line) || /\/\/ /.test(line) ? rewriteShortPaths(rewriteProse(line), oldFile, newFile) : rewriteProse(line, true)))
    .join('\n');
  // Markdown links relative to the document ([x](../harness/runner.ts)).
  if (oldFile.endsWith('.md')) {
    next = next.replace(/\]\((\.{1,2}\/[^)#\s]+)(#[^)]*)?\)/g, (whole, specifier, anchor = '') => `](${relink(specifier, oldFile, newFile)}${anchor})`);
  }
  if (next !== text) rewritten.set(newFile, next);
}

// Move: tracked files with git mv (history follows), files nobody has added yet with a plain rename.
const trackedSet = new Set(tracked);
let count = 0;
for (const [oldFile, newFile] of newOf) {
  if (oldFile === newFile) continue;
  mkdirSync(dirname(join(ROOT, newFile)), { recursive: true });
  if (trackedSet.has(oldFile)) git('mv', oldFile, newFile);
  else renameSync(join(ROOT, oldFile), join(ROOT, newFile));
  count += 1;
}
for (const [file, text] of rewritten) writeFileSync(join(ROOT, file), text);
// The folders the moves emptied.
const emptied = [...new Set([...newOf].filter(([from, to]) => from !== to).map(([from]) => dirname(from)))];
for (const folder of emptied.sort((a, b) => b.length - a.length)) {
  const path = join(ROOT, folder);
  if (existsSync(path) && readdirSync(path).length === 0) rmdirSync(path);
}

// The layer rules: which layer may use which (docs/architecture.md), with every earlier rule kept in new paths.
const cruiser = join(ROOT, '.dependency-cruiser.cjs');
writeFileSync(cruiser, DEPENDENCY_RULES);

console.log(`restructure: moved ${count} files, rewrote ${rewritten.size} files.`);
if (unplaced.length > 0) console.log(`restructure: harness root files no rule places (left at the root, place by hand): ${unplaced.join(', ')}`);
console.log('restructure: .dependency-cruiser.cjs rewritten from this script (DEPENDENCY_RULES); merge by hand any rule added to it since.');

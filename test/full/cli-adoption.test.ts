// What a newcomer meets first, from outside this repository: --version, each command's --help, and mistakes
// (flags, numbers, configs, patterns, targets) each told in one line that says how to mend it, exit 2; and the ways
// to install it without the registry (docs/ci.md): the tarball of `npm pack`, and a Git URL packed the same way.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const CLI = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));
const PACKAGE = JSON.parse(readFileSync(fileURLToPath(new URL('../../package.json', import.meta.url)), 'utf8')) as { name: string; version: string };
const built = existsSync(CLI);
const dir = mkdtempSync(join(tmpdir(), 'cli-adoption-'));

function cli(...args: string[]) {
  const run = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', timeout: 120_000, env: { ...process.env, GITHUB_STEP_SUMMARY: '', NO_COLOR: '1' } });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** A run that cannot happen: exit 2, one line on stderr, nothing on stdout. */
function refused(...args: string[]): string {
  const run = cli(...args);
  expect(run.code, `${args.join(' ')}: ${run.stderr}`).toBe(2);
  const lines = run.stderr.trim().split('\n');
  expect(lines, args.join(' ')).toHaveLength(1);
  return lines[0]!;
}

const COMMANDS = ['server', 'client', 'explore', 'proxy', 'judge', 'reference-server', 'list', 'explain'];

describe.skipIf(!built)('adopting the CLI (run "npm run build" first when running vitest alone)', () => {
  it('--version prints the name and version of package.json, exit 0', () => {
    for (const flag of ['--version', '-V']) {
      const run = cli(flag);
      expect(run.code).toBe(0);
      expect(run.stdout).toBe(`${PACKAGE.name} ${PACKAGE.version}\n`);
    }
  });

  it('COMMAND --help prints the usage of that command only, exit 0', () => {
    for (const command of COMMANDS) {
      for (const args of [
        [command, '--help'],
        [command, '-h'],
        ['help', command],
      ]) {
        const run = cli(...args);
        expect(run.code, args.join(' ')).toBe(0);
        const named = [...run.stdout.matchAll(/^ {2}mcp-tasks-conformance (\S+)/gm)].map((match) => match[1]);
        expect(named, args.join(' ')).toEqual([command]);
      }
    }
    // --help alone: every command.
    const all = cli('--help');
    expect(all.code).toBe(0);
    for (const command of COMMANDS) expect(all.stdout).toContain(`mcp-tasks-conformance ${command}`);
  });

  it('a config with a mistake is refused in one line listing the roles and the keys of a role; YAML is read as JSON is', () => {
    const typo = join(dir, 'typo.json');
    writeFileSync(typo, JSON.stringify({ fixtures: { ecko: { tool: 'x' } } }));
    expect(refused('server', '--config', typo)).toMatch(
      /^mcp-tasks-conformance: --config .*typo\.json: "ecko" is not a fixture role \(did you mean "echo"\?\); roles: echo, required, .*; keys of a role: tool, arguments, durationMs/,
    );
    const yaml = join(dir, 'typo.yaml');
    writeFileSync(yaml, 'fixtures:\n  echo:\n    tol: x\n');
    expect(refused('server', '--config', yaml)).toMatch(/^mcp-tasks-conformance: --config .*typo\.yaml: fixtures\.echo: "tol" is not a key of a role \(did you mean "tool"\?\); roles: /);
    // A good YAML config runs.
    const good = join(dir, 'good.yml');
    writeFileSync(good, 'timeoutMultiplier: 1\nfixtures:\n  echo:\n    tool: conformance_echo\n');
    expect(cli('server', '--config', good, '--only', 'creation.immediate-response-meta').code).toBe(0);
  });
});

describe.skipIf(!built)('a pattern of --only or --skip that names no check', () => {
  it('is refused in one line with a did-you-mean, whichever other patterns match (exit 2)', () => {
    for (const [args, pattern] of [
      [['--only', 'creaton.*'], /^mcp-tasks-conformance: --only "creaton\.\*" matches no check, suite or requirement ID of any profile \(did you mean "creation\.\*"\?\); /],
      [['--only', 'creation.*,creaton.*'], /--only "creaton\.\*" matches no check.*did you mean "creation\.\*"/],
      [['--only', 'creation.*', '--only', 'no-such-check'], /--only "no-such-check" matches no check/],
      [
        ['--spec', '2025-11-25', '--only', 'creation.*', '--skip', 'TASKS-ERROR-INVALD-TASK-ID'],
        /--skip "TASKS-ERROR-INVALD-TASK-ID" .* of any profile \(did you mean "TASKS-ERROR-INVALID-TASK-ID"\?\); ".* list --spec 2025-11-25" and ".* list --spec 2026-07-28" show the IDs$/,
      ],
    ] as const) {
      expect(refused('server', ...args)).toMatch(pattern);
    }
  });

  it("a pattern of the other profile's checks is no typo: a list of patterns may serve runs of either era (nothing selected: exit 3)", () => {
    const run = cli('server', '--spec', '2025-11-25', '--only', 'ext-negotiation.*');
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(/matches no check of profile 2025-11-25/);
  });
});

describe.skipIf(!built)('numbers and flags', () => {
  it('every numeric option refuses a bad value in one line naming the option, the value and what is allowed (exit 2)', () => {
    const cases: [string[], RegExp][] = [
      [['server', '--concurrency', '0'], /--concurrency wants a whole number from 1 up, got "0"$/],
      [['server', '--concurrency', '1.5'], /--concurrency wants a whole number from 1 up, got "1\.5"$/],
      [['server', '--timeout-multiplier', '-1'], /--timeout-multiplier wants a number above 0 and at most 100, e.g. --timeout-multiplier 2, got "-1"$/],
      [['server', '--repeat', '-2'], /--repeat wants a whole number from 1 up, got "-2"$/],
      [['server', '--min-judged', 'many'], /--min-judged wants a whole number from 1 up, got "many"$/],
      [['server', '--shard', '5/4'], /--shard wants i\/n with 1 ≤ i ≤ n, e.g. --shard 2\/4, got "5\/4"$/],
      [['client', '--concurrency', '-3'], /--concurrency wants a whole number from 1 up, got "-3"$/],
      [['explore', '--budget', '-1'], /--budget wants a number above 0, e.g. --budget 2, got "-1"$/],
      [['explore', '--seed', '-3'], /--seed wants a whole number from 0 to 2147483647, got "-3"$/],
      [['explore', '--runs', '1.5'], /--runs wants a whole number from 1 up, got "1\.5"$/],
      [['explore', '--max-ops', '101'], /--max-ops wants a whole number from 1 to 100, got "101"$/],
      [['proxy', '--url', 'http://127.0.0.1:9/mcp', '--port', '-1'], /--port wants a whole number from 0 to 65535, got "-1"$/],
      [['proxy', '--url', 'http://127.0.0.1:9/mcp', '--port', '70000'], /--port wants a whole number from 0 to 65535, got "70000"$/],
    ];
    for (const [args, pattern] of cases) expect(refused(...args)).toMatch(pattern);
  });

  it('an unknown flag is refused with a did-you-mean and the command whose --help lists the options', () => {
    expect(refused('server', '--jsn', 'x')).toMatch(/^mcp-tasks-conformance: "server" has no option --jsn \(did you mean --json\?\); ".*server --help" lists its options$/);
    expect(refused('server', '--budget', '5')).toMatch(/"server" has no option --budget; /);
    expect(refused('list', '--requirement')).toMatch(/"list" has no option --requirement \(did you mean --requirements\?\)/);
    expect(refused('judge', '--jsn', 'x', 'trace.jsonl')).toMatch(/"judge" has no option --jsn \(did you mean --json\?\); ".*judge --help" lists its options$/m);
  });
});

describe.skipIf(!built)('a target that cannot be reached', () => {
  it('is said as that (exit 2, one line) before any era guess, and the reports still name every check not run', () => {
    const missing = 'no-such-command-for-conformance-xyz';
    for (const [target, pattern] of [
      [['--url', 'http://127.0.0.1:9/mcp'], /^mcp-tasks-conformance: the receiver under test could not be reached: .*fetch failed/],
      [['--command', missing], /^mcp-tasks-conformance: the receiver under test could not be reached: .*code 127.*; exit code 127: the shell found no such command, check --command$/m],
      [['--command', 'exit 3'], /^mcp-tasks-conformance: the receiver under test could not be reached: .*exited with code 3/],
    ] as const) {
      const json = join(dir, `unreached-${target[1].length}.json`);
      const run = cli('server', ...target, '--only', 'creation.*', '--json', json);
      expect(run.code, run.stderr).toBe(2);
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      expect(run.stderr).toMatch(pattern);
      expect(run.stdout).not.toMatch(/--spec auto: a (legacy|modern|dual-era) server/);
      const report = JSON.parse(readFileSync(json, 'utf8')) as { verdict: { summary: string }; results: { outcome: string }[] };
      expect(report.verdict.summary).toMatch(/^the run could not happen: the receiver under test could not be reached/);
      expect(report.results.length).toBeGreaterThan(0);
      expect(report.results.every((result) => result.outcome === 'error')).toBe(true);
    }
  });

  it('a server that prints only garbage: the waits are shown as they pass 5 s, then the failure, with no era guess', () => {
    const garbage = join(dir, 'garbage.mjs');
    writeFileSync(garbage, "process.stdout.write('not JSON at all\\n');\nsetInterval(() => process.stdout.write('garbage\\n'), 1000);\nprocess.stdin.resume();\n");
    const run = cli('server', '--command', `"${process.execPath}" "${garbage}"`, '--only', 'creation.*');
    expect(run.code).toBe(2);
    // server/discover is given 5 s, as long as the console stays quiet: whether its line shows first is a race of
    // timers. The initialize after it waits longer, and that wait must be said.
    expect(run.stdout).toMatch(/^… --spec auto: no answer to server\/discover; waiting for an answer to a 2025-11-25 initialize \(\d+ s so far\)$/m);
    expect(run.stdout).not.toMatch(/a legacy server/);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(/could not be reached: the receiver did not answer initialize .* lines that are not JSON/);
  });
});

describe.skipIf(!built)("the console's end", () => {
  it('off a terminal: no PASS line live (counted instead), warnings beside failures, and last the report files written', () => {
    const reference = fileURLToPath(new URL('../../dist/reference-server/main.js', import.meta.url));
    const [json, junit, markdown] = ['r.json', 'j.xml', 's.md'].map((name) => join(dir, `end-${name}`));
    const run = cli(
      'server',
      '--command',
      `"${process.execPath}" "${reference}" --fault result-differs --fault immediate-response-not-string`,
      '--spec',
      '2025-11-25',
      '--only',
      'result-retrieval.*,creation.*',
      '--json',
      json!,
      '--junit',
      junit!,
      '--markdown',
      markdown!,
    );
    expect(run.code).toBe(1);
    expect(run.stdout).not.toMatch(/^PASS /m);
    expect(run.stdout).toMatch(/^FAIL +result-retrieval\.same-as-plain-call /m);
    const passed = (JSON.parse(readFileSync(json!, 'utf8')) as { summary: { pass: number } }).summary.pass;
    expect(passed).toBeGreaterThan(0);
    expect(run.stdout).toContain(`  ${passed} passing checks not listed (stdout is not a terminal; the reports list every check)`);
    expect(run.stdout).toMatch(/^Warnings \(a SHOULD not met; they fail the run only under --strict\):\n +WARN +creation\.immediate-response-meta /m);
    expect(run.stdout.trimEnd().split('\n').slice(-4)).toEqual(['Reports written:', `  JSON     ${json}`, `  JUnit    ${junit}`, `  Markdown ${markdown}`]);
  });

  it('without a report asked for, the last line says how to get one', () => {
    const run = cli('server', '--spec', '2025-11-25', '--only', 'creation.immediate-response-meta');
    expect(run.code).toBe(0);
    expect(run.stdout.trimEnd().split('\n').at(-1)).toBe('Reports: none written (--json, --junit, --markdown or --html FILE writes one)');
  });
});

describe.skipIf(!built)('the rerun line', () => {
  it('runs as printed, from where the run was started: the same check alone, the same verdict', () => {
    const reference = fileURLToPath(new URL('../../dist/reference-server/main.js', import.meta.url));
    const root = fileURLToPath(new URL('../..', import.meta.url));
    const run = spawnSync(
      process.execPath,
      ['dist/cli/main.js', 'server', '--spec', '2025-11-25', '--command', `"${process.execPath}" "${reference}" --fault result-differs`, '--only', 'result-retrieval.*'],
      {
        cwd: root,
        encoding: 'utf8',
        env: { ...process.env, GITHUB_STEP_SUMMARY: '', NO_COLOR: '1' },
      },
    );
    expect(run.status).toBe(1);
    const rerun = /^To rerun a failure alone:\n {2}(.+)$/m.exec(run.stdout)?.[1];
    expect(rerun).toMatch(/^node dist\/cli\/main\.js server --command .* --only result-retrieval\.same-as-plain-call$/);
    const rerunFromRoot = spawnSync('sh', ['-c', `${rerun} --json ${join(dir, 'rerun.json')}`], { cwd: root, encoding: 'utf8', env: { ...process.env, GITHUB_STEP_SUMMARY: '', NO_COLOR: '1' } });
    expect(rerunFromRoot.status, rerunFromRoot.stderr).toBe(1);
    const report = JSON.parse(readFileSync(join(dir, 'rerun.json'), 'utf8')) as { results: { id: string; outcome: string }[] };
    expect(report.results.map((result) => [result.id, result.outcome])).toEqual([['result-retrieval.same-as-plain-call', 'fail']]);
  });
});

const gitMissing = spawnSync('git', ['--version']).status !== 0;

/** Runs a command line in a shell, as a user types it, with the global prefix's bin first on PATH. */
function shell(line: string, cwd: string, prefix: string, timeout = 600_000) {
  const run = spawnSync('sh', ['-c', line], {
    cwd,
    encoding: 'utf8',
    timeout,
    env: { ...process.env, PATH: `${join(prefix, 'bin')}:${process.env.PATH ?? ''}`, GITHUB_STEP_SUMMARY: '', NO_COLOR: '1' },
  });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

/**
 * What every install must give: `--version`, a short run against the bundled reference that passes, and a failing
 * run whose rerun line (the bare name, the CLI being on PATH) runs as printed to the same verdict.
 */
function expectInstalled(prefix: string, cwd: string) {
  const version = shell('mcp-tasks-conformance --version', cwd, prefix, 60_000);
  expect(version.code, version.stderr).toBe(0);
  expect(version.stdout).toBe(`${PACKAGE.name} ${PACKAGE.version}\n`);
  const run = shell("mcp-tasks-conformance server --spec 2025-11-25 --only 'creation.*'", cwd, prefix, 120_000);
  expect(run.code, run.stdout + run.stderr).toBe(0);
  expect(run.stdout).toMatch(/^Server: +mcp-tasks-conformance-reference /m);
  expect(run.stdout).toMatch(/Results:\s+[1-9]\d* passed, 0 failed/);
  const failing = shell("mcp-tasks-conformance server --spec 2025-11-25 --command 'mcp-tasks-conformance reference-server --fault result-differs' --only 'result-retrieval.*'", cwd, prefix, 120_000);
  expect(failing.code, failing.stdout + failing.stderr).toBe(1);
  const rerun = /^To rerun a failure alone:\n {2}(.+)$/m.exec(failing.stdout)?.[1];
  expect(rerun).toMatch(/^mcp-tasks-conformance server --command .* --only result-retrieval\.same-as-plain-call$/);
  const json = join(cwd, 'rerun.json');
  const again = shell(`${rerun} --json ${json}`, cwd, prefix, 120_000);
  expect(again.code, again.stderr).toBe(1);
  const report = JSON.parse(readFileSync(json, 'utf8')) as { results: { id: string; outcome: string }[] };
  expect(report.results.map((result) => [result.id, result.outcome])).toEqual([['result-retrieval.same-as-plain-call', 'fail']]);
}

describe.skipIf(!built)('installed from outside the repository, without the registry', () => {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const npmFlags = '--no-audit --no-fund --prefer-offline';

  it('npm install -g of the npm pack tarball: --version, a run against the bundled reference, a rerun line that runs', () => {
    const work = mkdtempSync(join(tmpdir(), 'adoption-tarball-'));
    const prefix = join(work, 'prefix');
    // The build of `npm run test:full` is packed as it is: prepare would build again under the tests running beside this one.
    const packed = spawnSync('npm', ['pack', '--ignore-scripts', '--pack-destination', work, '--silent'], { cwd: root, encoding: 'utf8', timeout: 300_000 });
    expect(packed.status, packed.stderr).toBe(0);
    const tarball = readdirSync(work).find((name) => name.endsWith('.tgz'));
    expect(tarball, 'npm pack wrote a tarball').toBeDefined();
    const install = shell(`npm install -g --prefix "${prefix}" "${join(work, tarball!)}" ${npmFlags}`, work, prefix);
    expect(install.code, install.stderr).toBe(0);
    // configs/ rides along, where the README sends users for their fixture mappings.
    expect(existsSync(join(prefix, 'lib/node_modules/mcp-tasks-conformance/configs/server-everything.json'))).toBe(true);
    expectInstalled(prefix, work);
  }, 900_000);

  it.skipIf(gitMissing)(
    'from a Git URL: npm install -g of npm pack of the URL works, as docs/ci.md says; npm install -g of the URL itself says what to run instead',
    () => {
      // A bare clone of this checkout's HEAD stands for the repository on GitHub: git+file:// is fetched as git+https:// is.
      const work = mkdtempSync(join(tmpdir(), 'adoption-git-'));
      const bare = join(work, 'repository.git');
      expect(spawnSync('git', ['clone', '--quiet', '--bare', root, bare]).status).toBe(0);
      const url = `git+file://${bare}`;
      const prefix = join(work, 'prefix');
      const from = join(work, 'user');
      mkdirSync(from);
      // The command of docs/ci.md, word for word but for the URL: npm pack prepares the clone as a local install does
      // (every dependency, the build), and the global install of its tarball builds nothing.
      const install = shell(`npm install -g --prefix "${prefix}" "$(npm pack ${url} | tail -n 1)" ${npmFlags}`, from, prefix, 900_000);
      expect(install.code, install.stderr).toBe(0);
      expectInstalled(prefix, from);
      // npm install -g of the URL (npm/cli#8440): the inner install of the clone inherits --global, so the build has no
      // compiler. prepare says so in one line with the command above; should npm mend it, the install must work instead.
      const prefixDirect = join(work, 'prefix-direct');
      const direct = shell(`npm install -g --prefix "${prefixDirect}" ${url} ${npmFlags}`, from, prefixDirect, 900_000);
      if (direct.code === 0) expectInstalled(prefixDirect, from);
      else expect(direct.stderr).toContain('npm install -g from a Git URL cannot build the suite (npm/cli#8440); install the packed tarball instead: npm install -g "$(npm pack git+https://');
    },
    1_800_000,
  );
});

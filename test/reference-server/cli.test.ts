// The command lines of both reference CLIs: every flag in both spellings, the environment fallbacks, and the
// one-line usage errors (exit status 2). The process cases spawn dist/*/main.js, so `npm run build` must have run.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CLIENT_USAGE, parseClientCli, type ClientCliOptions } from '../../reference-client/options.js';
import { KNOWN_CLIENT_FAULTS } from '../../reference-client/faults.js';
import { HelpRequested, UsageError } from '../../reference-server/cli-options.js';
import { KNOWN_FAULTS } from '../../reference-server/faults.js';
import { parseCli, USAGE, type CliOptions } from '../../reference-server/options.js';

const SERVER_MAIN = fileURLToPath(new URL('../../dist/reference-server/main.js', import.meta.url));
const CLIENT_MAIN = fileURLToPath(new URL('../../dist/reference-client/main.js', import.meta.url));
const URL_A = 'http://127.0.0.1:3000/mcp';
const URL_B = 'http://127.0.0.1:4000/mcp';
const [F1, F2, F3] = KNOWN_FAULTS;
const [C1, C2] = KNOWN_CLIENT_FAULTS;

/** The UsageError a parse throws; fails the test when it throws something else or nothing. */
function usageErrorOf(parse: () => unknown): UsageError {
  try {
    parse();
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return error as UsageError;
  }
  throw new Error('expected a UsageError, but the arguments were accepted');
}

/** Each spelling of a flag that takes a value, "--flag value" and "--flag=value": a case name and the argv. */
function bothSpellings(flag: string, value: string): Array<[string, string[]]> {
  return [
    [`${flag} ${value}`, [flag, value]],
    [`${flag}=${value}`, [`${flag}=${value}`]],
  ];
}

/** A case name, argv, environment, and the pattern of the one-line message. */
type Mistake = [string, string[], NodeJS.ProcessEnv, RegExp];

/**
 * Each mistake is a UsageError of one line matching its pattern (ending with the usage when it shows it); each
 * help argv asks for the usage.
 */
function itAnswersMistakesAndHelp(parse: (argv: string[], env: NodeJS.ProcessEnv) => unknown, usage: string, mistakes: Mistake[], helps: string[][]): void {
  it.each(mistakes)('%s is one line that says how to mend it', (_name, argv, env, message) => {
    const error = usageErrorOf(() => parse(argv, env));
    expect(error).not.toBeInstanceOf(HelpRequested);
    expect(error.message).toMatch(message);
    expect(error.message).not.toContain('\n');
    if (error.message.includes('usage: ')) expect(error.message.endsWith(`; ${usage}`)).toBe(true);
  });

  it.each(helps)('%s asks for the usage', (...argv) => {
    const error = usageErrorOf(() => parse(argv, {}));
    expect(error).toBeInstanceOf(HelpRequested);
    expect(error.message).toBe(usage);
  });
}

type ServerCase = [string, string[], Partial<CliOptions>];
type ClientCase = [string, string[], NodeJS.ProcessEnv, Partial<ClientCliOptions>];
const serverSpellings = (flag: string, value: string, expected: Partial<CliOptions>): ServerCase[] => bothSpellings(flag, value).map(([name, argv]) => [name, argv, expected]);
const clientSpellings = (flag: string, value: string, expected: Partial<ClientCliOptions>): ClientCase[] => bothSpellings(flag, value).map(([name, argv]) => [name, [...argv, URL_A], {}, expected]);

const SERVER_DEFAULTS: CliOptions = {
  http: false,
  port: 3000,
  host: '127.0.0.1',
  faults: [],
  variant: 'full',
  tokens: {},
  answerDelayMs: undefined,
  intakeDelayMs: undefined,
  flood: false,
  pollIntervalMs: undefined,
  rateLimit: false,
  workMs: undefined,
  serialWork: false,
  rateLimitMs: undefined,
  maxStreams: undefined,
};

describe('the reference server command line', () => {
  it('has defaults for everything', () => {
    expect(parseCli([], {})).toEqual(SERVER_DEFAULTS);
  });

  const flagCases: ServerCase[] = [
    ['--http', ['--http'], { http: true }],
    ['--flood', ['--flood'], { flood: true }],
    ...serverSpellings('--port', '0', { port: 0 }),
    ...serverSpellings('--port', '65535', { port: 65535 }),
    ...serverSpellings('--host', '::1', { host: '::1' }),
    ...serverSpellings('--fault', F1, { faults: [F1] }),
    ...serverSpellings('--fault', `${F1},${F2}`, { faults: [F1, F2] }),
    ...serverSpellings('--variant', 'no-tasks', { variant: 'no-tasks' }),
    ...serverSpellings('--tokens', 'tokA:alice,tokB:bob', { tokens: { tokA: 'alice', tokB: 'bob' } }),
    ...serverSpellings('--answer-delay-ms', '250', { answerDelayMs: 250 }),
    ...serverSpellings('--intake-delay-ms', '60000', { intakeDelayMs: 60_000 }),
    ...serverSpellings('--poll-interval-ms', '2000', { pollIntervalMs: 2000 }),
    ...serverSpellings('--work-ms', '20000', { workMs: 20_000 }),
    ['--rate-limit', ['--rate-limit'], { rateLimit: true }],
    ['--fault repeated, with a repeat and blanks', ['--fault', F1, `--fault=${F2}, ,${F1}`, '--fault', F3], { faults: [F1, F2, F3] }],
    ['--tokens= (empty: no tokens)', ['--tokens='], { tokens: {} }],
    ['the last --port wins', ['--port', '1', '--port=2'], { port: 2 }],
    [
      'everything at once',
      ['--http', '--port=0', '--host', 'localhost', '--fault', F1, '--variant=no-tasks', '--flood'],
      { http: true, port: 0, host: 'localhost', faults: [F1], variant: 'no-tasks', flood: true },
    ],
  ];
  it.each(flagCases)('%s', (_name, argv, expected) => {
    expect(parseCli(argv, {})).toEqual({ ...SERVER_DEFAULTS, ...expected });
  });

  const envCases: Array<[string, NodeJS.ProcessEnv, string[], Partial<CliOptions>]> = [
    ['REFERENCE_FAULTS', { REFERENCE_FAULTS: `${F1}, ${F2}` }, [], { faults: [F1, F2] }],
    ['REFERENCE_FAULTS under --fault', { REFERENCE_FAULTS: F1 }, ['--fault', F2], { faults: [F2] }],
    ['REFERENCE_FAULTS when --fault names nothing', { REFERENCE_FAULTS: F1 }, ['--fault='], { faults: [F1] }],
    ['REFERENCE_VARIANT', { REFERENCE_VARIANT: 'no-tasks' }, [], { variant: 'no-tasks' }],
    ['REFERENCE_VARIANT under --variant', { REFERENCE_VARIANT: 'no-tasks' }, ['--variant', 'full'], { variant: 'full' }],
    ['REFERENCE_VARIANT empty', { REFERENCE_VARIANT: '' }, [], { variant: 'full' }],
    ['REFERENCE_TOKENS', { REFERENCE_TOKENS: 'tokA:alice' }, [], { tokens: { tokA: 'alice' } }],
    ['REFERENCE_TOKENS under --tokens', { REFERENCE_TOKENS: 'tokA:alice' }, ['--tokens=tokB:bob'], { tokens: { tokB: 'bob' } }],
    ['REFERENCE_ANSWER_DELAY_MS', { REFERENCE_ANSWER_DELAY_MS: '40' }, [], { answerDelayMs: 40 }],
    ['REFERENCE_ANSWER_DELAY_MS under --answer-delay-ms', { REFERENCE_ANSWER_DELAY_MS: '40' }, ['--answer-delay-ms', '0'], { answerDelayMs: 0 }],
    ['REFERENCE_INTAKE_DELAY_MS', { REFERENCE_INTAKE_DELAY_MS: '30' }, [], { intakeDelayMs: 30 }],
    ['REFERENCE_INTAKE_DELAY_MS under --intake-delay-ms', { REFERENCE_INTAKE_DELAY_MS: '30' }, ['--intake-delay-ms=5'], { intakeDelayMs: 5 }],
    ['REFERENCE_FLOOD=1', { REFERENCE_FLOOD: '1' }, [], { flood: true }],
    ['REFERENCE_FLOOD=0', { REFERENCE_FLOOD: '0' }, [], { flood: false }],
  ];
  it.each(envCases)('%s', (_name, env, argv, expected) => {
    expect(parseCli(argv, env)).toEqual({ ...SERVER_DEFAULTS, ...expected });
  });

  const mistakes: Mistake[] = [
    ['an unknown flag', ['--bogus'], {}, /^unknown flag "--bogus"; usage: /],
    ['an unknown flag with a value', ['--bogus=1'], {}, /^unknown flag "--bogus"; usage: /],
    ['an unknown short flag', ['-x'], {}, /^unknown flag "-x"; usage: /],
    ['a positional argument', ['stdio'], {}, /^unexpected argument "stdio"; usage: /],
    ['--http with a value', ['--http=yes'], {}, /^--http takes no value; usage: /],
    ['--flood with a value', ['--flood=1'], {}, /^--flood takes no value; usage: /],
    ['--port without a value', ['--port'], {}, /^--port needs a value; usage: /],
    ['--port followed by a flag', ['--port', '--http'], {}, /^--port needs a value \(one that starts with "-" is written --port=VALUE\); usage: /],
    ['--fault without a value', ['--http', '--fault'], {}, /^--fault needs a value; usage: /],
    ['a port that is no number', ['--port', 'eighty'], {}, /^bad --port "eighty"; use an integer from 0 \(ephemeral\) to 65535$/],
    ['a port out of range', ['--port=65536'], {}, /^bad --port "65536"; use an integer from 0/],
    ['a negative port', ['--port=-1'], {}, /^bad --port "-1"; use an integer from 0/],
    ['an empty port', ['--port='], {}, /^bad --port ""; use an integer from 0/],
    ['a delay that is no number', ['--answer-delay-ms', '1.5'], {}, /^bad --answer-delay-ms "1.5"; use an integer number of milliseconds from 0 to 60000$/],
    ['a delay too long', ['--intake-delay-ms=60001'], {}, /^bad --intake-delay-ms "60001"; use an integer number of milliseconds from 0 to 60000$/],
    ['a bad REFERENCE_ANSWER_DELAY_MS', [], { REFERENCE_ANSWER_DELAY_MS: 'soon' }, /^bad REFERENCE_ANSWER_DELAY_MS "soon"; use an integer number of milliseconds/],
    ['a bad REFERENCE_INTAKE_DELAY_MS', [], { REFERENCE_INTAKE_DELAY_MS: '-5' }, /^bad REFERENCE_INTAKE_DELAY_MS "-5"; use an integer number of milliseconds/],
    ['an unknown variant', ['--variant', 'partial'], {}, /^unknown variant "partial"; use --variant full or --variant no-tasks$/],
    ['an unknown REFERENCE_VARIANT', [], { REFERENCE_VARIANT: 'partial' }, /^unknown variant "partial"; use --variant full/],
    ['a token entry without a context', ['--tokens', 'tokA'], {}, /^bad token entry "tokA"; write --tokens TOKEN:CONTEXT\[,TOKEN:CONTEXT\.\.\.\], e\.g\. --tokens tokA:alice,tokB:bob$/],
    ['a token entry without a token', ['--tokens=:alice'], {}, /^bad token entry ":alice"; write --tokens TOKEN:CONTEXT/],
    ['a token with white space', ['--tokens', 'tok A:alice'], {}, /^bad token entry "tok A:alice"; write --tokens/],
    ['a bad REFERENCE_TOKENS', [], { REFERENCE_TOKENS: 'tokA:' }, /^bad token entry "tokA:"; write --tokens/],
    ['an unknown fault', ['--fault', `${F1},not-a-fault`], {}, new RegExp(`^unknown fault "not-a-fault"; use one of: ${F1}, ${F2}`)],
    ['an unknown REFERENCE_FAULTS entry', [], { REFERENCE_FAULTS: 'nope' }, /^unknown fault "nope"; use one of: /],
    ['a client-only fault', ['--fault=task-support-ignored'], {}, /^unknown fault "task-support-ignored"; use one of: /],
  ];
  itAnswersMistakesAndHelp(parseCli, USAGE, mistakes, [['--help'], ['-h'], ['--port', '1', '--help']]);
});

describe('the reference client command line', () => {
  const defaults: ClientCliOptions = { url: URL_A, faults: [], variant: 'full' };

  const cases: ClientCase[] = [
    ['the URL as the argument', [URL_A], {}, {}],
    ['the URL from MCP_CONFORMANCE_URL', [], { MCP_CONFORMANCE_URL: URL_A }, {}],
    ['the argument over MCP_CONFORMANCE_URL', [URL_B], { MCP_CONFORMANCE_URL: URL_A }, { url: URL_B }],
    ['the URL before the flags', [URL_A, '--fault', C1], {}, { faults: [C1] }],
    ['a URL after --', ['--', URL_A], {}, {}],
    ...clientSpellings('--fault', C1, { faults: [C1] }),
    ...clientSpellings('--fault', `${C1},${C2}`, { faults: [C1, C2] }),
    ...clientSpellings('--variant', 'no-tasks', { variant: 'no-tasks' }),
    ['--fault repeated', ['--fault', C1, `--fault=${C2}`, '--fault', C1, URL_A], {}, { faults: [C1, C2] }],
    ['REFERENCE_FAULTS', [URL_A], { REFERENCE_FAULTS: `${C1},${C2}` }, { faults: [C1, C2] }],
    ['REFERENCE_FAULTS under --fault', ['--fault', C2, URL_A], { REFERENCE_FAULTS: C1 }, { faults: [C2] }],
    ['REFERENCE_VARIANT', [URL_A], { REFERENCE_VARIANT: 'no-tasks' }, { variant: 'no-tasks' }],
    ['REFERENCE_VARIANT under --variant', ['--variant=full', URL_A], { REFERENCE_VARIANT: 'no-tasks' }, { variant: 'full' }],
  ];
  it.each(cases)('%s', (_name, argv, env, expected) => {
    expect(parseClientCli(argv, env)).toEqual({ ...defaults, ...expected });
  });

  const mistakes: Mistake[] = [
    ['an unknown flag', ['--bogus', URL_A], {}, /^unknown flag "--bogus"; usage: /],
    ['a server-only flag', ['--port', '1', URL_A], {}, /^unknown flag "--port"; usage: /],
    ['--variant without a value', [URL_A, '--variant'], {}, /^--variant needs a value; usage: /],
    ['--fault followed by a flag', ['--fault', '--variant', 'full', URL_A], {}, /^--fault needs a value \(one that starts with "-" is written --fault=VALUE\); usage: /],
    ['two URLs', [URL_A, URL_B], {}, /^unexpected argument "http:\/\/127\.0\.0\.1:4000\/mcp": the server URL is the only argument; usage: /],
    ['no URL', ['--fault', C1], {}, /^no server URL: pass it as the last argument or in MCP_CONFORMANCE_URL; usage: /],
    ['an empty MCP_CONFORMANCE_URL', [], { MCP_CONFORMANCE_URL: '' }, /^no server URL: /],
    ['a URL that is no URL', ['localhost:3000'], {}, /^bad server URL "localhost:3000": Streamable HTTP needs an http:\/\/ or https:\/\/ URL$/],
    ['a relative URL', ['/mcp'], {}, /^bad server URL "\/mcp"; give an absolute http:\/\/ or https:\/\/ URL such as /],
    ['a bad MCP_CONFORMANCE_URL', [], { MCP_CONFORMANCE_URL: 'ws://127.0.0.1/mcp' }, /^bad server URL "ws:\/\/127\.0\.0\.1\/mcp": Streamable HTTP needs/],
    ['an unknown variant', ['--variant=none', URL_A], {}, /^unknown variant "none"; use --variant full or --variant no-tasks$/],
    ['an unknown REFERENCE_VARIANT', [URL_A], { REFERENCE_VARIANT: 'none' }, /^unknown variant "none"; use --variant full/],
    ['an unknown fault', ['--fault', 'nope', URL_A], {}, new RegExp(`^unknown fault "nope"; use one of: ${C1}, ${C2}`)],
    ['an unknown REFERENCE_FAULTS entry', [URL_A], { REFERENCE_FAULTS: 'nope' }, /^unknown fault "nope"; use one of: /],
  ];
  itAnswersMistakesAndHelp(parseClientCli, CLIENT_USAGE, mistakes, [['--help'], ['-h', URL_A]]);
});

describe('the built CLIs', () => {
  const run = (main: string, argv: string[], env: NodeJS.ProcessEnv = {}) => {
    const clean = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('REFERENCE_') && name !== 'MCP_CONFORMANCE_URL'));
    return spawnSync(process.execPath, [main, ...argv], { encoding: 'utf8', timeout: 10_000, env: { ...clean, ...env } });
  };

  const mistakes: Array<[string, string, string[], NodeJS.ProcessEnv, RegExp]> = [
    ['server', SERVER_MAIN, ['--bogus'], {}, /^reference-server: unknown flag "--bogus"; usage: main\.js \[--http\]/],
    ['server', SERVER_MAIN, ['--port'], {}, /^reference-server: --port needs a value; usage: /],
    ['server', SERVER_MAIN, ['--http', '--port=x'], {}, /^reference-server: bad --port "x"; use an integer/],
    ['server', SERVER_MAIN, ['--http'], { REFERENCE_VARIANT: 'partial' }, /^reference-server: unknown variant "partial"; use --variant full/],
    ['client', CLIENT_MAIN, ['--bogus', URL_A], {}, /^reference-client: unknown flag "--bogus"; usage: main\.js \[--fault NAME\]/],
    ['client', CLIENT_MAIN, [], {}, /^reference-client: no server URL: /],
    ['client', CLIENT_MAIN, ['--variant=x', URL_A], {}, /^reference-client: unknown variant "x"; use --variant full/],
  ];
  it.each(mistakes)('%s %j exits 2 with one line on stderr', (_name, main, argv, env, message) => {
    const result = run(main, argv, env);
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.endsWith('\n')).toBe(true);
    expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(message);
  });

  it.each([
    ['server', SERVER_MAIN, USAGE],
    ['client', CLIENT_MAIN, CLIENT_USAGE],
  ])('%s --help prints the usage on stdout and exits 0', (_name, main, usage) => {
    const result = run(main, ['--help']);
    expect(result.status).toBe(0);
    expect(result.stdout).toBe(`${usage}\n`);
    expect(result.stderr).toBe('');
  });
});

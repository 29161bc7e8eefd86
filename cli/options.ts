// The command line's vocabulary: the flags of a run, how they are parsed, and the one-line mistakes they can be.
import { parseArgs } from 'node:util';
import { closest } from '../harness/engine/run-policy.js';
import type { ReceiverRole } from '../harness/model/model.js';
import { invocation } from './invocation.js';

/** Each command's usage, as `COMMAND --help` prints it; `--help` alone prints them all. */
export const COMMAND_USAGE = {
  server: `  mcp-tasks-conformance server [target] [selection] [reports] [options]
    target     --command CMD | --url URL [--header "Name: value"]... [--peer-header "Name: value"]... [--launch CMD]
               (none: the bundled reference receiver, over stdio or with --reference http)
    selection  --only PATTERN... --skip PATTERN... --level must|should|may --shard i/n
    reports    --json FILE --junit FILE --markdown FILE --html FILE
    options    --spec auto|2025-11-25|2026-07-28 --config FILE(.json|.yaml) --timeout-multiplier N --concurrency N
               --strict --min-judged N --repeat N --baseline FILE --write-baseline FILE --fresh-connections`,
  client: `  mcp-tasks-conformance client [--command CLIENT_CMD] [--client-transport http|stdio] [selection] [reports] [options]
    tests an MCP client: under 2025-11-25 as a receiver of task-augmented sampling and elicitation, under 2026-07-28
    as the requestor of tasks, the suite playing the extension server (auto: the era(s) the client shows); the suite
    serves on loopback and runs CLIENT_CMD once per check with its URL appended (none: the bundled reference client);
    --client-transport stdio (2026-07-28): no URL, the client launches the server command in MCP_CONFORMANCE_SERVER_COMMAND
    selection, reports and options as for "server"`,
  explore: `  mcp-tasks-conformance explore [--role server|client] [target] [--spec 2025-11-25|2026-07-28] [--seed N] [--runs N] [--budget SECONDS]
                                [--max-ops N] [--replay FILE] [--out DIR] [reports] [--strict] [--timeout-multiplier N] [--config FILE]
                                [--fault-free-check] [--stop-at-first]
    model-based random testing of task lifecycles: random sequences of concurrent operations (defaults: 100 runs, a 60 s
    search budget, 12 operations) judged by a model of the spec; each violation is shrunk and written to DIR (default
    out/explore) as a counterexample that --replay FILE runs again, and the search goes on for the properties not yet
    broken (--stop-at-first: not). A server under either profile; with --role client
    a client (2025-11-25), launched as by "client --command CLIENT_CMD" (none: the bundled reference client)`,
  proxy: `  mcp-tasks-conformance proxy --command SERVER_CMD | --url URL --port N [reports] [--trace FILE] [--log FILE] [--strict]
    stands between a host and its real server (the host launches the proxy in place of SERVER_CMD, or connects to
    http://127.0.0.1:N/mcp), forwards every message unchanged, prints each violation on stderr (or --log FILE) as it
    shows, and writes the reports when the session ends (the host disconnects, or SIGINT/SIGTERM)`,
  judge: `  mcp-tasks-conformance judge TRACE [reports] [--log FILE] [--strict]   judges a trace "proxy --trace" recorded`,
  'reference-server': `  mcp-tasks-conformance reference-server [--http --port N] [--fault NAME]... [--variant full|no-tasks] [--era dual|legacy|modern] [--tokens tok:ctx,...]
                                         [--answer-delay-ms N] [--intake-delay-ms N] [--notify-lag-ms N] [--update-lag-ms N] [--flood]
                                         [--serial-work] [--rate-limit-ms N] [--max-streams N]`,
  matrix: `  mcp-tasks-conformance matrix MANIFEST [--json FILE] [--html FILE] [--shard i/n] [--jobs N] [--target-timeout SECONDS] [--reports DIR] [--compare OLD.json]
  mcp-tasks-conformance matrix merge A.json B.json... [--json FILE] [--html FILE] [--compare OLD.json]
  mcp-tasks-conformance matrix doc MATRIX.json --notes FILE --doc FILE [--check]
    runs every target of MANIFEST (YAML or JSON: name, package, version, role, eras and the flags of "server" or
    "client" that reach it; see docs/matrix.md) as its own run, --jobs at a time, and writes one JSON result (default
    out/matrix.json) and one HTML page (default out/matrix.html; none for --json alone) of requirements by implementations; --shard i/n runs
    every n-th target by name, and "merge" joins the shards' JSON; --compare says what changed since an older matrix;
    "doc" renders the tables of a compatibility page from a matrix and its notes (--check: exit 1 when they differ)`,
  list: `  mcp-tasks-conformance list [--spec 2025-11-25|2026-07-28] [--requirements|--matrix] [--json]`,
  explain: `  mcp-tasks-conformance explain CHECK-ID|REQUIREMENT-ID [--spec ...]   what it verifies, why implementations fail it, how to fix`,
} as const;

export type CommandName = keyof typeof COMMAND_USAGE;

const PATTERN_NOTE = 'PATTERN is a glob over check IDs, a suite name or a requirement ID.';
const EXIT_NOTE = 'Exit status: 0 the run passes, 1 conformance failures, 2 the run could not happen, 3 nothing was selected.';

export const USAGE = `usage:
${Object.values(COMMAND_USAGE).join('\n')}
  mcp-tasks-conformance --version
${PATTERN_NOTE}
${EXIT_NOTE}`;

/** One command's usage alone, with the notes that apply to it. */
export function commandUsage(command: CommandName): string {
  const notes = command === 'server' || command === 'client' ? [PATTERN_NOTE, EXIT_NOTE] : command === 'explore' || command === 'proxy' || command === 'judge' ? [EXIT_NOTE] : [];
  return ['usage:', COMMAND_USAGE[command], ...notes].join('\n');
}

/** A mistake in how the suite was invoked: one line that says how to mend it, exit 2. */
export class UsageError extends Error {}

/** Nothing matched the selection: exit 3, since an empty run must never pass silently. */
export class EmptySelection extends Error {}

/** A config file that cannot be used: the message is one line that says how to mend it. */
export class ConfigError extends Error {}

/** A baseline file that cannot be used: the message is one line naming the file, the field and how to mend it. */
export class BaselineError extends Error {
  override name = 'BaselineError';
}

type OptionSpecs = NonNullable<NonNullable<Parameters<typeof parseArgs>[0]>['options']>;

/**
 * Parses a command's flags. A negative number after a flag that takes a value is that value (node's parseArgs reads
 * "-1" as a flag), so the number's own check can say what is allowed. A mistake is one line naming the command's help.
 */
export function parse(args: string[], options: OptionSpecs, command?: CommandName) {
  const joined: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const name = args[i]!.startsWith('--') && !args[i]!.includes('=') ? args[i]!.slice(2) : undefined;
    const next = args[i + 1];
    if (name !== undefined && options[name]?.type === 'string' && next !== undefined && /^-[\d.]/.test(next)) {
      joined.push(`--${name}=${next}`);
      i++;
    } else joined.push(args[i]!);
  }
  try {
    return parseArgs({ args: joined, options, allowPositionals: false, strict: true });
  } catch (error) {
    throw parseMistake(error, options, command);
  }
}

/** A flag parseArgs refused, in one line: the nearest known option, and the command whose --help lists them. */
export function parseMistake(error: unknown, options: OptionSpecs, command?: CommandName): UsageError {
  const help = `"${invocation()}${command ? ` ${command}` : ''} --help" lists ${command ? 'its' : 'the'} options`;
  const { code, message } = error as NodeJS.ErrnoException;
  const unknown = code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' ? /'(-{1,2}[^']+)'/.exec(message)?.[1] : undefined;
  if (unknown !== undefined) {
    const near = closest(unknown.replace(/^-+/, ''), new Set(Object.keys(options)));
    return new UsageError(`${command ? `"${command}" has no option ${unknown}` : `unknown option ${unknown}`}${near ? ` (did you mean --${near}?)` : ''}; ${help}`);
  }
  return new UsageError(`${message.split('\n')[0]!.replace(/\.$/, '')}; ${help}`);
}

export function parseHeaders(values: string[] | undefined, flag: string): Record<string, string> | undefined {
  if (!values) return undefined;
  const headers: Record<string, string> = {};
  for (const value of values) {
    const colon = value.indexOf(':');
    if (colon <= 0) throw new UsageError(`${flag} "${value}" is not "Name: value"; write it like ${flag} "Authorization: Bearer TOKEN"`);
    headers[value.slice(0, colon).trim()] = value.slice(colon + 1).trim();
  }
  return headers;
}

/** A number above 0 (at most `max`): a factor or a duration. One line naming the flag, the value and what is allowed. */
export function positiveNumber(value: string | undefined, flag: string, max = Number.MAX_SAFE_INTEGER): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (value.trim() === '' || !Number.isFinite(number) || number <= 0 || number > max)
    throw new UsageError(`${flag} wants a number above 0${max === Number.MAX_SAFE_INTEGER ? '' : ` and at most ${max}`}, e.g. ${flag} 2, got "${value}"`);
  return number;
}

/** A whole number from `min` to `max`: a count, a seed or a port. One line naming the flag, the value and what is allowed. */
export function wholeNumber(value: string | undefined, flag: string, min: number, max = Number.MAX_SAFE_INTEGER): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (value.trim() === '' || !/^[+-]?\d+$/.test(value.trim()) || !Number.isSafeInteger(number) || number < min || number > max) {
    throw new UsageError(`${flag} wants a whole number from ${min}${max === Number.MAX_SAFE_INTEGER ? ' up' : ` to ${max}`}, got "${value}"`);
  }
  return number;
}

export const SERVER_OPTIONS = {
  command: { type: 'string' },
  url: { type: 'string' },
  header: { type: 'string', multiple: true },
  'peer-header': { type: 'string', multiple: true },
  launch: { type: 'string' },
  reference: { type: 'string' },
  json: { type: 'string' },
  junit: { type: 'string' },
  markdown: { type: 'string' },
  html: { type: 'string' },
  only: { type: 'string', multiple: true },
  skip: { type: 'string', multiple: true },
  level: { type: 'string' },
  shard: { type: 'string' },
  config: { type: 'string' },
  'timeout-multiplier': { type: 'string' },
  concurrency: { type: 'string' },
  strict: { type: 'boolean' },
  repeat: { type: 'string' },
  baseline: { type: 'string' },
  'write-baseline': { type: 'string' },
  spec: { type: 'string' },
  'fresh-connections': { type: 'boolean' },
  'client-transport': { type: 'string' },
  'min-judged': { type: 'string' },
} as const;

/** `judge TRACE`: the reports of a run, and where live violations go. */
export const JUDGE_OPTIONS = {
  json: { type: 'string' },
  junit: { type: 'string' },
  markdown: { type: 'string' },
  html: { type: 'string' },
  strict: { type: 'boolean' },
  log: { type: 'string' },
} as const;

/** `proxy`: the real server (a command, or a URL and the local port), the trace, and what judge takes. */
export const PROXY_OPTIONS = { ...JUDGE_OPTIONS, command: { type: 'string' }, url: { type: 'string' }, port: { type: 'string' }, trace: { type: 'string' } } as const;

/** Flags that name the target and how to reach it: kept when printing the command that reruns one check. */
const TARGET_FLAGS = ['command', 'url', 'header', 'peer-header', 'launch', 'reference', 'config', 'timeout-multiplier', 'spec', 'fresh-connections', 'client-transport'];

function shellQuote(value: string): string {
  return /^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;
}

/** The command line that reruns one check alone against the same target, started as this run was (invocation()). */
export function rerunCommand(role: ReceiverRole, values: Record<string, unknown>, checkId: string, start = invocation()): string {
  const parts = [start, role];
  for (const flag of TARGET_FLAGS) {
    const value = values[flag];
    if (value === true) parts.push(`--${flag}`);
    else for (const item of Array.isArray(value) ? value : value === undefined || value === false ? [] : [value]) parts.push(`--${flag}`, shellQuote(String(item)));
  }
  parts.push('--only', checkId);
  return parts.join(' ');
}

// What both reference CLIs share: strict parseArgs with one-line usage errors, the flags and environment
// fallbacks they have in common, their validations, and the main() wrapper (exit 2 on a usage mistake, 0 after
// --help, 1 on a failure; SIGTERM/SIGINT close and exit). The reference client imports it; it imports neither.
import { parseArgs, type ParseArgsConfig } from 'node:util';

export type Variant = 'full' | 'no-tasks';

/** A usage mistake; its message is one line saying what is wrong and how to mend it. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** --help or -h; its message is the usage, which goes to stdout with exit status 0. */
export class HelpRequested extends UsageError {
  constructor(usage: string) {
    super(usage);
    this.name = 'HelpRequested';
  }
}

/** The flags both references take: --fault (repeatable, comma-separated), --variant, and --help (-h). */
export const SHARED_FLAGS = {
  fault: { type: 'string', multiple: true },
  variant: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies NonNullable<ParseArgsConfig['options']>;

type Flags = typeof SHARED_FLAGS & NonNullable<ParseArgsConfig['options']>;

/**
 * Strict parseArgs over argv (without node and script). A mistake parseArgs finds becomes a UsageError of one
 * line that names the flag and ends with the usage; --help becomes HelpRequested.
 */
export function parseCommandLine<const F extends Flags, const P extends boolean = false>(argv: readonly string[], flags: F, usage: string, allowPositionals?: P) {
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], options: flags, strict: true, allowPositionals: allowPositionals ?? (false as P) });
  } catch (error) {
    throw usageErrorOf(error, usage);
  }
  if ((parsed.values as { help?: boolean }).help) throw new HelpRequested(usage);
  return parsed;
}

function usageErrorOf(error: unknown, usage: string): unknown {
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code !== 'string' || !code.startsWith('ERR_PARSE_ARGS_') || typeof message !== 'string') return error;
  // parseArgs quotes the culprit first: '--port <value>', '-h, --help', '--foo', or the stray argument.
  const quoted = /'(.+?)'(?=[\s.,?]|$)/m.exec(message)?.[1];
  const flag = quoted?.match(/--?[^\s,<]+/g)?.at(-1);
  if (quoted !== undefined) {
    if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') return new UsageError(`unexpected argument ${JSON.stringify(quoted)}; ${usage}`);
    if (flag !== undefined) {
      if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return new UsageError(`unknown flag ${JSON.stringify(flag)}; ${usage}`);
      if (/does not take an argument/.test(message)) return new UsageError(`${flag} takes no value; ${usage}`);
      if (/ambiguous/.test(message)) return new UsageError(`${flag} needs a value (one that starts with "-" is written ${flag}=VALUE); ${usage}`);
      if (/missing/.test(message)) return new UsageError(`${flag} needs a value; ${usage}`);
    }
  }
  return new UsageError(`${message.split('\n')[0]}; ${usage}`);
}

/** The flag's value if it was given, else the environment variable's if set and not empty; with the name to blame. */
export function flagOrEnv(flag: string, value: string | undefined, variable: string, env: NodeJS.ProcessEnv): { name: string; value: string } | undefined {
  if (value !== undefined) return { name: flag, value };
  const fallback = env[variable];
  return fallback ? { name: variable, value: fallback } : undefined;
}

/**
 * The shared flags' meaning: faults from every --fault, else from REFERENCE_FAULTS (both comma-separated),
 * checked against the known names; the variant from --variant, else REFERENCE_VARIANT, else full.
 */
export function faultsAndVariant(values: { fault?: string[]; variant?: string }, env: NodeJS.ProcessEnv, knownFaults: readonly string[]): { faults: string[]; variant: Variant } {
  let faults = (values.fault ?? []).flatMap(splitList);
  if (faults.length === 0 && env.REFERENCE_FAULTS) faults = splitList(env.REFERENCE_FAULTS);
  return { faults: validateFaultNames(faults, knownFaults), variant: parseVariant(flagOrEnv('--variant', values.variant, 'REFERENCE_VARIANT', env)?.value ?? 'full') };
}

/** The names without repeats, or a UsageError listing the unknown ones and the known ones. */
export function validateFaultNames(names: readonly string[], known: readonly string[]): string[] {
  const unknown = names.filter((name) => !known.includes(name));
  if (unknown.length > 0) {
    throw new UsageError(`unknown fault ${unknown.map((n) => JSON.stringify(n)).join(', ')}; use one of: ${known.join(', ')}`);
  }
  return [...new Set(names)];
}

export function parseVariant(value: string): Variant {
  if (value === 'full' || value === 'no-tasks') return value;
  throw new UsageError(`unknown variant ${JSON.stringify(value)}; use --variant full or --variant no-tasks`);
}

/** A whole number from 0 to max written in decimal digits; otherwise a UsageError naming the flag (or variable) and the range. */
export function parseBoundedInteger(name: string, value: string, max: number, what: string): number {
  const number = Number(value);
  if (!/^\d+$/.test(value) || number > max) throw new UsageError(`bad ${name} ${JSON.stringify(value)}; use ${what}`);
  return number;
}

/** A delay in milliseconds, 0 to 60000. */
export function parseDelay(name: string, value: string): number {
  return parseBoundedInteger(name, value, 60_000, 'an integer number of milliseconds from 0 to 60000');
}

/** "a, b,,c" -> ["a", "b", "c"]. */
export function splitList(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item.length > 0);
}

export interface ReferenceCli<T> {
  /** Prefix of the lines on stderr, e.g. "reference-server". */
  name: string;
  parse: (argv: readonly string[], env: NodeJS.ProcessEnv) => T;
  run: (options: T) => Promise<void>;
}

/**
 * Runs a reference CLI from process.argv and process.env: --help prints the usage and exits 0, a usage mistake
 * prints one line and exits 2, a failure prints one line and exits 1. A stray rejection is reported on stderr,
 * not a reason to drop every connection.
 */
export function runReferenceCli<T>({ name, parse, run }: ReferenceCli<T>): void {
  process.on('unhandledRejection', (reason) => {
    process.stderr.write(`${name}: unhandled rejection: ${reason instanceof Error ? (reason.stack ?? reason.message) : String(reason)}\n`);
  });
  const main = async (): Promise<void> => {
    let options: T;
    try {
      options = parse(process.argv.slice(2), process.env);
    } catch (error) {
      if (error instanceof HelpRequested) {
        process.stdout.write(`${error.message}\n`);
        process.exit(0);
      }
      if (!(error instanceof UsageError)) throw error;
      process.stderr.write(`${name}: ${error.message}\n`);
      process.exit(2);
    }
    await run(options);
  };
  main().catch((error: unknown) => {
    process.stderr.write(`${name}: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}

/** On SIGTERM or SIGINT: close, then exit 0 (1 if closing failed), and within 2 s even if something keeps the loop alive. */
export function exitOnSignal(close: () => Promise<void>): void {
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    setTimeout(() => process.exit(0), 2_000).unref();
    close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

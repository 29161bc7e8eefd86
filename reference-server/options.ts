// Command-line and environment parsing for the reference receiver's CLI.
import { isFaultName, KNOWN_FAULTS } from './faults.js';

export type Variant = 'full' | 'no-tasks';

/** Options shared by both transports. */
export interface ReferenceOptions {
  faults?: string[];
  variant?: Variant;
  /** Bearer token -> authorization context name (HTTP only). */
  tokens?: Record<string, string>;
  /** Correct but slow: every answer is held this long after the request was handled (a remote or loaded receiver). */
  answerDelayMs?: number;
  /** Correct but slow the other way: every request waits this long before it is handled (a queue in front of the receiver). */
  intakeDelayMs?: number;
  /** Correct but chatty: every initialized connection gets a steady stream of notifications/message. */
  flood?: boolean;
}

export interface CliOptions extends Required<Pick<ReferenceOptions, 'faults' | 'variant' | 'tokens'>>, Pick<ReferenceOptions, 'answerDelayMs' | 'intakeDelayMs' | 'flood'> {
  http: boolean;
  port: number;
  host: string;
}

/** A usage mistake; its message is one line saying what is wrong and how to mend it. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

export const USAGE =
  'usage: main.js [--http] [--port N] [--host H] [--fault NAME]... [--variant full|no-tasks] [--tokens tokA:alice,tokB:bob] [--answer-delay-ms N] [--intake-delay-ms N] [--flood]';

/** Parses argv (without node and script) with REFERENCE_* environment fallbacks. */
export function parseCli(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): CliOptions {
  let http = false;
  let port = 3000;
  let host = '127.0.0.1';
  const faults: string[] = [];
  let variant: string | undefined;
  let tokens: string | undefined;
  let answerDelayMs: number | undefined;
  let intakeDelayMs: number | undefined;
  let flood = false;

  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    // Accept both "--flag value" and "--flag=value".
    const eq = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const flag = eq > 0 ? arg.slice(0, eq) : arg;
    const inline = eq > 0 ? arg.slice(eq + 1) : undefined;
    const value = (): string => {
      if (inline !== undefined) return inline;
      const next = argv[i + 1];
      if (next === undefined || next.startsWith('--')) throw new UsageError(`${flag} needs a value; ${USAGE}`);
      i++;
      return next;
    };
    switch (flag) {
      case '--http':
        if (inline !== undefined) throw new UsageError(`--http takes no value; ${USAGE}`);
        http = true;
        break;
      case '--port':
        port = parsePort(value());
        break;
      case '--host':
        host = value();
        break;
      case '--fault':
        faults.push(...splitList(value()));
        break;
      case '--variant':
        variant = value();
        break;
      case '--tokens':
        tokens = value();
        break;
      case '--answer-delay-ms':
        answerDelayMs = parseDelay(flag, value());
        break;
      case '--intake-delay-ms':
        intakeDelayMs = parseDelay(flag, value());
        break;
      case '--flood':
        if (inline !== undefined) throw new UsageError(`--flood takes no value; ${USAGE}`);
        flood = true;
        break;
      case '--help':
      case '-h':
        throw new UsageError(USAGE);
      default:
        throw new UsageError(`unknown argument ${JSON.stringify(arg)}; ${USAGE}`);
    }
  }

  if (faults.length === 0 && env.REFERENCE_FAULTS) faults.push(...splitList(env.REFERENCE_FAULTS));
  variant ??= env.REFERENCE_VARIANT || 'full';
  tokens ??= env.REFERENCE_TOKENS || undefined;
  if (answerDelayMs === undefined && env.REFERENCE_ANSWER_DELAY_MS) answerDelayMs = parseDelay('REFERENCE_ANSWER_DELAY_MS', env.REFERENCE_ANSWER_DELAY_MS);
  if (intakeDelayMs === undefined && env.REFERENCE_INTAKE_DELAY_MS) intakeDelayMs = parseDelay('REFERENCE_INTAKE_DELAY_MS', env.REFERENCE_INTAKE_DELAY_MS);
  flood ||= env.REFERENCE_FLOOD === '1';

  return { http, port, host, faults: validateFaults(faults), variant: parseVariant(variant), tokens: tokens ? parseTokens(tokens) : {}, answerDelayMs, intakeDelayMs, flood };
}

export function validateFaults(names: readonly string[]): string[] {
  const unknown = names.filter((name) => !isFaultName(name));
  if (unknown.length > 0) {
    throw new UsageError(`unknown fault ${unknown.map((n) => JSON.stringify(n)).join(', ')}; use one of: ${KNOWN_FAULTS.join(', ')}`);
  }
  return [...new Set(names)];
}

export function parseVariant(value: string): Variant {
  if (value === 'full' || value === 'no-tasks') return value;
  throw new UsageError(`unknown variant ${JSON.stringify(value)}; use --variant full or --variant no-tasks`);
}

/** "tokA:alice,tokB:bob" -> { tokA: "alice", tokB: "bob" }. */
export function parseTokens(value: string): Record<string, string> {
  const tokens: Record<string, string> = {};
  for (const pair of splitList(value)) {
    const colon = pair.indexOf(':');
    const token = colon > 0 ? pair.slice(0, colon) : '';
    const context = colon > 0 ? pair.slice(colon + 1) : '';
    if (!token || !context || /\s/.test(token)) {
      throw new UsageError(`bad token entry ${JSON.stringify(pair)}; write --tokens TOKEN:CONTEXT[,TOKEN:CONTEXT...], e.g. --tokens tokA:alice,tokB:bob`);
    }
    tokens[token] = context;
  }
  return tokens;
}

function parseDelay(name: string, value: string): number {
  const ms = Number(value);
  if (!/^\d+$/.test(value) || ms > 60_000) throw new UsageError(`bad ${name} ${JSON.stringify(value)}; use an integer number of milliseconds from 0 to 60000`);
  return ms;
}

function parsePort(value: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535) throw new UsageError(`bad port ${JSON.stringify(value)}; use an integer from 0 (ephemeral) to 65535`);
  return port;
}

function splitList(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item.length > 0);
}

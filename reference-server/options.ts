// Command-line and environment parsing for the reference receiver's CLI.
import { faultsAndVariant, flagOrEnv, parseBoundedInteger, parseCommandLine, parseDelay, SHARED_FLAGS, splitList, UsageError, type Variant } from './cli-options.js';
import { KNOWN_FAULTS } from './faults.js';
import { ERAS, type Era } from './2026-07-28/protocol.js';

export type { Era, Variant };

/** Options shared by both transports. */
export interface ReferenceOptions {
  faults?: string[];
  variant?: Variant;
  /** Which eras are served: dual (the default), legacy (2025-11-25 only) or modern (2026-07-28 only). */
  era?: Era;
  /** Bearer token -> authorization context name (HTTP only). */
  tokens?: Record<string, string>;
  /** Correct but slow: every answer is held this long after the request was handled (a remote or loaded receiver). */
  answerDelayMs?: number;
  /** Correct but slow the other way: every request waits this long before it is handled (a queue in front of the receiver). */
  intakeDelayMs?: number;
  /** Correct but behind: every notification (2025-11-25) goes out this much later, in order, as an HTTP server's event stream can trail its answers. */
  notifyLagMs?: number;
  /** Correct but behind (2026-07-28): tasks/update is acknowledged at once and its answers reach the task this much later, as the extension allows. */
  updateLagMs?: number;
  /** Correct but chatty: every initialized connection gets a steady stream of notifications/message. */
  flood?: boolean;
  /** The pollInterval (pollIntervalMs) every task suggests; 50 ms unless given. */
  pollIntervalMs?: number;
  /** Correct but short-lived (2026-07-28): the ttlMs every modern task is granted, and kept for; 300000 unless given. */
  ttlMs?: number;
  /** Correct but strict about pace: a tasks/get sooner than the task's pollInterval is refused (HTTP 429 on HTTP). */
  rateLimit?: boolean;
  /** Correct but long: the text fixtures' work (2025-11-25) takes at least this many milliseconds. */
  workMs?: number;
  /** Correct but serial: one piece of fixture work at a time across every session and both eras (a single worker). */
  serialWork?: boolean;
  /** Correct but strict about load (HTTP): any request sooner than this many ms after the same client's last admitted one gets HTTP 429 with Retry-After. */
  rateLimitMs?: number;
  /** Correct but frugal (HTTP): at most this many SSE streams open per client; one more closes its oldest. */
  maxStreams?: number;
}

export interface CliOptions
  extends
    Required<Pick<ReferenceOptions, 'faults' | 'variant' | 'tokens'>>,
    Pick<
      ReferenceOptions,
      'era' | 'answerDelayMs' | 'intakeDelayMs' | 'notifyLagMs' | 'updateLagMs' | 'flood' | 'pollIntervalMs' | 'ttlMs' | 'rateLimit' | 'workMs' | 'serialWork' | 'rateLimitMs' | 'maxStreams'
    > {
  http: boolean;
  port: number;
  host: string;
}

export const USAGE =
  'usage: main.js [--http] [--port N] [--host H] [--fault NAME]... [--variant full|no-tasks] ' +
  '[--era dual|legacy|modern] [--tokens tokA:alice,tokB:bob] [--answer-delay-ms N] [--intake-delay-ms N] ' +
  '[--notify-lag-ms N] [--update-lag-ms N] [--flood] [--poll-interval-ms N] [--ttl-ms N] [--rate-limit] [--work-ms N] ' +
  '[--serial-work] [--rate-limit-ms N] [--max-streams N]';

const FLAGS = {
  ...SHARED_FLAGS,
  http: { type: 'boolean' },
  port: { type: 'string' },
  host: { type: 'string' },
  era: { type: 'string' },
  tokens: { type: 'string' },
  'answer-delay-ms': { type: 'string' },
  'intake-delay-ms': { type: 'string' },
  'notify-lag-ms': { type: 'string' },
  'update-lag-ms': { type: 'string' },
  flood: { type: 'boolean' },
  'poll-interval-ms': { type: 'string' },
  'ttl-ms': { type: 'string' },
  'rate-limit': { type: 'boolean' },
  'work-ms': { type: 'string' },
  'serial-work': { type: 'boolean' },
  'rate-limit-ms': { type: 'string' },
  'max-streams': { type: 'string' },
} as const;

/** Parses argv (without node and script) with REFERENCE_* environment fallbacks. */
export function parseCli(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): CliOptions {
  const { values } = parseCommandLine(argv, FLAGS, USAGE);
  const port = values.port === undefined ? 3000 : parseBoundedInteger('--port', values.port, 65535, 'an integer from 0 (ephemeral) to 65535');
  const delay = (
    flag: 'answer-delay-ms' | 'intake-delay-ms' | 'notify-lag-ms' | 'update-lag-ms' | 'poll-interval-ms' | 'ttl-ms' | 'work-ms' | 'rate-limit-ms' | 'max-streams',
    variable: string,
  ): number | undefined => {
    const given = flagOrEnv(`--${flag}`, values[flag], variable, env);
    return given && parseDelay(given.name, given.value);
  };
  const tokens = flagOrEnv('--tokens', values.tokens, 'REFERENCE_TOKENS', env)?.value;
  const era = flagOrEnv('--era', values.era, 'REFERENCE_ERA', env);
  return {
    http: values.http ?? false,
    port,
    host: values.host ?? '127.0.0.1',
    ...faultsAndVariant(values, env, KNOWN_FAULTS),
    // Left undefined when not given: the receiver then serves both eras.
    era: era && parseEra(era.name, era.value),
    tokens: tokens ? parseTokens(tokens) : {},
    answerDelayMs: delay('answer-delay-ms', 'REFERENCE_ANSWER_DELAY_MS'),
    intakeDelayMs: delay('intake-delay-ms', 'REFERENCE_INTAKE_DELAY_MS'),
    notifyLagMs: delay('notify-lag-ms', 'REFERENCE_NOTIFY_LAG_MS'),
    updateLagMs: delay('update-lag-ms', 'REFERENCE_UPDATE_LAG_MS'),
    flood: (values.flood ?? false) || env.REFERENCE_FLOOD === '1',
    pollIntervalMs: delay('poll-interval-ms', 'REFERENCE_POLL_INTERVAL_MS'),
    ttlMs: delay('ttl-ms', 'REFERENCE_TTL_MS'),
    rateLimit: (values['rate-limit'] ?? false) || env.REFERENCE_RATE_LIMIT === '1',
    workMs: delay('work-ms', 'REFERENCE_WORK_MS'),
    serialWork: (values['serial-work'] ?? false) || env.REFERENCE_SERIAL_WORK === '1',
    rateLimitMs: delay('rate-limit-ms', 'REFERENCE_RATE_LIMIT_MS'),
    maxStreams: delay('max-streams', 'REFERENCE_MAX_STREAMS'),
  };
}

/** dual, legacy or modern; otherwise a UsageError naming the flag (or variable) and the choices. */
export function parseEra(name: string, value: string): Era {
  const era = ERAS.find((known) => known === value);
  if (era) return era;
  throw new UsageError(`unknown era ${JSON.stringify(value)} in ${name}; use --era dual, --era legacy or --era modern`);
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

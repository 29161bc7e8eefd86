// Command-line and environment parsing for the reference client's CLI.
import { faultsAndVariant, parseCommandLine, SHARED_FLAGS, UsageError, validateFaultNames, type Variant } from '../reference-server/cli-options.js';
import { KNOWN_CLIENT_FAULTS } from './faults.js';

/** Options of one client run (the CLI's, and runReferenceClient's). */
export interface ReferenceClientOptions {
  faults?: string[];
  variant?: Variant;
  /** Correct but slow, as the reference server's options of the same names: every answer, or every request's handling, held this long. */
  answerDelayMs?: number;
  intakeDelayMs?: number;
  /** As the reference server's --poll-interval-ms and --rate-limit: the pace its tasks ask for, and whether it refuses polls sooner. */
  pollIntervalMs?: number;
  rateLimit?: boolean;
  /** Where diagnostics go; stderr by default. */
  log?: (line: string) => void;
  /** Also report routine progress (connected, GET stream open), not only problems; the CLI sets it. */
  verbose?: boolean;
}

export interface ClientCliOptions {
  /** Empty when the client reaches its server over stdio (serverCommand). */
  url: string;
  /** 2026-07-28 over stdio: the server command to launch, from MCP_CONFORMANCE_SERVER_COMMAND when no URL is given. */
  serverCommand?: string;
  faults: string[];
  variant: Variant;
}

export const CLIENT_USAGE = 'usage: main.js [--fault NAME]... [--variant full|no-tasks] <url>   (or the URL in MCP_CONFORMANCE_URL)';

/** Parses argv (without node and script) with MCP_CONFORMANCE_URL and REFERENCE_* environment fallbacks. */
export function parseClientCli(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): ClientCliOptions {
  const { values, positionals } = parseCommandLine(argv, SHARED_FLAGS, CLIENT_USAGE, true);
  if (positionals.length > 1) throw new UsageError(`unexpected argument ${JSON.stringify(positionals[1])}: the server URL is the only argument; ${CLIENT_USAGE}`);
  const url = positionals[0] ?? (env.MCP_CONFORMANCE_URL || undefined);
  if (url === undefined && env.MCP_CONFORMANCE_SERVER_COMMAND) return { url: '', serverCommand: env.MCP_CONFORMANCE_SERVER_COMMAND, ...faultsAndVariant(values, env, KNOWN_CLIENT_FAULTS) };
  if (url === undefined) throw new UsageError(`no server URL: pass it as the last argument or in MCP_CONFORMANCE_URL; ${CLIENT_USAGE}`);
  return { url: validateUrl(url), ...faultsAndVariant(values, env, KNOWN_CLIENT_FAULTS) };
}

export function validateClientFaults(names: readonly string[]): string[] {
  return validateFaultNames(names, KNOWN_CLIENT_FAULTS);
}

export function validateUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`bad server URL ${JSON.stringify(value)}; give an absolute http:// or https:// URL such as http://127.0.0.1:3000/mcp`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(`bad server URL ${JSON.stringify(value)}: Streamable HTTP needs an http:// or https:// URL`);
  }
  return url.href;
}

// Command-line and environment parsing for the reference client's CLI.
import { UsageError, parseVariant, type Variant } from '../reference-server/options.js';
import { KNOWN_CLIENT_FAULTS, isClientFaultName } from './faults.js';

export { UsageError };

/** Options of one client run (the CLI's, and runReferenceClient's). */
export interface ReferenceClientOptions {
  faults?: string[];
  variant?: Variant;
  /** Where diagnostics go; stderr by default. */
  log?: (line: string) => void;
  /** Also report routine progress (connected, GET stream open), not only problems; the CLI sets it. */
  verbose?: boolean;
}

export interface ClientCliOptions {
  url: string;
  faults: string[];
  variant: Variant;
}

export const CLIENT_USAGE = 'usage: main.js [--fault NAME]... [--variant full|no-tasks] <url>   (or the URL in MCP_CONFORMANCE_URL)';

/** Parses argv (without node and script) with MCP_CONFORMANCE_URL and REFERENCE_* environment fallbacks. */
export function parseClientCli(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): ClientCliOptions {
  const faults: string[] = [];
  let variant: string | undefined;
  let url: string | undefined;

  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const eq = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const flag = eq > 0 ? arg.slice(0, eq) : arg;
    const inline = eq > 0 ? arg.slice(eq + 1) : undefined;
    const value = (): string => {
      if (inline !== undefined) return inline;
      const next = argv[i + 1];
      if (next === undefined || next.startsWith('--')) throw new UsageError(`${flag} needs a value; ${CLIENT_USAGE}`);
      i++;
      return next;
    };
    if (flag === '--fault') faults.push(...splitList(value()));
    else if (flag === '--variant') variant = value();
    else if (flag === '--help' || flag === '-h') throw new UsageError(CLIENT_USAGE);
    else if (arg.startsWith('-') || url !== undefined) throw new UsageError(`unknown argument ${JSON.stringify(arg)}; ${CLIENT_USAGE}`);
    else url = arg;
  }

  if (faults.length === 0 && env.REFERENCE_FAULTS) faults.push(...splitList(env.REFERENCE_FAULTS));
  variant ??= env.REFERENCE_VARIANT || 'full';
  url ??= env.MCP_CONFORMANCE_URL || undefined;
  if (url === undefined) throw new UsageError(`no server URL: pass it as the last argument or in MCP_CONFORMANCE_URL; ${CLIENT_USAGE}`);
  return { url: validateUrl(url), faults: validateClientFaults(faults), variant: parseVariant(variant) };
}

export function validateClientFaults(names: readonly string[]): string[] {
  const unknown = names.filter((name) => !isClientFaultName(name));
  if (unknown.length > 0) {
    throw new UsageError(`unknown fault ${unknown.map((n) => JSON.stringify(n)).join(', ')}; use one of: ${KNOWN_CLIENT_FAULTS.join(', ')}`);
  }
  return [...new Set(names)];
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

function splitList(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item.length > 0);
}

#!/usr/bin/env node
// The composition root: the only module that knows suites, reports and the references together. Each command
// loads what it needs when it runs, so a short command starts fast and a run pays only for its transport.
import { TASKS_2025_11_25 } from '../suites/index.js';
import { BaselineError, ConfigError, EmptySelection, USAGE, UsageError } from './options.js';

/** The spec profile a run uses (one so far; issue "Profile 2026-07-28" adds --spec). */
const PROFILE = TASKS_2025_11_25;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'server':
      return (await import('./run.js')).suiteCommand('server', rest, PROFILE);
    case 'client':
      return (await import('./run.js')).suiteCommand('client', rest, PROFILE);
    case 'reference-server':
      return (await import('./reference.js')).referenceServerCommand(rest);
    case 'list':
      return (await import('./list.js')).listCommand(rest, PROFILE);
    case 'explain':
      return (await import('./explain.js')).explainCommand(rest, PROFILE);
    case undefined:
    case '--help':
    case '-h':
    case 'help':
      process.stdout.write(`${USAGE}\n`);
      return command === undefined ? 2 : 0;
    default:
      throw new UsageError(`unknown command "${command}"; use one of: server, client, list, explain, reference-server (see --help)`);
  }
}

// A reader that stops early (\`list | head\`) is no error: end quietly, as other command-line tools do.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});

// A stray rejection from a misbehaving receiver's connection must not end the run before its reports are written.
process.on('unhandledRejection', (reason) => {
  process.stderr.write(`mcp-tasks-conformance: ignored an unhandled rejection: ${(reason as Error)?.message ?? String(reason)}\n`);
});

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof EmptySelection) {
      process.stderr.write(`mcp-tasks-conformance: ${error.message}\n`);
      process.exitCode = 3;
      return;
    }
    if (error instanceof UsageError || error instanceof ConfigError || error instanceof BaselineError) {
      process.stderr.write(`mcp-tasks-conformance: ${error.message}\n`);
    } else {
      process.stderr.write(`mcp-tasks-conformance: internal error: ${(error as Error)?.stack ?? String(error)}\n`);
    }
    process.exitCode = 2;
  },
);

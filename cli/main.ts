#!/usr/bin/env node
// The composition root: the only module that knows suites, reports and the references together. Each command
// loads what it needs when it runs, so a short command starts fast and a run pays only for its transport.
import { BaselineError, COMMAND_USAGE, commandUsage, ConfigError, EmptySelection, USAGE, UsageError, type CommandName } from './options.js';
import { profileForListing } from './profiles.js';

/** Takes `--spec VALUE` (or `--spec=VALUE`) out of a command's arguments, for the commands that read one profile. */
function takeSpec(args: string[]): { spec?: string; rest: string[] } {
  const rest: string[] = [];
  let spec: string | undefined;
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--spec') spec = args[++i] ?? '';
    else if (args[i].startsWith('--spec=')) spec = args[i].slice('--spec='.length);
    else rest.push(args[i]);
  }
  return { spec, rest };
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === '--version' || command === '-V' || command === 'version') {
    const { TOOL } = await import('../harness/model/tool.js');
    process.stdout.write(`${TOOL.name} ${TOOL.version}\n`);
    return 0;
  }
  // `COMMAND --help` prints that command's usage (before a `--`, which ends the options).
  const options = rest.includes('--') ? rest.slice(0, rest.indexOf('--')) : rest;
  if (command !== undefined && (options.includes('--help') || options.includes('-h'))) {
    process.stdout.write(`${command in COMMAND_USAGE ? commandUsage(command as CommandName) : USAGE}\n`);
    return 0;
  }
  switch (command) {
    case 'server':
      return (await import('./run.js')).suiteCommand('server', rest);
    case 'client':
      return (await import('./run.js')).suiteCommand('client', rest);
    case 'explore':
      return (await import('./explore.js')).exploreCommand(rest);
    case 'proxy':
      return (await import('./proxy.js')).proxyCommand(rest);
    case 'judge':
      return (await import('./proxy.js')).judgeCommand(rest);
    case 'matrix':
      return (await import('./matrix.js')).matrixCommand(rest);
    case 'reference-server':
      return (await import('./reference.js')).referenceServerCommand(rest);
    case 'list': {
      const { spec, rest: listArgs } = takeSpec(rest);
      return (await import('./list.js')).listCommand(listArgs, await profileForListing(spec));
    }
    case 'explain': {
      const { spec, rest: explainArgs } = takeSpec(rest);
      return (await import('./explain.js')).explainInProfiles(explainArgs, spec);
    }
    case undefined:
    case '--help':
    case '-h':
    case 'help':
      // `help COMMAND` is `COMMAND --help`.
      if (command === 'help' && rest[0] !== undefined && rest[0] in COMMAND_USAGE) {
        process.stdout.write(`${commandUsage(rest[0] as CommandName)}\n`);
        return 0;
      }
      process.stdout.write(`${USAGE}\n`);
      return command === undefined ? 2 : 0;
    default:
      throw new UsageError(`unknown command "${command}"; use one of: ${Object.keys(COMMAND_USAGE).join(', ')} (see --help)`);
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

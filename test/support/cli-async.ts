// Runs a command line of the CLI to its end without holding the test worker: with spawnSync, every other test of the
// file (and its receivers in this process) stood still while the CLI ran, so CLI tests could only run one by one.
import { spawn } from 'node:child_process';

export interface CliOutcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runNode(args: string[], options: { env?: NodeJS.ProcessEnv; cwd?: string; timeoutMs?: number } = {}): Promise<CliOutcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: options.cwd, env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'], timeout: options.timeoutMs ?? 120_000 });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

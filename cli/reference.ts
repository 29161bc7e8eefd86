// The reference-server command: the bundled reference receiver, run in this process with the same flags.
import { referenceMain } from './targets.js';

export async function referenceServerCommand(args: string[]): Promise<number> {
  // The reference receiver is its own program; run it in this process with the same flags.
  process.argv = [process.argv[0], referenceMain, ...args];
  await import('../reference-server/main.js');
  return new Promise<number>(() => undefined);
}

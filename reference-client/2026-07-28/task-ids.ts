// The task IDs the reference client is following, kept on disk so that a restarted client resumes polling them.
// The directory is MCP_CONFORMANCE_STATE_DIR when set (the conformance suite gives each check its own), else one
// per server URL under the system's temporary directory.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export class TaskIdStore {
  private readonly file: string;
  private readonly ids: Set<string>;

  constructor(
    url: string,
    stateDir: string | undefined,
    private readonly durable: boolean,
  ) {
    const dir = stateDir ?? join(tmpdir(), 'mcp-tasks-reference-client', createHash('sha256').update(url).digest('hex').slice(0, 16));
    this.file = join(dir, 'tasks.json');
    this.ids = new Set(durable ? readIds(this.file) : []);
    if (durable) mkdirSync(dir, { recursive: true });
  }

  /** The tasks an earlier run left unfinished. */
  pending(): string[] {
    return [...this.ids];
  }

  add(taskId: string): void {
    this.ids.add(taskId);
    this.save();
  }

  remove(taskId: string): void {
    if (this.ids.delete(taskId)) this.save();
  }

  private save(): void {
    // Written at once and in whole: the client may be ended at any moment.
    if (this.durable) writeFileSync(this.file, JSON.stringify([...this.ids]));
  }
}

function readIds(file: string): string[] {
  try {
    const ids = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

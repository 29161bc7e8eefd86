import { TERMINAL_STATUSES } from '../../../harness/receivers/2025-11-25/receiver.js';

/** The allowed moves between task statuses; a terminal status allows none. */
export const ALLOWED_NEXT: Record<string, readonly string[]> = {
  working: ['input_required', ...TERMINAL_STATUSES],
  input_required: ['working', ...TERMINAL_STATUSES],
  completed: [],
  failed: [],
  cancelled: [],
};

/** The first step of a status sequence that the lifecycle forbids; repeats of one status are no step. */
export function firstIllegalStep(statuses: readonly string[]): { from: string; to: string; allowed: readonly string[] } | undefined {
  for (let index = 1; index < statuses.length; index++) {
    const from = statuses[index - 1];
    const to = statuses[index];
    if (from === to) continue;
    const allowed = ALLOWED_NEXT[from] ?? [];
    if (!allowed.includes(to)) return { from, to, allowed };
  }
  return undefined;
}

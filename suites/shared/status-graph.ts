// The task lifecycle both eras share: five statuses, three of them terminal, and the moves between them.

const TERMINAL = ['completed', 'failed', 'cancelled'];

/** The allowed moves between task statuses; a terminal status allows none. */
export const ALLOWED_NEXT: Readonly<Record<string, readonly string[]>> = {
  working: ['input_required', ...TERMINAL],
  input_required: ['working', ...TERMINAL],
  completed: [],
  failed: [],
  cancelled: [],
};

/** Whether a status is one of the five (another is left to the shape checks). */
export function isKnownStatus(status: string): boolean {
  return Object.hasOwn(ALLOWED_NEXT, status);
}

/** The first step of a status sequence that the lifecycle forbids; repeats of one status are no step. */
export function firstIllegalStep(statuses: readonly string[]): { from: string; to: string; allowed: readonly string[] } | undefined {
  for (let index = 1; index < statuses.length; index++) {
    const from = statuses[index - 1];
    const to = statuses[index];
    if (from === to) continue;
    const allowed = isKnownStatus(from) ? ALLOWED_NEXT[from] : [];
    if (!allowed.includes(to)) return { from, to, allowed };
  }
  return undefined;
}

// How a check's scenario ends other than by finishing: stopped, skipped, unable to proceed, not staged in time.
import type { Observation } from '../model/model.js';

/** Thrown to end a check early; the reason is already recorded. */
export class CheckStop extends Error {
  constructor() {
    super('check stopped');
  }
}

export class CheckSkip extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

/**
 * An answer the check cannot go on from (e.g. an error where a task was needed). `requirementId` names the
 * prerequisite: the requirement the stalled step is bound by (the check's first requirement when none is named).
 * When the check verifies that requirement, the stalled step is what it judges: a fail under MUST, a warn under
 * SHOULD. Otherwise the check is inconclusive, naming the prerequisite and the checks that judge it. Under a MAY
 * the receiver was free to refuse: a skip.
 */
export class UnexpectedReply extends Error {
  constructor(
    message: string,
    readonly requirementId?: string,
    /** What the stalled step was: the run's reconciliation pairs it with a fail of the same requirement on the same observation. */
    readonly observation?: Observation,
  ) {
    super(message);
  }
}

/**
 * A wait for a task's state that ran out with the task still short of it, where no text bounds the time: a verdict of
 * the bound, not of a rule about states, so the engine runs the check again alone when others ran beside it.
 */
export class WaitRanOut extends UnexpectedReply {}

/** A staged scenario's try that the timing did not allow; `CheckContext.staged` retries it or skips. */
export class StagingMissed extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

/** The whole run's deadline passed: checks still queued or running end as errors naming it. */
export class RunDeadline extends Error {
  constructor(readonly deadlineMs: number) {
    super(`the whole-run deadline of ${deadlineMs} ms passed`);
  }
}

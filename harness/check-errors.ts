// How a check's scenario ends other than by finishing: stopped, skipped, unable to proceed, not staged in time.

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
 * An answer the check cannot go on from (e.g. an error where a task was needed). It is judged by the keyword of
 * the requirement the scenario was staging: a fail under MUST, a warn under SHOULD, a skip under MAY.
 */
export class UnexpectedReply extends Error {
  constructor(
    message: string,
    readonly requirementId?: string,
  ) {
    super(message);
  }
}

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

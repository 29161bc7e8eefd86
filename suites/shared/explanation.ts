// The shape of a check's explanation, for `mcp-tasks-conformance explain`: each era's explanations.ts fills it for its
// own checks.

/** One way a check typically fails, and how implementations mend it. */
export interface FailureCause {
  /** What the implementation does wrong, as its maintainer would notice it. */
  cause: string;
  fix: string;
  /** Real implementations that showed it (docs/compatibility.md). */
  seenIn?: string;
  /** Faults of the reference receivers that break the check this way. */
  faults?: readonly string[];
}

export interface CheckExplanation {
  /** What the check does, in a few sentences. */
  does: string;
  causes: readonly FailureCause[];
}

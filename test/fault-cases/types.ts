import type { Outcome } from '../../harness/model/model.js';

/**
 * One fault-injected run of the reference receiver: the listed checks must catch it with the given outcome
 * while every other check passes or skips.
 */
export interface FaultCase {
  faults: string[];
  variant?: 'full' | 'no-tasks';
  /** HTTP without tokens: the reference cannot tell requestors apart. */
  anonymous?: boolean;
  /** HTTP with identity A only. */
  noPeer?: boolean;
  /** The ttlMs the reference grants every modern task (--ttl-ms; 300 s unless given). */
  ttlMs?: number;
  /** The eras the reference serves (dual unless given). */
  era?: 'dual' | 'legacy' | 'modern';
  /** Run over stdio instead of in-process HTTP. */
  stdio?: boolean;
  /** No scripted check aims at the fault: the catching checks fail it by what the era's rule book saw in their traffic alone. */
  byRuleBook?: boolean;
  /**
   * Where the rule book reports the fault in a result of its own (`rule-book.<REQUIREMENT>`: no check of the run lists
   * the requirement or one of its section), the checks whose traffic shows it: the fast tier runs those.
   */
  shownBy?: string[];
  /**
   * Catching checks that fail the fault only by what the rule book saw in another check's traffic: the fast tier, which
   * runs a case with only the checks it was chosen for, proves these with another case where one exists.
   */
  viaRuleBook?: string[];
  /**
   * Its run waits out bounds (a deadlock, a silence the checks must sit through): the fast tier proves its checks with
   * other cases where one exists, and runs it only for the checks nothing else proves. The whole matrix runs it whole.
   */
  waitsOut?: boolean;
  /**
   * Catching checks whose own traffic shows the fault only when timing lets it (a short task first polled after it
   * ended, on a loaded machine): each fails as `catches` says, or passes. Such a catch proves nothing (provenBy names
   * other faults), and a check listed here is left out of the cases chosen to prove checks.
   */
  mayMiss?: string[];
  /**
   * Checks the fault may also make fail or warn, as given, when timing lets their traffic show it (a task replaced
   * under a reused ID while a tasks/list walk is under way): there they may also pass. They prove nothing.
   */
  mayAlsoCatch?: Record<string, Exclude<Outcome, 'pass' | 'skip' | 'error'>>;
  /** fail and warn prove the check; inconclusive says it is a cascade of the fault, which another check catches. */
  catches: Record<string, Exclude<Outcome, 'pass' | 'skip' | 'error'>>;
}

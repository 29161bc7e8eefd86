// Assertions on one property's judgement of a hand-made exploration log, shared by the model tests of both profiles.
import { expect } from 'vitest';
import { severityOf, type Judgement } from '../../harness/rules/2025-11-25/lifecycle.js';
import type { Requirement } from '../../harness/model/model.js';
import type { Operation } from '../../harness/explore/operations.js';
import type { Answer, ObservedOperation, RunLog } from '../../harness/explore/run-log.js';

/** No violation, and something was judged. */
export function passes(judgement: Judgement): void {
  expect(judgement.violations).toEqual([]);
  expect(judgement.observations).toBeGreaterThan(0);
}

/** The single violation's requirement and the severity the profile's catalogue gives it. */
export function broken(judgement: Judgement, requirements: ReadonlyMap<string, Requirement>): { requirement: string; severity: string } {
  expect(judgement.violations).toHaveLength(1);
  const [violation] = judgement.violations;
  return { requirement: violation.requirement, severity: severityOf(violation.requirement, requirements, violation.lenient).severity };
}

/** The operations of a hand-made log, numbered in the order they are added; the builders of both profiles add theirs. */
export class LogRecorder {
  readonly log: RunLog = { operations: [], tasks: [], timeOrigin: 0, allowanceMs: 50, transcript: [] };
  protected position = 0;

  protected named(operation: Operation, task: number, sent: number, received: number, answer: Answer): this {
    this.push(operation, sent, received, answer, task, `task-${task}`);
    return this;
  }

  protected push(operation: Operation, sentAt: number, receivedAt: number, answer: Answer, task?: number, taskId?: string): void {
    const observed: ObservedOperation = { position: this.position, step: this.position, operation, peer: operation.kind.startsWith('peer-'), sentAt, receivedAt, answer, taskId };
    if (task !== undefined) observed.task = task;
    this.log.operations.push(observed);
    this.position += 1;
  }
}

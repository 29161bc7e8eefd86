// What a task's result is judged against: the result of the same call made plainly (2025-11-25, Task Execution Errors:
// a task's result is exactly the request's), as result-retrieval.same-as-plain-call judges it. The plain call of each
// echoing fixture is made twice up front, with two texts; when the second result is the first with the text swapped,
// every task's expected result is that result with the task's text put in. The error fixture's plain error is the one
// its tasks must replay (as result-retrieval.same-error judges). A framework that words an error its own way ("Error:
// …", "MCP error -32042: …") in the plain call and the task alike is then no violation.
import { openConnection, type TargetSpec } from '../wire/connections/connect.js';
import { describeReply } from '../model/describe.js';
import type { FixtureBinding } from '../model/fixtures.js';
import type { FixtureRole } from '../model/model.js';
import { Receiver } from '../receivers/2025-11-25/receiver.js';
import type { Timing } from '../wire/timing.js';
import { Transcript } from '../wire/transcript.js';
import { uniqueText } from '../receivers/waits.js';
import { comparable } from './run-log.js';

/** A plain call's result (without _meta) as canonical JSON, with its text cut out where `probe` stood. */
export interface PlainResult {
  probe: string;
  canonical: string;
}

/** The JSON-RPC error the plain call of the error fixture answered: its tasks' tasks/result must replay it. */
export interface PlainError {
  code: number;
  message: string;
  /** The error's data, where it had some: its tasks' errors must keep it. */
  data?: unknown;
}

/** The roles whose tasks' results are compared with the plain call: those that echo the text. */
const COMPARED_ROLES: readonly FixtureRole[] = ['echo', 'fail'];

/** The plain call's result for `text`: canonical JSON of the result without _meta. */
export function expectedFor(plain: PlainResult, text: string): string {
  const inner = (value: string) => JSON.stringify(value).slice(1, -1);
  return plain.canonical.split(inner(plain.probe)).join(inner(text));
}

/**
 * The plain results of the server's echoing fixtures, on a connection of their own. A role left out (a notice says
 * why) is judged as before: by isError only, its text not compared.
 */
export async function plainResults(
  target: TargetSpec,
  timing: Timing,
  fixtures: ReadonlyMap<FixtureRole, FixtureBinding>,
  roles: readonly FixtureRole[],
  /** The arguments every error task gets (code and message, no delay); its plain call's error is what its tasks must replay. */
  errorInput: Record<string, unknown>,
): Promise<{ results: Map<FixtureRole, PlainResult>; error?: PlainError; notices: string[] }> {
  const results = new Map<FixtureRole, PlainResult>();
  const notices: string[] = [];
  const compared = (binding: FixtureBinding | undefined): binding is FixtureBinding => binding !== undefined && binding.method === 'tools/call' && binding.echoesInput;
  const bindings = COMPARED_ROLES.filter((role) => roles.includes(role))
    .map((role) => fixtures.get(role))
    .filter(compared);
  const errorBinding = roles.includes('error') ? fixtures.get('error') : undefined;
  if (bindings.length === 0 && !compared(errorBinding)) return { results, notices };
  let error: PlainError | undefined;
  const connection = await openConnection(target, { transcript: new Transcript(), label: 'plain', requestTimeoutMs: timing.requestTimeoutMs, connectTimeoutMs: timing.connectTimeoutMs });
  try {
    const receiver = new Receiver(connection);
    for (const binding of bindings) {
      const [first, second] = [uniqueText(`explore-plain-${binding.role}`), uniqueText(`explore-plain-${binding.role}`)];
      const replies = [await receiver.invoke(binding, { text: first, delayMs: 0 }), await receiver.invoke(binding, { text: second, delayMs: 0 })];
      const failed = replies.find((reply) => !reply.ok);
      if (failed) {
        notices.push(`The plain call of ${binding.tool} failed (${describeReply(failed)}), so the results of its tasks are not compared with it (only isError is judged).`);
        continue;
      }
      const plain = { probe: first, canonical: comparable((replies[0] as { result: Record<string, unknown> }).result) };
      if (expectedFor(plain, second) !== comparable((replies[1] as { result: Record<string, unknown> }).result)) {
        notices.push(
          `The plain calls of ${binding.tool} with two texts gave results that differ by more than the text, so the results of its tasks are not compared with them (only isError is judged).`,
        );
        continue;
      }
      results.set(binding.role, plain);
    }
    if (compared(errorBinding)) {
      const reply = await receiver.invoke(errorBinding, { ...errorInput, delayMs: 0 });
      if (reply.ok) notices.push(`The plain call of ${errorBinding.tool} did not fail (${describeReply(reply)}), so the errors of its tasks are not compared with it (only that they fail is judged).`);
      else error = { code: reply.error.code, message: reply.error.message, ...(reply.error.data === undefined ? {} : { data: reply.error.data }) };
    }
  } finally {
    await connection.close();
  }
  return { results, error, notices };
}

import { CheckSkip, CheckStop, StagingMissed, type CheckContext, type TargetFacts } from './check.js';
import { openConnection, type Connection, type Identity, type TargetSpec } from './connections/connect.js';
import { FIXTURE_TOOL_NAMES, listAllTools, type FixtureBinding } from './fixtures.js';
import { levelOf, type Finding, type FixtureRole, type Requirement } from './model.js';
import { Receiver } from './receiver.js';
import { validateTaskMessage, type TaskSchemaName } from './schemas/validate.js';
import { withinMs, type Timing } from './timing.js';
import type { Transcript } from './transcript.js';

export interface ContextDeps {
  target: TargetSpec;
  facts: TargetFacts;
  timing: Timing;
  transcript: Transcript;
  requirements: ReadonlyMap<string, Requirement>;
  signal: AbortSignal;
  clientCapabilities?: Record<string, unknown>;
}

/** A staged scenario runs with durations ×1, ×2 and ×4 before the check gives up and skips. */
const STAGING_MAX_STRETCH = 4;

/** One check's view of the run: its connections, its findings, its transcript. */
export class RunningCheck implements CheckContext {
  readonly findings: Finding[] = [];
  readonly infos: string[] = [];
  readonly protocolVersions = new Set<string>();
  private readonly connections: Connection[] = [];
  private connectionCount = 0;

  constructor(private readonly deps: ContextDeps) {}

  get facts(): TargetFacts {
    return this.deps.facts;
  }

  get timing(): Timing {
    return this.deps.timing;
  }

  get signal(): AbortSignal {
    return this.deps.signal;
  }

  async connect(options: { identity?: Identity; label?: string } = {}): Promise<Receiver> {
    if (this.signal.aborted) throw new CheckStop();
    this.connectionCount += 1;
    const label = options.label ?? (options.identity === 'peer' ? `B${this.connectionCount}` : `A${this.connectionCount}`);
    const connection = await openConnection(this.deps.target, {
      transcript: this.deps.transcript,
      label,
      identity: options.identity,
      requestTimeoutMs: this.timing.requestTimeoutMs,
      connectTimeoutMs: this.timing.connectTimeoutMs,
      clientCapabilities: this.deps.clientCapabilities,
    });
    this.connections.push(connection);
    // The check's deadline passed while connecting: closeAll has already run, so close this one here.
    if (this.signal.aborted) {
      await connection.close();
      throw new CheckStop();
    }
    this.protocolVersions.add(connection.init.protocolVersion);
    if (this.facts.toolsAppearLate) await this.awaitFixtureTools(connection);
    return new Receiver(connection);
  }

  /** Receivers that register tools after initialization: wait (bounded) until the fixtures are listed on this connection too. */
  private async awaitFixtureTools(connection: Connection): Promise<void> {
    const wanted = [...this.facts.fixtures.values()].map((binding) => binding.tool);
    const deadline = performance.now() + this.timing.scaled(3000);
    while (performance.now() < deadline) {
      const names = new Set((await listAllTools(connection.session.request.bind(connection.session))).map((tool) => tool.name));
      if (wanted.every((name) => names.has(name))) return;
      await connection.session.waitForNotification((n) => n.method === 'notifications/tools/list_changed', Math.max(0, deadline - performance.now()), { includePast: false });
    }
    this.note('the fixture tools did not appear on this connection in time');
  }

  fixture(role: FixtureRole): FixtureBinding {
    const binding = this.facts.fixtures.get(role);
    if (!binding) this.skip(`the receiver offers no ${FIXTURE_TOOL_NAMES[role]} tool (fixture contract) and the config maps none to it`);
    return binding;
  }

  expect(requirementId: string, ok: boolean, message: string | (() => string)): boolean {
    if (ok) return true;
    const requirement = this.requirement(requirementId);
    const level = levelOf(requirement.keyword);
    this.findings.push({ requirement: requirementId, keyword: requirement.keyword, severity: level === 'must' ? 'fail' : 'warn', message: typeof message === 'function' ? message() : message });
    return false;
  }

  require(requirementId: string, ok: boolean, message: string | (() => string)): asserts ok {
    if (!this.expect(requirementId, ok, message)) throw new CheckStop();
  }

  lenient(requirementId: string, message: string): void {
    const requirement = this.requirement(requirementId);
    this.findings.push({ requirement: requirementId, keyword: requirement.keyword, severity: 'warn', message });
  }

  validate(requirementId: string, schema: TaskSchemaName, value: unknown, what: string): boolean {
    const verdict = validateTaskMessage(schema, value);
    return this.expect(requirementId, verdict.valid, () => `${what} is not a valid ${schema}: ${verdict.errors.slice(0, 3).join('; ')}`);
  }

  skip(reason: string): never {
    throw new CheckSkip(reason);
  }

  async staged<T>(scenario: (stretch: number) => Promise<T>): Promise<T> {
    const reasons: string[] = [];
    for (let stretch = 1; stretch <= STAGING_MAX_STRETCH; stretch *= 2) {
      try {
        return await scenario(stretch);
      } catch (error) {
        if (!(error instanceof StagingMissed)) throw error;
        reasons.push(stretch === 1 ? error.reason : `with durations ×${stretch}: ${error.reason}`);
        this.note(`the scenario could not be staged in time (${error.reason}); ${stretch * 2 <= STAGING_MAX_STRETCH ? `trying again with durations ×${stretch * 2}` : 'giving up'}`);
      }
    }
    this.skip(`the scenario could not be staged against this receiver's pace, tried ${reasons.length} times: ${reasons.join('; ')}`);
  }

  missed(reason: string): never {
    throw new StagingMissed(reason);
  }

  info(text: string): void {
    this.infos.push(text);
  }

  note(text: string): void {
    this.deps.transcript.note(text);
  }

  /** Ends every connection the check opened, bounded so a hung receiver cannot hold the run. */
  async closeAll(): Promise<void> {
    await Promise.all(this.connections.map((connection) => withinMs(connection.close(), 5000)));
  }

  private requirement(id: string): Requirement {
    const requirement = this.deps.requirements.get(id);
    if (!requirement) throw new Error(`the check names requirement ${id}, which is not in the catalogue`);
    return requirement;
  }
}

// The data model shared by the runner, the checks and the reports: requirements, checks, results.
//
// The report (RunReport and its parts) is defined once, as zod schemas: the TypeScript types are inferred from them,
// the JSON report is the same schema encoded (reports/json.ts), and its JSON Schema is generated from it
// (reports/report.schema.json). A field the model may leave out is encoded as null (or 0, or []) so that every field
// of the JSON report is always present; decoding reads it back as absent. Descriptions are the JSON Schema's.

import { z } from 'zod';

// The plain values and functions of the model (SPEC_VERSION, levelOf, summarize, ...) live in model-basics.ts, so
// the run path does not load zod (about 60 ms at start).

export const KeywordSchema = z.enum(['MUST', 'MUST NOT', 'SHOULD', 'SHOULD NOT', 'MAY']).meta({ id: 'keyword', description: 'An RFC 2119 keyword.' });
export type Keyword = z.infer<typeof KeywordSchema>;

/** Which party a requirement binds. */
export const BindsSchema = z.enum(['receiver', 'requestor']);
export type Binds = z.infer<typeof BindsSchema>;

/** The role of the implementation under test when it receives task-augmented requests. */
export const ReceiverRoleSchema = z.enum(['server', 'client']);
export type ReceiverRole = z.infer<typeof ReceiverRoleSchema>;

export interface Requirement {
  /** Stable, never reused. */
  id: string;
  keyword: Keyword;
  binds: Binds;
  /** Section title as in the spec, e.g. "Task Cancellation". */
  section: string;
  /** Anchor of that section on the spec page, e.g. "task-cancellation". */
  anchor: string;
  /** One line, in our own words. */
  summary: string;
  /** Set when the statement cannot be observed from outside the implementation: why. */
  untestable?: string;
  /** Set when the suite reads an ambiguous statement leniently: why. */
  leniency?: string;
  /** Set when no single check verifies it because every check does, e.g. that requests are answered. */
  verifiedThroughout?: string;
  /** Full link when the statement lives on another spec page than Tasks. */
  url?: string;
  /**
   * Where the page states it: "<anchor>/<n>" is the n-th bold keyword of that section (1-based, page order); more
   * than one where the page says it again. Lets a new spec revision be compared with the catalogue mechanically.
   */
  sites?: readonly string[];
  /** Set instead of sites where no bold keyword states the rule: read from the schema, from prose, or derived from a site. */
  basis?: { kind: 'schema' | 'prose' | 'derived'; from?: string };
}

/** Severity a check's verdict takes from the keyword of the requirement it found violated. */
export const LevelSchema = z.enum(['must', 'should', 'may']);
export type Level = z.infer<typeof LevelSchema>;

export const OutcomeSchema = z.enum(['pass', 'fail', 'warn', 'skip', 'inconclusive', 'error']).meta({
  id: 'outcome',
  description:
    'pass: every requirement met, each seen; fail: a MUST violated; warn: a SHOULD not met (or a MUST read leniently); ' +
    'skip: did not apply, message says why; inconclusive: the check could not reach what it verifies because the target refused or mishandled a prerequisite, ' +
    'which the message names with the check that judges it (ISO/IEC 9646 "inconc"); error: the harness could not run the check (no verdict on the target).',
});
export type Outcome = z.infer<typeof OutcomeSchema>;
export const OUTCOMES: readonly Outcome[] = OutcomeSchema.options;

export const TransportKindSchema = z.enum(['stdio', 'http']);
export type TransportKind = z.infer<typeof TransportKindSchema>;

/** What a check needs before it can run; an unmet precondition skips it with the reason. */
export type Precondition =
  | { kind: 'tasks-capability'; path: 'list' | 'cancel' | 'requests' }
  | { kind: 'no-tasks-capability' }
  /** 2026-07-28: server/discover lists the Tasks extension among the server's capabilities. */
  | { kind: 'tasks-extension' }
  /** With taskSupport, a server's tool must also declare the taskSupport the role stands for (FIXTURE_TASK_SUPPORT). */
  | { kind: 'fixture'; role: FixtureRole; taskSupport?: boolean }
  | { kind: 'transport'; transport: TransportKind }
  | { kind: 'peer-identity' }
  | { kind: 'no-peer-identity' };

/** Legacy: initialize-based (2025-11-25 and earlier). Modern: per-request metadata (2026-07-28 and later). */
export type Era = 'legacy' | 'modern';

export type LegacyFixtureRole = 'echo' | 'required' | 'forbidden' | 'plain' | 'fail' | 'error' | 'input' | 'progress' | 'ask';
/** The 2026-07-28 profile's fixtures: the official suite's tools, by what each stands for. */
export type ModernFixtureRole = 'greet' | 'slow' | 'failing' | 'protocolError' | 'confirm' | 'multiInput' | 'taskRequired';
export type FixtureRole = LegacyFixtureRole | ModernFixtureRole;

// ------------------------------------------------------------------------------------------------ encoding helpers

/**
 * Turns anything the peer sent into data JSON.stringify accepts and that parses back to the same value:
 * bigint → decimal string, circular reference → "[Circular]", function/symbol → dropped (as JSON does),
 * Error → { name, message }, non-finite numbers → null (as JSON does).
 */
export function toPlain(value: unknown, ancestors: object[] = []): unknown {
  if (value === null) return null;
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      return Number.isFinite(value) ? value : null;
    case 'bigint':
      return value.toString();
    case 'undefined':
    case 'function':
    case 'symbol':
      return undefined;
  }
  const object = value as object;
  if (ancestors.includes(object)) return '[Circular]';
  const nested = [...ancestors, object];
  if (Array.isArray(object)) return object.map((item) => toPlain(item, nested) ?? null);
  if (object instanceof Error) return { name: object.name, message: object.message };
  if (object instanceof Date) return Number.isNaN(object.getTime()) ? null : object.toISOString();
  const withToJson = object as { toJSON?: unknown };
  if (typeof withToJson.toJSON === 'function') return toPlain((withToJson.toJSON as () => unknown).call(object), nested);
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(object)) {
    const plain = toPlain(item, nested);
    if (plain !== undefined) out[key] = plain;
  }
  return out;
}

// The model side of these codecs is z.custom (unchecked): only the encoded side parses, so codecs nested inside
// `schema` run exactly once in either direction.

/** Optional in the model; always written in the JSON report, as null when absent. */
function nullWhenAbsent<T extends z.ZodType>(schema: T) {
  return z.codec(schema.nullable(), z.custom<z.output<T>>().optional(), {
    decode: (value) => value ?? undefined,
    encode: (value) => value ?? null,
  });
}

/** Optional in the model; always written in the JSON report, as `fallback` when absent (0 restarts, no exits). */
function fallbackWhenAbsent<T extends z.ZodType>(schema: T, fallback: z.output<T>) {
  return z.codec(schema, z.custom<z.output<T>>().optional(), {
    decode: (value) => value,
    encode: (value) => value ?? fallback,
  });
}

/** A value the peer sent, kept as received in the model and written as JSON can carry it (toPlain). */
const peerValue = z.codec(z.unknown().optional(), z.unknown().optional(), { decode: (value) => value, encode: (value) => toPlain(value) });

/** Like peerValue, but always written: null when absent. */
const peerValueOrNull = z.codec(z.unknown(), z.unknown().optional(), {
  decode: (value) => value ?? undefined,
  encode: (value) => toPlain(value) ?? null,
});

const isoTime = () => z.iso.datetime();
const milliseconds = () => z.number().min(0);
const count = () => z.number().int().min(0);

// ------------------------------------------------------------------------------------------------ the report

export const TranscriptEntrySchema = z
  .object({
    t: z.number().describe('Milliseconds since the check started.'),
    dir: z.enum(['out', 'in', 'stderr', 'note']).describe('out: harness to target; in: target to harness; stderr: a line the target wrote to stderr; note: a remark of the harness.'),
    conn: z.string().optional().describe('Connection label, e.g. "A", or "B" for a second identity; present only when set.'),
    message: peerValue.describe('The JSON-RPC message, as JSON can carry it (bigint as a decimal string, a circular reference as "[Circular]"); present only when there is one.'),
    text: z.string().optional().describe('Raw text: a stderr line, a note, unparseable input; present only when set.'),
  })
  .meta({ id: 'transcriptEntry', description: "One message or remark of a check's transcript." });
export type TranscriptEntry = z.infer<typeof TranscriptEntrySchema>;
export const TranscriptSchema = z.array(TranscriptEntrySchema);

export const ObservationSchema = z
  .object({
    method: z.string().describe('The request the observation answered, e.g. "tools/call" or "tasks/get".'),
    fixture: z.string().optional().describe('The tool (fixture) the task came from, where it matters.'),
    status: z.string().optional().describe('The status of the task at that moment, where it matters.'),
  })
  .describe('What an answer was observed on: the request kind, the fixture and the status of the task.');
export type Observation = z.infer<typeof ObservationSchema>;

export const FindingSchema = z
  .object({
    requirement: z.string().describe('ID of the requirement violated.'),
    keyword: KeywordSchema.describe('The keyword of that requirement.'),
    severity: z.enum(['fail', 'warn']).describe('fail for a MUST; warn for a SHOULD, or a MUST read leniently.'),
    message: z.string().describe('What was expected and what was observed.'),
    observation: ObservationSchema.optional().describe(
      'What the violation was seen on, where the check names it; an inconclusive result of the run points at the finding of the same requirement and observation.',
    ),
    expected: z.string().optional().describe('What the requirement asks for here, where the finding tells it apart from what was seen.'),
    actual: z.string().optional().describe('What was seen instead, where the finding tells it apart.'),
    seenAt: z
      .object({
        t: z.number().describe("Milliseconds since the check started: the transcript entry's t."),
        conn: z.string().optional().describe('The connection it came on.'),
      })
      .optional()
      .describe("The transcript entry that showed it: the message the rule book judged, or the latest message received when the check's script judged."),
    source: z
      .enum(['check', 'rule-book'])
      .optional()
      .describe("Who judged it: absent or check, the check's own scenario; rule-book, the era's rule book reading every message of the check's traffic."),
  })
  .describe('One violation.');
export type Finding = z.infer<typeof FindingSchema>;

export const BlockedBySchema = z
  .object({
    requirement: z.string().describe('ID of the prerequisite requirement the scenario could not get past.'),
    observation: ObservationSchema.optional().describe('What the prerequisite was seen broken on.'),
    judgedBy: z.string().optional().describe('The check of this run whose fail (or warn) names the same requirement and observation; absent until the run is reconciled.'),
  })
  .describe('Why a check was inconclusive, and which result of the run judges that root cause.');
export type BlockedBy = z.infer<typeof BlockedBySchema>;

export const CheckResultSchema = z
  .object({
    id: z.string().min(1).describe('Stable check ID, e.g. "result-retrieval.same-as-plain-call".'),
    profile: nullWhenAbsent(z.string()).describe('The ID of the profile the check belongs to, e.g. "2026-07-28"; null in a report made without the runner.'),
    title: z.string().describe('What the check verifies, in one line.'),
    suite: z.string().describe('The group (spec section) the check belongs to.'),
    role: ReceiverRoleSchema.describe('The receiver role the check ran against.'),
    requirements: z.array(z.string()).describe('IDs of the requirements the check verifies; each has a row in coverage.'),
    level: LevelSchema.describe('Severity of the strongest requirement among them.'),
    outcome: OutcomeSchema.describe('The verdict of the check.'),
    message: z.string().describe('The first finding (expected and actual values), the skip reason or the harness error; may be empty for a pass.'),
    findings: z.array(FindingSchema).describe('Every violation observed.'),
    info: z.array(z.string()).describe('Facts worth knowing that are no verdict.'),
    durationMs: milliseconds().describe('Time the check took, in milliseconds.'),
    protocolVersion: nullWhenAbsent(z.string()).describe("The protocol version negotiated on the check's connection(s); null when the check did not get that far."),
    targetRestarts: fallbackWhenAbsent(count(), 0).describe(
      'How many times the suite had started the --launch server again (after it died) before this check started; 0 when the check ran against the first process.',
    ),
    transcript: TranscriptSchema.describe('What went over the wire, in order.'),
    blockedBy: BlockedBySchema.optional().describe('For an inconclusive result: the prerequisite not met, and the result of this run that fails it on the same observation.'),
  })
  .meta({ id: 'result', description: 'The result of one check.' });
export type CheckResult = z.infer<typeof CheckResultSchema>;

/**
 * The server under test went away while the run went on: its process exited, or its endpoint stopped accepting
 * connections. The checks in flight carry the crash finding (BASE-NO-CRASH); this is the run's record of it.
 */
export const TargetExitSchema = z
  .object({
    at: isoTime().describe('When the harness saw it go, ISO 8601 in UTC.'),
    how: z.enum(['exited', 'refused']).describe('exited: its process ended; refused: its endpoint stopped accepting connections (connection refused).'),
    code: nullWhenAbsent(z.number().int()).describe('The exit code, when the process exited by itself; null otherwise.'),
    signal: nullWhenAbsent(z.string()).describe('The signal that ended the process, e.g. "SIGKILL"; null when none did.'),
    check: nullWhenAbsent(z.string()).describe('On stdio, where each check has its own process: the check whose process it was. null for the server every check shares (HTTP).'),
    checks: z.array(z.string()).describe('The checks running when it went; each carries the crash finding under BASE-NO-CRASH (or, after a clean exit with nothing unanswered, an error).'),
    stderrTail: nullWhenAbsent(
      z.array(
        z
          .object({
            at: isoTime().describe('When the harness read the line.'),
            text: z.string().describe('The line, without its line break (cut at 4,000 characters).'),
          })
          .describe('One stderr line.'),
      ),
    ).describe('The last lines it wrote to stderr (at most 40), oldest first; null when the suite did not start it (--url without --launch) and so cannot see its stderr.'),
    restart: nullWhenAbsent(
      z.object({
        outcome: z
          .enum(['restarted', 'failed', 'not-attempted'])
          .describe("restarted: started again with the --launch command and its URL answered; failed: that did not work; not-attempted: no --launch, or the run's restart limit was reached."),
        at: nullWhenAbsent(isoTime()).describe('When the new process answered, for restarted; null otherwise.'),
        message: z.string().describe('What happened, in words.'),
      }),
    ).describe('For the shared server: what the suite did next. null on stdio, where nothing needs restarting.'),
    summary: z.string().describe('The whole story in one sentence, as notices says it.'),
  })
  .meta({
    id: 'targetExit',
    description: 'The server under test went away while the checks ran: what happened, when, what it wrote last, which checks were in flight, and what the suite did next.',
  });
export type TargetExit = z.infer<typeof TargetExitSchema>;

export const RunSummarySchema = z
  .object({
    pass: count().describe('Checks whose every requirement was met.'),
    fail: count().describe('Checks that found a MUST or MUST NOT violated.'),
    warn: count().describe('Checks that found a SHOULD or SHOULD NOT not met, or a leniently read MUST.'),
    skip: count().describe('Checks that did not apply to the target.'),
    inconclusive: count().describe('Checks that could not reach what they verify: the target refused or mishandled a prerequisite, judged by another check.'),
    error: count().describe('Checks the harness could not run.'),
  })
  .describe('How many results have each outcome, as the runner counted them.');
export type RunSummary = z.infer<typeof RunSummarySchema>;

export const RunTargetSchema = z
  .object({
    transport: TransportKindSchema.describe('How the suite reached the target: stdio (a launched command) or http (Streamable HTTP).'),
    description: z.string().describe('The command line (stdio) or the URL (http) of the target.'),
    bundledReference: z.boolean().describe('True when the target is the bundled reference receiver.'),
  })
  .describe('The implementation under test.');
export type RunTarget = z.infer<typeof RunTargetSchema>;

/** One row of the requirement matrix: what verifies a requirement in this run, or why nothing does. */
export const CoverageEntrySchema = z
  .object({
    id: z.string().min(1).describe('Stable requirement ID.'),
    profile: nullWhenAbsent(z.string()).describe('The ID of the profile whose catalogue lists it; null in a report made without the runner.'),
    keyword: KeywordSchema.describe('The RFC 2119 keyword of the requirement.'),
    binds: BindsSchema.describe('The party the requirement binds.'),
    section: z.string().describe('Title of the spec section the requirement is in.'),
    url: z.url().describe('Link to that section of the spec.'),
    summary: z.string().describe("The requirement in one line, in the suite's own words."),
    checks: z.array(z.string()).describe('IDs of the checks of this run that verify it; empty when none does.'),
    reason: nullWhenAbsent(z.string()).describe(
      'Why no check of this run verifies it (not testable, binds the requestor, a permission, verified throughout…); null when checks do, or when nothing explains the gap.',
    ),
  })
  .meta({ id: 'coverageEntry', description: 'One requirement of the catalogue and what verifies it in this run.' });
export type CoverageEntry = z.infer<typeof CoverageEntrySchema>;

/**
 * What the harness measured of the receiver before the checks, and the allowance every scenario derives its
 * durations, graces and margins from: a slow receiver gets longer work and longer waits, never a false fail.
 */
export const CalibrationSchema = z.object({
  method: z
    .string()
    .describe(
      'How the round trip was measured, e.g. "median of 5 ping requests on the discovery connection"; ' +
        'it says when the probe requests failed (went unanswered, or were answered only with errors) and what was measured instead.',
    ),
  samplesMs: z.array(milliseconds().describe('One round trip, in milliseconds.')).describe('Each measured round trip, in milliseconds.'),
  roundTripMs: milliseconds().describe("The median sample: the receiver's round trip while the suite was otherwise idle, in milliseconds."),
  connectMs: milliseconds().describe('How long opening and initializing one connection took (on stdio including the process start), in milliseconds.'),
  multiplier: z.number().positive().describe('--timeout-multiplier, applied on top of everything measured.'),
  allowanceMs: milliseconds().describe('One round trip as scenarios budget it: the measured one with head-room for load, never below a floor, times the multiplier, in milliseconds.'),
  pollIntervalMs: milliseconds()
    .optional()
    .describe(
      'The pollInterval (pollIntervalMs) the receiver asked for on the task discovery made; ' +
        'every poll of the suite waits at least what a task asked for, and every bound grows with it. Absent when discovery made no task or the receiver asked none.',
    ),
  workMs: milliseconds()
    .optional()
    .describe(
      "How long the task discovery made took from its creation to its end, beyond the work asked of it: a mapped tool's own duration. " +
        'Every bound on fixture work grows with it. Absent when discovery made no task.',
    ),
  paceProbe: z.string().optional().describe('What discovery did to learn the pace and the work length, or why it could not.'),
  workEnded: z
    .boolean()
    .optional()
    .describe("False when discovery's task had not ended within its bound: the work's length is unknown, and a check whose wait on work runs out skips instead of judging."),
});
export type Calibration = z.infer<typeof CalibrationSchema>;

/** A check whose outcome decides the run's verdict, with the line that explains it. */
export const VerdictEntrySchema = z
  .object({
    check: z.string().describe('The check ID.'),
    outcome: OutcomeSchema.describe("The check's outcome in this run (its worst, if it ran more than once)."),
    message: z.string().describe("The check's message, or the line that explains the entry."),
  })
  .meta({ id: 'verdictEntry', description: 'A check named by the verdict.' });
export type VerdictEntry = z.infer<typeof VerdictEntrySchema>;

const BaselineEntryVerdictSchema = VerdictEntrySchema.extend({
  outcome: OutcomeSchema.describe("The check's outcome in this run; skip also when it was not selected."),
  message: z.string().describe('What this run made of the entry, and what to do.'),
  reason: z.string().describe('Why the baseline lists the check.'),
}).meta({ id: 'baselineEntryVerdict', description: 'A baseline entry and what this run made of it.' });

/** A cause several skipped checks share, and how to mend it where the setup can. */
export const SkipCauseCountSchema = z
  .object({
    checks: z.number().int().nonnegative().describe('How many skipped checks gave this cause.'),
    cause: z.string().describe('The cause in a few words, e.g. "no tool for the roles echo, input".'),
    mend: nullWhenAbsent(z.string()).describe('What to change in the setup so that these checks run; null when the cause is the target itself.'),
  })
  .meta({ id: 'skipCauseCount', description: 'The skipped checks of one cause.' });

/** How much of the run judged the target: a green run that judged little must say so. */
export const RunEvidenceSchema = z
  .object({
    selected: z.number().int().nonnegative().describe('Checks in the run (each check once, however often it ran).'),
    judged: z.number().int().nonnegative().describe('Checks that came to a judgement on the target: pass, warn, fail or inconclusive.'),
    skipped: z.number().int().nonnegative().describe('Checks skipped (not applicable, or the setup gave them nothing to run on).'),
    mostlySkipped: z.boolean().describe('True when more than half of the checks were skipped: the verdict then says little, and skipCauses says why.'),
    skipCauses: z.array(SkipCauseCountSchema).describe('When mostly skipped: the one or two most common causes of the skips, most common first, each with its mend; empty otherwise.'),
    minJudged: nullWhenAbsent(z.number().int().positive()).describe('The --min-judged threshold: fewer checks judged fails the run. null without it.'),
    line: z.string().describe('All of it in one line, as every report writes it, e.g. "9 of 71 checks judged; 62 skipped: …".'),
  })
  .meta({ id: 'runEvidence', description: 'How many checks judged the target, of how many selected, and why the rest skipped.' });
export type RunEvidence = z.infer<typeof RunEvidenceSchema>;

/**
 * The run's one verdict, computed once by the run policy (strict, baseline) and rendered by every report, so
 * that the console, JSON, JUnit, Markdown and HTML agree with the exit status.
 */
export const RunVerdictSchema = z.object({
  outcome: z.enum(['pass', 'fail']).describe('pass exactly when the exit status is 0: nothing in problems.'),
  strict: z.boolean().describe('True when a warn fails the run (--strict).'),
  failing: z.array(VerdictEntrySchema).describe('Checks whose outcome fails the run: fail and error, warn under strict, except those the baseline expects.'),
  baseline: nullWhenAbsent(
    z.object({
      file: nullWhenAbsent(z.string()).describe('The baseline file; null when the baseline was not read from a file.'),
      expected: z
        .array(
          VerdictEntrySchema.extend({
            outcome: OutcomeSchema.describe("The check's outcome in this run."),
            message: z.string().describe("The check's message in this run."),
            reason: z.string().describe('Why the baseline expects the failure.'),
            link: nullWhenAbsent(z.string()).describe("The entry's link (spec section or issue); null when it has none."),
          }).describe("An expected failure: the check, its outcome and message, and the baseline entry's reason and link."),
        )
        .describe('Listed checks that failed as expected: they do not fail the run.'),
      stale: z.array(BaselineEntryVerdictSchema).describe('Listed checks that no longer fail (pass, or only warn without strict): each fails the run until its entry is removed.'),
      unknown: z
        .array(
          z
            .object({
              check: z.string().describe('The ID the entry names.'),
              message: z.string().describe('The line that says so, with the closest check ID when there is one.'),
            })
            .describe('An unknown entry.'),
        )
        .describe('Entries naming no check of the suite (typos): each fails the run.'),
      notExercised: z
        .array(BaselineEntryVerdictSchema)
        .describe('Listed checks that were skipped, inconclusive or not selected (outcome skip for a skip and for one not selected; message says which): they never fail the run.'),
    }),
  ).describe('How the run compares with the expected-failures baseline (--baseline FILE); null without one.'),
  unstable: nullWhenAbsent(
    z.array(
      z
        .object({
          check: z.string().describe('The check ID.'),
          outcomes: z.array(OutcomeSchema.describe('The outcome in one run.')).describe('Its outcome in each run, in order.'),
        })
        .describe('A check whose outcome changed.'),
    ),
  ).describe('With --repeat: checks whose outcome changed between the runs, each failing the run; null without --repeat.'),
  problems: z.array(z.string().describe('One thing that fails the run.')).describe('One line for each thing that fails the run; empty exactly when the run passes.'),
  summary: z.string().describe('One line: why the run passes or fails, with what does not fail it.'),
  evidence: nullWhenAbsent(RunEvidenceSchema).describe('How much of the run judged the target; null only in a verdict made before the suite counted it.'),
});
export type RunVerdict = z.infer<typeof RunVerdictSchema>;

export const ProfileRefSchema = z
  .object({
    id: z.string().min(1).describe('The profile\'s ID, its spec version, e.g. "2025-11-25".'),
    title: z.string().describe('The profile in one line for people, e.g. "Tasks, MCP 2025-11-25".'),
    specUrl: z.url().describe("The spec page the profile's requirement links point into."),
  })
  .meta({ id: 'profileRef', description: 'A spec profile: the catalogue and checks of one spec version.' });
export type ProfileRef = z.infer<typeof ProfileRefSchema>;

/** The run as every report renders it. Its keys are in the order the JSON report writes them. */
export const RunReportSchema = z.object({
  tool: z
    .object({
      name: z.string().describe('Package name of the suite, "mcp-tasks-conformance".'),
      version: z.string().describe('Version of the suite.'),
    })
    .describe('The suite that produced the report.'),
  specVersion: z.string().describe('The MCP spec version the run tested: the profile\'s, e.g. "2025-11-25".'),
  profile: ProfileRefSchema.describe(
    'The profile the run used: which spec version the checks and requirements come from. A run of several profiles (--spec a,b) names them together here, and each in profiles.',
  ),
  profiles: fallbackWhenAbsent(z.array(ProfileRefSchema), []).describe(
    'Every profile whose checks this report holds, in the order they ran (one for a plain run); each result and coverage row names its own. Empty only in a report made without the runner.',
  ),
  target: RunTargetSchema,
  role: ReceiverRoleSchema.describe('The role of the implementation under test when it receives task-augmented requests.'),
  negotiatedProtocolVersion: nullWhenAbsent(z.string()).describe(
    'The protocol version the target answered initialize with; null when none was negotiated. When it differs from specVersion, notices says so.',
  ),
  serverInfo: peerValueOrNull.describe('The implementation info the target sent in its initialize result (normally an object with name and version), as recorded; null when none was received.'),
  startedAt: isoTime().describe('When the run started, ISO 8601 (RFC 3339) in UTC.'),
  durationMs: milliseconds().describe('Wall-clock time of the whole run, in milliseconds.'),
  calibration: nullWhenAbsent(CalibrationSchema).describe(
    'What the harness measured of the receiver before the checks, and the per-round-trip allowance every scenario derives its durations, graces and margins from; ' +
      'null when the run could not happen or the report was made without one.',
  ),
  notices: z.array(z.string().describe('One remark.')).describe('Remarks about the run as a whole, e.g. that the target negotiated another protocol version.'),
  targetExits: fallbackWhenAbsent(z.array(TargetExitSchema), []).describe(
    'Each time the server under test died (its process exited) or stopped accepting connections while the checks ran, in order; empty when it never did.',
  ),
  summary: RunSummarySchema,
  verdict: nullWhenAbsent(RunVerdictSchema).describe(
    "The run's one verdict under the run policy (strict, baseline, --repeat), which every report renders and the exit status follows: " +
      'outcome is pass exactly when the exit status is 0. null only in a report made without the CLI.',
  ),
  results: z.array(CheckResultSchema).describe('One entry per check, in the order the checks ran.'),
  coverage: z.array(CoverageEntrySchema).describe('The requirement matrix: every requirement of the catalogue, with the checks of this run that verify it or the reason none does.'),
});
export type RunReport = z.infer<typeof RunReportSchema>;

// The proxy's findings as the suite's RunReport, so every existing writer renders them: one result per rule the
// proxy judges on each side, pass where the traffic exercised it and it held, fail or warn where it broke (the
// keyword decides), and skip ("not observed") where the traffic never put it to the test.
import { combineReports } from '../engine/combine.js';
import { coverageMatrix } from '../engine/coverage.js';
import { levelOf, summarize } from '../model/model-basics.js';
import type { CheckResult, Era, Finding, Outcome, Requirement, RunReport, TranscriptEntry } from '../model/model.js';
import type { Profile } from '../engine/profile.js';
import type { CheckDefinition } from '../receivers/check.js';
import { JUDGED_RULES, type RuleObservation } from '../rules/rule-book.js';
import type { Party, WireEntry } from '../rules/traffic.js';

export interface ProxySession {
  /** Each era's profile (its catalogue, title and spec link). */
  profiles: Record<Era, Profile>;
  observations: readonly RuleObservation[];
  erasSeen: ReadonlySet<Era>;
  protocolVersions: ReadonlySet<string>;
  target: { transport: 'stdio' | 'http'; description: string };
  tool: { name: string; version: string };
  startedAt: Date;
  durationMs: number;
  notices: string[];
  /** Failures of the judge itself: forwarding went on, and each is an error result. */
  judgeErrors: readonly string[];
}

const SHOWN_FINDINGS = 5;

/** The report of a proxied session (or a judged trace): one part per era the traffic spoke, combined. */
export function proxyReport(session: ProxySession): RunReport {
  const eras: Era[] = session.erasSeen.size > 0 ? (['legacy', 'modern'] as Era[]).filter((era) => session.erasSeen.has(era)) : ['legacy'];
  const parts = eras.map((era, index) => eraReport(session, era, index === 0));
  const report = combineReports(parts);
  if (session.erasSeen.size === 0) report.notices.push('the traffic spoke no era the proxy recognises (no initialize, no request with a protocol version in _meta): nothing was judged');
  return report;
}

function eraReport(session: ProxySession, era: Era, first: boolean): RunReport {
  const profile = session.profiles[era];
  const observed = new Map(session.observations.filter((each) => each.era === era).map((each) => [`${each.party}|${each.requirement}`, each]));
  const results: CheckResult[] = [];
  const rules = JUDGED_RULES[era];
  // Each side in its usual role (the server receives tasks, the host asks); the other role only where traffic showed it.
  const rows: { party: Party; requirement: string }[] = [
    ...rules.receiver.map((requirement) => ({ party: 'server' as Party, requirement })),
    ...rules.requestor.map((requirement) => ({ party: 'host' as Party, requirement })),
    ...rules.receiver.filter((requirement) => observed.has(`host|${requirement}`)).map((requirement) => ({ party: 'host' as Party, requirement })),
    ...rules.requestor.filter((requirement) => observed.has(`server|${requirement}`)).map((requirement) => ({ party: 'server' as Party, requirement })),
  ];
  for (const { party, requirement } of rows) {
    const definition = profile.requirements.get(requirement);
    if (!definition) continue;
    results.push(ruleResult(profile, definition, party, observed.get(`${party}|${requirement}`), session.durationMs));
  }
  if (first) results.push(...session.judgeErrors.map((error, index) => judgeErrorResult(profile, error, index)));
  const checks = results.map((result) => ({ id: result.id, requirements: result.requirements }) as unknown as CheckDefinition);
  const notices = first ? [...session.notices] : [];
  const versions = [...session.protocolVersions];
  return {
    tool: { ...session.tool },
    specVersion: profile.id,
    profile: { id: profile.id, title: profile.title, specUrl: profile.specUrl },
    profiles: [{ id: profile.id, title: profile.title, specUrl: profile.specUrl }],
    target: { ...session.target, bundledReference: false },
    role: 'server',
    negotiatedProtocolVersion: era === 'legacy' ? versions.find((version) => version.startsWith('2025')) : versions.find((version) => !version.startsWith('2025')),
    serverInfo: undefined,
    startedAt: session.startedAt.toISOString(),
    durationMs: session.durationMs,
    calibration: undefined,
    notices,
    targetExits: [],
    summary: summarize(results),
    verdict: undefined,
    results,
    coverage: coverageMatrix(checks, profile.requirements).map((row) => ({
      id: row.requirement.id,
      profile: profile.id,
      keyword: row.requirement.keyword,
      binds: row.requirement.binds,
      section: row.requirement.section,
      url: row.requirement.url ?? `${profile.specUrl}#${row.requirement.anchor}`,
      summary: row.requirement.summary,
      checks: row.checks,
      reason: row.checks.length > 0 ? undefined : 'not judged from traffic by the proxy; the scripted suite (server, client) verifies what it can stage',
    })),
  } as RunReport;
}

function ruleResult(profile: Profile, requirement: Requirement, party: Party, observation: RuleObservation | undefined, durationMs: number): CheckResult {
  const findings: Finding[] = (observation?.violations ?? []).map((violation) => ({
    requirement: requirement.id,
    keyword: violation.keyword,
    severity: violation.severity,
    message: `${violation.message} (${violation.exchange})`,
  }));
  const outcome: Outcome = !observation ? 'skip' : findings.some((finding) => finding.severity === 'fail') ? 'fail' : findings.length > 0 ? 'warn' : 'pass';
  const exercised = observation?.exercised ?? 0;
  const broken = observation?.violationCount ?? 0;
  const message =
    outcome === 'skip'
      ? `not observed: the traffic never put this rule to the test on the ${party}`
      : outcome === 'pass'
        ? `held in ${exercised} exchange${exercised === 1 ? '' : 's'}`
        : findings[0]!.message;
  const info = observation ? [`exercised in ${exercised} exchange${exercised === 1 ? '' : 's'}, broken in ${broken}${broken > findings.length ? ` (the first ${findings.length} listed)` : ''}`] : [];
  const transcript: TranscriptEntry[] = (observation?.violations ?? [])
    .slice(0, SHOWN_FINDINGS)
    .flatMap((violation) => violation.messages.map((entry) => transcriptEntry(entry, violation.messages[0]!.t)));
  return {
    id: `${party}.${requirement.id}`,
    profile: profile.id,
    title: `The ${party}: ${requirement.summary}`,
    suite: requirement.section,
    role: party === 'server' ? 'server' : 'client',
    requirements: [requirement.id],
    level: levelOf(requirement.keyword),
    outcome,
    message,
    findings,
    info,
    durationMs,
    protocolVersion: undefined,
    targetRestarts: 0,
    transcript,
  } as CheckResult;
}

function transcriptEntry(entry: WireEntry, origin: number): TranscriptEntry {
  return { t: Math.round(entry.t - origin), dir: entry.from === 'host' ? 'out' : 'in', conn: entry.from, ...(entry.message === undefined ? { text: entry.text ?? '' } : { message: entry.message }) };
}

function judgeErrorResult(profile: Profile, error: string, index: number): CheckResult {
  return {
    id: `proxy.judge${index === 0 ? '' : `-${index + 1}`}`,
    profile: profile.id,
    title: 'The proxy judged the traffic it forwarded',
    suite: 'proxy',
    role: 'server',
    requirements: [],
    level: 'must',
    outcome: 'error',
    message: `the judge failed (forwarding went on; what it judged after this may be incomplete): ${error}`,
    findings: [],
    info: [],
    durationMs: 0,
    protocolVersion: undefined,
    targetRestarts: 0,
    transcript: [],
  } as CheckResult;
}

// One root cause, one fail — and never a violation hidden behind inconclusive. A check whose scenario stalled on a
// prerequisite is inconclusive only where another result of the same run fails (or, for a SHOULD, warns) that very
// requirement on the same observation; it then points at that result. Where none does, the violation was seen by
// this run and judged by nobody: the first check that saw it fails it at its keyword's severity, and the others that
// stalled on the same observation point at that one (ISO/IEC 9646: inconc only for a cause judged elsewhere).
import { levelOf } from '../model/model-basics.js';
import type { CheckResult, Finding, Observation, Requirement } from '../model/model.js';

/** Returns the results with every inconclusive one either pointing at the result that judges its cause, or failing it. */
export function reconcileInconclusive(results: readonly CheckResult[], requirements: ReadonlyMap<string, Requirement>): CheckResult[] {
  const reconciled = [...results];
  // The check that took on an unjudged root cause, by requirement and observation.
  const promoted = new Map<string, string>();
  reconciled.forEach((result, index) => {
    if (result?.outcome !== 'inconclusive' || !result.blockedBy) return;
    const { requirement: requirementId, observation } = result.blockedBy;
    const requirement = requirements.get(requirementId);
    const severity = levelOf(requirement?.keyword ?? 'MUST') === 'must' ? 'fail' : 'warn';
    const judge = reconciled.find((other) => other !== result && other?.findings.some((finding) => judges(finding, requirementId, severity, observation)));
    const key = `${requirementId} ${observationText(observation)}`;
    const judgedBy = judge?.id ?? promoted.get(key);
    if (judgedBy) {
      const verb = (judge?.outcome ?? severity) === 'warn' ? 'warned of' : 'failed';
      reconciled[index] = { ...result, message: pointedMessage(result.message, `${verb} by ${judgedBy} in this run`), blockedBy: { ...result.blockedBy, judgedBy } };
      return;
    }
    promoted.set(key, result.id);
    const finding: Finding = {
      requirement: requirementId,
      keyword: requirement?.keyword ?? 'MUST',
      severity,
      message: stalledMessage(result.message),
      ...(observation ? { observation } : {}),
    };
    reconciled[index] = {
      ...result,
      outcome: severity,
      message: `${requirementId}: ${finding.message}`,
      findings: [...result.findings, finding],
      info: [...result.info, `no other check of this run judged ${requirementId} on what this check saw (${observationText(observation)}), so this check fails it`],
      blockedBy: undefined,
    };
  });
  return reconciled;
}

/** A finding judges a stalled step when it names the same requirement, at least as severely, on an observation that can be the same. */
function judges(finding: Finding, requirementId: string, severity: 'fail' | 'warn', observation: Observation | undefined): boolean {
  if (finding.requirement !== requirementId) return false;
  if (severity === 'fail' && finding.severity !== 'fail') return false;
  if (!observation || !finding.observation) return true;
  const seen = finding.observation;
  return seen.method === observation.method && agrees(seen.fixture, observation.fixture) && agrees(seen.status, observation.status);
}

/** Either side may leave a detail open (a check that tried every fixture names none); named on both, they must match. */
function agrees(a: string | undefined, b: string | undefined): boolean {
  return a === undefined || b === undefined || a === b;
}

export function observationText(observation: Observation | undefined): string {
  if (!observation) return 'the stalled step';
  return [observation.method, observation.fixture ? `of ${observation.fixture}` : '', observation.status ? `while ${observation.status}` : ''].filter(Boolean).join(' ');
}

/** The runner's inconclusive message is "prerequisite X not met (…): what was seen"; the what-was-seen part. */
function stalledMessage(message: string): string {
  const match = /^prerequisite [^ ]+ not met \([^)]*\): (.*)$/s.exec(message);
  return match ? match[1] : message;
}

function pointedMessage(message: string, judged: string): string {
  return message.replace(/^(prerequisite [^ ]+ not met) \([^)]*\)/, `$1 (${judged})`);
}

import { summarize } from '../model/model-basics.js';
import type { RunReport } from '../model/model.js';

/**
 * One report of several profiles run against the same target one after another (--spec a,b, or a server of several
 * eras under --spec auto): their results and coverage rows side by side, each naming its profile, one
 * summary, and the run policy then gives it one verdict. A single report is returned as it is.
 */
export function combineReports(parts: readonly RunReport[]): RunReport {
  if (parts.length === 0) throw new Error('combineReports needs at least one report');
  if (parts.length === 1) return parts[0];
  const [first] = parts;
  const profiles = parts.flatMap((part) => (part.profiles !== undefined && part.profiles.length > 0 ? part.profiles : [part.profile]));
  const results = parts.flatMap((part) => part.results);
  // One per profile, joined as the profile IDs are: equal to specVersion exactly when each part got its own version.
  const versions = parts.map((part) => part.negotiatedProtocolVersion);
  const ended = Math.max(...parts.map((part) => Date.parse(part.startedAt) + part.durationMs));
  return {
    tool: first.tool,
    specVersion: profiles.map((profile) => profile.id).join('+'),
    profile: { id: profiles.map((profile) => profile.id).join('+'), title: profiles.map((profile) => profile.title).join(' and '), specUrl: first.profile.specUrl },
    profiles,
    target: first.target,
    role: first.role,
    negotiatedProtocolVersion: versions.every((v) => v === undefined) ? undefined : versions.map((v) => v ?? '(none)').join('+'),
    serverInfo: first.serverInfo,
    startedAt: first.startedAt,
    durationMs: Math.max(0, ended - Date.parse(first.startedAt)),
    // The first profile's calibration; each profile calibrated again, and the notices name the others.
    ...(first.calibration ? { calibration: first.calibration } : {}),
    notices: parts.flatMap((part) => [
      ...(part !== first && part.calibration ? [`${part.profile.id}: calibrated again, round trip ${part.calibration.roundTripMs} ms (${part.calibration.method})`] : []),
      ...part.notices.map((notice) => `${part.profile.id}: ${notice}`),
    ]),
    targetExits: parts.flatMap((part) => part.targetExits ?? []),
    summary: summarize(results),
    results,
    coverage: parts.flatMap((part) => part.coverage),
  };
}

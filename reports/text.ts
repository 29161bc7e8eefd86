// Small wording helpers shared by the report writers.

import type { Calibration, RunReport, TargetExit } from '../harness/model/model.js';
import { CLIENT_ROLES } from '../harness/model/words.js';

export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : pluralForm}`;
}

/** The role tested, in words: a client's role is the one it plays in the profiles that ran (CLIENT_ROLES). */
export function describeRole(report: Pick<RunReport, 'role' | 'profiles'>): string {
  if (report.role === 'server') return 'server (receiver of task-augmented requests)';
  const roleIn = (id: string) => CLIENT_ROLES.find((entry) => entry.profile === id) ?? CLIENT_ROLES[0];
  const ran = (report.profiles ?? []).map((profile) => ({ id: profile.id, ...roleIn(profile.id) }));
  const roles = [...new Map(ran.map((entry) => [entry.role, entry])).values()];
  if (roles.length > 1) return `client (${roles.map((entry) => `${entry.role} under ${entry.id}`).join(', ')})`;
  const only = roles[0] ?? CLIENT_ROLES[0];
  return `client (${only.role}${only.detail ? `; ${only.detail}` : ''})`;
}

/** "Title (name) version" from an initialize result's serverInfo or clientInfo; undefined when it has no name. */
export function describeServer(serverInfo: unknown): string | undefined {
  if (serverInfo === null || typeof serverInfo !== 'object') return undefined;
  const info = serverInfo as { name?: unknown; version?: unknown; title?: unknown };
  if (typeof info.name !== 'string') return undefined;
  const name = typeof info.title === 'string' && info.title ? `${info.title} (${info.name})` : info.name;
  return typeof info.version === 'string' ? `${name} ${info.version}` : name;
}

/**
 * The calibration in one line: "round trip 12 ms (median of 5 ping), connect 140 ms, allowance 250 ms per round
 * trip, multiplier 1". Milliseconds are rounded; the method is the harness's own words.
 */
export function describeCalibration(calibration: Calibration): string {
  // A loopback round trip is often under a millisecond: one decimal below 10 ms, so it does not read as 0.
  const ms = (value: number) => `${!Number.isFinite(value) ? '?' : value < 10 ? value.toFixed(1) : Math.round(value)} ms`;
  return (
    `round trip ${ms(calibration.roundTripMs)} (${calibration.method}), connect ${ms(calibration.connectMs)}, ` +
    `allowance ${ms(calibration.allowanceMs)} per round trip, multiplier ${calibration.multiplier}`
  );
}

/** The pace the receiver asked for and the length of its work, as discovery learned them; undefined when it learned neither. */
export function describePace(calibration: Calibration): string | undefined {
  if (calibration.paceProbe === undefined) return undefined;
  const asked = calibration.pollIntervalMs === undefined ? 'the receiver asked for no pollInterval' : `the receiver asked for polls every ${formatPace(calibration.pollIntervalMs)}`;
  const work = calibration.workMs === undefined ? undefined : `its fixture work took ${formatPace(calibration.workMs)}`;
  const learned = [asked, work].filter((part) => part !== undefined).join('; ');
  return learned === '' ? calibration.paceProbe : `${learned} (${calibration.paceProbe})`;
}

function formatPace(ms: number): string {
  return ms >= 2000 ? `${(ms / 1000).toFixed(ms % 1000 === 0 ? 0 : 1)} s` : `${Math.round(ms)} ms`;
}

/** "exited with code 1", "was ended by SIGKILL", "stopped accepting connections (connection refused)". */
export function describeExit(exit: Pick<TargetExit, 'how' | 'code' | 'signal'>): string {
  if (exit.how === 'refused') return 'stopped accepting connections (connection refused)';
  return exit.signal ? `was ended by ${exit.signal}` : `exited with code ${exit.code ?? 'unknown'}`;
}

/** Exits shown in full (headline and stderr) by the console, Markdown and HTML; the JSON report has them all. */
export const EXITS_SHOWN = 5;
/** Stderr lines shown per exit by those reports. */
export const EXIT_STDERR_LINES = 20;

/** The exits of the server every check shares first (each stopped the run), then those of checks' own processes. */
export function exitsToShow(exits: readonly TargetExit[] | undefined): TargetExit[] {
  const all = exits ?? [];
  return [...all.filter((exit) => exit.check === undefined), ...all.filter((exit) => exit.check !== undefined)].slice(0, EXITS_SHOWN);
}

/** One line naming what went, when and with which checks: "The server under test exited with code 1 at … (2 checks in flight)". */
export function exitHeadline(exit: TargetExit): string {
  const whose = exit.check === undefined ? 'The server under test' : `The process of check ${exit.check}`;
  const inFlight = exit.check === undefined ? ` (${plural(exit.checks.length, 'check')} in flight)` : '';
  return `${whose} ${describeExit(exit)} at ${exit.at}${inFlight}`;
}

/** What the suite did after the shared server died, as a sentence; empty on stdio, where nothing needs starting again. */
export function exitAftermath(exit: TargetExit): string {
  if (!exit.restart) return '';
  if (exit.restart.outcome === 'restarted') return `It was ${exit.restart.message}.`;
  if (exit.restart.outcome === 'failed') return `It could not be started again: ${exit.restart.message}.`;
  return `It was not started again: ${exit.restart.message}.`;
}

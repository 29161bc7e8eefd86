// Small wording helpers shared by the report writers.

import type { Calibration } from '../harness/model.js';

export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : pluralForm}`;
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

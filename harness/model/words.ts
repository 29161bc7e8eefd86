// Wording helpers for sentences about results, shared by the run policy and the report writers.

/** "1 check", "3 checks", "2 stale baseline entries". */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : pluralForm}`;
}

/** Text on one line: line breaks (and the blanks around them) become one space. */
export function oneLine(text: string): string {
  return text.replace(/\s*[\r\n]+\s*/g, ' ').trim();
}

/**
 * What a client under test is in each profile, by profile ID: `role` alone where several profiles ran, with `detail`
 * where one did. A profile not listed (or a report naming none) reads as the first one's.
 */
export const CLIENT_ROLES: readonly { profile: string; role: string; detail?: string }[] = [
  { profile: '2025-11-25', role: 'receiver of task-augmented requests' },
  { profile: '2026-07-28', role: 'requestor of tasks', detail: 'the suite plays the extension server' },
];

// Wording helpers for sentences about results, shared by the run policy and the report writers.

/** "1 check", "3 checks", "2 stale baseline entries". */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : pluralForm}`;
}

/** Text on one line: line breaks (and the blanks around them) become one space. */
export function oneLine(text: string): string {
  return text.replace(/\s*[\r\n]+\s*/g, ' ').trim();
}

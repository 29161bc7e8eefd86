// The explanations of verdicts, kept as data keyed by implementation and check (docs/compatibility-notes.yaml): the
// matrix shows them beside the cells they explain, and docs/compatibility.md's tables are rendered from them.
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { OutcomeSchema, type Outcome } from '../harness/model/model.js';
import { oneLine } from '../harness/model/words.js';
import { ConfigError } from './options.js';

export const TABLE_COLUMNS = ['implementation', 'check', 'verdict', 'requirement', 'exchange', 'report', 'why'] as const;
export type TableColumn = (typeof TABLE_COLUMNS)[number];

const NoteSchema = z
  .object({
    /** The requirement cell, where the findings' own IDs do not say it all (Markdown). */
    requirement: z.string().optional(),
    /** The exchange that shows the verdict, trimmed from the transcript (Markdown). */
    exchange: z.string().optional(),
    /** A sentence for a bug report (Markdown). */
    report: z.string().optional(),
    /** Why a check passes or skips, where the table explains those (Markdown). */
    why: z.string().optional(),
  })
  .strict();

const ImplementationSchema = z
  .object({
    /** How the summary table names it (Markdown), once per implementation. */
    title: z.string(),
    /** Which outcomes get a row in its table: fail and warn unless said. */
    show: z.array(OutcomeSchema).optional(),
    /** The columns of its table, in order. */
    columns: z.array(z.enum(TABLE_COLUMNS)).optional(),
    /** Per target: the transport as the tables say it, and where its verdicts are pinned. */
    targets: z.record(
      z.string(),
      z
        .object({
          /** The transport as the summary table says it, and its short form after a check's ID. */
          label: z.string(),
          short: z.string().optional(),
          /** The summary's first cells for this target, where it starts a row of its own (negative controls). */
          title: z.string().optional(),
          version: z.string().optional(),
          /** How the implementation column names it. */
          name: z.string().optional(),
          /** Where its verdicts are pinned. */
          expected: z.string(),
        })
        .strict(),
    ),
    checks: z.record(z.string(), NoteSchema).optional(),
  })
  .strict();

const NotesSchema = z.object({ implementations: z.record(z.string(), ImplementationSchema) }).strict();

export type CompatibilityNotes = z.infer<typeof NotesSchema>;
export type ImplementationNotes = z.infer<typeof ImplementationSchema>;
export type CheckNote = z.infer<typeof NoteSchema>;

export const DEFAULT_SHOW: readonly Outcome[] = ['fail', 'warn', 'inconclusive', 'error'];
export const DEFAULT_COLUMNS: readonly TableColumn[] = ['check', 'verdict', 'requirement', 'exchange', 'report'];

export async function loadNotes(file: string): Promise<CompatibilityNotes> {
  let data: unknown;
  try {
    const { default: YAML } = await import('yaml');
    data = YAML.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new ConfigError(oneLine(`notes ${file}: cannot be read as YAML (${(error as Error).message.split('\n')[0]}); fix the path or the syntax`));
  }
  const parsed = NotesSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(
      oneLine(
        `notes ${file}: ${issue.path.map(String).join('.') || '(top level)'}: ${issue.message}; ` +
          'each implementation has title, targets (label, version, expected), optional show, columns and checks (requirement, exchange, report, why)',
      ),
    );
  }
  return parsed.data;
}

/** The explanation of a check's verdict for an implementation, when one is kept and the verdict is one its table shows. */
export function noteFor(notes: CompatibilityNotes | undefined, implementation: string, check: string, outcome: Outcome): string | undefined {
  const kept = notes?.implementations[implementation];
  const note = kept?.checks?.[check];
  if (!note || !(kept!.show ?? DEFAULT_SHOW).includes(outcome)) return undefined;
  const text = note.report ?? note.why ?? note.exchange;
  return text === undefined ? undefined : `${check}: ${text}`;
}

// The counterexample file: the shrunk operations with what they saw, written so `explore --replay FILE` runs them again.
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { ReceiverRole, TranscriptEntry } from '../model/model.js';
import { MalformedOperation, sequenceFromRecords } from './operations.js';
import type { Counterexample, OperationRecord } from './report.js';

export const COUNTEREXAMPLE_SCHEMA = 'urn:mcp-tasks-conformance:explore-counterexample:v1';

export interface CounterexampleFile {
  $schema: typeof COUNTEREXAMPLE_SCHEMA;
  /** The profile explored; files written before 2026-07-28 was explored lack it (2025-11-25). */
  profile?: string;
  /** The receiver explored; files written before clients were explored lack it (server). */
  role?: ReceiverRole;
  seed: number;
  path: string | null;
  requirement: string;
  keyword: string;
  severity: 'fail' | 'warn';
  message: string;
  operations: OperationRecord[];
  transcript: TranscriptEntry[];
  replayCommand: string;
}

/** A counterexample file that cannot be replayed: the message names the file and what to mend. */
export class CounterexampleFileError extends Error {}

/** The first violation of an exploration goes to counterexample-<seed>.json, the next ones to -<seed>-2.json and on. */
export function counterexampleFileName(outDir: string, seed: number, index = 0): string {
  return join(outDir, `counterexample-${seed}${index === 0 ? '' : `-${index + 1}`}.json`);
}

/** Writes the file whole or not at all (through a temporary name), so a replay never reads half of one. */
export async function writeCounterexampleFile(file: string, counterexample: Omit<Counterexample, 'file'>, profile = '2025-11-25', role: ReceiverRole = 'server'): Promise<void> {
  const content: CounterexampleFile = {
    $schema: COUNTEREXAMPLE_SCHEMA,
    profile,
    role,
    seed: counterexample.seed,
    path: counterexample.path ?? null,
    requirement: counterexample.requirement,
    keyword: counterexample.keyword,
    severity: counterexample.severity,
    message: counterexample.message,
    operations: counterexample.operations,
    transcript: counterexample.transcript,
    replayCommand: counterexample.replayCommand,
  };
  await mkdir(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(content, null, 2)}\n`);
  await rename(temporary, file);
}

/** Reads a counterexample file for --replay; its operations are checked here, so a bad file fails before anything starts. */
export async function readCounterexampleFile(file: string): Promise<Pick<CounterexampleFile, 'operations' | 'message' | 'requirement' | 'seed' | 'profile' | 'role'>> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message.split('\n')[0];
    throw new CounterexampleFileError(`--replay ${file}: cannot read it as JSON (${reason}); give a counterexample-<seed>.json that explore wrote`);
  }
  const data = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  if (!Array.isArray(data.operations) || data.operations.length === 0) {
    throw new CounterexampleFileError(`--replay ${file}: "operations" must be a non-empty list of operations, as explore writes it`);
  }
  const operations = data.operations as OperationRecord[];
  try {
    sequenceFromRecords(operations);
  } catch (error) {
    if (error instanceof MalformedOperation) throw new CounterexampleFileError(`--replay ${file}: ${error.message}`);
    throw error;
  }
  return {
    operations,
    message: typeof data.message === 'string' ? data.message : '',
    requirement: typeof data.requirement === 'string' ? data.requirement : '',
    seed: typeof data.seed === 'number' && Number.isInteger(data.seed) ? data.seed : 0,
    profile: typeof data.profile === 'string' ? data.profile : undefined,
    role: data.role === 'client' || data.role === 'server' ? data.role : undefined,
  };
}

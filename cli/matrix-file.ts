// Reading a matrix a run wrote: for merge, --compare and doc. A file that is no matrix is refused in one line.
import { readFile } from 'node:fs/promises';
import { MATRIX_FORMAT, type MatrixReport } from '../reports/matrix-model.js';
import { ConfigError } from './options.js';

export async function readMatrix(file: string, who: string): Promise<MatrixReport> {
  let data: MatrixReport;
  try {
    data = JSON.parse(await readFile(file, 'utf8')) as MatrixReport;
  } catch (error) {
    throw new ConfigError(`${who} ${file}: cannot be read as JSON (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); give the JSON a matrix run wrote`);
  }
  if (data?.format !== MATRIX_FORMAT) throw new ConfigError(`${who} ${file}: is not a matrix (format "${String(data?.format)}", want "${MATRIX_FORMAT}"); give the JSON a matrix run wrote`);
  return data;
}

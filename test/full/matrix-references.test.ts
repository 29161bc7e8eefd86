// The matrix over a small manifest of bundled reference variants (a few checks each, so it is quick): real verdicts in
// the cells, a crashing target as an error column, shards merged equal to the unsharded run, --compare, one-line
// refusals of a wrong manifest, and the page in Chromium at 1024 px. A hanging target: test/full/matrix-hang.test.ts.
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadNotes } from '../../cli/compatibility-notes.js';
import { parseManifest, shardOf } from '../../cli/manifest.js';
import { cellKey, columnTotals, compareMatrices, mergeMatrices, type MatrixReport } from '../../reports/matrix-model.js';
import { CLI, ROOT } from '../support/cli-run.js';

const run = promisify(execFile);
const CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((path) => existsSync(path));
/** A few checks where the variants differ: each run takes a second or two. */
const ONLY = ['protocol-errors.unknown-task-get', 'result-retrieval.blocks-until-terminal', 'capabilities.tasks-shape'];

const MANIFEST = `
directory: ${ROOT}
notes: matrix-notes.yaml
targets:
  - name: reference
    package: mcp-tasks-conformance
    version: '0.1.0'
    role: server
    eras: [2025-11-25]
    command: node dist/cli/main.js reference-server
    only: [${ONLY.join(', ')}]
  - name: reference-wrong-codes
    package: mcp-tasks-conformance
    version: '0.1.0'
    role: server
    eras: [2025-11-25]
    command: node dist/cli/main.js reference-server --fault unknown-task-get-wrong-code --fault result-does-not-block
    only: [${ONLY.join(', ')}]
  - name: crashes
    package: crash-at-start
    version: '1'
    role: server
    eras: [2025-11-25]
    command: node -e "process.exit(3)"
`;

let dir: string;
let manifest: string;
/** The unsharded run and the two shards, side by side (they are small): what the first tests read. */
let runs: Promise<{ code: number; stdout: string; stderr: string }[]>;

async function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [CLI, ...args], { cwd: dir, timeout: 60_000 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const read = (file: string) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as MatrixReport;

/** What two runs of the same targets share: everything but times and the run-specific text of messages and transcripts. */
function verdictsOf(matrix: MatrixReport) {
  return {
    ...matrix,
    columns: matrix.columns.map(({ durationMs: _, why, ...column }) => ({ ...column, why: why?.replace(/\d+(\.\d+)? ?m?s\b/g, 'T') })),
    evidence: Object.fromEntries(Object.entries(matrix.evidence).map(([column, all]) => [column, Object.fromEntries(Object.entries(all).map(([key, found]) => [key, found.outcome]))])),
  };
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'matrix-test-'));
  manifest = join(dir, 'small.yaml');
  await writeFile(manifest, MANIFEST);
  // The explanation the page shows beside the faulty variant's failing verdict.
  await writeFile(
    join(dir, 'matrix-notes.yaml'),
    'implementations:\n  reference-wrong-codes:\n    title: faulty\n    targets: { reference-wrong-codes: { label: stdio, expected: none } }\n' +
      "    checks:\n      protocol-errors.unknown-task-get: { report: 'Unknown task IDs get -32603.' }\n",
  );
  runs = Promise.all([
    cli('matrix', manifest, '--json', 'whole.json', '--html', 'whole.html', '--jobs', '3'),
    cli('matrix', manifest, '--shard', '1/2', '--json', 'shard-1.json'),
    cli('matrix', manifest, '--shard', '2/2', '--json', 'shard-2.json'),
  ]);
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('matrix over bundled reference variants', () => {
  it('runs every target: real verdicts in the cells, the crashing target as an error column; the JSON always written', async () => {
    const [whole] = await runs;
    // A target that could not run makes the command fail (exit 1), after writing everything.
    expect(whole.code, whole.stderr).toBe(1);
    const matrix = read('whole.json');
    expect(matrix.columns.map((column) => [column.name, column.status])).toEqual([
      ['crashes', 'error'],
      ['reference', 'ran'],
      ['reference-wrong-codes', 'ran'],
    ]);
    expect(matrix.columns[0]!.why).toMatch(/exit status 2: .*exited with code 3/);
    // The verdicts are the runs': the reference passes, the faulty variant fails the two requirements its faults break.
    const cell = (column: string, requirement: string) => matrix.cells[column]![cellKey('2025-11-25', requirement)];
    expect(cell('reference', 'TASKS-ERROR-INVALID-TASK-ID')?.outcome).toBe('pass');
    expect(cell('reference-wrong-codes', 'TASKS-ERROR-INVALID-TASK-ID')?.outcome).toBe('fail');
    expect(cell('reference-wrong-codes', 'TASKS-RESULT-BLOCK')?.outcome).toBe('fail');
    expect(cell('reference-wrong-codes', 'TASKS-CAP-SHAPE')?.outcome).toBe('pass');
    expect(cell('crashes', 'TASKS-CAP-SHAPE')?.outcome).toBe('error');
    // Each cell's checks have their evidence: the message and the exchange, the handshake left out.
    const evidence = matrix.evidence['reference-wrong-codes']![cellKey('2025-11-25', 'protocol-errors.unknown-task-get')]!;
    expect(evidence.outcome).toBe('fail');
    expect(evidence.findings[0]!.requirement).toBe('TASKS-ERROR-INVALID-TASK-ID');
    expect(evidence.transcript.some((line) => line.includes('tasks/get'))).toBe(true);
    expect(evidence.transcript.some((line) => line.includes('"initialize"'))).toBe(false);
  }, 90_000);

  it('shards by name (every n-th target), and the merged shards give the JSON of the unsharded run', async () => {
    const targets = parseManifest(JSON.parse(JSON.stringify((await import('yaml')).parse(MANIFEST))), manifest).targets;
    expect(shardOf(targets, { index: 1, count: 2 }).map((target) => target.name)).toEqual(['crashes', 'reference-wrong-codes']);
    expect(shardOf(targets, { index: 2, count: 2 }).map((target) => target.name)).toEqual(['reference']);
    const [, first, second] = await runs;
    expect([first.code, second.code]).toEqual([1, 0]);
    expect(read('shard-2.json').shards).toEqual({ count: 2, present: [2] });
    const merged = await cli('matrix', 'merge', 'shard-1.json', 'shard-2.json', '--json', 'merged.json', '--html', 'merged.html');
    expect(merged.code, merged.stderr).toBe(1);
    expect(verdictsOf(read('merged.json'))).toEqual(verdictsOf(read('whole.json')));
    // A shard merged twice is refused in one line.
    const twice = await cli('matrix', 'merge', 'shard-1.json', 'shard-1.json');
    expect(twice.code).toBe(2);
    expect(twice.stderr.trim().split('\n')).toHaveLength(1);
    expect(twice.stderr).toMatch(/column crashes is in both shard-1.json and shard-1.json/);
  }, 90_000);

  it('--compare says per implementation what is newly failing, fixed, or moved to inconclusive', async () => {
    const now = read('whole.json');
    const older = structuredClone(now);
    const key = cellKey('2025-11-25', 'TASKS-ERROR-INVALID-TASK-ID');
    older.cells['reference']![key]!.outcome = 'fail';
    older.cells['reference-wrong-codes']![key]!.outcome = 'pass';
    older.cells['reference-wrong-codes']![cellKey('2025-11-25', 'TASKS-CAP-SHAPE')]!.outcome = 'inconclusive';
    expect(compareMatrices(older, now).map((change) => `${change.column} ${change.requirement}: ${change.kind}`)).toEqual([
      'reference TASKS-ERROR-INVALID-TASK-ID: fixed',
      'reference-wrong-codes TASKS-CAP-SHAPE: changed',
      'reference-wrong-codes TASKS-ERROR-INVALID-TASK-ID: newly failing',
    ]);
    const moved = structuredClone(now);
    moved.cells['reference']![key]!.outcome = 'inconclusive';
    expect(compareMatrices(now, moved).map((change) => change.kind)).toEqual(['moved to inconclusive']);
    await writeFile(join(dir, 'older.json'), JSON.stringify(older));
    const compared = await cli('matrix', 'merge', 'whole.json', '--compare', 'older.json', '--json', 'compared.json');
    expect(compared.stdout).toMatch(/Changes since older.json:\n {2}reference\n {4}fixed: 2025-11-25 TASKS-ERROR-INVALID-TASK-ID fail → pass/);
    expect(read('compared.json').changes?.list).toHaveLength(3);
  }, 30_000);

  it('refuses a wrong manifest in one line that says how to mend it (exit 2)', async () => {
    const cases: [string, RegExp][] = [
      ['targets:\n  - name: a\n    package: p\n    version: 1\n    role: server\n    eras: [2025-11-25]\n    comand: x\n', /targets.0: "comand" is not a key here \(did you mean "command"\?\)/],
      ['targets:\n  - name: a\n    package: p\n    version: 1\n    role: server\n    eras: [2025-11-25]\n', /targets.0 \(a\): give command \(stdio\) or url \(Streamable HTTP\)/],
      ['targets:\n  - name: a\n    package: p\n    version: 1\n    role: client\n    eras: [2025-11-25]\n    url: http://x\n', /url applies to servers/],
      ['targets: [\n', /is not valid YAML/],
      ['targets:\n  - name: a\n    package: p\n    version: 1\n    role: server\n    eras: [2024-01-01]\n    command: x\n', /targets.0.eras.0: .*2025-11-25/],
    ];
    // Side by side: each is a CLI start and a refusal.
    const refused = await Promise.all(
      cases.map(async ([text], index) => {
        await writeFile(join(dir, `wrong-${index}.yaml`), text);
        return cli('matrix', `wrong-${index}.yaml`);
      }),
    );
    refused.forEach((result, index) => {
      expect(result.code).toBe(2);
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
      expect(result.stderr).toMatch(cases[index]![1]);
    });
    const missing = await cli('matrix', 'no-such.yaml');
    expect(missing.stderr).toMatch(/manifest no-such.yaml: cannot be read \(ENOENT\); check the path/);
  }, 30_000);

  it('renders a compatibility page from the matrix and its notes, and --check says how to regenerate when the page differs', async () => {
    await runs;
    await writeFile(
      join(dir, 'notes.yaml'),
      [
        'implementations:',
        '  reference-wrong-codes:',
        "    title: '[faulty reference](#faulty)'",
        '    targets:',
        '      reference-wrong-codes: { label: stdio, expected: none }',
        '    checks:',
        "      protocol-errors.unknown-task-get: { exchange: '`→ tasks/get` `← -32603`', report: 'Unknown task IDs get -32603.' }",
        "      ttl.expiry: { report: 'a note of a check that does not fail' }",
      ].join('\n'),
    );
    await writeFile(join(dir, 'page.md'), '# Page\n\n<!-- matrix:summary -->\n<!-- /matrix:summary -->\n\nProse.\n\n<!-- matrix:reference-wrong-codes -->\n<!-- /matrix:reference-wrong-codes -->\n');
    const written = await cli('matrix', 'doc', 'whole.json', '--notes', 'notes.yaml', '--doc', 'page.md');
    // The failing check without a note, and the note of a check that passes, are said (exit 1), the tables written anyway.
    expect(written.code).toBe(1);
    expect(written.stdout).toMatch(/reference-wrong-codes: result-retrieval.blocks-until-terminal is fail without a note; explain it in docs\/compatibility-notes.yaml/);
    expect(written.stdout).toMatch(/reference-wrong-codes: ttl.expiry has a note but no verdict the table shows/);
    const page = readFileSync(join(dir, 'page.md'), 'utf8');
    const summary = read('whole.json').columns.find((column) => column.name === 'reference-wrong-codes')!.summary!;
    expect(page).toContain(`| [faulty reference](#faulty) | \`mcp-tasks-conformance\` 0.1.0 | stdio | ${summary.pass} | ${summary.fail} | ${summary.warn} | ${summary.skip}`);
    expect(page).toMatch(/\| `protocol-errors.unknown-task-get` \| fail \| \[TASKS-ERROR-INVALID-TASK-ID\]\(https:[^)]+\) \(MUST\) \| `→ tasks\/get` `← -32603` \| Unknown task IDs get -32603. \|/);
    expect(page).toContain('Prose.');
    // The page as rendered matches but for the notes' problems; edited by hand, it differs, and --check says how to mend it.
    await writeFile(join(dir, 'page.md'), page.replace('| fail |', '| pass |'));
    const checked = await cli('matrix', 'doc', 'whole.json', '--notes', 'notes.yaml', '--doc', 'page.md', '--check');
    expect(checked.code).toBe(1);
    expect(checked.stdout).toMatch(/page.md: its tables differ from the matrix; regenerate with: npm run matrix && node dist\/cli\/main.js matrix doc/);
    expect(checked.stdout).toMatch(/line \d+: page has .*\| pass \|.*, matrix gives .*\| fail \|/);
  }, 30_000);

  it('merging nothing or a file that is no matrix is refused in one line', async () => {
    expect(() => mergeMatrices([])).toThrow(/nothing to merge/);
    const notMatrix = await cli('matrix', 'merge', 'small.yaml');
    expect(notMatrix.code).toBe(2);
    expect(notMatrix.stderr).toMatch(/cannot be read as JSON/);
  });
});

describe('configs/ecosystem.yaml, the one list of pinned implementations', () => {
  it('parses, lists every implementation with pinned verdicts, both roles and both eras, and gives each a note entry', async () => {
    const file = join(ROOT, 'configs/ecosystem.yaml');
    const shipped = parseManifest((await import('yaml')).parse(readFileSync(file, 'utf8')), file);
    const names = shipped.targets.map((target) => target.name);
    for (const expected of readdirSync(join(ROOT, 'test/expected'))) expect(names, `test/expected/${expected} has no target in configs/ecosystem.yaml`).toContain(expected.replace(/\.json$/, ''));
    expect(new Set(shipped.targets.map((target) => target.role))).toEqual(new Set(['server', 'client']));
    expect(new Set(shipped.targets.flatMap((target) => target.eras))).toEqual(new Set(['2025-11-25', '2026-07-28']));
    // Every target has its line in docs/compatibility.md's summary table, under its implementation.
    const notes = await loadNotes(shipped.notes!);
    for (const target of shipped.targets) expect(Object.keys(notes.implementations[target.implementation]?.targets ?? {}), target.name).toContain(target.name);
  });
});

describe.skipIf(!CHROMIUM)('the matrix page in Chromium at 1024 px', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM!, args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('filters to the rows where implementations disagree, links each verdict to its evidence, fits 1024 px and loads nothing', async () => {
    const page = await browser.newPage({ viewport: { width: 1024, height: 768 } });
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    const url = pathToFileURL(join(dir, 'merged.html')).href;
    await page.goto(url);
    // The page fits: the table scrolls inside its frame, the page itself does not.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024);
    const rows = page.locator('tbody tr.row');
    const total = await rows.count();
    const visible = () => page.locator('tbody tr.row:visible').count();
    expect(await visible()).toBe(total);
    await page.check('#disagree-only');
    const disagreeing = await visible();
    expect(disagreeing).toBeGreaterThan(0);
    expect(disagreeing).toBeLessThan(total);
    // The rows left are those where the two reference variants differ.
    const ids = await page.locator('tbody tr.row:visible th.req a').allTextContents();
    expect(ids).toEqual(expect.arrayContaining(['TASKS-ERROR-INVALID-TASK-ID', 'TASKS-RESULT-BLOCK']));
    expect(ids).not.toContain('TASKS-CAP-SHAPE');
    expect(await page.textContent('#shown')).toBe(`${disagreeing} of ${total} requirements shown`);
    // A text filter narrows further; clearing both shows everything again.
    await page.fill('#text', 'no-such-requirement');
    expect(await visible()).toBe(0);
    await page.fill('#text', 'TASKS-RESULT-BLOCK');
    expect(await visible()).toBe(1);
    await page.fill('#text', '');
    await page.uncheck('#disagree-only');
    expect(await visible()).toBe(total);
    // Column totals: one count per verdict under each column.
    const columns = await page.locator('thead th[data-column]').evaluateAll((cells) => cells.map((cell) => cell.getAttribute('data-column')));
    expect(columns).toEqual(['crashes', 'reference', 'reference-wrong-codes']);
    const merged = read('merged.json');
    expect(await page.locator('tfoot td[data-outcome="fail"]').allTextContents()).toEqual(merged.columns.map((column) => String(columnTotals(merged, column.name).fail)));
    expect(columnTotals(merged, 'reference-wrong-codes').fail).toBeGreaterThanOrEqual(2);
    expect(await page.locator('tfoot tr').count()).toBe(6);
    // The failing verdict opens its evidence: the check's message and the transcript excerpt.
    const fail = page.locator('tr.row', { has: page.locator('a', { hasText: 'TASKS-ERROR-INVALID-TASK-ID' }) }).locator('a.cell.fail');
    await fail.click();
    const shown = page.locator('.evidence:target');
    await expect.poll(() => shown.count()).toBe(1);
    expect(await shown.textContent()).toMatch(/reference-wrong-codes: protocol-errors.unknown-task-get \(2025-11-25\) — fail/);
    expect(await shown.locator('pre').textContent()).toContain('tasks/get');
    // The kept note explains it, in the evidence and on the cell.
    expect(await shown.locator('.note').textContent()).toBe('Note: Unknown task IDs get -32603.');
    expect(
      await page
        .locator('tr.row', { has: page.locator('a', { hasText: 'TASKS-ERROR-INVALID-TASK-ID' }) })
        .locator('.note-mark')
        .getAttribute('title'),
    ).toBe('protocol-errors.unknown-task-get: Unknown task IDs get -32603.');
    expect(await shown.isVisible()).toBe(true);
    // An error column says why, in its header.
    expect(await page.locator('thead th[data-column="crashes"] .error-why').textContent()).toMatch(/exited with code 3/);
    expect(requests.filter((request) => request !== url && !request.startsWith(`${url}#`))).toEqual([]);
    await page.close();
  }, 30_000);
});

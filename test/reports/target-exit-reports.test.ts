// How every report renders a server that died mid-run (RunReport.targetExits), from a hand-made report whose stderr
// is hostile: the JSON follows its schema, the JUnit file validates against Jenkins' XSD, and nothing the server
// wrote can break out of the Markdown code block or the HTML page.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { validateXML } from 'xmllint-wasm';
import { describe, expect, it } from 'vitest';
import type { RunReport, TargetExit } from '../../harness/model/model.js';
import { runVerdict } from '../../harness/engine/run-policy.js';
import { formatSummary } from '../../reports/console.js';
import { buildHtmlReport } from '../../reports/html.js';
import { toJsonReport } from '../../reports/json.js';
import { buildJunitXml } from '../../reports/junit.js';
import { buildMarkdownSummary } from '../../reports/markdown.js';
import { validateReport } from '../support/report-schema.js';
import { result, runReport } from '../support/results.js';

const XSD_PATH = fileURLToPath(new URL('../../../shared/reference/junit-10.xsd', import.meta.url));
const XSD = existsSync(XSD_PATH) ? readFileSync(XSD_PATH, 'utf8') : undefined;

const HOSTILE = 'Error: boom </pre><script>alert(1)</script> ``` ]]> \u0000\u001b[31m | *bold* & "quoted"';

const SHARED: TargetExit = {
  at: '2025-11-25T10:20:31.000Z',
  how: 'exited',
  code: 1,
  check: undefined,
  checks: ['cancellation.cancel-working', 'lifecycle.transitions'],
  stderrTail: [
    { at: '2025-11-25T10:20:30.990Z', text: 'handling tasks/cancel' },
    { at: '2025-11-25T10:20:30.999Z', text: HOSTILE },
  ],
  restart: { outcome: 'restarted', at: '2025-11-25T10:20:31.400Z', message: 'started again at 2025-11-25T10:20:31.400Z, in 400 ms (restart 1 of at most 3)' },
  summary: `The server under test exited with code 1 at 2025-11-25T10:20:31.000Z; on stderr: ${JSON.stringify(HOSTILE)}. It was started again.`,
};
const REFUSED: TargetExit = {
  at: '2025-11-25T10:20:40.000Z',
  how: 'refused',
  checks: [],
  restart: { outcome: 'not-attempted', message: 'without --launch the suite has no way to start it again' },
  summary: 'The server under test stopped accepting connections (connection refused) at 2025-11-25T10:20:40.000Z.',
};

function report(): RunReport {
  const crash = `BASE-NO-CRASH: the server under test exited with code 1; ${HOSTILE}`;
  const results = [
    result({ id: 'cancellation.cancel-working', outcome: 'fail', message: crash, findings: [{ requirement: 'BASE-NO-CRASH', keyword: 'MUST', severity: 'fail', message: crash }] }),
    result({ id: 'lifecycle.transitions', outcome: 'fail', message: crash, findings: [{ requirement: 'BASE-NO-CRASH', keyword: 'MUST', severity: 'fail', message: crash }] }),
    result({ id: 'creation.status-working', outcome: 'pass', targetRestarts: 1, info: ['ran against the server under test as started again'] }),
    result({ id: 'progress.token-after-create', outcome: 'error', message: 'not run: the server under test stopped accepting connections at 2025-11-25T10:20:40.000Z' }),
  ];
  const made = runReport(results, {
    target: { transport: 'http', description: 'http://127.0.0.1:3000/mcp', bundledReference: false },
    notices: [SHARED.summary, REFUSED.summary],
    targetExits: [SHARED, REFUSED],
  });
  made.verdict = runVerdict(made, {});
  return made;
}

describe('a server that died, in every report', () => {
  it('JSON: targetExits and targetRestarts as documented, valid against the schema; null where the stderr is unknown', () => {
    const json = JSON.parse(JSON.stringify(toJsonReport(report()))) as ReturnType<typeof toJsonReport>;
    expect(validateReport(json) ? [] : validateReport.errors).toEqual([]);
    expect(json.targetExits[0]).toEqual({ ...SHARED, check: null, signal: null });
    expect(json.targetExits[1]).toMatchObject({ how: 'refused', code: null, signal: null, check: null, stderrTail: null, restart: { outcome: 'not-attempted', at: null } });
    expect(json.results.map((r) => r.targetRestarts)).toEqual([0, 0, 1, 0]);
  });

  it('JUnit: the exits as properties, the story and stderr in <system-err> of the checks in flight; valid against junit-10.xsd', async () => {
    const xml = buildJunitXml(report());
    expect(xml).toMatch(/<property name="targetExit\.1" value="The server under test exited with code 1 /);
    expect(xml).toMatch(/<property name="targetExit\.2" value="The server under test stopped accepting connections/);
    expect((xml.match(/<system-err>/g) ?? []).length).toBe(2);
    expect(xml).toContain('2025-11-25T10:20:30.990Z handling tasks/cancel');
    expect(xml).toContain('targetRestarts: 1');
    const checked = await validateXML({ xml: [{ fileName: 'junit.xml', contents: xml }], ...(XSD ? { schema: [XSD] } : { normalization: 'c14n' as const }) });
    expect(checked.errors.map((e) => e.rawMessage)).toEqual([]);
  });

  it('Markdown: a section with the stderr in a code block the server cannot close', () => {
    const markdown = buildMarkdownSummary(report());
    expect(markdown).toContain('### ⚠️ The server under test died during the run');
    expect(markdown).toContain('**The server under test exited with code 1 at 2025-11-25T10:20:31.000Z (2 checks in flight).** In flight: `cancellation.cancel-working`, `lifecycle.transitions`.');
    expect(markdown).toContain('_The suite did not start it, so its stderr is not known._');
    const block = /\n(`{4,})text\n([\s\S]*?)\n\1\n/.exec(markdown);
    expect(block, 'a fence longer than the ``` the server wrote').not.toBeNull();
    expect(block![2]).toContain('Error: boom </pre><script>alert(1)</script> ``` ]]>');
    expect(block![2]).not.toMatch(/[\u0000\u001b]/);
  });

  it('HTML: a banner with the stderr escaped, linking the checks in flight', () => {
    const html = buildHtmlReport(report());
    const banner = /<section class="target-exits"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
    expect(banner).toContain('The server under test died during the run');
    expect(banner).toContain('href="#check-cancellation.cancel-working"');
    expect(banner).toContain('Error: boom &lt;/pre&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>alert(1)');
    expect(banner).toContain('The suite did not start it, so its stderr is not known.');
    expect(html).toContain('ran after restart <b>1</b> of the server');
  });

  it('console: the stderr tail under "Server died:", without the control characters the server wrote', () => {
    const text = formatSummary(report());
    expect(text).toMatch(/^Server died: +The server under test exited with code 1 at 2025-11-25T10:20:31.000Z \(2 checks in flight\)$/m);
    expect(text).toContain('  stderr | handling tasks/cancel');
    expect(text).not.toMatch(/[\u0000\u001b]/);
    expect(text).toContain('(the suite did not start it, so its stderr is not known)');
  });
});

// The proxy between real hosts and servers: an SDK Client works through it exactly as without it, a clean server gives
// a clean report, faults visible in the traffic are reported live and in the reports on their requirement, the bytes
// go through unchanged, the server's end reaches the host, and `judge` of the recorded trace gives the same verdicts.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startReferenceHttpServer } from '../../../reference-server/http.js';
import { RuleBook } from '../../../harness/rules/rule-book.js';
import { WireTap } from '../../../harness/proxy/tap.js';
import { startHttpProxy } from '../../../harness/proxy/http-proxy.js';
import { standardHeaders } from '../../../harness/wire/2026-07-28/envelope.js';
import { REQUIREMENTS } from '../../../suites/2025-11-25/requirements.js';
import { EXT_REQUIREMENTS } from '../../../suites/2026-07-28/requirements.js';
import { BUILT } from '../../support/cli-run.js';
import { httpTransport, modernParams, RawHost, REFERENCE, startCli, stdioTransport, taskFlow } from '../../support/proxy-hosts.js';

const dirs: string[] = [];
function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'proxy-test-'));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

interface JsonResult {
  id: string;
  outcome: string;
  findings: { requirement: string; severity: string; message: string }[];
}
function resultsOf(file: string): JsonResult[] {
  return (JSON.parse(readFileSync(file, 'utf8')) as { results: JsonResult[] }).results;
}
const outcomes = (results: JsonResult[]) => Object.fromEntries(results.map((result) => [result.id, result.outcome]));
const flagged = (results: JsonResult[]) => results.filter((result) => ['fail', 'warn', 'error'].includes(result.outcome)).map((result) => `${result.id}=${result.outcome}`);

/** Runs `judge` on a trace and returns its exit status and results. */
async function judgeTrace(trace: string, dir: string): Promise<{ code: number | null; results: JsonResult[]; stderr: string }> {
  const json = join(dir, 'judged.json');
  const cli = startCli(['judge', trace, '--json', json]);
  const code = await cli.closed;
  return { code, results: resultsOf(json), stderr: cli.stderr.join('') };
}

describe.skipIf(!BUILT)('proxy --command between an SDK Client and the reference server', () => {
  it('works exactly as without it, gives a clean report, and judge of its trace agrees', { timeout: 60_000 }, async () => {
    const dir = folder();
    const [direct, stderr] = [await taskFlow(stdioTransport(['reference-server'])), [] as string[]];
    const proxied = await taskFlow(stdioTransport(['proxy', '--command', REFERENCE, '--json', join(dir, 'r.json'), '--trace', join(dir, 't.jsonl')], (text) => stderr.push(text)));
    expect(proxied).toEqual(direct);
    expect(proxied.statuses.at(-1)).toBe('completed');

    const results = resultsOf(join(dir, 'r.json'));
    expect(flagged(results)).toEqual([]);
    expect(stderr.join('')).not.toMatch(/ (FAIL|WARN) /);
    // Exercised and held: the rules this traffic puts to the test.
    for (const id of [
      'server.TASKS-META-RESULT-INCLUDES',
      'server.TASKS-TTL-LAST-UPDATED-AT',
      'server.TASKS-META-RECEIVER-NO-META',
      'server.TASKS-LIFECYCLE-TERMINAL-FINAL',
      'host.TASKS-META-REQUESTOR-NO-META',
      'host.TASKS-GET-RESPECT-POLL-INTERVAL',
    ]) {
      expect(outcomes(results)[id], id).toBe('pass');
    }
    // Never exercised: said so, never passed.
    expect(outcomes(results)['server.TASKS-CANCEL-BEFORE-RESPONSE']).toBe('skip');

    const judged = await judgeTrace(join(dir, 't.jsonl'), dir);
    expect(judged.code).toBe(0);
    expect(outcomes(judged.results)).toEqual(outcomes(results));
  });

  // The three faults of the done-when, and one of the lifecycle the model judges.
  const FAULTS = [
    { fault: 'result-missing-related-meta', id: 'server.TASKS-META-RESULT-INCLUDES', outcome: 'fail', keyword: 'MUST' },
    { fault: 'timestamps-not-iso', id: 'server.TASKS-TTL-LAST-UPDATED-AT', outcome: 'fail', keyword: 'MUST' },
    { fault: 'related-meta-on-get', id: 'server.TASKS-META-RECEIVER-NO-META', outcome: 'warn', keyword: 'SHOULD NOT' },
    { fault: 'terminal-reverts-to-working', id: 'server.TASKS-LIFECYCLE-TERMINAL-FINAL', outcome: 'fail', keyword: 'MUST NOT' },
  ];
  // At once: each has its own proxy, reference and folder, and mostly waits on them.
  for (const { fault, id, outcome, keyword } of FAULTS) {
    it.concurrent(`reports the fault ${fault} as it happens and on ${id}; judge of the trace agrees`, { timeout: 60_000 }, async ({ expect }) => {
      const dir = folder();
      const log = join(dir, 'live.log');
      await taskFlow(stdioTransport(['proxy', '--command', `${REFERENCE} --fault ${fault}`, '--json', join(dir, 'r.json'), '--trace', join(dir, 't.jsonl'), '--log', log]));
      const requirement = id.split('.')[1]!;
      expect(readFileSync(log, 'utf8')).toContain(`${outcome.toUpperCase()} ${requirement} (${keyword}) by the server:`);
      const results = resultsOf(join(dir, 'r.json'));
      expect(flagged(results)).toEqual([`${id}=${outcome}`]);
      expect(results.find((result) => result.id === id)!.findings[0]!.message).toMatch(/tasks\/(get|result) \(id \d+\), host → server at /);

      const judged = await judgeTrace(join(dir, 't.jsonl'), dir);
      expect(outcomes(judged.results)).toEqual(outcomes(results));
      expect(judged.code).toBe(outcome === 'fail' ? 1 : 0);
    });
  }
});

describe.skipIf(!BUILT)('proxy --command on the wire', () => {
  it('forwards every byte both ways unchanged, and its stdout carries nothing else', { timeout: 30_000 }, async () => {
    // An echo server: what the host sends comes back, so the host's bytes are the server's bytes both ways.
    const cli = startCli(['proxy', '--command', `${process.execPath} -e "process.stdin.pipe(process.stdout)"`]);
    const euro = Buffer.from('€', 'utf8');
    const chunks = [
      Buffer.from('{"jsonrpc":"2.0",  "method":"initialize","id":1,"params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"x","version":"1"}}}\n'),
      Buffer.from('{ "id" : 2, "jsonrpc":"2.0","method":"ping" , "params":{"text":"'),
      euro.subarray(0, 1),
      Buffer.concat([euro.subarray(1), Buffer.from('"}}\r\n')]),
      Buffer.from('not json at all\n\n'),
      Buffer.from('{"jsonrpc":"2.0","method":"notifications/x","params":{"big":"'),
      Buffer.from('y'.repeat(200_000)),
      Buffer.from('"}}\n[{"jsonrpc":"2.0","id":3,"method":"ping"}]\n'),
    ];
    for (const chunk of chunks) cli.child.stdin.write(chunk);
    cli.child.stdin.end();
    // The echo put a line that is no JSON on its stdout: forwarded all the same, and judged (BASE-STDIO-STDOUT-MCP-ONLY).
    expect(await cli.closed).toBe(1);
    expect(Buffer.concat(cli.stdout).equals(Buffer.concat(chunks))).toBe(true);
  });

  it("passes the server's end on: the host's stdout closes and the proxy exits with the server's status", { timeout: 30_000 }, async () => {
    const cli = startCli([
      'proxy',
      '--command',
      `${process.execPath} -e "process.stdout.write('{\\"jsonrpc\\":\\"2.0\\",\\"method\\":\\"notifications/message\\",\\"params\\":{}}\\n'); process.exitCode = 3"`,
    ]);
    // The host never closes its side: the server's exit alone ends the session.
    const stdoutEnded = new Promise<void>((resolve) => cli.child.stdout.once('end', () => resolve()));
    expect(await cli.closed).toBe(3);
    await stdoutEnded;
    expect(Buffer.concat(cli.stdout).toString()).toBe('{"jsonrpc":"2.0","method":"notifications/message","params":{}}\n');
    expect(cli.stderr.join('')).toMatch(/the server ended the session: it exited with status 3/);
    cli.child.stdin.end();
  });

  it('reports a server that logs on stdout, start-up lines included, once the era is known', { timeout: 30_000 }, async () => {
    const dir = folder();
    const cli = startCli(['proxy', '--command', `${REFERENCE} --fault stdout-log-line`, '--json', join(dir, 'r.json')]);
    const host = new RawHost(cli);
    await host.request('initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'h', version: '1' } });
    await host.request('tools/list', {});
    host.end();
    expect(await cli.closed).toBe(1);
    const results = resultsOf(join(dir, 'r.json'));
    expect(flagged(results)).toEqual(['server.BASE-STDIO-STDOUT-MCP-ONLY=fail']);
    expect(results.find((result) => result.id === 'server.BASE-STDIO-STDOUT-MCP-ONLY')!.findings[0]!.message).toMatch(/on stdout, which is no JSON-RPC message/);
  });

  it('on SIGTERM ends the server, writes the reports and exits by the verdict', { timeout: 30_000 }, async () => {
    const dir = folder();
    const cli = startCli(['proxy', '--command', REFERENCE, '--json', join(dir, 'r.json')]);
    const host = new RawHost(cli);
    await host.request('initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'h', version: '1' } });
    cli.child.kill('SIGTERM');
    expect(await cli.closed).toBe(0);
    expect(cli.stderr.join('')).toMatch(/the proxy was stopped; the server was ended/);
    expect(resultsOf(join(dir, 'r.json')).length).toBeGreaterThan(0);
  });

  it('judges 2026-07-28 traffic, detected from the envelope: clean, a terminal status that reverts, a request without the envelope served', { timeout: 60_000 }, async () => {
    for (const { fault, flaggedIds } of [
      { fault: '', flaggedIds: [] as string[] },
      { fault: ' --fault ext-terminal-reverts', flaggedIds: ['server.EXT-LIFECYCLE-TERMINAL-FINAL=fail'] },
      { fault: ' --fault ext-accepts-missing-meta', flaggedIds: ['server.EXT-BASE-META-REQUIRED=fail'] },
    ]) {
      const dir = folder();
      const cli = startCli(['proxy', '--command', `${REFERENCE} --era modern${fault}`, '--json', join(dir, 'r.json')]);
      const host = new RawHost(cli);
      const created = (await host.request('tools/call', modernParams({ name: 'slow_compute', arguments: { seconds: 0 } }))).result as Record<string, unknown>;
      expect(created.resultType).toBe('task');
      const statuses: unknown[] = [];
      for (let look = 0; look < 4; look++) {
        const task = (await host.request('tasks/get', modernParams({ taskId: created.taskId }))).result as Record<string, unknown>;
        statuses.push(task.status);
        // At the pace asked while the task reads unfinished; a finished task is looked at again at once, as hosts do.
        if (task.status !== 'completed') await new Promise((resolve) => setTimeout(resolve, Number(task.pollIntervalMs ?? 100)));
      }
      // A request that forgets the envelope: the server must refuse it.
      await host.request('tasks/get', { taskId: created.taskId });
      host.end();
      const code = await cli.closed;
      const results = resultsOf(join(dir, 'r.json'));
      expect(flagged(results), `${fault || 'clean'}: ${statuses.join(', ')}`).toEqual(flaggedIds);
      if (!fault) expect(outcomes(results)['server.EXT-BASE-META-REQUIRED']).toBe('pass');
      expect(outcomes(results)['server.EXT-GET-RESULTTYPE-COMPLETE']).toBe('pass');
      expect(results.every((result) => result.id.includes('EXT-') || result.outcome === 'skip')).toBe(true);
      expect(code).toBe(flaggedIds.length > 0 ? 1 : 0);
    }
  });
});

describe.skipIf(!BUILT)('requestor rules, judged on the side that asks', () => {
  it('a host that polls faster than asked and sends related-task _meta on tasks/get is warned, the server not blamed', { timeout: 60_000 }, async () => {
    const dir = folder();
    const cli = startCli(['proxy', '--command', `${REFERENCE} --poll-interval-ms 10000`, '--json', join(dir, 'r.json')]);
    const host = new RawHost(cli);
    await host.request('initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'hasty-host', version: '1' } });
    const created = (await host.request('tools/call', { name: 'conformance_echo', arguments: { text: 'x', delayMs: 30_000 }, task: { ttl: 60_000 } })).result as { task: { taskId: string } };
    const taskId = created.task.taskId;
    // Three polls back to back, each answered "working" with a pollInterval of 10 s (a gap under 5 s is too fast).
    for (let poll = 0; poll < 3; poll++) await host.request('tasks/get', { taskId, _meta: { 'io.modelcontextprotocol/related-task': { taskId } } });
    await host.request('tasks/cancel', { taskId });
    host.end();
    expect(await cli.closed).toBe(0); // warnings only
    const results = resultsOf(join(dir, 'r.json'));
    expect(flagged(results)).toEqual(['host.TASKS-META-REQUESTOR-NO-META=warn', 'host.TASKS-GET-RESPECT-POLL-INTERVAL=warn']);
    expect(outcomes(results)['server.TASKS-CANCEL-BEFORE-RESPONSE']).toBe('pass');
  });

  // The host as a receiver: the server's conformance_ask makes a task of a sampling request the host takes as a task.
  for (const { name, serverFault, hostDropsMeta, expected } of [
    {
      name: 'the server sends related-task _meta on its tasks/get',
      serverFault: ' --fault ask-related-meta-on-task-requests',
      hostDropsMeta: false,
      expected: ['server.TASKS-META-REQUESTOR-NO-META=warn'],
    },
    { name: "the host's tasks/result lacks related-task _meta", serverFault: '', hostDropsMeta: true, expected: ['host.TASKS-META-RESULT-INCLUDES=fail'] },
  ]) {
    it(`judges the roles the other way round when the server asks the host for a task: ${name}`, { timeout: 60_000 }, async () => {
      const dir = folder();
      const cli = startCli(['proxy', '--command', `${REFERENCE}${serverFault}`, '--json', join(dir, 'r.json')]);
      const host = new RawHost(cli);
      const taskId = 'host-task-1';
      let looks = 0;
      const task = (status: string) => ({ taskId, status, createdAt: new Date().toISOString(), lastUpdatedAt: new Date().toISOString(), ttl: 60_000, pollInterval: 100 });
      host.serve = (method, params) => {
        if (method === 'sampling/createMessage' && params.task !== undefined) return { task: task('working') };
        if (method === 'tasks/get') return task(++looks < 2 ? 'working' : 'completed');
        if (method === 'tasks/result')
          return {
            role: 'assistant',
            model: 'host-model',
            content: { type: 'text', text: 'from the host' },
            ...(hostDropsMeta ? {} : { _meta: { 'io.modelcontextprotocol/related-task': { taskId } } }),
          };
        return undefined;
      };
      const capabilities = { sampling: {}, tasks: { requests: { sampling: { createMessage: {} } } } };
      await host.request('initialize', { protocolVersion: '2025-11-25', capabilities, clientInfo: { name: 'receiving-host', version: '1' } });
      host.notify('notifications/initialized');
      const answer = (await host.request('tools/call', { name: 'conformance_ask', arguments: { text: 'ask the host' } })).result as { content: { text: string }[] };
      expect(answer.content[0]!.text).toBe('from the host');
      host.end();
      expect(await cli.closed).toBe(expected[0]!.endsWith('fail') ? 1 : 0);
      const results = resultsOf(join(dir, 'r.json'));
      expect(flagged(results)).toEqual(expected);
      expect(outcomes(results)['server.TASKS-CAP-REQUESTOR-ONLY-DECLARED']).toBe('pass');
      expect(outcomes(results)['host.TASKS-TASK-SHAPE']).toBe('pass');
    });
  }

  it("a host that calls tools against their taskSupport breaks the tool-level rules (MUST), the server's answers aside", { timeout: 60_000 }, async () => {
    const dir = folder();
    const cli = startCli(['proxy', '--command', REFERENCE, '--json', join(dir, 'r.json')]);
    const host = new RawHost(cli);
    await host.request('initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'careless-host', version: '1' } });
    await host.request('tools/list', {});
    await host.request('tools/call', { name: 'conformance_required', arguments: { text: 'x' } });
    await host.request('tools/call', { name: 'conformance_forbidden', arguments: { text: 'x' }, task: { ttl: 60_000 } });
    host.end();
    expect(await cli.closed).toBe(1);
    const results = resultsOf(join(dir, 'r.json'));
    expect(flagged(results)).toEqual(['host.TASKS-TOOL-FORBIDDEN-NO-TASK=fail', 'host.TASKS-TOOL-REQUIRED-TASK=fail']);
    expect(outcomes(results)['host.TASKS-TOOL-NO-CAP-NO-TASK']).toBe('pass');
  });

  it('says how to mend a wrong command line in one line (exit 2)', { timeout: 30_000 }, async () => {
    for (const [args, pattern] of [
      [['proxy'], /^mcp-tasks-conformance: proxy needs the real server: --command .* or --url .* --port N/],
      [['proxy', '--url', 'http://127.0.0.1:1/mcp'], /^mcp-tasks-conformance: proxy --url needs --port N/],
      [['judge'], /^mcp-tasks-conformance: judge wants one trace file/],
      [['judge', join(folder(), 'absent.jsonl')], /^mcp-tasks-conformance: the trace file .* does not exist/],
    ] as const) {
      const cli = startCli([...args]);
      expect(await cli.closed).toBe(2);
      expect(cli.stderr.join('')).toMatch(pattern);
      expect(cli.stderr.join('').trim().split('\n')).toHaveLength(1);
    }
  });
});

describe.skipIf(!BUILT)('proxy --url (Streamable HTTP)', () => {
  for (const { fault, expected } of [
    { fault: undefined, expected: [] as string[] },
    { fault: 'result-missing-related-meta', expected: ['server.TASKS-META-RESULT-INCLUDES=fail'] },
  ]) {
    it(`passes an SDK Client's session through (${fault ?? 'clean'}) and reports on SIGTERM`, { timeout: 60_000 }, async () => {
      const server = await startReferenceHttpServer({ port: 0, ...(fault ? { faults: [fault] } : {}) });
      const dir = folder();
      try {
        const direct = await taskFlow(httpTransport(server.url));
        const cli = startCli(['proxy', '--url', server.url, '--port', '0', '--json', join(dir, 'r.json'), '--trace', join(dir, 't.jsonl')]);
        const [, url] = await cli.stderrMatch(/serving (http:\/\/127\.0\.0\.1:\d+\/mcp)/);
        const proxied = await taskFlow(httpTransport(url!));
        expect(proxied).toEqual(direct);
        cli.child.kill('SIGTERM');
        expect(await cli.closed).toBe(expected.length > 0 ? 1 : 0);
        const results = resultsOf(join(dir, 'r.json'));
        expect(flagged(results)).toEqual(expected);
        expect(outcomes(results)['server.TASKS-META-RESULT-INCLUDES']).toBe(expected.length > 0 ? 'fail' : 'pass');
        const judged = await judgeTrace(join(dir, 't.jsonl'), dir);
        expect(outcomes(judged.results)).toEqual(outcomes(results));
      } finally {
        await server.close();
      }
    });
  }
});

const requirements = { legacy: new Map(REQUIREMENTS.map((r) => [r.id, r])), modern: new Map(EXT_REQUIREMENTS.map((r) => [r.id, r])) };

describe.skipIf(!BUILT)('proxy --url with 2026-07-28 traffic', () => {
  it('judges sessionless requests, each its own POST, per identity', { timeout: 60_000 }, async () => {
    const server = await startReferenceHttpServer({ port: 0, faults: ['ext-get-resulttype-task'] });
    const dir = folder();
    try {
      const cli = startCli(['proxy', '--url', server.url, '--port', '0', '--json', join(dir, 'r.json')]);
      const [, url] = await cli.stderrMatch(/serving (http:\/\/127\.0\.0\.1:\d+\/mcp)/);
      let id = 0;
      const post = async (method: string, params: Record<string, unknown>) => {
        const message = { jsonrpc: '2.0', id: ++id, method, params: modernParams(params) };
        const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: 'Bearer someone', ...standardHeaders(message) };
        const text = await (await fetch(url!, { method: 'POST', headers, body: JSON.stringify(message) })).text();
        return JSON.parse(text.startsWith('{') ? text : /^data: (.*)$/m.exec(text)![1]!) as { result: Record<string, unknown> };
      };
      const created = (await post('tools/call', { name: 'slow_compute', arguments: { seconds: 0 } })).result;
      expect(created.resultType).toBe('task');
      await post('tasks/get', { taskId: created.taskId });
      cli.child.kill('SIGTERM');
      expect(await cli.closed).toBe(1);
      const results = resultsOf(join(dir, 'r.json'));
      expect(flagged(results)).toEqual(['server.EXT-GET-RESULTTYPE-COMPLETE=fail']);
      expect(outcomes(results)['server.EXT-RESULTTYPE-TASK']).toBe('pass');
    } finally {
      await server.close();
    }
  });
});

describe('proxy --url forwarding', () => {
  it('streams an SSE answer event by event (never buffered), with status, headers and sessions passed through', { timeout: 30_000 }, async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const seen: { headers: Record<string, unknown>; body: string }[] = [];
    // A server that sends one event, then holds its stream open until the test has seen that event through the proxy.
    const upstream = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      req.on('end', () => {
        seen.push({ headers: req.headers, body });
        res.writeHead(200, { 'content-type': 'text/event-stream', 'mcp-session-id': 'session-1', 'x-upstream': 'yes' });
        res.write('event: message\ndata: {"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":1,"progress":1}}\n\n');
        void released.then(() => res.end('event: message\ndata: {"jsonrpc":"2.0","id":7,"result":{}}\n\n'));
      });
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', () => resolve()));
    const judge = new RuleBook({ requirements });
    const tap = new WireTap(judge);
    const proxy = await startHttpProxy({ target: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/mcp`, port: 0, tap });
    try {
      const body = '{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"x"}}';
      const response = await fetch(proxy.url, { method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer token-a', 'mcp-session-id': 'session-1' }, body });
      expect(response.status).toBe(200);
      expect(response.headers.get('x-upstream')).toBe('yes');
      expect(response.headers.get('mcp-session-id')).toBe('session-1');
      const reader = response.body!.getReader();
      const first = Buffer.from((await reader.read()).value!).toString('utf8');
      // The first event arrived while the server still held the stream open.
      expect(first).toContain('notifications/progress');
      release();
      let rest = '';
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) rest += Buffer.from(chunk.value).toString('utf8');
      expect(rest).toContain('"id":7');
      expect(seen[0]!.body).toBe(body);
      expect(seen[0]!.headers.authorization).toBe('Bearer token-a');
      expect(seen[0]!.headers['mcp-session-id']).toBe('session-1');
      expect(judge.messages).toBe(3);
    } finally {
      await proxy.close();
      await new Promise<void>((resolve) => upstream.close(() => resolve()));
    }
  });
});

describe('the judge on recorded entries', () => {
  const at = (t: number) => new Date(t).toISOString();
  const feed = (judge: RuleBook, entries: [from: 'host' | 'server', message: Record<string, unknown>][]) =>
    entries.forEach(([from, message], index) => judge.observe({ t: 1_000 + index, at: at(1_000 + index), from, channel: 'stdio', message: { jsonrpc: '2.0', ...message } }));
  const flaggedOf = (judge: RuleBook) =>
    judge
      .results()
      .filter((each) => each.violationCount > 0)
      .map((each) => `${each.party}.${each.requirement}`);

  it('a 2026-07-28 host that cancels a task with notifications/cancelled breaks EXT-CANCEL-NOT-BY-NOTIFICATION', () => {
    const judge = new RuleBook({ requirements });
    const now = new Date().toISOString();
    feed(judge, [
      ['host', { id: 1, method: 'tools/call', params: modernParams({ name: 'slow_compute', arguments: { seconds: 5 } }) }],
      ['server', { id: 1, result: { resultType: 'task', taskId: 't1', status: 'working', createdAt: now, lastUpdatedAt: now, ttlMs: 60_000 } }],
      ['host', { method: 'notifications/cancelled', params: modernParams({ requestId: 1 }) }],
    ]);
    expect([...judge.erasSeen]).toEqual(['modern']);
    expect(flaggedOf(judge)).toEqual(['host.EXT-CANCEL-NOT-BY-NOTIFICATION']);
  });

  it('a 2025-11-25 host that asks for a task where the server declared none is told (a SHOULD NOT)', () => {
    const judge = new RuleBook({ requirements });
    feed(judge, [
      ['host', { id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'h', version: '1' } } }],
      ['server', { id: 1, result: { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 's', version: '1' } } }],
      ['host', { id: 2, method: 'tools/call', params: { name: 'x', arguments: {}, task: { ttl: 1_000 } } }],
      ['server', { id: 2, result: { content: [] } }],
    ]);
    expect(flaggedOf(judge)).toEqual(['host.TASKS-CAP-NO-TASKS-NO-CREATE']);
    expect(judge.results().find((each) => each.requirement === 'TASKS-CAP-NO-TASKS-NO-CREATE')!.violations[0]!.severity).toBe('warn');
  });
});

describe('the judge stays out of the way', () => {
  it('a judge that throws is noted, never rethrown', () => {
    const judge = new RuleBook({ requirements });
    judge.observe = () => {
      throw new Error('a defect of the judge');
    };
    const tap = new WireTap(judge);
    expect(() => tap.message('host', 'stdio', '{"jsonrpc":"2.0","id":1,"method":"ping"}')).not.toThrow();
    expect(tap.judgeErrors[0]).toMatch(/a defect of the judge/);
  });

  it('keeps its memory bounded over a long session of tasks and unanswered requests', () => {
    const judge = new RuleBook({ requirements });
    const entry = (from: 'host' | 'server', message: unknown, t: number) => ({ t, at: new Date(t).toISOString(), from, channel: 'stdio', message });
    judge.observe(entry('host', { jsonrpc: '2.0', id: 'init', method: 'initialize', params: { capabilities: {} } }, 0));
    judge.observe(entry('server', { jsonrpc: '2.0', id: 'init', result: { protocolVersion: '2025-11-25', capabilities: { tasks: { requests: { tools: { call: {} } } } } } }, 1));
    const now = new Date().toISOString();
    for (let n = 0; n < 5_000; n++) {
      const task = { taskId: `t${n}`, status: 'working', createdAt: now, lastUpdatedAt: now, ttl: 60_000 };
      judge.observe(entry('host', { jsonrpc: '2.0', id: n, method: 'tools/call', params: { name: 'x', task: {} } }, 10 + n));
      judge.observe(entry('server', { jsonrpc: '2.0', id: n, result: { task } }, 10 + n));
      judge.observe(entry('host', { jsonrpc: '2.0', id: `lost-${n}`, method: 'ping' }, 10 + n));
      for (let look = 0; look < 3; look++) {
        judge.observe(entry('host', { jsonrpc: '2.0', id: `g${n}-${look}`, method: 'tasks/get', params: { taskId: `t${n}` } }, 10 + n));
        judge.observe(entry('server', { jsonrpc: '2.0', id: `g${n}-${look}`, result: task }, 10 + n));
      }
    }
    // One task looked at for a long time: its log is compacted, its verdicts kept.
    for (let look = 0; look < 500; look++) {
      judge.observe(entry('host', { jsonrpc: '2.0', id: `long-${look}`, method: 'tasks/get', params: { taskId: 't4999' } }, 6_000 + look));
      judge.observe(entry('server', { jsonrpc: '2.0', id: `long-${look}`, result: { taskId: 't4999', status: 'working', createdAt: now, lastUpdatedAt: now, ttl: 60_000 } }, 6_000 + look));
    }
    const sizes = judge.sizes();
    expect(sizes.longestLog).toBeLessThanOrEqual(64);
    expect(sizes.tasks).toBeLessThanOrEqual(2_000);
    expect(sizes.pending).toBeLessThanOrEqual(10_000);
    expect(judge.dropped.tasks).toBe(3_000);
    expect(judge.results().every((observation) => observation.violations.length <= 20)).toBe(true);
  });
});

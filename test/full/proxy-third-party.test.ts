// The proxy between the v1 SDK Client and a third-party server of the compatibility pins (server-everything, over
// stdio): the host works through it exactly as without it, and the traffic of a task followed to its end breaks
// none of the rules the proxy judges (the scripted suite passes the same rules there: test/expected/).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, describe, expect, it } from 'vitest';
import { BUILT } from '../support/cli-run.js';
import { stdioTransport, taskFlow } from '../support/proxy-hosts.js';

const SERVER_EVERYTHING = fileURLToPath(new URL('../../node_modules/@modelcontextprotocol/server-everything/dist/index.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'proxy-third-party-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.skipIf(!BUILT)('proxy between the SDK Client and server-everything', () => {
  it('works as without it and reports no violation', { timeout: 120_000 }, async () => {
    const call = { name: 'simulate-research-query', arguments: { topic: 'conformance' } };
    const command = `"${process.execPath}" "${SERVER_EVERYTHING}" stdio`;
    const direct = await taskFlow(new StdioClientTransport({ command: process.execPath, args: [SERVER_EVERYTHING, 'stdio'], stderr: 'ignore' }), call);
    const proxied = await taskFlow(stdioTransport(['proxy', '--command', command, '--json', join(dir, 'r.json')]), call);
    expect(proxied.tools).toEqual(direct.tools);
    expect(proxied.statuses.at(-1)).toBe('completed');
    const results = (JSON.parse(readFileSync(join(dir, 'r.json'), 'utf8')) as { results: { id: string; outcome: string }[] }).results;
    expect(results.filter((result) => ['fail', 'warn', 'error'].includes(result.outcome))).toEqual([]);
    expect(results.find((result) => result.id === 'server.TASKS-META-RESULT-INCLUDES')?.outcome).toBe('pass');
  });
});

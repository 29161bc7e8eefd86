import { describe, it } from 'vitest';
import { notableResults } from '../../support/reference-runs.js';
import { MODERN_CLIENT_CHECKS, runAgainstModernClient, runAgainstModernReferenceClient } from '../../support/modern-client-runs.js';

describe('the reference client as a 2026-07-28 requestor', () => {
  it('passes every client check of the 2026-07-28 profile', async ({ expect }) => {
    const report = await runAgainstModernReferenceClient();
    expect(notableResults(report)).toEqual([]);
    expect(report.results.filter((result) => result.outcome === 'skip').map((result) => `${result.id}: ${result.message}`)).toEqual([]);
    expect(report.summary.pass).toBe(MODERN_CLIENT_CHECKS.length);
  });

  it("passes every client check over stdio too, where it launches the suite's bridge as its server (the routing headers skip)", async ({ expect }) => {
    const report = await runAgainstModernReferenceClient({ overStdio: true });
    expect(notableResults(report)).toEqual([]);
    expect(report.results.filter((result) => result.outcome === 'skip').map((result) => result.id)).toEqual(['ext-requestor.routing-headers']);
    expect(report.target.transport).toBe('stdio');
  });

  it('a client that declares the extension and then only discovers the server passes nothing but the envelope it showed', async ({ expect }) => {
    const report = await runAgainstModernClient(async (url) => {
      const meta = {
        'io.modelcontextprotocol/protocolVersion': '2026-07-28',
        'io.modelcontextprotocol/clientCapabilities': { elicitation: { form: {} }, extensions: { 'io.modelcontextprotocol/tasks': {} } },
      };
      const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: meta } });
      const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'server/discover' };
      const done = fetch(url, { method: 'POST', headers, body }).then((response) => response.text());
      return { done, close: async () => undefined };
    });
    expect(report.results.filter((result) => result.outcome === 'pass').map((result) => result.id)).toEqual(['ext-requestor.request-envelope']);
    expect(report.results.filter((result) => result.outcome !== 'pass' && result.outcome !== 'skip').map((result) => `${result.id}: ${result.message}`)).toEqual([]);
  });
});

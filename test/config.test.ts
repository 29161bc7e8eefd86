import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseConfig } from '../cli/config.js';
import { fixtureArguments, resolveFixtures } from '../harness/model/fixtures.js';

describe('config', () => {
  it('maps fixture roles to the IUT tools with argument templates', () => {
    const config = parseConfig({ fixtures: { echo: { tool: 'long_job', arguments: { prompt: '${text}', wait: '${delayMs}', mode: 'fast' } } } });
    const fixtures = resolveFixtures([{ name: 'long_job', execution: { taskSupport: 'optional' }, raw: {} }], config.fixtures);
    const echo = fixtures.get('echo')!;
    expect(echo).toMatchObject({ tool: 'long_job', echoesInput: true, honoursDelay: true, declaredTaskSupport: 'optional' });
    expect(fixtureArguments(echo, { text: 'hi', delayMs: 5 })).toEqual({ prompt: 'hi', wait: 5, mode: 'fast' });
  });

  it('without the contract forbidden tool, a listed tool declaring forbidden stands in, saying so', () => {
    const plain = { name: 'conformance_plain', execution: { taskSupport: 'forbidden' }, raw: { inputSchema: { type: 'object', properties: { text: {}, delayMs: {} }, required: ['text'] } } };
    const other = { name: 'lookup', execution: { taskSupport: 'forbidden' }, raw: { inputSchema: { type: 'object', properties: { text: {} } } } };
    const forbidden = resolveFixtures([other, plain]).get('forbidden')!;
    expect(forbidden).toMatchObject({ tool: 'conformance_plain', declaredTaskSupport: 'forbidden', echoesInput: true });
    expect(forbidden.standIn).toMatch(/offers no conformance_forbidden tool; conformance_plain, which it lists with execution.taskSupport "forbidden", stands in/);
    // Any tool that takes text alone will do, but it is not trusted to echo it.
    expect(resolveFixtures([other]).get('forbidden')).toMatchObject({ tool: 'lookup', echoesInput: false, honoursDelay: false });
    // Not a tool that needs more than text, not when the contract's tool is there, not when the config maps the role.
    const needsMore = { name: 'query', execution: { taskSupport: 'forbidden' }, raw: { inputSchema: { type: 'object', required: ['sql'] } } };
    expect(resolveFixtures([needsMore]).has('forbidden')).toBe(false);
    const contract = { name: 'conformance_forbidden', execution: { taskSupport: 'forbidden' }, raw: {} };
    for (const [found, tool] of [
      [resolveFixtures([plain, contract]).get('forbidden'), 'conformance_forbidden'],
      [resolveFixtures([plain, other], { forbidden: { tool: 'lookup' } }).get('forbidden'), 'lookup'],
    ] as const) {
      expect(found?.tool).toBe(tool);
      expect(found?.standIn).toBeUndefined();
    }
  });

  it('says in one line what is wrong and where', () => {
    const cases: [unknown, RegExp][] = [
      [{ fixtures: { echo: { tool: 3 } } }, /^config: fixtures\.echo\.tool: /],
      [{ fixtures: { nonsense: { tool: 'x' } } }, /^config: fixtures(\.nonsense)?: /],
      [{ timeoutMultipler: 2 }, /unrecognized.*allowed keys are fixtures, timeoutMultiplier/i],
      [{ timeoutMultiplier: -1 }, /^config: timeoutMultiplier: /],
    ];
    for (const [input, pattern] of cases) {
      const error = (() => {
        try {
          parseConfig(input);
        } catch (e) {
          return e as Error;
        }
      })();
      expect(error).toBeInstanceOf(ConfigError);
      expect(error!.message).toMatch(pattern);
      expect(error!.message).not.toContain('\n');
    }
  });

  it('explains unreadable and unparsable files', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'config-'));
    await writeFile(join(folder, 'bad.json'), '{ nope');
    await expect(loadConfig(join(folder, 'bad.json'))).rejects.toThrow(/is not valid JSON/);
    await expect(loadConfig(join(folder, 'missing.json'))).rejects.toThrow(/cannot be read \(ENOENT\)/);
  });
});

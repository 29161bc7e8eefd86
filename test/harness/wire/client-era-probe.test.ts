// --spec auto for clients: the probe tells a modern client, a legacy one and a dual-era one apart by what each sends
// a modern endpoint and the 2025-11-25 endpoint. Launches dist/reference-client/main.js, so `npm run build` must have run.
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { probeClientEra } from '../../../harness/receivers/2026-07-28/client-era-probe.js';
import { ClientEndpoint } from '../../../harness/wire/2025-11-25/client-endpoint.js';
import { makeTiming } from '../../../harness/wire/timing.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const NODE = `"${process.execPath}"`;
let endpoint: ClientEndpoint;

beforeAll(async () => {
  endpoint = await ClientEndpoint.start();
});
afterAll(async () => {
  await endpoint.close();
});

describe('the era probe of a client', () => {
  const cases = [
    { what: 'the dual-era reference client', command: `${NODE} "${ROOT}dist/reference-client/main.js"`, modern: true, legacy: true },
    { what: 'a modern-only client (ext-tasks requester)', command: `${NODE} "${ROOT}test/fixtures/third-party/ext-tasks-requester.mjs"`, modern: true, legacy: false },
    { what: 'a legacy client (ext-tasks receiver)', command: `${NODE} "${ROOT}test/fixtures/third-party/ext-tasks-client.mjs"`, modern: false, legacy: true },
  ];
  for (const { what, command, modern, legacy } of cases) {
    it.concurrent(`finds ${what} ${[modern ? 'modern' : '', legacy ? 'legacy' : ''].filter(Boolean).join(' and ')}`, async ({ expect }) => {
      const found = await probeClientEra({ transport: 'client', command, endpoint }, makeTiming(2));
      expect({ modern: found.modern, legacy: found.legacy }, found.why).toEqual({ modern, legacy });
    });
  }
});

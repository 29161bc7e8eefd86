// Writes reports/report.schema.json from the report model (reports/json.ts reportJsonSchema); run after a build,
// as `npm run schema`. test/reports/json-schema.test.ts fails when the committed file differs from what this writes.
import { writeFileSync } from 'node:fs';
import { URL } from 'node:url';

import { reportJsonSchema } from '../dist/reports/json.js';

writeFileSync(new URL('../reports/report.schema.json', import.meta.url), `${JSON.stringify(reportJsonSchema(), null, 2)}\n`);

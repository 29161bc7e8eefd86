// Builds the HTML report card's assets beside the built renderer (dist/reports/assets), which inlines them:
// the browser script compiled on its own (reports/assets/tsconfig.json: DOM types, a classic script) and the style.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync } from 'node:fs';
import process from 'node:process';
import { fileURLToPath, URL } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const tsc = fileURLToPath(new URL('../node_modules/typescript-native/bin/tsc', import.meta.url));

execFileSync(process.execPath, [tsc, '-p', 'reports/assets/tsconfig.json'], { cwd: root, stdio: 'inherit' });
mkdirSync(new URL('../dist/reports/assets/', import.meta.url), { recursive: true });
copyFileSync(new URL('../reports/assets/report.css', import.meta.url), new URL('../dist/reports/assets/report.css', import.meta.url));

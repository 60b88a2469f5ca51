// Adds up the Vitest and Playwright JSON reports of a run and prints the closing line CI reads.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const folder = process.argv[2] ?? '.test-reports';
let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of existsSync(folder) ? readdirSync(folder).filter((name) => name.endsWith('.json')) : []) {
  const report = JSON.parse(readFileSync(join(folder, file), 'utf8'));
  if (report.stats && 'expected' in report.stats) {
    passed += report.stats.expected + (report.stats.flaky ?? 0);
    failed += report.stats.unexpected;
    skipped += report.stats.skipped ?? 0;
  } else {
    passed += report.numPassedTests ?? 0;
    failed += (report.numFailedTests ?? 0) + (report.numFailedTestSuites && !report.numFailedTests ? 1 : 0);
    skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  }
  console.log(
    `${file}: ${report.stats ? `${report.stats.expected} passed, ${report.stats.unexpected} failed` : `${report.numPassedTests} passed, ${report.numFailedTests} failed`}`,
  );
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);

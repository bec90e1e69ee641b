// Compares the tests two runs of `npm test` ran, so a change to the suite's speed is seen to drop no test (issue 34):
//   TEST_REPORT_DIR=/tmp/before npm test   (on the tree before)
//   TEST_REPORT_DIR=/tmp/after npm test    (on the tree after)
//   node scripts/test-names.mjs /tmp/before /tmp/after
// Each directory holds vitest's JSON report of every leg (<leg>.json). Prints each leg's count of tests by state, every
// test name (file › describe › test) in one run but not the other, and every test that does not pass after; exits 1 when
// a name differs, a test fails, or a test is skipped that was not skipped before.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const [before, after] = process.argv.slice(2);
if (!before || !after) {
  console.error('usage: node scripts/test-names.mjs <report dir before> <report dir after>');
  process.exit(2);
}

/** The leg's test names, each with its state (passed, failed, skipped, todo), from vitest's JSON report; null if absent. */
function testsOf(dir, file) {
  const path = join(dir, file);
  if (!existsSync(path)) return null;
  const report = JSON.parse(readFileSync(path, 'utf8'));
  const tests = new Map();
  for (const suite of report.testResults) {
    // the path from the clone's root, so two clones' reports compare
    const name = suite.name.replace(/^.*?\/(?=(app|server|scripts|tests)\/)/, '');
    for (const test of suite.assertionResults) {
      const key = [name, ...test.ancestorTitles, test.title].join(' › ');
      let unique = key;
      for (let n = 2; tests.has(unique); n++) unique = `${key} (#${n})`; // the same name twice in a file counts twice
      tests.set(unique, test.status);
    }
  }
  return tests;
}

const counts = (tests) =>
  Object.entries([...tests.values()].reduce((all, state) => ({ ...all, [state]: (all[state] ?? 0) + 1 }), {}))
    .map(([state, n]) => `${n} ${state}`)
    .join(', ');

let differs = false;
const legs = [...new Set([...readdirSync(before), ...readdirSync(after)])].filter((file) => file.endsWith('.json')).sort();
for (const file of legs) {
  const [was, is] = [testsOf(before, file), testsOf(after, file)];
  if (!was || !is) {
    console.log(`${file}: only in ${was ? before : after}`);
    differs = true;
    continue;
  }
  const gone = [...was.keys()].filter((name) => !is.has(name));
  const added = [...is.keys()].filter((name) => !was.has(name));
  // a test that does not pass after: a failure, or a skip the run before did not have (a PostgreSQL-only test skipped on
  // SQLite is skipped in both and only listed)
  const notPassing = [...is].filter(([, state]) => state !== 'passed');
  const worse = notPassing.filter(([name, state]) => state === 'failed' || was.get(name) !== state);
  console.log(`${file}: before ${was.size} (${counts(was)}), after ${is.size} (${counts(is)})${gone.length + added.length === 0 ? ', the same names' : ''}`);
  for (const name of gone) console.log(`  - ${name}`);
  for (const name of added) console.log(`  + ${name}`);
  for (const [name, state] of notPassing) console.log(`  ${state}${worse.some(([other]) => other === name) ? '' : ' (also before)'}: ${name}`);
  if (gone.length > 0 || added.length > 0 || worse.length > 0) differs = true;
}
process.exit(differs ? 1 : 0);

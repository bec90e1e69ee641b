// Runs after `npm install`: the app needs the Node 24 that the `node` dependency installs
// (node:sqlite, type stripping). Entry points must be npm scripts so that Node is first on PATH.
const major = Number(process.versions.node.split('.')[0]);
console.log(`[bucate] Node ${process.versions.node} in use`);
if (major < 24) {
  console.error(
    `[bucate] Node ${process.versions.node} is too old: run the app through npm scripts ` + '(npm start, npm test, npm run ...), which use the Node 24 installed as a dependency.',
  );
  process.exit(1);
}

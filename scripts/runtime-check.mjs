// Which Node.js runs the npm scripts: the `node` package of package.json puts Node 24 first on
// their PATH, whatever Node the machine has (its own may be 20, past its end of life). CI and the
// test runner call this first and stop when it is not 24.
const major = Number(process.versions.node.split(".")[0]);
console.log(`node ${process.version} (${process.execPath})`);
if (major !== 24) {
  console.error(`expected Node.js 24 from the "node" package (npm install puts it in node_modules/.bin); got ${process.version}`);
  process.exit(1);
}

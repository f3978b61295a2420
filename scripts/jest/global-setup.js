// A folder for this Jest run: the prepared test database (server/testing/prepared-db.ts) is built into it
// once, by the first backend suite that asks, and copied for every other one. Workers inherit the variable.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

module.exports = async function globalSetup() {
  if (!process.env.JIAOWU_TEST_RUN_DIR) process.env.JIAOWU_TEST_RUN_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'jwrun'));
};

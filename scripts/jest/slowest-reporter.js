// Prints the slowest test files after a run, so the test budget shows where Jest's time goes.
// CJS like jest.config.js. JEST_SLOWEST=N sets how many (default 15).
class SlowestSuitesReporter {
  constructor(_globalConfig, options = {}) {
    this.count = Number(process.env.JEST_SLOWEST || options.count || 15);
  }

  onRunComplete(_contexts, results) {
    const rows = results.testResults
      .map((r) => ({ file: r.testFilePath.replace(`${process.cwd()}/`, ''), ms: r.perfStats.end - r.perfStats.start, tests: r.numPassingTests + r.numFailingTests }))
      .sort((a, b) => b.ms - a.ms);
    const total = rows.reduce((s, r) => s + r.ms, 0);
    const lines = rows.slice(0, this.count).map((r) => `${(r.ms / 1000).toFixed(1).padStart(7)} s  ${String(r.tests).padStart(4)} tests  ${r.file}`);
    const wall = (Date.now() - results.startTime) / 1000;
    process.stdout.write(
      `\nSlowest ${lines.length} of ${rows.length} test files (sum of file times ${(total / 1000).toFixed(0)} s, wall ${wall.toFixed(0)} s):\n${lines.join('\n')}\n`,
    );
  }
}

module.exports = SlowestSuitesReporter;

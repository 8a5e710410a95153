import type { FullResult, Reporter, TestCase, TestResult } from "@playwright/test/reporter";

// The e2e suite's wall time and its slowest stories, printed at its end: the suite has a budget.
export default class SuiteTimeReporter implements Reporter {
  private readonly durations: [string, number][] = [];

  onTestEnd(test: TestCase, result: TestResult) {
    this.durations.push([
      `${test.location.file.split("/").pop()} › ${test.title}`,
      result.duration,
    ]);
  }

  onEnd(result: FullResult) {
    const slowest = [...this.durations].sort((a, b) => b[1] - a[1]).slice(0, 5);
    console.log(
      `\ne2e: ${this.durations.length} stories in ${(result.duration / 1000).toFixed(1)} s`,
    );
    for (const [title, ms] of slowest)
      console.log(`  ${(ms / 1000).toFixed(1).padStart(6)} s  ${title}`);
  }

  printsToStdio() {
    return false;
  }
}

/**
 * The failed tests of a run, read from the JSON reports of Vitest and Playwright, so the last
 * lines of a long CI log name what failed (a CI log is often read from its end, and the unit
 * tests' own report is an hour above it by then).
 */
import { existsSync, readFileSync } from "node:fs";
import { stripVTControlCharacters } from "node:util";

import type { JSONReport, JSONReportSuite } from "@playwright/test/reporter";
import type { JsonTestResults } from "vitest/node";

export interface FailedTest {
  title: string;
  message: string;
}

/** The first lines of an error, without the terminal's colours. */
function firstLines(text: string, lines = 4): string {
  return stripVTControlCharacters(text)
    .split("\n")
    .filter((line) => line.trim() !== "")
    .slice(0, lines)
    .join("\n");
}

export function vitestFailures(reportPath: string, root: string): FailedTest[] {
  if (!existsSync(reportPath)) return [{ title: "(no report written)", message: reportPath }];
  const report = JSON.parse(readFileSync(reportPath, "utf8")) as JsonTestResults;
  const failures: FailedTest[] = [];
  for (const file of report.testResults) {
    const name = file.name.startsWith(root) ? file.name.slice(root.length + 1) : file.name;
    const failedTests = file.assertionResults.filter((test) => test.status === "failed");
    for (const test of failedTests) {
      failures.push({
        title: `${name} › ${test.fullName}`,
        message: firstLines((test.failureMessages ?? []).join("\n")),
      });
    }
    if (failedTests.length === 0 && file.status === "failed") {
      failures.push({
        title: name,
        message: firstLines(file.message ?? "the file failed outside its tests"),
      });
    }
  }
  if (failures.length === 0 && !report.success) {
    failures.push({
      title: "(every test passed)",
      message: "Vitest reported an error outside the tests: see its output above.",
    });
  }
  return failures;
}

export function playwrightFailures(reportPath: string): FailedTest[] {
  if (!existsSync(reportPath)) return [{ title: "(no report written)", message: reportPath }];
  const report = JSON.parse(readFileSync(reportPath, "utf8")) as JSONReport;
  const failures: FailedTest[] = [];
  const visit = (suite: JSONReportSuite) => {
    for (const spec of suite.specs) {
      for (const test of spec.tests) {
        if (test.status !== "unexpected") continue;
        const error = test.results.map((result) => result.error?.message ?? "").find(Boolean) ?? "";
        failures.push({
          title: `[${test.projectName}] ${spec.file}:${spec.line} › ${spec.title}`,
          message: firstLines(error),
        });
      }
    }
    suite.suites?.forEach(visit);
  };
  report.suites.forEach(visit);
  for (const error of report.errors)
    failures.push({ title: "(outside a test)", message: firstLines(error.message ?? "") });
  return failures;
}

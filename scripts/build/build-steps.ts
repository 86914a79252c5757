/**
 * Times each step of the build and prints them at the end: a publication's
 * wait is this build's time (decision 0020), so where it goes is always in
 * the log, next to the build it describes.
 */
export class BuildSteps {
  private readonly steps: { name: string; ms: number }[] = [];
  private readonly started = performance.now();

  async run<T>(name: string, work: () => T | Promise<T>): Promise<T> {
    const started = performance.now();
    try {
      return await work();
    } finally {
      this.steps.push({ name, ms: performance.now() - started });
    }
  }

  /** One line per step, then the total, in seconds. */
  report(): string {
    const width = Math.max(...this.steps.map((step) => step.name.length));
    const line = (name: string, ms: number) => `  ${name.padEnd(width)}  ${(ms / 1000).toFixed(1).padStart(5)} s`;
    return [
      "Pasos del build:",
      ...this.steps.map((step) => line(step.name, step.ms)),
      line("total", performance.now() - this.started),
    ].join("\n");
  }
}

// A vitest reporter that ends the run with the time each project took, for README.md's figure
// and to see which project a slow run waited for. Projects run one after another
// (vitest.config.ts), so a project's time is from its first file's start to its last file's
// end; the browser tests' site is built during the unit tests (tests/e2e/global-setup.ts).
import type { Reporter, TestModule } from "vitest/node";

const seconds = (ms: number) => {
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, "0")}s`;
};

export default class ProjectTimes implements Reporter {
  // Made when vitest starts, before the global setups: the whole run counts them.
  private readonly runStart = Date.now();
  private readonly spans = new Map<string, { start: number; end: number; files: number }>();

  onTestModuleStart(module: TestModule): void {
    const name = module.project.name || "default";
    const span = this.spans.get(name);
    if (span) span.start = Math.min(span.start, Date.now());
    else this.spans.set(name, { start: Date.now(), end: Date.now(), files: 0 });
  }

  onTestModuleEnd(module: TestModule): void {
    const span = this.spans.get(module.project.name || "default");
    if (!span) return;
    span.end = Math.max(span.end, Date.now());
    span.files += 1;
  }

  onTestRunEnd(): void {
    if (this.spans.size === 0) return;
    const parts = [...this.spans].map(
      ([name, { start, end, files }]) => `${name} ${seconds(end - start)} (${files} files)`,
    );
    console.log(`\n Time per project: ${parts.join(", ")}; whole run ${seconds(Date.now() - this.runStart)}\n`);
  }
}

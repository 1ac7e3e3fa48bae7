// The unit project's run folder for template databases (templates.ts): made before the first
// test file and removed after the last, so a run never copies another run's template.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import type {} from "./templates.ts";

export default function setup(project: TestProject) {
  const folder = mkdtempSync(join(tmpdir(), "dishcovery-templates-"));
  project.provide("testTemplatesDir", folder);
  return () => rmSync(folder, { recursive: true, force: true });
}

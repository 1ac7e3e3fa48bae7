import { mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseEnv } from "node:util";
import { describe, expect, it } from "vitest";
import { previewSettings } from "./preview-edge-settings.ts";

function folders() {
  const root = mkdtempSync(join(tmpdir(), "preview-settings-"));
  return { root, work: join(root, ".wrangler/preview-edge") };
}

describe("preview:edge settings", () => {
  it("a fresh clone gets development settings with a strong local secret, kept for the next run", () => {
    const { root, work } = folders();
    const first = previewSettings(root, work);
    expect(first).toMatchObject({ source: "generated", created: true });
    const file = (first as { file: string }).file;
    const settings = parseEnv(readFileSync(file, "utf8"));
    expect(settings.NODE_ENV).toBe("development");
    expect(settings.DEV_OUTBOX).toBe("1");
    expect(settings.JWT_SECRET?.length).toBeGreaterThanOrEqual(32);
    expect(statSync(file).mode & 0o077).toBe(0);
    const second = previewSettings(root, work);
    expect(second).toEqual({ source: "generated", file, created: false });
    expect(parseEnv(readFileSync(file, "utf8")).JWT_SECRET).toBe(settings.JWT_SECRET);
  });

  it("two fresh clones never share a secret", () => {
    const a = folders();
    const b = folders();
    const secretOf = (s: ReturnType<typeof previewSettings>) =>
      parseEnv(readFileSync((s as { file: string }).file, "utf8")).JWT_SECRET;
    expect(secretOf(previewSettings(a.root, a.work))).not.toBe(secretOf(previewSettings(b.root, b.work)));
  });

  it("a .dev.vars or an --env-file wins, and nothing is generated", () => {
    const { root, work } = folders();
    expect(previewSettings(root, work, "custom.vars")).toEqual({ source: "env-file", file: "custom.vars" });
    writeFileSync(join(root, ".dev.vars"), "JWT_SECRET=x\n");
    expect(previewSettings(root, work)).toEqual({ source: "dev.vars" });
  });
});

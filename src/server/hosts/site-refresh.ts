// Fresh ranked lists on the Node entry (docs/decisions/012): after a catalogue write, a niced
// background build of the list pages (home, tag, area), of /transparency (every page that is
// not an item page builds each time; a moderation decision or appeal notifies with
// `transparency` so the report follows it even when no item changed, issue 21) and of the
// changed items' own pages
// goes into a new folder beside the served one; every other item page is hard-linked from the
// served folder; then SITE_DIR, a symbolic link, is replaced by rename(2), which is atomic.
// The static host follows the pointer this module keeps, so a request reads one folder from
// start to end, and the previous folder stays on disk until the next swap.
import { spawn } from "node:child_process";
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { copyFile, link, mkdir, readdir, realpath, rename, rm, symlink, writeFile } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";
import * as z from "zod";
import type { CatalogueChanges } from "../api/services/catalogue-changes.ts";

export const DEFAULT_REFRESH_MINUTES = 10;

const minutesSchema = z.coerce
  .number()
  .min(0)
  .max(24 * 60);

/**
 * SITE_REFRESH_MINUTES: the least time between two background rebuilds (default 10, so a
 * ranked list is at most about 10 minutes plus one build behind); 0 turns refreshing off.
 */
export function refreshIntervalMs(source: Record<string, string | undefined> = process.env): number {
  const raw = source.SITE_REFRESH_MINUTES?.trim();
  if (!raw) return DEFAULT_REFRESH_MINUTES * 60_000;
  const parsed = minutesSchema.safeParse(raw);
  if (!parsed.success)
    throw new Error(`SITE_REFRESH_MINUTES must be a number of minutes from 0 to 1440, got "${raw}"`);
  return Math.round(parsed.data * 60_000);
}

const changedItemsSchema = z.object({
  dishes: z.array(z.number().int()),
  restaurants: z.array(z.number().int()),
  offers: z.array(z.number().int()),
});

/** Item ids a refresh rebuilds, passed to the build as SITE_BUILD_ITEMS (JSON). */
export type ChangedItems = z.infer<typeof changedItemsSchema>;

/**
 * A refresh build's item pages: only the changed items among those the full build would
 * prerender (site-build.ts). Without SITE_BUILD_ITEMS, the whole set. Areas are
 * list pages and always build.
 */
export function restrictToChangedItems<T extends ChangedItems>(
  set: T,
  source: Record<string, string | undefined> = process.env,
): T {
  const raw = source.SITE_BUILD_ITEMS?.trim();
  if (!raw) return set;
  const changed = changedItemsSchema.parse(JSON.parse(raw));
  const keep = (ids: number[], wanted: number[]) => {
    const w = new Set(wanted);
    return ids.filter((id) => w.has(id));
  };
  return {
    ...set,
    dishes: keep(set.dishes, changed.dishes),
    restaurants: keep(set.restaurants, changed.restaurants),
    offers: keep(set.offers, changed.offers),
  };
}

// ---------------------------------------------------------------------------------------------
// Folders and the atomic swap

/** A new, unused folder beside the link: `dist-<time>` for SITE_DIR `dist`. */
export function newSiteFolder(siteDir: string, now = Date.now()): string {
  const link = resolve(siteDir);
  let stamp = now;
  while (existsSync(`${link}-${stamp}`)) stamp++;
  return `${link}-${stamp}`;
}

/** True when SITE_DIR is a symbolic link (what `npm start` makes), the only case we swap. */
export function isSiteLink(siteDir: string): boolean {
  try {
    return lstatSync(resolve(siteDir)).isSymbolicLink();
  } catch {
    return false;
  }
}

/**
 * Points SITE_DIR at `folder`: a new link under a temporary name, renamed over the old one.
 * rename(2) replaces the link in one step, so every path lookup sees the old folder or the new.
 * A SITE_DIR that is still a real folder (a site built before links) is moved aside first,
 * which is only safe before the server listens (scripts/start.ts).
 */
export async function pointSiteAt(siteDir: string, folder: string): Promise<void> {
  const linkPath = resolve(siteDir);
  let existing;
  try {
    existing = lstatSync(linkPath);
  } catch {
    existing = undefined;
  }
  if (existing && !existing.isSymbolicLink()) await rename(linkPath, newSiteFolder(linkPath));
  const temporary = `${linkPath}.swap-${process.pid}-${Date.now()}`;
  // Relative, so the pair of folders can be moved or mounted elsewhere together.
  await symlink(basename(folder), temporary, "dir");
  await rename(temporary, linkPath);
}

// A server marks each folder it may still read with a lease, `<folder>/.leases/<pid>`: a second
// `npm start` in the same place (a rolling restart) builds and swaps in a new folder and must
// not delete the one the first server is serving. A lease whose process has died holds nothing.
// Dotfiles are never served (static-site.ts), and a refresh does not copy them.
const LEASES = ".leases";

export function leaseSiteFolder(folder: string): void {
  mkdirSync(join(folder, LEASES), { recursive: true });
  writeFileSync(join(folder, LEASES, String(process.pid)), "");
}

export function releaseSiteFolder(folder: string): void {
  rmSync(join(folder, LEASES, String(process.pid)), { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function isLeased(folder: string): boolean {
  let holders: string[];
  try {
    holders = readdirSync(join(folder, LEASES));
  } catch {
    return false;
  }
  return holders.some((name) => /^\d+$/.test(name) && isAlive(Number(name)));
}

/**
 * Deletes the site folders beside the link other than those kept (the current and previous)
 * and those a running server holds.
 */
export async function pruneSiteFolders(siteDir: string, keep: string[]): Promise<void> {
  const linkPath = resolve(siteDir);
  const parent = dirname(linkPath);
  const prefix = `${basename(linkPath)}-`;
  const kept = new Set(keep.map((k) => resolve(k)));
  for (const name of await readdir(parent)) {
    if (!name.startsWith(prefix) || !/^\d+$/.test(name.slice(prefix.length))) continue;
    const path = join(parent, name);
    if (!kept.has(path) && !isLeased(path)) await rm(path, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// The build

const ROOT = resolve(import.meta.dirname, "../../..");
const ITEM_KINDS = ["dish", "restaurant", "offers"] as const;

export interface BuildOptions {
  /** Only the list pages and these items' pages (a refresh); undefined builds everything. */
  items?: ChangedItems;
  /** Run under nice(1), so serving keeps the CPU it needs. */
  niced?: boolean;
  /** Inherit stdio (npm start's foreground build) or collect it for the log. */
  quiet?: boolean;
  /** The build's environment (the database it reads); default this process's. */
  env?: NodeJS.ProcessEnv;
}

/** Runs `astro build --outDir folder` in a child process; rejects with its output on failure. */
export function buildSite(folder: string, options: BuildOptions = {}): Promise<void> {
  const astro = [join(ROOT, "node_modules/astro/bin/astro.mjs"), "build", "--outDir", folder];
  const [command, args] = options.niced
    ? ["nice", ["-n", "10", process.execPath, ...astro]]
    : [process.execPath, astro];
  const env = { ...(options.env ?? process.env) };
  if (options.items) env.SITE_BUILD_ITEMS = JSON.stringify(options.items);
  else delete env.SITE_BUILD_ITEMS;
  return new Promise((done, fail) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: options.quiet ? "pipe" : "inherit" });
    let output = "";
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString("utf8")).slice(-4000);
    };
    child.stdout?.on("data", keep);
    child.stderr?.on("data", keep);
    child.on("error", fail);
    child.on("exit", (code, signal) =>
      code === 0
        ? done()
        : fail(new Error(`site build failed (${signal ?? `exit ${code}`}): ${output.trim().slice(-1500)}`)),
    );
  });
}

async function linkTree(
  from: string,
  to: string,
  leaveOut: ReadonlySet<string> = new Set(),
): Promise<number> {
  let linked = 0;
  let entries;
  try {
    entries = await readdir(from, { withFileTypes: true });
  } catch {
    return 0;
  }
  await mkdir(to, { recursive: true });
  for (const entry of entries) {
    if (leaveOut.has(entry.name)) continue;
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isDirectory()) linked += await linkTree(source, target);
    else if (entry.isFile() && !existsSync(target)) {
      // A hard link costs no copy; another file system (EXDEV) gets a copy.
      await link(source, target).catch(() => copyFile(source, target));
      linked++;
    }
  }
  return linked;
}

function readJson(path: string): Record<string, unknown> {
  try {
    return JSON.parse(readFileSync(path, "utf8")) as Record<string, unknown>;
  } catch {
    return {};
  }
}

/**
 * Completes a refresh build from the served folder: the item pages it did not rebuild, any
 * hashed asset those pages name that the new build lacks, the build stamp, and the union of
 * both builds' inline-script hashes (.csp.json), so a kept page's scripts stay allowed.
 */
export async function completeFromServed(
  served: string,
  fresh: string,
  changed?: ChangedItems,
): Promise<number> {
  let linked = 0;
  for (const kind of ITEM_KINDS) {
    // A changed item the fresh build did not write (a moderator removed it, issue 21, or it left
    // the prerendered set) keeps no stale copy: the host renders it on demand, or answers 404.
    const ids =
      changed?.[kind === "dish" ? "dishes" : kind === "restaurant" ? "restaurants" : "offers"] ?? [];
    linked += await linkTree(join(served, kind), join(fresh, kind), new Set(ids.map(String)));
  }
  linked += await linkTree(join(served, "_astro"), join(fresh, "_astro"));
  const stamp = join(served, ".build-stamp");
  if (existsSync(stamp)) await copyFile(stamp, join(fresh, ".build-stamp"));
  const before = readJson(join(served, ".csp.json"));
  const after = readJson(join(fresh, ".csp.json"));
  if (Object.keys(after).length > 0) {
    const merged: Record<string, unknown> = { ...after };
    for (const [key, value] of Object.entries(before)) {
      const fresher = after[key];
      if (Array.isArray(value) && Array.isArray(fresher)) merged[key] = [...new Set([...fresher, ...value])];
    }
    await writeFile(join(fresh, ".csp.json"), JSON.stringify(merged, null, 2));
  }
  return linked;
}

// ---------------------------------------------------------------------------------------------
// The scheduler

type Log = (level: "info" | "warn" | "error", message: string, detail?: unknown) => void;

export interface SiteRefresherOptions {
  /** SITE_DIR: a symbolic link to the served folder. */
  siteDir: string;
  /** The least time between the starts of two rebuilds. */
  intervalMs: number;
  /** Builds the refreshed site into `folder`, reading the served one; throws on failure. */
  rebuild?: (folder: string, served: string, items: ChangedItems) => Promise<void>;
  log: Log;
  now?: () => number;
  /** A rebuild that started at this time (now()) is served: it holds the writes made before. */
  onSwap?: (startedAt: number) => void;
}

export interface SiteRefresher {
  /** The folder requests read now (the link's target when the refresher started or last swapped). */
  currentRoot(): string;
  /** A catalogue write committed: rebuild within one interval. */
  notify(changes: CatalogueChanges): void;
  /** Settles when the rebuild under way, if any, has finished (tests, shutdown). */
  idle(): Promise<void>;
  stop(): void;
}

const defaultRebuild = async (folder: string, served: string, items: ChangedItems) => {
  await buildSite(folder, { items, niced: true, quiet: true });
  await completeFromServed(served, folder, items);
};

const LINK_CHECK_MS = 1_000;

export async function createSiteRefresher(options: SiteRefresherOptions): Promise<SiteRefresher> {
  const now = options.now ?? Date.now;
  const rebuild = options.rebuild ?? defaultRebuild;
  const linkPath = resolve(options.siteDir);
  let current = await realpath(linkPath);
  let previous: string | undefined;
  leaseSiteFolder(current);
  // Requests under way keep reading `previous`; the one before it is free to go.
  const moveTo = (folder: string) => {
    leaseSiteFolder(folder);
    if (previous && previous !== folder) releaseSiteFolder(previous);
    previous = current;
    current = folder;
  };
  // Another process (a second `npm start`) may point the link at its own build: follow it,
  // looking at most once a second, so this server serves the newest site and frees the old.
  let linkCheckedAt = now();
  const followLink = () => {
    if (now() - linkCheckedAt < LINK_CHECK_MS) return;
    linkCheckedAt = now();
    let target: string;
    try {
      target = realpathSync(linkPath);
    } catch {
      return;
    }
    if (target !== current) moveTo(target);
  };
  const pending = { dishes: new Set<number>(), restaurants: new Set<number>(), offers: new Set<number>() };
  let dirty = false;
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let lastStart = -Infinity;
  let stopped = false;

  const schedule = () => {
    if (stopped || !dirty || running || timer) return;
    const wait = Math.max(0, lastStart + options.intervalMs - now());
    timer = setTimeout(() => {
      timer = undefined;
      running = run().finally(() => {
        running = undefined;
        schedule();
      });
    }, wait);
    timer.unref?.();
  };

  async function run() {
    lastStart = now();
    const items: ChangedItems = {
      dishes: [...pending.dishes],
      restaurants: [...pending.restaurants],
      offers: [...pending.offers],
    };
    pending.dishes.clear();
    pending.restaurants.clear();
    pending.offers.clear();
    dirty = false;
    const folder = newSiteFolder(linkPath, now());
    const started = Date.now();
    try {
      await rebuild(folder, current, items);
      await pointSiteAt(linkPath, folder);
    } catch (error) {
      // The served site stays; the changes wait for the next window.
      options.log("error", "Site refresh failed; still serving the previous build", error);
      await rm(folder, { recursive: true, force: true }).catch(() => {});
      for (const id of items.dishes) pending.dishes.add(id);
      for (const id of items.restaurants) pending.restaurants.add(id);
      for (const id of items.offers) pending.offers.add(id);
      dirty = true;
      return;
    }
    moveTo(folder);
    options.onSwap?.(lastStart);
    options.log("info", `Site refreshed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    // The previous folder stays for requests that began before the swap; older ones go.
    await pruneSiteFolders(linkPath, [current, previous ?? current]).catch((error) =>
      options.log("warn", "Could not delete an old site folder", error),
    );
  }

  return {
    currentRoot: () => {
      followLink();
      return current;
    },
    notify(changes) {
      if (stopped) return;
      for (const id of changes.dishIds ?? []) pending.dishes.add(id);
      for (const id of changes.restaurantIds ?? []) pending.restaurants.add(id);
      for (const offer of changes.offers ?? []) pending.offers.add(offer.id);
      // Any change rebuilds the pages that are not item pages, /transparency among them: a
      // decision that changed no item (changes.transparency alone) still schedules a build.
      dirty = true;
      schedule();
    },
    async idle() {
      while (running) await running;
    },
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
    },
  };
}

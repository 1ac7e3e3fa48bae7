// The Node host's photo encoder (issue 23): a bounded pool of child processes
// (photo-encode-worker.ts), default one, each niced and on one libvips thread, so encoding
// never takes the server's event loop or more cores than the pool's size. Each child takes one
// photo at a time; a child that dies fails its photo (the job is retried, services/
// photo-encodes.ts) and is replaced at the next photo.
import { fork, type ChildProcess } from "node:child_process";
import type { PhotoEncoder } from "../services/photo-encodes.ts";
import { PhotoRejectedError, type ProcessedPhoto } from "./image-pipeline.ts";

interface Pending {
  id: number;
  bytes: Uint8Array;
  resolve: (photo: ProcessedPhoto) => void;
  reject: (error: Error) => void;
}

type Reply = { id: number; photo?: ProcessedPhoto; rejected?: string; error?: string; ready?: true };

/**
 * What an encoder child may see of the server's environment: how to run (PATH, locale, temp
 * folders, Node's and libvips' own settings) and nothing else. The child decodes whatever
 * bytes a stranger uploaded; if a decoder bug ever ran code there, it must find no JWT_SECRET
 * to forge sessions with, no SMTP_URL, no database token.
 */
const CHILD_ENV_NAMES = new Set([
  "PATH",
  "HOME",
  "TMPDIR",
  "TMP",
  "TEMP",
  "LANG",
  "LC_ALL",
  "TZ",
  "NODE_OPTIONS",
]);
const CHILD_ENV_PREFIXES = ["VIPS_", "SHARP_", "LD_"];

export function encoderChildEnv(
  source: Record<string, string | undefined>,
  nice: number,
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(source)) {
    if (value === undefined) continue;
    if (CHILD_ENV_NAMES.has(name) || CHILD_ENV_PREFIXES.some((p) => name.startsWith(p))) env[name] = value;
  }
  env.PHOTO_WORKER_NICE = String(nice);
  return env;
}

export function photoEncoderPool(options: { size?: number; nice?: number } = {}): PhotoEncoder {
  const size = Math.max(1, options.size ?? 1);
  const idle: ChildProcess[] = [];
  const busy = new Map<ChildProcess, Pending>();
  const starting = new Set<ChildProcess>();
  const waiting: Pending[] = [];
  let children = 0;
  let nextId = 1;
  let closed = false;

  const spawn = (): void => {
    const child = fork(new URL("./photo-encode-worker.ts", import.meta.url), [], {
      serialization: "advanced",
      env: encoderChildEnv(process.env, options.nice ?? 10),
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    children += 1;
    starting.add(child);
    child.on("message", (reply: Reply) => {
      if (reply.ready) {
        starting.delete(child);
        idle.push(child);
        return next();
      }
      const job = busy.get(child);
      if (!job || job.id !== reply.id) return;
      busy.delete(child);
      if (reply.photo) job.resolve(reply.photo);
      else if (reply.rejected) job.reject(new PhotoRejectedError(reply.rejected, 0));
      else job.reject(new Error(`photo encoder failed: ${reply.error}`));
      idle.push(child);
      next();
    });
    child.on("exit", () => {
      children -= 1;
      // A child that dies before it is ready fails one waiting photo (retried later), so a
      // broken install cannot fork forever.
      if (starting.delete(child)) waiting.shift()?.reject(new Error("the photo encoder could not start"));
      const job = busy.get(child);
      busy.delete(child);
      const at = idle.indexOf(child);
      if (at >= 0) idle.splice(at, 1);
      job?.reject(new Error("the photo encoder stopped"));
      next();
    });
  };

  const next = () => {
    while (!closed && waiting.length > 0) {
      // A new child takes work once it says it is ready (its "message" listener is set).
      if (idle.length === 0 && children < size) spawn();
      const child = idle.pop();
      if (!child) return;
      const job = waiting.shift()!;
      busy.set(child, job);
      child.send({ id: job.id, bytes: job.bytes });
    }
  };

  return {
    encode(bytes) {
      if (closed) return Promise.reject(new Error("the photo encoder is closed"));
      return new Promise((resolve, reject) => {
        waiting.push({ id: nextId++, bytes, resolve, reject });
        next();
      });
    },
    async close() {
      closed = true;
      for (const child of [...idle, ...busy.keys(), ...starting]) child.kill();
    },
  };
}

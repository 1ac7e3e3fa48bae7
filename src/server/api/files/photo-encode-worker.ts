// The child process of the photo encoder pool (photo-encoder-pool.ts, issue 23): encodes one
// staged photo at a time with sharp and sends back its widths. It lowers its own priority
// before sharp starts any thread: on Linux a thread's nice value is inherited by the threads
// it starts (libuv's pool, libvips' workers), so the whole encode yields to the server.
import { setPriority } from "node:os";

try {
  setPriority(Number(process.env.PHOTO_WORKER_NICE ?? 10));
} catch {
  // Not permitted here: the pool's size still bounds the work.
}
const { default: sharp } = await import("sharp");
// One libvips thread per worker: the pool's size is the bound on cores used.
sharp.concurrency(1);
const { PhotoRejectedError } = await import("./image-pipeline.ts");
const { sharpImagePipeline } = await import("./sharp-image-pipeline.ts");
const pipeline = sharpImagePipeline();

// A reply to a server that has gone (killed mid-encode) fails with EPIPE: this child then goes too.
const reply = (message: object) => process.send!(message, undefined, {}, (error) => error && process.exit(0));

process.on("message", (message: { id: number; bytes: Uint8Array }) => {
  pipeline.reviewPhoto({ name: "staged", bytes: message.bytes }, 0).then(
    (photo) => reply({ id: message.id, photo }),
    (error: unknown) =>
      reply({
        id: message.id,
        rejected: error instanceof PhotoRejectedError ? error.message : undefined,
        error: String(error),
      }),
  );
});
process.on("disconnect", () => process.exit(0));
// The pool sends the first photo only after this: nothing is sent before a listener exists.
reply({ ready: true });

// The WebAssembly codecs of the edge pipeline (decision 011): Squoosh's MozJPEG decoder and
// libwebp's decoder and encoder as packaged by @jsquash, and our own PNG decoder. The .wasm
// files are imported as compiled modules (separate modules of the Worker, so they are not in
// the JavaScript bundle's budget; docs/perf/edge-bundle.md), and each photo gets fresh
// instances: a WebAssembly memory never shrinks, so an instance kept for the isolate's life
// would hold its largest photo's memory forever, against the isolate's 128 MB.
import mozjpegDecoder from "@jsquash/jpeg/codec/dec/mozjpeg_dec.js";
import jpegDecoderWasm from "@jsquash/jpeg/codec/dec/mozjpeg_dec.wasm";
import webpDecoder from "@jsquash/webp/codec/dec/webp_dec.js";
import webpDecoderWasm from "@jsquash/webp/codec/dec/webp_dec.wasm";
import webpEncoder from "@jsquash/webp/codec/enc/webp_enc_simd.js";
import webpEncoderWasm from "@jsquash/webp/codec/enc/webp_enc_simd.wasm";
import { defaultOptions as webpDefaults, type EncodeOptions } from "@jsquash/webp/meta.js";
import type { Pixels } from "./pixels.ts";
import { decodePng } from "./png-decode.ts";

interface Decoder {
  decode(data: Uint8Array, preserveOrientation?: boolean): Pixels | null;
}
interface Encoder {
  encode(data: Uint8Array | Uint8ClampedArray, width: number, height: number, options: EncodeOptions): Uint8Array | null;
}
type Factory<T> = (options: {
  noInitialRun: boolean;
  instantiateWasm: (imports: WebAssembly.Imports, ready: (instance: WebAssembly.Instance) => void) => unknown;
}) => Promise<T>;

/** Instantiates Emscripten's glue over an already compiled module (Workers compile nothing). */
function instantiate<T>(factory: unknown, wasm: WebAssembly.Module): Promise<T> {
  return (factory as Factory<T>)({
    noInitialRun: true,
    instantiateWasm: (imports, ready) => {
      const instance = new WebAssembly.Instance(wasm, imports);
      ready(instance);
      return instance.exports;
    },
  });
}

/** Decodes one of the formats the edge takes to RGBA; throws on data that does not decode. */
export async function decodePixels(format: "jpeg" | "png" | "webp", bytes: Uint8Array): Promise<Pixels> {
  if (format === "png") return decodePng(bytes);
  const decoder =
    format === "jpeg"
      ? await instantiate<Decoder>(mozjpegDecoder, jpegDecoderWasm)
      : await instantiate<Decoder>(webpDecoder, webpDecoderWasm);
  // The orientation is applied by the pipeline (pixels.ts), after scaling down.
  const image = format === "jpeg" ? decoder.decode(bytes, false) : decoder.decode(bytes);
  if (!image) throw new Error("The photo did not decode");
  return { width: image.width, height: image.height, data: image.data };
}

/** A lossy WebP encoder for one photo's widths; drop it after, with its memory. */
export async function webpEncoderFor(quality: number): Promise<(image: Pixels) => Uint8Array> {
  const encoder = await instantiate<Encoder>(webpEncoder, webpEncoderWasm);
  const options = { ...webpDefaults, quality };
  return (image) => {
    const out = encoder.encode(image.data, image.width, image.height, options);
    if (!out) throw new Error("The photo did not encode");
    // Already a copy out of the encoder's memory.
    return out;
  };
}

// Step 0's upload panel (spec points 2, 5 and 9): choose or drop several photos at once, up to
// 10 (more than fit adds as many as fit and says so: issue 24); each is resized and re-encoded
// in the browser before anything is sent (shared-photo/resize.ts), with its progress shown;
// then the count uploaded.
import { useId, useRef, useState, type DragEvent } from "react";
import { ImageDecodeError, jpegName, resizeToJpeg } from "../../client/photo-resize.ts";
import { admitImages, uploadedCountText, type ReviewImage } from "./review-state.ts";

interface FileProgress {
  key: string;
  name: string;
  state: "preparing" | "ready" | "failed";
}

let nextImageId = 0;

export function UploadPanel(props: { count: number; onAdd: (images: ReviewImage[]) => void }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<FileProgress[]>([]);
  const [message, setMessage] = useState<{ tone: "error" | "success"; text: string } | null>(null);
  const [dragging, setDragging] = useState(false);
  const pending = progress.filter((p) => p.state === "preparing").length;

  const addFiles = async (files: File[]) => {
    if (files.length === 0) return;
    const { accepted, message: refusal } = admitImages(props.count + pending, files);
    if (accepted.length === 0) {
      setMessage(refusal ? { tone: "error", text: refusal } : null);
      return;
    }
    const batch = accepted.map((file) => ({ key: `f${++nextImageId}`, name: file.name, state: "preparing" as const }));
    setProgress(batch);
    setMessage(refusal ? { tone: "error", text: refusal } : null);
    const ready: ReviewImage[] = [];
    // One at a time: decoding ten 12-megapixel photos at once can exhaust a phone's memory.
    for (const [i, file] of accepted.entries()) {
      let state: FileProgress["state"] = "ready";
      try {
        const jpeg = await resizeToJpeg(file);
        const name = jpegName(file.name);
        ready.push({ id: batch[i]!.key, name, previewUrl: URL.createObjectURL(jpeg), file: new File([jpeg], name, { type: "image/jpeg" }) });
      } catch (error) {
        if (!(error instanceof ImageDecodeError)) console.warn(error);
        state = "failed";
      }
      setProgress((list) => list.map((p) => (p.key === batch[i]!.key ? { ...p, state } : p)));
    }
    props.onAdd(ready);
    const failed = accepted.length - ready.length;
    setMessage({
      tone: failed > 0 || refusal ? "error" : "success",
      text: `${uploadedCountText(ready.length)}${failed > 0 ? ` ${failed} could not be read as ${failed === 1 ? "an image" : "images"}.` : ""}${refusal ? ` ${refusal}` : ""}`,
    });
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void addFiles([...event.dataTransfer.files]);
  };

  return (
    <div className="rm-upload">
      <div
        className={`rm-drop${dragging ? " rm-drop--over" : ""}`}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <input
          ref={input}
          id={`${id}-files`}
          className="visually-hidden rm-file"
          type="file"
          accept="image/*"
          multiple
          aria-describedby={`${id}-hint`}
          onChange={(event) => {
            const files = [...(event.currentTarget.files ?? [])];
            event.currentTarget.value = "";
            void addFiles(files);
          }}
        />
        <label htmlFor={`${id}-files`} className="btn btn-primary rm-file-button">
          Choose photos
        </label>
        <p className="rm-hint" id={`${id}-hint`}>
          Or drop them here. Up to 10 photos; {props.count} added. They are resized and their location data removed before
          upload.
        </p>
      </div>
      {progress.length > 0 && (
        <ul className="rm-progress" aria-label="Photos being prepared">
          {progress.map((p) => (
            <li key={p.key}>
              <span className="rm-progress__name">{p.name}</span>
              <progress max={1} value={p.state === "preparing" ? undefined : 1} aria-label={`Preparing ${p.name}`} />
              <span className="rm-progress__state">{p.state === "preparing" ? "Preparing…" : p.state === "ready" ? "Ready" : "Could not be read"}</span>
            </li>
          ))}
        </ul>
      )}
      <p className={message?.tone === "error" ? "rm-error" : "rm-success"} role="status">
        {message?.text ?? ""}
      </p>
    </div>
  );
}

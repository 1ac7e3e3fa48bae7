// The statements that add one photo, whoever it belongs to (a review's photo edit, an owner's
// restaurant photo): its file rows (the staged upload, or the encoded widths), the row that
// shows it, and, while it waits for its widths (issue 23), its encode job, created held
// (claimed_at): the request writes the staged bytes next, then enqueues it.
import type { Database } from "../client.ts";
import { files, photoEncodes } from "../schema.ts";
import type { BatchStatement } from "./owners.ts";
import type { FileRow } from "./review-post-batch.ts";

export interface PhotoFiles {
  /** Whose files these are: the review's author or the restaurant's owner. */
  ownerId: number;
  /** The staged upload's name, or the first width's. */
  fileName: string;
  files: FileRow[];
  staged: boolean;
  createdAt: number;
}

/** The file rows, then `row` (which names them), then the encode job when staged. */
export function addPhotoStatements(db: Database, photo: PhotoFiles, row: BatchStatement): BatchStatement[] {
  const statements: BatchStatement[] = [
    db
      .insert(files)
      .values(photo.files.map((f) => ({ ...f, ownerId: photo.ownerId, createdAt: photo.createdAt }))),
    row,
  ];
  if (photo.staged) {
    statements.push(
      db.insert(photoEncodes).values({
        stagingName: photo.fileName,
        authorId: photo.ownerId,
        claimedAt: photo.createdAt,
        createdAt: photo.createdAt,
      }),
    );
  }
  return statements;
}

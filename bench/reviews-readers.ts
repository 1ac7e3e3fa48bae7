// npm run bench -- --reviews --parts readers: issue 33's readers on the server's own core while
// reviews with three 12-megapixel photos arrive. The read mix runs alone first (what this host
// gives readers with no posts), then beside one poster who sends a three-photo review as soon
// as the last is answered: the readers' p99 and the posts' median answer, beside their targets.
import { createClient } from "@libsql/client";
import { rmSync } from "node:fs";
import {
  createPosters,
  ms,
  percentile,
  post,
  READ_RATE,
  readCatalogue,
  readMix,
  readStream,
  reviewForm,
  serve,
  stopServer,
  target,
  twelveMegapixelPhotos,
  workCopy,
  type ReviewsOptions,
} from "./reviews-shared.ts";

const ALONE_SECONDS = 10;
const BESIDE_SECONDS = 20;
const READERS_P99_TARGET_MS = 50;
const PHOTOS_MEDIAN_TARGET_MS = 400;

type ReadResult = Awaited<ReturnType<typeof readMix>>;

const describeReads = (name: string, read: ReadResult) =>
  console.log(
    `${name}: ${read.requests.total} reads (${read.requests.average}/s), errors ${read.errors}, non-2xx ${read.non2xx}, timeouts ${read.timeouts}, p50 ${read.latency.p50} ms p99 ${read.latency.p99} ms max ${read.latency.max} ms`,
  );

export async function readersPart(options: ReviewsOptions): Promise<boolean> {
  console.log(`\n## The read mix (${READ_RATE} req/s) alone, then beside posts with three 12 MP photos`);
  const work = workCopy(options);
  const db = createClient({ url: work.databaseUrl });
  const catalogue = await readCatalogue(db);
  // A poster per post: three photos each stay far inside 60 photos an hour.
  const users = await createPosters(db, 400, "r");
  const stream = await readStream(db, options.siteDir);
  db.close();
  const photos = await twelveMegapixelPhotos(work.dataDir);
  const server = await serve(work, options.siteDir);
  try {
    const alone = await readMix(server.url, stream, ALONE_SECONDS);
    const end = Date.now() + BESIDE_SECONDS * 1000;
    const answers: number[] = [];
    const statuses = new Map<number, number>();
    const posting = (async () => {
      for (let n = 0; Date.now() < end && n < users.length; n++) {
        const user = users[n]!;
        const { form, sent } = reviewForm(catalogue, 30_000 + n, user, photos);
        const answer = await post(server.url, user.token, form, sent.key);
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        if (answer.status === 200) answers.push(answer.ms);
        else if ((statuses.get(answer.status) ?? 0) <= 3)
          console.log(`  ${answer.status}: ${answer.text.slice(0, 200)}`);
      }
    })();
    const [beside] = await Promise.all([readMix(server.url, stream, BESIDE_SECONDS), posting]);
    describeReads("reads alone", alone);
    describeReads("reads beside the posts", beside);
    const failures = [...statuses].filter(([s]) => s !== 200).reduce((sum, [, c]) => sum + c, 0);
    console.log(
      `posts with three 12 MP photos: ${answers.length} answered, statuses ${JSON.stringify(Object.fromEntries(statuses))}, p50 ${ms(percentile(answers, 50))} p95 ${ms(percentile(answers, 95))} max ${ms(Math.max(...answers))}`,
    );
    const readErrors = beside.errors + beside.non2xx + beside.timeouts;
    const readers = target(
      "readers' p99 while three-photo posts arrive",
      beside.latency.p99,
      READERS_P99_TARGET_MS,
      readErrors,
    );
    const median = target(
      "post with three 12 MP photos beside the readers: median answer",
      percentile(answers, 50),
      PHOTOS_MEDIAN_TARGET_MS,
      failures,
    );
    return readers && median;
  } finally {
    await stopServer(server);
    rmSync(work.dataDir, { recursive: true, force: true });
  }
}

import { Readable } from 'node:stream';

/**
 * A download (the CSV exports) as a stream, started: its first `primed` chunks are read
 * before it is returned, which runs the first statements that use the request's filters.
 * The 200 and the headers go out with the first byte of the stream, so an error after
 * that can only cut the download short; an error while priming is an ordinary error
 * answer instead (its 4xx, or a 500 with a request id), never a file that looks complete.
 * Later chunks may still fail (the database going away mid-download): those are logged
 * by the export and cut the download.
 * @example reply.send(await startDownload(exportCsv(db, accountId, filters, reference)));
 */
export async function startDownload(chunks: AsyncGenerator<string>, primed = 2): Promise<Readable> {
  const first: string[] = [];
  for (let read = 0; read < primed; read += 1) {
    const next = await chunks.next();
    if (next.done) break;
    first.push(next.value);
  }
  async function* whole(): AsyncGenerator<string> {
    yield* first;
    yield* chunks;
  }
  return Readable.from(whole(), { objectMode: false });
}

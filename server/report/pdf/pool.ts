import os from 'node:os';
import path from 'node:path';
import Piscina from 'piscina';
import { tryLater } from '../../plugins/http-errors';
import type { PdfJob } from './worker';

/**
 * The report PDFs are drawn in a pool of worker threads (Piscina), not on the event loop:
 * a team report of 500 athletes is hundreds of milliseconds of pdfkit layout, and no
 * request of one account may hold everyone else's for more than ~50 ms (issue 31,
 * docs/security.md). Bounded three ways:
 * - threads: one per core but one (the event loop keeps a core), at least one;
 * - each account has at most PER_ACCOUNT PDFs queued or drawing; one more is a 429;
 * - the pool's queue has at most MAX_QUEUE waiting; one more is a 503 with Retry-After;
 * - a PDF that takes longer than RENDER_TIMEOUT_MS ends its worker (and answers 503).
 * Under tsx and jest the worker is the TypeScript file, loaded through tsx's require hook;
 * the built server runs the compiled one.
 */
const PER_ACCOUNT = 2;
const MAX_QUEUE = 16;
const RENDER_TIMEOUT_MS = 30_000;
const RETRY_AFTER_S = 5;

export interface PdfRenderer {
  /**
   * Takes one of the account's places (or throws an HttpError, 429 or 503, before any
   * work), runs `prepare` (the report's queries), then `drawing` (the request gives back
   * its place at the database's gate), and draws the PDF in a worker thread.
   */
  render<J extends PdfJob>(
    accountId: string,
    prepare: () => Promise<J>,
    drawing?: () => void,
  ): Promise<{ job: J; pdf: Buffer }>;
  close(): Promise<void>;
}

/**
 * @example
 * const { job, pdf } = await pdfs.render(accountId, async () => ({ kind: 'team', ... }),
 *   () => request.admissionRelease?.());
 */
export function pdfRenderer(threads = Math.max(1, os.availableParallelism() - 1)): PdfRenderer {
  const typescript = path.extname(__filename) === '.ts';
  const pool = new Piscina<PdfJob, Uint8Array>({
    filename: path.join(__dirname, `worker${path.extname(__filename)}`),
    execArgv: typescript ? ['--require', 'tsx/cjs'] : [],
    minThreads: 0,
    maxThreads: threads,
    idleTimeout: 60_000,
    maxQueue: MAX_QUEUE,
    resourceLimits: { maxOldGenerationSizeMb: 512 },
  });
  const inFlight = new Map<string, number>();

  return {
    async render(accountId, prepare, drawing) {
      const mine = inFlight.get(accountId) ?? 0;
      if (mine >= PER_ACCOUNT) {
        throw tryLater(
          429,
          `${PER_ACCOUNT} PDFs of this account are being drawn; try again in a moment.`,
          RETRY_AFTER_S,
        );
      }
      if (pool.queueSize >= MAX_QUEUE) {
        throw tryLater(
          503,
          'The server is drawing many PDFs; try again in a moment.',
          RETRY_AFTER_S,
        );
      }
      inFlight.set(accountId, mine + 1);
      try {
        const job = await prepare();
        drawing?.();
        const bytes = await pool.run(job, { signal: AbortSignal.timeout(RENDER_TIMEOUT_MS) });
        return { job, pdf: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) };
      } catch (error) {
        if ((error as Error).name === 'AbortError' || (error as Error).name === 'TimeoutError') {
          throw tryLater(
            503,
            'The PDF took too long to draw; try again in a moment.',
            RETRY_AFTER_S,
          );
        }
        throw error;
      } finally {
        const left = (inFlight.get(accountId) ?? 1) - 1;
        if (left > 0) inFlight.set(accountId, left);
        else inFlight.delete(accountId);
      }
    },
    close: () => pool.close(),
  };
}

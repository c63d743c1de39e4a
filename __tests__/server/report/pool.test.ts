import { HttpError } from '../../../server/plugins/http-errors';
import { pdfRenderer } from '../../../server/report/pdf';
import type { PdfJob } from '../../../server/report/pdf/worker';

/**
 * The PDF render pool's bounds (server/report/pdf/pool.ts): PDFs are drawn in a worker
 * thread, and one account has at most two queued or drawing, so that it cannot fill the
 * pool's queue ahead of everyone else's.
 */
describe('the PDF render pool', () => {
  const pdfs = pdfRenderer(1);
  afterAll(() => pdfs.close());
  const account = { organisation: 'Lincoln High', logo: null, timeZone: 'UTC' };
  /** A job the worker refuses (no report in it): the bounds are checked before any drawing. */
  const broken = { kind: 'team', account, paper: 'a4', report: {} } as unknown as PdfJob;
  const ready = (job: PdfJob) => () => Promise.resolve(job);
  const outcome = (render: Promise<unknown>) =>
    render.then(
      () => 'drawn',
      (error: unknown) => (error instanceof HttpError ? error.statusCode : 'failed in the worker'),
    );

  it('answers a third PDF of one account 429 while two are in the pool, and other accounts go on', async () => {
    const answers = await Promise.all([
      outcome(pdfs.render('a', ready(broken))),
      outcome(pdfs.render('a', ready(broken))),
      outcome(pdfs.render('a', ready(broken))),
      outcome(pdfs.render('b', ready(broken))),
    ]);
    expect(answers).toEqual([
      'failed in the worker',
      'failed in the worker',
      429,
      'failed in the worker',
    ]);
    // Settled: the account may ask again.
    expect(await outcome(pdfs.render('a', ready(broken)))).toBe('failed in the worker');
  });

  it('draws in a worker thread and sends the bytes back', async () => {
    const { pdf } = await pdfs.render(
      'c',
      async () =>
        ({
          kind: 'team',
          account,
          paper: 'a4',
          report: {
            rosterId: '1',
            rosterName: 'Sprinters',
            date: '2026-03-02',
            athleteCount: 0,
            averageOverallIndex: null,
            testAverages: [],
            distribution: [],
            athletes: [],
            previous: null,
          },
        }) as unknown as PdfJob,
    );
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it("refuses an account's third PDF before its report is read, and frees the gate while drawing", async () => {
    let finish!: () => void;
    const slow = () => new Promise<PdfJob>((resolve) => (finish = () => resolve(broken)));
    const first = outcome(pdfs.render('d', slow));
    const second = outcome(pdfs.render('d', ready(broken)));
    const prepared = jest.fn(() => Promise.resolve(broken));
    expect(await outcome(pdfs.render('d', prepared))).toBe(429);
    expect(prepared).not.toHaveBeenCalled();
    const drawing = jest.fn();
    const third = outcome(pdfs.render('e', ready(broken), drawing));
    finish();
    expect(await Promise.all([first, second, third])).toEqual([
      'failed in the worker',
      'failed in the worker',
      'failed in the worker',
    ]);
    expect(drawing).toHaveBeenCalledTimes(1);
  });
});

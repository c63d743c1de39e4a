import type { AthleteReportBody, TeamReportBody } from '../../../contract/profile';
import { athletePdf } from './athlete';
import type { AccountFacts, Paper } from './sheet';
import { teamPdf } from './team';

/** One PDF to draw: everything it shows, read beforehand on the main thread. */
export type PdfJob = { account: AccountFacts; paper: Paper } & (
  | { kind: 'athlete'; report: AthleteReportBody; isMetric: boolean }
  | { kind: 'team'; report: TeamReportBody }
);

/**
 * The render pool's task (pool.ts): runs in a worker thread, so that pdfkit's layout,
 * font metrics and image decoding never hold the server's event loop. What arrives went
 * through the structured clone: the logo is a Uint8Array again, and pdfkit wants a Buffer.
 */
export default async function renderPdf(job: PdfJob): Promise<Uint8Array> {
  const account = {
    ...job.account,
    logo: job.account.logo ? Buffer.from(job.account.logo) : null,
  };
  return job.kind === 'athlete'
    ? athletePdf(account, job.report, job.paper, job.isMetric)
    : teamPdf(account, job.report, job.paper);
}

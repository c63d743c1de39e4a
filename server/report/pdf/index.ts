/** The report PDFs (pdfkit): one athlete's report, one roster's testing day. */
export { athletePdf } from './athlete';
export { teamPdf } from './team';

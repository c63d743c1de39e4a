/**
 * The report PDFs (pdfkit), drawn in a pool of worker threads (pool.ts) from what
 * account.ts and the report builders read on the main thread.
 */
export { accountFacts } from './account';
export { pdfRenderer, type PdfRenderer } from './pool';

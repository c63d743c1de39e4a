import PDFDocument from 'pdfkit';
import { TIERS, type Test, type TierName } from '../../../contract/profile';
import { markLabel } from '../../../contract/units';
import { fontName, fontOf, scriptRuns, type Script, type Weight } from './fonts';

/**
 * The drawing shared by the report PDFs (pdfkit, docs/decisions/020-report-pdf.md): a
 * page of A4 or US Letter in embedded Noto fonts (fonts.ts: subsets, text selectable and
 * searchable, any script a name is typed in), the coach's logo and organisation at the top,
 * bars of points against the 500 line drawn as vectors, tables that run on over pages
 * with their header repeated, and a footer on every page.
 */
export type Paper = 'a4' | 'letter';

export type Doc = PDFKit.PDFDocument;

export const MARGIN = 48;
/** The body font and its bold (Noto Sans; a text in another script switches per run). */
export const REGULAR = fontName('latin', 'regular');
export const BOLD = fontName('latin', 'bold');
const FOOTER_HEIGHT = 28;
export const GREY = '#666666';
export const LIGHT = '#e6e6e6';
export const INK = '#1f1f1f';

/** A colour per tier (the app's tier tags use the same). */
export const TIER_COLOURS: Record<TierName, string> = {
  Developing: '#cf1322',
  Average: '#d48806',
  Strong: '#1677ff',
  Elite: '#389e0d',
  'World-class': '#531dab',
};

/** What a PDF shows of the account: its organisation, logo and time zone (account.ts). */
export interface AccountFacts {
  organisation: string;
  /** A PNG or JPEG within the logo box (server/user/logo-image.ts), or none. */
  logo: Buffer | null;
  timeZone: string;
}

/** Today in the zone, `YYYY-MM-DD`. */
export function today(timeZone: string): string {
  const format = (zone: string) =>
    new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(new Date());
  try {
    return format(timeZone);
  } catch {
    return format('UTC');
  }
}

/** A new document and the promise of its bytes (resolved once `doc.end()` is called). */
export function newDocument(paper: Paper, title: string, author: string) {
  const doc = new PDFDocument({
    size: paper === 'letter' ? 'LETTER' : 'A4',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN + FOOTER_HEIGHT },
    bufferPages: true, // the footers are written at the end, with the page count
    info: { Title: title, Author: author, Creator: 'Splitline' },
    lang: 'en',
    displayTitle: true,
  });
  const chunks: Buffer[] = [];
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  embedFonts(doc);
  doc.font(REGULAR).fillColor(INK);
  return { doc, bytes };
}

export const contentWidth = (doc: Doc) =>
  doc.page.width - doc.page.margins.left - doc.page.margins.right;
const bottom = (doc: Doc) => doc.page.height - doc.page.margins.bottom;

/** Starts a new page unless `height` points still fit on this one. */
export function ensureSpace(doc: Doc, height: number): void {
  if (doc.y + height > bottom(doc)) doc.addPage();
}

/** The organisation at the top left and the logo (at most 140 x 56 pt) at the top right. */
export function letterhead(doc: Doc, account: AccountFacts): void {
  const top = doc.page.margins.top;
  let height = 0;
  if (account.logo) {
    try {
      const box: [number, number] = [140, 56];
      doc.image(account.logo, doc.page.width - MARGIN - box[0], top, {
        fit: box,
        align: 'right',
      });
      height = box[1];
    } catch {
      // A file pdfkit cannot read (a broken PNG) leaves the logo out, not the report.
    }
  }
  if (account.organisation) {
    doc.font(REGULAR).fontSize(10).fillColor(GREY);
    doc.text(account.organisation, MARGIN, top, { width: contentWidth(doc) - 160 });
    height = Math.max(height, doc.y - top);
  }
  doc.x = MARGIN;
  doc.y = top + height + (height > 0 ? 12 : 0);
  doc.fillColor(INK);
}

/** A title line, and a smaller line under it. */
export function title(doc: Doc, text: string, size = 20): void {
  doc.font(BOLD).fontSize(size).fillColor(INK).text(text, MARGIN, doc.y);
  doc.font(REGULAR);
}

export function line(doc: Doc, text: string, options: { size?: number; colour?: string } = {}) {
  doc
    .font(REGULAR)
    .fontSize(options.size ?? 10)
    .fillColor(options.colour ?? INK)
    .text(text, MARGIN, doc.y, { width: contentWidth(doc) });
  doc.fillColor(INK);
}

/** A section heading with space before it (a new page if the section would start at the foot). */
export function heading(doc: Doc, text: string, keepWith = 60): void {
  doc.moveDown(0.8);
  ensureSpace(doc, 18 + keepWith);
  doc.font(BOLD).fontSize(12).fillColor(INK).text(text, MARGIN, doc.y);
  doc.moveDown(0.3);
  doc.font(REGULAR);
}

export interface Bar {
  label: string;
  /** 0..1000, or null (not measured: no bar). */
  points: number | null;
  /** Beside the number: the tier, a count. */
  note?: string;
  colour?: string;
}

/**
 * Horizontal bars of points on a 0..1000 scale with the reference mean (500) as a dashed
 * line across them; the number and note to the right of each bar.
 */
export function pointBars(doc: Doc, bars: readonly Bar[]): void {
  const rowHeight = 18;
  const labelWidth = 150;
  const valueWidth = 150;
  const x0 = MARGIN + labelWidth;
  const scaleWidth = contentWidth(doc) - labelWidth - valueWidth;
  const scale = (points: number) => x0 + (scaleWidth * Math.max(0, Math.min(1000, points))) / 1000;
  ensureSpace(doc, rowHeight * bars.length + 20);
  const top = doc.y;
  bars.forEach((bar, i) => {
    const y = top + i * rowHeight;
    doc.font(REGULAR).fontSize(9).fillColor(INK);
    doc.text(bar.label, MARGIN, y + 4, { width: labelWidth - 8, lineBreak: false, ellipsis: true });
    doc.rect(x0, y + 3, scaleWidth, rowHeight - 6).fill(LIGHT);
    if (bar.points !== null) {
      doc.rect(x0, y + 3, scale(bar.points) - x0, rowHeight - 6).fill(bar.colour ?? '#1677ff');
    }
    doc.fillColor(INK).font(BOLD);
    const value = bar.points === null ? 'not measured' : String(bar.points);
    doc.text(value, x0 + scaleWidth + 8, y + 4, { lineBreak: false });
    if (bar.note) {
      doc.font(REGULAR).fillColor(GREY);
      doc.text(`  ${bar.note}`, { continued: false, lineBreak: false });
    }
  });
  const height = rowHeight * bars.length;
  // The 500 line and the scale's ticks under the bars.
  doc
    .save()
    .moveTo(scale(500), top)
    .lineTo(scale(500), top + height + 2)
    .dash(3, { space: 2 })
    .strokeColor(INK)
    .lineWidth(1)
    .stroke()
    .restore();
  doc.font(REGULAR).fontSize(7).fillColor(GREY);
  for (const tick of [0, 250, 500, 750, 1000]) {
    doc.text(String(tick), scale(tick) - 15, top + height + 4, {
      width: 30,
      align: 'center',
      lineBreak: false,
    });
  }
  doc.text('Dashed line: 500, the reference mean.', MARGIN, top + height + 4, {
    width: labelWidth - 8,
    lineBreak: false,
  });
  doc.x = MARGIN;
  doc.y = top + height + 16;
  doc.fillColor(INK);
}

export interface Column {
  header: string;
  width: number;
  align?: 'left' | 'right';
}

/** A table; rows that do not fit go on to the next page under the header again. */
export function table(doc: Doc, columns: readonly Column[], rows: readonly string[][]): void {
  const rowHeight = 14;
  const total = columns.reduce((sum, c) => sum + c.width, 0);
  const widths = columns.map((c) => (c.width * contentWidth(doc)) / total);
  const drawRow = (cells: readonly string[], bold: boolean) => {
    const y = doc.y;
    let x = MARGIN;
    doc
      .font(bold ? BOLD : REGULAR)
      .fontSize(8.5)
      .fillColor(INK);
    cells.forEach((cell, i) => {
      doc.text(cell, x + 2, y + 3, {
        width: widths[i]! - 4,
        align: columns[i]!.align ?? 'left',
        lineBreak: false,
        ellipsis: true,
      });
      x += widths[i]!;
    });
    doc
      .moveTo(MARGIN, y + rowHeight)
      .lineTo(MARGIN + contentWidth(doc), y + rowHeight)
      .strokeColor(bold ? GREY : LIGHT)
      .lineWidth(0.5)
      .stroke();
    doc.x = MARGIN;
    doc.y = y + rowHeight;
  };
  ensureSpace(doc, rowHeight * 2);
  drawRow(
    columns.map((c) => c.header),
    true,
  );
  for (const row of rows) {
    if (doc.y + rowHeight > bottom(doc)) {
      doc.addPage();
      drawRow(
        columns.map((c) => c.header),
        true,
      );
    }
    drawRow(row, false);
  }
  doc.font(REGULAR);
}

/** The footer of every page: what the document is, the day it was made, page n of m. */
export function footers(doc: Doc, text: string, day: string): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i += 1) {
    doc.switchToPage(i);
    const y = doc.page.height - MARGIN - 10;
    const saved = doc.page.margins.bottom;
    doc.page.margins.bottom = 0; // writing below the margin must not add a page
    doc
      .moveTo(MARGIN, y - 6)
      .lineTo(doc.page.width - MARGIN, y - 6)
      .strokeColor(LIGHT)
      .lineWidth(0.5)
      .stroke();
    doc.font(REGULAR).fontSize(8).fillColor(GREY);
    doc.text(`${text} · Generated by Splitline on ${day}`, MARGIN, y, {
      width: contentWidth(doc) - 80,
      lineBreak: false,
      ellipsis: true,
    });
    doc.text(`Page ${i + 1 - range.start} of ${range.count}`, doc.page.width - MARGIN - 80, y, {
      width: 80,
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins.bottom = saved;
  }
}

/** `1,523` / `1,523.4`. */
export const number = (value: number) =>
  value.toLocaleString('en-US', { maximumFractionDigits: 1 });

/** `+12` / `-3.5` / `0`. */
export const signed = (value: number) => (value > 0 ? `+${number(value)}` : number(value));

/**
 * A value in its test's unit, as the report page shows it (formatMeasurement in
 * src/features/performance-index/shared/indexFormat.ts): times in seconds, jump heights
 * in inches or centimetres
 * (`isMetric`, the coach's switch), jump lengths in feet and inches or centimetres,
 * power in watts.
 * @example inUnit('verticalJumpMm', 600, false) // '23.6 in'
 */
export function inUnit(test: Test | 'verticalJumpMm', value: number, isMetric: boolean): string {
  if (test.endsWith('Ms')) return `${(Math.round(value / 10) / 100).toFixed(2)} s`;
  if (test === 'verticalJumpMm') return markLabel(value, 'height', isMetric);
  if (test.endsWith('Mm')) {
    return isMetric ? `${Number((value / 10).toFixed(1))} cm` : markLabel(value, 'distance', false);
  }
  return `${number(Math.round(value))} W`;
}

export const tierColour = (tier: string | null) => (tier && TIER_COLOURS[tier as TierName]) || GREY;

/** The tier names with their test bands, for a legend. */
export const TIER_LEGEND = TIERS.map((t, i) => {
  const next = TIERS[i + 1];
  return `${t.name} ${t.from}${next ? `-${next.from - 1}` : '+'}`;
}).join(' · ');

/**
 * Draws every text in the fonts its characters need (fonts.ts): `doc.font(REGULAR|BOLD)`
 * picks the weight, and `doc.text` cuts a string into runs by script, each drawn in its
 * script's font of that weight (`continued`, so a line mixes them), then returns to the
 * body font. The CJK font is registered only when a text needs it.
 */
function embedFonts(doc: Doc): void {
  const registered = new Set<string>();
  const font = doc.font.bind(doc) as (name: string) => Doc;
  const text = doc.text.bind(doc) as (value: unknown, ...rest: unknown[]) => Doc;
  let weight: Weight = 'regular';
  const use = (script: Script) => {
    const name = fontName(script, weight);
    if (!registered.has(name)) {
      doc.registerFont(name, fontOf(script, weight) as unknown as ArrayBuffer);
      registered.add(name);
    }
    font(name);
  };
  doc.font = ((name: string, ...rest: unknown[]) => {
    if (name === REGULAR) weight = 'regular';
    if (name === BOLD) weight = 'bold';
    if (name === REGULAR || name === BOLD) {
      use('latin');
      return doc;
    }
    return (font as (...args: unknown[]) => Doc)(name, ...rest);
  }) as Doc['font'];
  doc.text = ((value: unknown, ...rest: unknown[]) => {
    if (typeof value !== 'string') return text(value, ...rest);
    const runs = scriptRuns(value).flatMap(visualWords);
    if (runs.length === 1) {
      use(runs[0]!.script);
      text(runs[0]!.text, ...rest);
      use('latin');
      return doc;
    }
    const positional = typeof rest[0] === 'number';
    const options = ((positional ? rest[2] : rest[0]) ?? {}) as PDFKit.Mixins.TextOptions;
    const continued = options.continued ?? false;
    runs.forEach((run, i) => {
      use(run.script);
      const more = i < runs.length - 1 || continued;
      if (i > 0) text(run.text, { continued: more });
      else if (positional) text(run.text, rest[0], rest[1], { ...options, continued: more });
      else text(run.text, { ...options, continued: more });
    });
    use('latin');
    return doc;
  }) as Doc['text'];
}

/**
 * A right-to-left run of several words as its words in the order they stand on the page
 * (the last word leftmost), each shaped on its own: fontkit turns the glyphs of a run
 * round but loses the spaces inside it.
 */
function visualWords(run: { script: Script; text: string }): { script: Script; text: string }[] {
  if ((run.script !== 'hebrew' && run.script !== 'arabic') || !/\s/u.test(run.text)) return [run];
  return run.text
    .split(/(\s+)/u)
    .filter((part) => part !== '')
    .reverse()
    .map((part) =>
      /^\s+$/u.test(part) ? { script: 'latin' as const, text: part } : { ...run, text: part },
    );
}

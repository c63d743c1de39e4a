import { TEST_LABELS, type TeamReportBody } from '../../../contract/profile';
import { TEAM_TESTS } from '../team-report';
import { fullName } from './athlete';
import {
  BOLD,
  REGULAR,
  contentWidth,
  ensureSpace,
  footers,
  GREY,
  heading,
  INK,
  letterhead,
  line,
  MARGIN,
  newDocument,
  number,
  pointBars,
  signed,
  table,
  title,
  today,
  type Doc,
  type AccountFacts,
  type Paper,
} from './sheet';

const SHORT: Record<(typeof TEAM_TESTS)[number], string> = {
  verticalJumpPowerW: 'Jump',
  sprint10Ms: '10 yd',
  proAgilityMs: 'Agility',
  sprint40Ms: '40 yd',
  broadJumpMm: 'Broad',
  accelerationMs: 'Accel.',
  transitionMs: 'Trans.',
  topSpeedMs: 'Top',
  flying10Ms: 'Fly 10',
};

/** Columns of the distribution: one per 100-point band, the count on top. */
function distributionChart(doc: Doc, distribution: TeamReportBody['distribution']): void {
  const height = 90;
  ensureSpace(doc, height + 30);
  const top = doc.y;
  const width = contentWidth(doc);
  const most = Math.max(...distribution.map((b) => b.count));
  const slot = width / distribution.length;
  const barWidth = Math.min(40, slot * 0.8);
  distribution.forEach((band, i) => {
    const x = MARGIN + i * slot + (slot - barWidth) / 2;
    const barHeight = most === 0 ? 0 : (height * band.count) / most;
    doc.rect(x, top + height - barHeight, barWidth, barHeight).fill('#1677ff');
    doc.font(REGULAR).fontSize(7).fillColor(INK);
    doc.text(String(band.count), x - 5, top + height - barHeight - 9, {
      width: barWidth + 10,
      align: 'center',
      lineBreak: false,
    });
    doc.fillColor(GREY).text(String(band.from), x - 5, top + height + 3, {
      width: barWidth + 10,
      align: 'center',
      lineBreak: false,
    });
  });
  doc
    .moveTo(MARGIN, top + height)
    .lineTo(MARGIN + width, top + height)
    .strokeColor(GREY)
    .stroke();
  doc.x = MARGIN;
  doc.y = top + height + 16;
  doc.fillColor(INK);
}

/**
 * One roster's testing day as a PDF: the average and its change, the per-test means
 * against the 500 line, the distribution of indexes, and the athletes ranked with their
 * points per test (running on over pages).
 */
export async function teamPdf(
  account: AccountFacts,
  report: TeamReportBody,
  paper: Paper,
): Promise<Buffer> {
  const { doc, bytes } = newDocument(
    paper,
    `EAPI team report: ${report.rosterName}, ${report.date}`,
    account.organisation,
  );
  letterhead(doc, account);
  title(doc, report.rosterName);
  line(doc, `EAPI team report · testing day ${report.date}`, { size: 12 });
  doc.moveDown(0.6);
  doc.font(BOLD).fontSize(14).fillColor(INK);
  doc.text(
    report.averageOverallIndex === null
      ? 'Average EAPI: no complete index'
      : `Average EAPI ${number(report.averageOverallIndex)}`,
  );
  line(doc, `${report.athleteCount} athlete${report.athleteCount === 1 ? '' : 's'} tested.`);
  if (report.previous) {
    const change = report.previous.change === null ? '' : ` (${signed(report.previous.change)})`;
    const before =
      report.previous.averageOverallIndex === null
        ? 'no complete index'
        : number(report.previous.averageOverallIndex);
    line(doc, `Previous testing day ${report.previous.date}: average ${before}${change}.`);
  } else {
    line(doc, 'First testing day of this roster.', { colour: GREY });
  }

  heading(doc, 'Average points per test', 20 * report.testAverages.length);
  pointBars(
    doc,
    report.testAverages.map((t) => ({
      label: TEST_LABELS[t.test],
      points: t.average === null ? null : Math.round(t.average),
      note: t.count === 0 ? undefined : `${t.count} measured`,
    })),
  );

  if (report.distribution.length > 0) {
    heading(doc, 'Distribution of EAPI (athletes per 100 points)', 120);
    distributionChart(doc, report.distribution);
  }

  heading(doc, 'Athletes ranked');
  table(
    doc,
    [
      { header: '#', width: 22, align: 'right' },
      { header: 'Athlete', width: 150 },
      { header: 'EAPI', width: 45, align: 'right' },
      { header: 'Change', width: 45, align: 'right' },
      ...TEAM_TESTS.map((test) => ({ header: SHORT[test], width: 40, align: 'right' as const })),
    ],
    report.athletes.map((a) => [
      a.rank === null ? '—' : String(a.rank),
      fullName(a),
      a.eapi === null ? '—' : number(a.eapi),
      a.change === null ? '' : signed(a.change),
      ...TEAM_TESTS.map((test) => (a.points[test] === null ? '—' : String(a.points[test]))),
    ]),
  );
  line(doc, `Reference version ${report.referenceVersion}.`, { size: 8, colour: GREY });

  footers(doc, `EAPI team report of ${report.rosterName}, ${report.date}`, today(account.timeZone));
  doc.end();
  return bytes;
}

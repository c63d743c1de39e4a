import { TEST_LABELS, type AthleteReportBody } from '../../../contract/profile';
import {
  BOLD,
  footers,
  GREY,
  heading,
  inUnit,
  letterhead,
  line,
  newDocument,
  number,
  pointBars,
  table,
  tierColour,
  TIER_LEGEND,
  title,
  today,
  type AccountFacts,
  type Paper,
} from './sheet';

const ordinal = (n: number) => {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
};

/** From this many athletes on, a group's place also reads as a percentile (as on screen). */
const PERCENTILE_FROM = 10;

/**
 * "Rank 2 of 24 in the roster Varsity · 96th percentile": the rank, and the mid-rank
 * percentile in a group of 10 or more (docs/performance-index.md, "Rank and percentile").
 */
export function standing(p: AthleteReportBody['percentiles'][number], label: string): string {
  const group = `${p.group === 'roster' ? 'the roster' : 'the position'} ${p.name}`;
  const place = `Rank ${p.rank} of ${p.athletes} in ${group}`;
  if (p.athletes === 1) return `${place}: the only athlete with an ${label}`;
  return p.athletes >= PERCENTILE_FROM ? `${place} · ${ordinal(p.percentile)} percentile` : place;
}

export function fullName(a: { firstName: string; middleName: string; lastName: string }): string {
  return [a.firstName, a.middleName, a.lastName].filter(Boolean).join(' ');
}

/**
 * One athlete's report as a PDF: the index and its tier, the percentiles, a bar per test
 * against the 500 line, the measurements with the reference rows they were scored
 * against (and their sources), and the index over time. Jumps in inches, or centimetres
 * with `isMetric` (the unit the coach chose on the report page).
 */
export async function athletePdf(
  account: AccountFacts,
  report: AthleteReportBody,
  paper: Paper,
  isMetric = false,
): Promise<Buffer> {
  const label = report.index.toUpperCase();
  const name = fullName(report.athlete);
  const { doc, bytes } = newDocument(paper, `${label} report: ${name}`, account.organisation);
  const { profile } = report;

  letterhead(doc, account);
  title(doc, name);
  line(doc, `${label} report · tested on ${profile.testedOn}`, { size: 12 });
  const facts = [
    report.athlete.sport,
    report.athlete.position,
    profile.bodyweightKg === null ? null : `bodyweight ${number(profile.bodyweightKg)} kg`,
    report.athlete.gender,
  ].filter(Boolean);
  if (facts.length > 0) line(doc, facts.join(' · '), { colour: GREY });

  doc.moveDown(0.6);
  doc.font(BOLD).fontSize(16);
  const overall =
    report.overall === null
      ? `${label}: incomplete (a core test is missing)`
      : `${label} ${number(report.overall)} · ${report.overallTier}`;
  doc.fillColor(tierColour(report.overallTier)).text(overall);
  doc.fillColor('#1f1f1f');
  if (report.overallPointsToNextTier !== null) {
    line(doc, `${report.overallPointsToNextTier} points to the next tier.`);
  }
  for (const p of report.percentiles) line(doc, standing(p, label));

  heading(doc, 'Points per test', 20 * report.tests.length);
  pointBars(
    doc,
    report.tests.map((t) => ({
      label: `${TEST_LABELS[t.test]}${t.core ? '' : ' (optional)'}`,
      points: t.points,
      note: t.tier ?? undefined,
      colour: tierColour(t.tier),
    })),
  );
  line(doc, `Tiers per test: ${TIER_LEGEND}; the ${label} is the sum of its 3 core tests.`, {
    size: 8,
    colour: GREY,
  });

  heading(doc, `Measurements and reference rows (version ${report.referenceVersion})`);
  table(
    doc,
    [
      { header: 'Test', width: 120 },
      { header: 'Measurement', width: 120 },
      { header: 'Points', width: 45, align: 'right' },
      { header: 'Tier', width: 65 },
      { header: 'To next', width: 45, align: 'right' },
      { header: 'Reference (mean ± SD)', width: 135 },
    ],
    report.tests.map((t) => {
      let measurement = '—';
      if (t.measurement !== null) {
        measurement =
          t.test === 'verticalJumpPowerW'
            ? `${inUnit('verticalJumpMm', t.measurement, isMetric)}${t.computed === null ? ' (no bodyweight)' : ` = ${inUnit(t.test, t.computed, isMetric)}`}`
            : inUnit(t.test, t.measurement, isMetric);
      }
      const reference = t.reference
        ? `${t.reference.sex}, ${t.reference.level}: ${inUnit(t.test, t.reference.mean, isMetric)} ± ${inUnit(t.test, t.reference.sd, isMetric)}`
        : '—';
      return [
        TEST_LABELS[t.test],
        measurement,
        t.points === null ? '—' : String(t.points),
        t.tier ?? '—',
        t.pointsToNextTier === null ? '—' : String(t.pointsToNextTier),
        reference,
      ];
    }),
  );
  const sources = [
    ...new Set(report.tests.flatMap((t) => (t.reference ? [t.reference.source] : []))),
  ];
  if (sources.length > 0) {
    doc.moveDown(0.4);
    line(doc, `Sources: ${sources.join('; ')}`, { size: 8, colour: GREY });
  }
  line(
    doc,
    'Points = 500 + 100 × (value − mean) / SD, with the sign turned for times (faster is better), ' +
      'clamped to 0..1000. Vertical jump power (Sayers): 60.7 × height (cm) + 45.3 × bodyweight (kg) − 2055.',
    { size: 8, colour: GREY },
  );

  heading(doc, `${label} over time`);
  table(
    doc,
    [
      { header: 'Testing day', width: 1 },
      { header: label, width: 1, align: 'right' },
    ],
    report.history.map((h) => [
      `${h.testedOn}${h.profileId === profile.id ? ' (this report)' : ''}`,
      h.overall === null ? '—' : number(h.overall),
    ]),
  );

  footers(doc, `${label} report of ${name}, ${profile.testedOn}`, today(account.timeZone));
  doc.end();
  return bytes;
}

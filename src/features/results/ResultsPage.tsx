import type { ReactNode } from 'react';
import { PageFrame } from '../../components/PageFrame';
import { paths } from '../../app/paths';

/** The four results tables share one page; the variant picks the program (PRODUCT.md). */
export type ResultsVariant = 'individual' | 'gamespeed' | 'eapi' | 'manualentry';

const titles: Record<ResultsVariant, string> = {
  individual: paths.home.results.individual.label,
  gamespeed: paths.home.programs.gameSpeed.label,
  eapi: paths.home.programs.eapi.label,
  manualentry: paths.home.programs.manualEntry.label,
};

interface ResultsPageProps {
  variant: ResultsVariant;
  /** More actions in the heading row (Manual Entry's "Enter a session"). */
  actions?: ReactNode;
}

/** Results, individual and the three program pages (tables come with the results issue). */
export default function ResultsPage({ variant, actions }: ResultsPageProps) {
  return <PageFrame title={titles[variant]} extra={actions} />;
}

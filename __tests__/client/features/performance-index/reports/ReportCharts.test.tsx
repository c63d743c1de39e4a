import { render, screen, waitFor, within } from '@testing-library/react';
import { PointsChart } from '../../../../../src/features/performance-index/reports/ReportCharts';

/** recharts sizes its chart from the ResponsiveContainer's box, which jsdom reports as 0 × 0. */
const measure = HTMLElement.prototype.getBoundingClientRect;
beforeEach(() => {
  jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
    this: HTMLElement,
  ) {
    if (!this.classList.contains('recharts-responsive-container')) return measure.call(this);
    return DOMRect.fromRect({ width: 640, height: 260 });
  });
});
afterEach(() => jest.restoreAllMocks());

describe('the points chart', () => {
  it('names the 500 line under the plot, not inside it where the last bar covered it', async () => {
    render(
      <PointsChart
        tests={[
          { test: 'verticalJumpPowerW', points: 551, tier: 'Strong', core: true },
          { test: 'sprint10Ms', points: 650, tier: 'Strong', core: true },
          { test: 'proAgilityMs', points: 820, tier: 'Elite', core: true },
        ]}
      />,
    );
    const figure = screen.getByRole('figure', { name: /the line marks 500/ });
    await waitFor(() => expect(figure.querySelectorAll('.recharts-bar-rectangle')).toHaveLength(3));
    const plot = figure.querySelector('svg.recharts-surface')!;
    expect(plot.querySelector('.recharts-reference-line')).not.toBeNull();
    // Inside the plot, only the axes' numbers and the tests' names: nothing over a bar.
    expect(within(plot as unknown as HTMLElement).queryByText(/reference mean/)).toBeNull();
    expect(figure.querySelector('figcaption')).toHaveTextContent(
      'Dashed line: 500, the reference mean.',
    );
  });
});

import { scriptRuns } from '../../../server/report/pdf/fonts';

describe('the runs of a text by script (one font each in the PDF)', () => {
  it('keeps a Latin text one run, and writes the signs Noto Sans lacks in ASCII', () => {
    expect(scriptRuns('Zoë − Łukasz ± 2')).toEqual([{ script: 'latin', text: 'Zoë − Łukasz ± 2' }]);
    expect(scriptRuns('a ≥ b → c')).toEqual([{ script: 'latin', text: 'a >= b -> c' }]);
  });

  it('keeps a two-word right-to-left name one run, its spaces inside, the rest outside', () => {
    expect(scriptRuns('Rank 1 · محمد العلي, U18')).toEqual([
      { script: 'latin', text: 'Rank 1 · ' },
      { script: 'arabic', text: 'محمد العلي' },
      { script: 'latin', text: ', U18' },
    ]);
    expect(scriptRuns('שרה כהן')).toEqual([{ script: 'hebrew', text: 'שרה כהן' }]);
  });

  it('gives CJK and emoji (with joiners and skin tones) their own runs', () => {
    expect(scriptRuns('王小明 さくら')).toEqual([{ script: 'cjk', text: '王小明 さくら' }]);
    expect(scriptRuns('🔥 🏃')).toEqual([
      { script: 'emoji', text: '🔥' },
      { script: 'latin', text: ' ' },
      { script: 'emoji', text: '🏃' },
    ]);
    expect(scriptRuns('Zoë 🏃🏽‍♀️ ok')).toEqual([
      { script: 'latin', text: 'Zoë ' },
      { script: 'emoji', text: '🏃🏽‍♀️' },
      { script: 'latin', text: ' ok' },
    ]);
  });
});

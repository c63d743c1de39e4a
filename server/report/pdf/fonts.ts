import fs from 'node:fs';
import path from 'node:path';
import * as fontkit from 'fontkit';

/**
 * The fonts the report PDFs embed (docs/decisions/020-report-pdf.md, "Fonts"): Noto, from
 * npm packages (SIL Open Font License 1.1), a chain by script so that the names coaches
 * type print as typed: Noto Sans (Latin, Greek, Cyrillic and the signs: the minus sign,
 * ≤, →), Noto Sans Hebrew, Noto Naskh Arabic, Noto Emoji (monochrome), and Noto Sans
 * CJK (simplified Chinese, with Japanese kana), read only when a text has such a
 * character (8 MB a weight). pdfkit (fontkit) embeds each as a subset of the glyphs a
 * document uses, and shapes Arabic (joined letter forms, right to left within a run).
 */
export type Weight = 'regular' | 'bold';
export type Script = 'latin' | 'hebrew' | 'arabic' | 'cjk' | 'emoji';

/** The directory of an installed package (its exports hide the font files from require). */
function packageDir(name: string): string {
  let dir = path.dirname(require.resolve(name));
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return dir;
}

const files: Record<Script, Record<Weight, [pkg: string, file: string]>> = {
  latin: {
    regular: ['@embedpdf/fonts-latin', 'fonts/NotoSans-Regular.ttf'],
    bold: ['@embedpdf/fonts-latin', 'fonts/NotoSans-Bold.ttf'],
  },
  hebrew: {
    regular: ['@embedpdf/fonts-hebrew', 'fonts/NotoSansHebrew-Regular.ttf'],
    bold: ['@embedpdf/fonts-hebrew', 'fonts/NotoSansHebrew-Bold.ttf'],
  },
  arabic: {
    regular: ['@embedpdf/fonts-arabic', 'fonts/NotoNaskhArabic-Regular.ttf'],
    bold: ['@embedpdf/fonts-arabic', 'fonts/NotoNaskhArabic-Bold.ttf'],
  },
  cjk: {
    regular: ['@embedpdf/fonts-sc', 'fonts/NotoSansHans-Regular.otf'],
    bold: ['@embedpdf/fonts-sc', 'fonts/NotoSansHans-Bold.otf'],
  },
  emoji: {
    regular: ['@expo-google-fonts/noto-emoji', '400Regular/NotoEmoji_400Regular.ttf'],
    bold: ['@expo-google-fonts/noto-emoji', '700Bold/NotoEmoji_700Bold.ttf'],
  },
};

/**
 * Parsed once per process (a worker of the pool keeps them for every document it draws:
 * parsing Noto Sans's layout tables for each document took ~0.8 s).
 */
const loaded = new Map<string, fontkit.Font>();

/** The font of a script and weight, for `doc.registerFont`. */
export function fontOf(script: Script, weight: Weight): fontkit.Font {
  const key = `${script}-${weight}`;
  let font = loaded.get(key);
  if (!font) {
    const [pkg, file] = files[script][weight];
    font = fontkit.create(fs.readFileSync(path.join(packageDir(pkg), file)));
    loaded.set(key, font);
  }
  // fontkit caches glyphs with the characters they were first met for; subsetting meets a
  // composite's parts without any, so a glyph cached by the last document's subset (the
  // period inside a colon) would reach this one without its character, and its text would
  // not copy or search. A document starts with an empty cache (the parsed tables stay).
  // Documents do not interleave: each is drawn from start to end without a pause.
  (font as unknown as { _glyphs: object })._glyphs = {};
  return font;
}

/** The name a document registers a script's font under. */
export const fontName = (script: Script, weight: Weight) => `${script}-${weight}`;

const HEBREW = /\p{Script=Hebrew}/u;
const ARABIC = /\p{Script=Arabic}/u;
const CJK =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Bopomofo}\u3000-\u303f\uff00-\uffef]/u;
const EMOJI = /\p{Extended_Pictographic}|\p{Emoji_Presentation}/u;
/** Joiners, variation selectors and skin tones: part of the emoji before them. */
const EMOJI_PART = /^(?:\u200d|\ufe0e|\ufe0f|\u20e3|[\u{1f3fb}-\u{1f3ff}])$/u;
/** Spaces and punctuation go with the run they are in (a two-word Arabic name is one run). */
const NEUTRAL = /[\p{White_Space}\p{P}\p{S}]/u;

function scriptOf(char: string): Script | null {
  if (EMOJI.test(char) && !/[0-9#*]/.test(char)) return 'emoji';
  if (HEBREW.test(char)) return 'hebrew';
  if (ARABIC.test(char)) return 'arabic';
  if (CJK.test(char)) return 'cjk';
  if (NEUTRAL.test(char)) return null;
  return 'latin';
}

/**
 * Signs that Noto Sans lacks (it has the minus sign, ±, ×, the dashes and quotes), and
 * what stands in for them.
 */
const STAND_INS: Record<string, string> = {
  '\u2264': '<=',
  '\u2265': '>=',
  '\u2260': '!=',
  '\u2248': '~',
  '\u2192': '->',
  '\u2190': '<-',
  '\u2219': '\u00b7',
  '\u22c5': '\u00b7',
};
const STAND_IN = new RegExp(`[${Object.keys(STAND_INS).join('')}]`, 'gu');

/**
 * A text cut into runs of one script each, in logical order; spaces and punctuation stay
 * in the run around them (at the start, in the next run's).
 * @example scriptRuns('Rank 1 · שרה כהן') // [{ latin, 'Rank 1 · ' }, { hebrew, 'שרה כהן' }]
 */
export function scriptRuns(text: string): { script: Script; text: string }[] {
  const runs: { script: Script; text: string }[] = [];
  let pending = '';
  for (const char of text.replace(STAND_IN, (sign) => STAND_INS[sign]!)) {
    const last = runs[runs.length - 1];
    let script = scriptOf(char);
    if (last?.script === 'emoji' && EMOJI_PART.test(char)) script = 'emoji';
    // Noto Emoji has no space (its missing glyph is 1.27 em wide): spaces after an emoji
    // go in the body font.
    if (script === null && last?.script === 'emoji') script = 'latin';
    if (script === null) {
      if (last) last.text += char;
      else pending += char;
      continue;
    }
    if (last && last.script === script) last.text += char;
    else if (!last && pending) runs.push({ script, text: pending + char });
    else runs.push({ script, text: char });
  }
  if (runs.length === 0) return [{ script: 'latin', text: pending }];
  // Trailing spaces and punctuation of an RTL run belong to the text after it, drawn LTR.
  for (let i = 0; i < runs.length - 1; i++) {
    const run = runs[i]!;
    if (run.script !== 'hebrew' && run.script !== 'arabic') continue;
    const trail = /[\p{White_Space}\p{P}\p{S}]+$/u.exec(run.text)?.[0] ?? '';
    if (trail && trail.length < run.text.length) {
      run.text = run.text.slice(0, -trail.length);
      const next = runs[i + 1]!;
      if (next.script === 'latin') next.text = trail + next.text;
      else runs.splice(i + 1, 0, { script: 'latin', text: trail });
    }
  }
  return runs;
}

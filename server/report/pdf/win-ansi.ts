/**
 * The report PDFs are set in the standard Helvetica (sheet.ts), whose encoding is
 * WinAnsi: Latin-1 and 27 more characters (the dashes, curly quotes, `…`, `€`, `™`,
 * `Œ`, `Š`, `Ž`...). pdfkit writes any other character as its UTF-16 code split into
 * bytes, so U+2212 (the minus sign) came out as `"` and a control character. Every text a
 * PDF draws goes through `winAnsi` first: what the font has stays, a few signs get their
 * usual stand-in, accented letters lose the accents the font lacks (`ễ` → `ê`, `ő` → `o`),
 * and anything else (Greek, Cyrillic, CJK, emoji) is `?`, one per character.
 */

/** pdfkit's WIN_ANSI_MAP: the code points WinAnsi has outside Latin-1. */
const WIN_ANSI_EXTRA = new Set([
  0x152, 0x153, 0x160, 0x161, 0x178, 0x17d, 0x17e, 0x192, 0x2c6, 0x2dc, 0x2013, 0x2014, 0x2018,
  0x2019, 0x201a, 0x201c, 0x201d, 0x201e, 0x2020, 0x2021, 0x2022, 0x2026, 0x2030, 0x2039, 0x203a,
  0x20ac, 0x2122,
]);

/** Signs the font lacks, and what stands in for them. */
const STAND_INS: Record<string, string> = {
  '\u2212': '\u2013', // minus sign → en dash (the width of a minus in Helvetica)
  '\u2010': '-', // hyphen
  '\u2011': '-', // non-breaking hyphen
  '\u2012': '\u2013', // figure dash
  '\u2015': '\u2014', // horizontal bar
  '\u2264': '<=',
  '\u2265': '>=',
  '\u2260': '!=',
  '\u2248': '~',
  '\u2192': '->',
  '\u2190': '<-',
  '\u2032': "'", // prime
  '\u2033': '"', // double prime
  '\u2044': '/', // fraction slash
  '\u2219': '\u00b7', // bullet operator
  '\u22c5': '\u00b7', // dot operator
  '\u2009': ' ', // thin space
  '\u200a': ' ', // hair space
  '\u202f': '\u00a0', // narrow no-break space (French and Swiss number groups)
  '\u2007': '\u00a0', // figure space
  '\u200b': '', // zero-width space
  '\u00ad': '', // soft hyphen: pdfkit does not hyphenate
  '\u0141': 'L', // Ł and the other letters that do not decompose
  '\u0142': 'l',
  '\u0110': 'D',
  '\u0111': 'd',
  '\u0126': 'H',
  '\u0127': 'h',
  '\u0131': 'i',
  '\t': ' ',
  '\r': '',
};

const COMBINING_MARK = /\p{M}$/u;

/** Whether the font has the character (one code point). */
function inFont(char: string): boolean {
  const code = char.codePointAt(0)!;
  if (char === '\n') return true; // a line break to pdfkit
  if (code >= 0x20 && code < 0x7f) return true;
  if (code >= 0xa0 && code <= 0xff) return true;
  return WIN_ANSI_EXTRA.has(code);
}

/** One character the font lacks: its stand-in, itself with fewer accents, or `?`. */
function standIn(char: string): string {
  const given = STAND_INS[char];
  if (given !== undefined) return given;
  // Decomposed (compatibility too: `ﬁ` → `fi`, `²` is in the font already), then accents
  // dropped from the last until what is left, recomposed, is in the font.
  let decomposed = char.normalize('NFKD');
  for (;;) {
    const recomposed = decomposed.normalize('NFC');
    if ([...recomposed].every(inFont)) return recomposed;
    if (!COMBINING_MARK.test(decomposed)) return '?';
    decomposed = decomposed.replace(COMBINING_MARK, '');
  }
}

/**
 * The text in characters the standard Helvetica has.
 * @example winAnsi('100 × (value − mean)') // '100 × (value – mean)'
 * @example winAnsi('Łukasz Nguyễn') // 'Lukasz Nguyên'
 */
export function winAnsi(text: string): string {
  let out = '';
  // By code point (an emoji is one `?`), on the composed form (`e` + U+0301 is `é`).
  for (const char of text.normalize('NFC')) out += inFont(char) ? char : standIn(char);
  return out;
}

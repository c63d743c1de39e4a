/**
 * The part of fontkit (pdfkit's font engine) the report PDFs use: parsing a font file once
 * per process, so that each document reuses the parsed font (fonts.ts). pdfkit takes such
 * a font wherever it takes a font file.
 */
declare module 'fontkit' {
  export interface Font {
    layout(text: string): unknown;
    hasGlyphForCodePoint(codePoint: number): boolean;
  }
  export function create(buffer: Uint8Array): Font;
}

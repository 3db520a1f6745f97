import { inflateSync } from 'node:zlib';

/**
 * The text a PDF shows, one line per text-showing operator, as far as pdfkit writes it: content
 * streams (FlateDecode, or plain) whose strings are hex glyph codes of a standard font
 * (WinAnsi), in `[<..> kern <..>] TJ` arrays. Enough to read our own receipts back in tests.
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const lines: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    const bytes = Buffer.from(match[1] ?? '', 'latin1');
    let content: string;
    try {
      content = inflateSync(bytes).toString('latin1');
    } catch {
      content = bytes.toString('latin1');
    }
    for (const shown of content.matchAll(/\[((?:<[0-9a-fA-F]*>|[^\]])*)\]\s*TJ/g)) {
      const hexes = [...(shown[1] ?? '').matchAll(/<([0-9a-fA-F]*)>/g)];
      lines.push(hexes.map((hex) => Buffer.from(hex[1] ?? '', 'hex').toString('latin1')).join(''));
    }
  }
  return lines.join('\n');
}

/**
 * A PDF of `count` dish lines ("Preparatul 7 24,50 lei") over `pages` tall pages, each line a text
 * piece of its own, written as PDF operators (a standard font, nothing embedded) in milliseconds.
 * One page of 40,000 lines is the outside probe's file, the shape that made line grouping quadratic.
 */
export function textPdf(count: number, pages = 1): Uint8Array {
  const perPage = Math.ceil(count / pages);
  const height = 40 + perPage * 3.4;
  const contents = Array.from({ length: pages }, (_, page) =>
    Array.from(
      { length: Math.min(perPage, count - page * perPage) },
      (_, i) => `BT /F1 3 Tf 20 ${(height - 20 - i * 3.4).toFixed(1)} Td (Preparatul ${page * perPage + i} 24,50 lei) Tj ET`,
    ).join('\n'),
  );
  // objects: 1 catalog, 2 page tree, 3 font, then each page and its content
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${contents.map((_, page) => `${4 + page * 2} 0 R`).join(' ')}] /Count ${pages} >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    ...contents.flatMap((text, page) => [
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 ${height}] /Resources << /Font << /F1 3 0 R >> >> /Contents ${5 + page * 2} 0 R >>`,
      `<< /Length ${Buffer.byteLength(text)} >>\nstream\n${text}\nendstream`,
    ]),
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(pdf));
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf);
  const entries = offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${entries}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(pdf);
}

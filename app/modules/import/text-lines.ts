/** Pieces whose baselines are closer than this (points) are on one line. */
const LINE_TOLERANCE = 3;

/** A piece of text placed on a PDF page: its left edge, its baseline and its width, in points. */
export interface PlacedText {
  text: string;
  x: number;
  y: number;
  width: number;
}

/**
 * Text pieces grouped into lines, top to bottom: pieces on the same baseline (within a few points)
 * are one line, joined left to right with a space where there is a gap.
 */
export function groupTextLines(items: readonly PlacedText[]): string[] {
  // a line is found through buckets of its baseline (3 points wide): an item looks in its bucket and
  // the two beside it, so each item costs the same whatever the number of lines (a search through
  // every line so far made a 60,000-line PDF quadratic: seconds of a busy process)
  const rows: { y: number; order: number; parts: PlacedText[] }[] = [];
  const buckets = new Map<number, (typeof rows)[number][]>();
  for (const item of items) {
    const y = item.y;
    const bucket = Math.floor(y / LINE_TOLERANCE);
    let row: (typeof rows)[number] | undefined;
    for (const near of [bucket - 1, bucket, bucket + 1]) {
      for (const candidate of buckets.get(near) ?? []) {
        // the earliest line within the tolerance, as a search in reading order would find
        if (Math.abs(candidate.y - y) < LINE_TOLERANCE && (!row || candidate.order < row.order)) row = candidate;
      }
    }
    if (row) {
      row.parts.push(item);
      continue;
    }
    row = { y, order: rows.length, parts: [item] };
    rows.push(row);
    const list = buckets.get(bucket);
    if (list) list.push(row);
    else buckets.set(bucket, [row]);
  }
  rows.sort((a, b) => b.y - a.y);
  const lines: string[] = [];
  for (const row of rows) {
    row.parts.sort((a, b) => a.x - b.x);
    let text = '';
    let end = -Infinity;
    for (const part of row.parts) {
      text += text && part.x - end > 1 ? ` ${part.text}` : part.text;
      end = part.x + part.width;
    }
    lines.push(text);
  }
  return lines;
}

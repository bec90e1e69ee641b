/**
 * A JSON text column as stored (openingHours, schedule, allergens, translations, …): its value, or
 * undefined when the column is empty or does not parse. The callers keep what they recognise, so
 * malformed data never reaches a guest and never throws.
 */
export function parseStoredJson(stored: string | null | undefined): unknown {
  if (!stored) return undefined;
  try {
    return JSON.parse(stored);
  } catch {
    return undefined;
  }
}

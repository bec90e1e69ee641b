/**
 * Do-not-translate terms (mici, sarmale, the restaurant's own names) are replaced by numbered
 * placeholders `⟦0⟧`, `⟦1⟧` before a text reaches the cache or a provider, and put back after. The
 * adapters turn a placeholder into markup their provider leaves alone. The cache is keyed by the
 * masked text, so "Mici cu muștar" and "Sarmale cu muștar" share one entry when both names are
 * protected.
 */
export interface MaskedText {
  /** the text with each protected term as ⟦n⟧ */
  masked: string;
  /** the original spelling of each placeholder, by number */
  terms: string[];
}

const PLACEHOLDER = /⟦(\d+)⟧/g;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Collapses runs of whitespace and trims: what is sent and what the cache key is made from. */
export function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

export function maskTerms(text: string, terms: readonly string[]): MaskedText {
  const collapsed = collapseWhitespace(text).replace(/[⟦⟧]/g, '');
  const sorted = [...terms].filter((term) => term.trim() !== '').sort((a, b) => b.length - a.length);
  if (sorted.length === 0) return { masked: collapsed, terms: [] };
  // whole words only, any case: "Mici" and "mici" are protected, "Micile" is not
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(?:${sorted.map(escapeRegExp).join('|')})(?![\\p{L}\\p{N}])`, 'giu');
  const found: string[] = [];
  const masked = collapsed.replace(pattern, (match) => {
    found.push(match);
    return `⟦${found.length - 1}⟧`;
  });
  return { masked, terms: found };
}

/** Puts the protected terms back; a placeholder the provider lost is simply absent. */
export function unmaskTerms(translated: string, terms: readonly string[]): string {
  return translated.replace(PLACEHOLDER, (whole, index: string) => terms[Number(index)] ?? whole);
}

/** Turns each ⟦n⟧ into provider markup, escaping everything else for an XML/HTML body. */
export function toMarkup(masked: string, placeholder: (index: number) => string): string {
  const escaped = masked.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return escaped.replace(PLACEHOLDER, (_whole, index: string) => placeholder(Number(index)));
}

/**
 * The provider's markup back into text with ⟦n⟧ placeholders (inverse of toMarkup). Our text went
 * out escaped, so a literal tag in the answer is markup the provider (or whoever answers in its
 * place) added, never the owner's words: it is dropped, `<script>` and all, and only text remains
 * (issue 23). `<` typed by the owner came back as `&lt;` and is text again.
 */
export function fromMarkup(markup: string, placeholder: RegExp): string {
  return markup
    .replace(placeholder, (_whole, index: string) => `⟦${index}⟧`)
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<[^>]*>?/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#0?39;|&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

/**
 * Diacritics-insensitive search (migration 0019): on PostgreSQL the indexed expression is
 * `bucate_search_fold(column)`, i.e. `translate(lower(column), FOLD_FROM, FOLD_TO)`; the searched
 * text is folded the same way here, so
 * "bunica" and "Bunică" meet. (SQLite's FTS5 trigram tokenizer folds by itself: remove_diacritics.)
 * The migration keeps its own copy of the pair: change both or neither.
 */
export const FOLD_FROM = 'ăâîșşțţáàäãåéèëêíìïóòöôõúùüûçñýÿĂÂÎȘŞȚŢÁÀÄÃÅÉÈËÊÍÌÏÓÒÖÔÕÚÙÜÛÇÑÝ';
export const FOLD_TO = 'aaissttaaaaaeeeeiiiooooouuuucnyyaaissttaaaaaeeeeiiiooooouuuucny';

const FOLD = new Map([...FOLD_FROM].map((letter, i) => [letter, FOLD_TO[i]!]));

/** Lower-cased, with the letters of FOLD_FROM replaced as PostgreSQL's translate() does. */
export function foldSearch(text: string): string {
  return [...text.toLowerCase()].map((letter) => FOLD.get(letter) ?? letter).join('');
}

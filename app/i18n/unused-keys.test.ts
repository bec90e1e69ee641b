import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ro } from './ro.ts';

/**
 * A catalogue key is used when the code names it: literally, in quotes (`t('nav.home')`), or through
 * a pattern declared beside the code that builds it from parts, in a comment of the form
 *   // i18n-keys: allergen.* home.why.*Title
 * where `*` stands for one part of a key (no dot); a key read as a catalogue's property
 * (`ro.errors.pageNotFound`) counts too. Plural forms (`_one`, `_few`, `_other`) count as
 * their base key. A key nothing uses is dead text that translators keep paying for.
 */

/** /translation-debug's listing names keys to show them, which is not a use */
const LISTING = 'app/i18n/catalogue-diff.ts';
const CATALOGUE = /^app\/i18n\/(?:[a-z-]+\.)?(?:ro|en|de|es|fr|hu|it|pl)\.ts$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => join(dir, name))
    .filter((path) => /\.tsx?$/.test(path) && !/\.test\.tsx?$/.test(path) && !CATALOGUE.test(path) && path !== LISTING && !path.includes('+types'));
}

function keysOf(value: object, prefix = ''): string[] {
  return Object.entries(value).flatMap(([key, inner]) => (typeof inner === 'string' ? [`${prefix}${key}`] : keysOf(inner as object, `${prefix}${key}.`)));
}

const sources = [...sourceFiles('app'), ...sourceFiles('server')].map((path) => ({ path, text: readFileSync(path, 'utf8') }));
const code = sources.map((source) => source.text).join('\n');
const declared = sources.flatMap(({ path, text }) =>
  [...text.matchAll(/i18n-keys:([^\n*]*(?:\*(?!\/)[^\n*]*)*)/g)].flatMap((match) =>
    match[1]!
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map((pattern) => ({ path, pattern })),
  ),
);
const patternOf = (pattern: string) =>
  new RegExp(
    `^${pattern
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('[^.]+')}$`,
  );
const baseKey = (key: string) => key.replace(/_(?:zero|one|two|few|many|other)$/, '');

/**
 * What the code names, read in one pass each (a search of all the code for each of some 1,800 keys took 29 s of CPU):
 * every text between two equal quotes made only of a key's characters (the same quote may close one and open the next),
 * and every key read as a property of a catalogue (`ro.errors.pageNotFound`, `(ro|en).` after a word boundary, one such
 * read inside another's path counted too), each cut at every word boundary of its path.
 */
const quoted = new Set([...code.matchAll(/(['"`])([\w.-]+)(?=\1)/g)].map((match) => match[2]!));
const readAsProperty = new Set<string>();
for (const match of code.matchAll(/\b(?:ro|en)\.([\w.-]+)/g)) {
  const path = match[1]!;
  const starts = [0, ...[...path.matchAll(/(?<=[.-])(?:ro|en)\./g)].map((match) => match.index + 3)];
  for (const start of starts) {
    const tail = path.slice(start);
    for (let end = 1; end <= tail.length; end++) if (/\w/.test(tail[end - 1]!) && (end === tail.length || !/\w/.test(tail[end]!))) readAsProperty.add(tail.slice(0, end));
  }
}
/** named in quotes, or read as a property of a catalogue; a key of other characters is looked for in the text itself */
const named = (key: string) =>
  /^[\w.-]*\w$/.test(key)
    ? quoted.has(key) || readAsProperty.has(key)
    : code.includes(`'${key}'`) || code.includes(`"${key}"`) || code.includes(`\`${key}\``) || new RegExp(`\\b(?:ro|en)\\.${key.replace(/[.-]/g, '\\$&')}\\b`).test(code);

describe('catalogue keys', () => {
  const keys = keysOf(ro);

  it('are each used by the code, literally or through a declared pattern', () => {
    const patterns = declared.map(({ pattern }) => patternOf(pattern));
    const unused = keys.filter((key) => !named(baseKey(key)) && !patterns.some((pattern) => pattern.test(baseKey(key))));
    expect(unused).toEqual([]);
  });

  it('declare only patterns that match a key (a stale declaration would hide dead keys)', () => {
    const stale = declared.filter(({ pattern }) => !keys.some((key) => patternOf(pattern).test(baseKey(key))));
    expect(stale).toEqual([]);
  });
});

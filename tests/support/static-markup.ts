/**
 * React's static markup (react-dom/server `renderToStaticMarkup`) read back as plain structures,
 * `[tag, attributes, ...children]`: the shape the editor's page script builds its markup in
 * (editor-enhance.js, BeforeReact.Node), so the two can be compared without a browser. It reads
 * what React writes (quoted attributes, escaped text, `/>` on void elements), not HTML at large,
 * and throws on anything else.
 */
export type MarkupNode = [tag: string, attributes: Record<string, string>, ...children: (MarkupNode | string)[]];

const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return NAMED[name] ?? whole;
  });
}

/** The top-level nodes of `html`. */
export function parseStaticMarkup(html: string): (MarkupNode | string)[] {
  const root: MarkupNode = ['#root', {}];
  const open: MarkupNode[] = [root];
  const token = /<\/([\w-]+)>|<([\w-]+)((?:\s+[^\s=/>]+(?:="[^"]*")?)*)(\/?)>|([^<]+)/gy;
  let at = 0;
  for (const match of html.matchAll(token)) {
    at = match.index + match[0].length;
    const [, closing, tag, attributes = '', selfClosing, text] = match;
    const parent = open.at(-1) ?? root;
    if (closing) {
      if (open.pop()?.[0] !== closing) throw new Error(`</${closing}> closes nothing open at ${match.index}`);
    } else if (text !== undefined) {
      parent.push(decode(text));
    } else if (tag) {
      const pairs = [...attributes.matchAll(/([^\s=/>]+)(?:="([^"]*)")?/g)].map(([, name = '', value = '']) => [name, decode(value)]);
      const node: MarkupNode = [tag, Object.fromEntries(pairs)];
      parent.push(node);
      if (!selfClosing && !VOID.has(tag)) open.push(node);
    }
  }
  if (at !== html.length) throw new Error(`not React's static markup at ${at}: ${html.slice(at, at + 40)}`);
  if (open.length !== 1) throw new Error(`<${open.at(-1)?.[0]}> is never closed`);
  return root.slice(2) as (MarkupNode | string)[];
}

/** The one element `html` is. */
export function parseElement(html: string): MarkupNode {
  const [node, ...rest] = parseStaticMarkup(html);
  if (typeof node !== 'object' || rest.length > 0) throw new Error(`not one element: ${html.slice(0, 80)}`);
  return node;
}

/** Every element of `node` (itself first) that `test` accepts, in document order. */
export function findElements(node: MarkupNode, test: (element: MarkupNode) => boolean): MarkupNode[] {
  const [, , ...children] = node;
  const below = children.flatMap((child) => (typeof child === 'string' ? [] : findElements(child, test)));
  return test(node) ? [node, ...below] : below;
}

/**
 * The same markup in a form that compares by meaning: class lists sorted, inline styles without
 * spacing or a trailing `;`, attributes in name order, empty texts dropped and neighbouring texts
 * joined; attributes named in `drop` left out (markers only one side sets).
 */
export function normaliseMarkup(node: MarkupNode, drop: readonly string[] = []): MarkupNode {
  const [tag, attributes, ...children] = node;
  const kept = Object.entries(attributes)
    .filter(([name]) => !drop.includes(name))
    .map(([name, value]): [string, string] => {
      if (name === 'class') return [name, value.split(/\s+/).filter(Boolean).sort().join(' ')];
      if (name === 'style') return [name, value.replace(/\s+/g, '').replace(/;$/, '')];
      return [name, value];
    })
    .sort(([a], [b]) => a.localeCompare(b));
  const content: (MarkupNode | string)[] = [];
  for (const child of children) {
    if (typeof child !== 'string') content.push(normaliseMarkup(child, drop));
    else if (child === '') continue;
    else if (typeof content.at(-1) === 'string') content[content.length - 1] += child;
    else content.push(child);
  }
  return [tag, Object.fromEntries(kept), ...content];
}

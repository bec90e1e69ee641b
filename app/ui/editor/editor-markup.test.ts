import { readFileSync } from 'node:fs';
import vm from 'node:vm';
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { getI18n } from '#app/i18n/i18n.ts';
import type { EditorProduct } from '#app/modules/editor/menu-editor.types.ts';
import { INITIAL_TOAST, showToast } from '#app/ui/toast/toast.ts';
import { ToastCard } from '#app/ui/toast/toast-provider.tsx';
import { findElements, normaliseMarkup, parseElement, type MarkupNode } from '#tests/support/static-markup.ts';
import { ConfirmDialog } from './confirm-delete.tsx';
import { editorScriptTexts } from './editor-script-texts.ts';
import { ProductRow } from './product-row.tsx';
import { VisibilityButton } from './row-controls.tsx';

/*
 * The editor before React (decision 0033) draws a toast, the delete dialog and a row's flags as
 * React does, in a plain script (editor-enhance.js). Here the script's own markup builders (run as
 * the browser runs the file, with a stand-in for the page it never reads) are compared with React's
 * components rendered to HTML: a class, an attribute, a text or an ARIA property changed on one
 * side only fails.
 */

/** The markers only the script sets: how react-on-demand.js and the script itself tell its elements from React's. */
const SCRIPT_MARKERS = ['data-toast-before-react', 'data-before-react'];

function loadEditorScript(): BeforeReact.Editor {
  const source = readFileSync(new URL('./editor-enhance.js', import.meta.url), 'utf8');
  const page = { readyState: 'complete', addEventListener: () => {}, querySelector: () => null };
  const context: Record<string, unknown> = { document: page, location: { pathname: '/bistro/admin/menu', href: 'http://localhost/bistro/admin/menu' } };
  context.window = context;
  vm.runInNewContext(source, context);
  const editor = context.editorBeforeReact as BeforeReact.Editor | undefined;
  if (!editor) throw new Error('editor-enhance.js set no window.editorBeforeReact');
  return editor;
}

const script = loadEditorScript();
const i18n = getI18n('ro');
const t = i18n.t;
const texts = editorScriptTexts(t);
/** what the script built, in this realm and compared by meaning */
const built = (node: BeforeReact.Node): MarkupNode => normaliseMarkup(structuredClone(node), SCRIPT_MARKERS);
const rendered = (element: ReactElement): MarkupNode => normaliseMarkup(parseElement(renderToStaticMarkup(createElement(I18nextProvider, { i18n }, element))));

describe('the toast before React', () => {
  for (const ok of [true, false]) {
    it(`is React's toast card (${ok ? 'success' : 'error'}), its message as text`, () => {
      const message = 'Ciorbă <b>salvată</b> & "gata"';
      const react = rendered(createElement(ToastCard, { toast: showToast(INITIAL_TOAST, { message, type: ok ? 'success' : 'error' }) }));
      expect(built(script.markup.toast(message, ok))).toEqual(react);
    });
  }
});

describe('the delete dialog before React', () => {
  for (const of of ['product', 'category'] as const) {
    it(`is React's ConfirmDialog (${of}), with the same question, buttons and label`, () => {
      const name = 'Ciorbă de burtă';
      const label = t(of === 'product' ? 'editor.deleteProduct' : 'editor.deleteCategory');
      const question = t(of === 'product' ? 'editor.confirmDeleteProduct' : 'editor.confirmDeleteCategory', { name });
      const react = rendered(createElement(ConfirmDialog, { label, question, asked: 1, onConfirm: () => {}, onClose: () => {} }));
      // the question as the script fills it in from its texts
      const asked = script.fill(of === 'product' ? texts.confirmDeleteProduct : texts.confirmDeleteCategory, { name });
      expect(built(script.markup.dialog(texts, label, asked))).toEqual(react);
    });
  }
});

describe('a row flipped before React', () => {
  const name = 'Papanași';
  const product: EditorProduct = {
    id: 'p1',
    categoryId: 'c1',
    nameRo: name,
    nameEn: null,
    priceMinor: 2500,
    currency: 'RON',
    available: true,
    visible: true,
    thumbnailUrl: null,
    returnsOn: null,
    returnsTime: null,
  };
  const row = (available: boolean, visible: boolean) =>
    rendered(createElement(ProductRow, { product, name, slug: 'bistro', locale: 'ro', first: true, last: true, available, visible, canEdit: false, t }));
  const buttonOf = (node: MarkupNode, intent: string) => {
    const [button] = findElements(node, ([tag, attributes]) => tag === 'button' && attributes.value?.startsWith(`${intent}:`) === true);
    if (!button) throw new Error(`no ${intent} button`);
    return button;
  };
  /** what the script's `show` does with a look: the button's attributes, its text or its icon, the row's mark */
  function apply(node: MarkupNode, button: MarkupNode, look: BeforeReact.Look): MarkupNode {
    Object.assign(button[1], look.attributes);
    if (look.text !== undefined) button.splice(2, Infinity, look.text);
    for (const [, attributes] of findElements(button, ([tag]) => tag === 'use')) if (look.icon) attributes.href = look.icon;
    if (look.row !== undefined) {
      node[1]['data-available'] = look.row;
      for (const returns of findElements(node, ([, attributes]) => 'data-returns-badge' in attributes)) returns.splice(2, Infinity, look.returns ?? '');
    }
    if (look.visible !== undefined) {
      if (node[1]['data-product-id']) node[1]['data-visible'] = look.visible;
      for (const badge of findElements(node, ([, attributes]) => 'data-hidden-badge' in attributes)) badge.splice(2, Infinity, look.badge ?? '');
    }
    return normaliseMarkup(structuredClone(node));
  }

  for (const available of [true, false]) {
    it(`marks a dish ${available ? 'sold out' : 'available'} as React draws it (its label, text and flag; its classes unchanged)`, () => {
      const before = row(available, true);
      const button = buttonOf(before, 'set-product-available');
      const look = structuredClone(script.markup.available(texts, button[1].value ?? '', name, !available));
      expect(apply(before, button, look)).toEqual(row(!available, true));
    });
  }

  it('marks available a dish sold out until the opening as React draws it (the "back when we open" mark emptied, "until we open" shown again)', () => {
    const untilOpening = { ...product, returnsOn: 'fri', returnsTime: '12:00' };
    const draw = (available: boolean) =>
      rendered(createElement(ProductRow, { product: untilOpening, name, slug: 'bistro', locale: 'ro', first: true, last: true, available, visible: true, canEdit: false, t }));
    const before = draw(false);
    expect(JSON.stringify(before)).toContain('Revine la deschidere, vin.\u00a012:00');
    const button = buttonOf(before, 'set-product-available');
    const look = structuredClone(script.markup.available(texts, button[1].value ?? '', name, true));
    expect(apply(before, button, look)).toEqual(draw(true));
  });

  for (const visible of [true, false]) {
    it(`${visible ? 'hides' : 'shows'} a dish as React draws it (its label, icon, row and "hidden" mark)`, () => {
      const before = row(true, visible);
      const button = buttonOf(before, 'set-product-visible');
      const look = structuredClone(script.markup.visible(texts, button[1].value ?? '', name, !visible));
      expect(apply(before, button, look)).toEqual(row(true, !visible));
    });

    it(`${visible ? 'hides' : 'shows'} a category's button as React draws it`, () => {
      const button = (shown: boolean) => rendered(createElement(VisibilityButton, { intent: 'set-category-visible', id: 'c1', name, visible: shown, t }));
      const before = button(visible);
      const look = structuredClone(script.markup.visible(texts, before[1].value ?? '', name, !visible));
      expect(apply(before, before, look)).toEqual(button(!visible));
    });
  }
});

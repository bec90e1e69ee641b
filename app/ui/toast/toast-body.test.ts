import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { INITIAL_TOAST, showToast } from './toast.ts';
import { ToastBody } from './toast-provider.tsx';

describe('toast body', () => {
  it('never puts markup into the page where it cannot be sanitised (server render): it is shown as text', () => {
    const toast = showToast(INITIAL_TOAST, { message: 'Salvat', html: '<b>Salvat</b><img src=x onerror="alert(1)">' });
    const html = renderToStaticMarkup(createElement(ToastBody, { toast }));
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<b>');
    expect(html).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;');
  });

  it('shows a plain message as text', () => {
    const toast = showToast(INITIAL_TOAST, { message: 'Gata <i>acum</i>' });
    expect(renderToStaticMarkup(createElement(ToastBody, { toast }))).toBe('Gata &lt;i&gt;acum&lt;/i&gt;');
  });
});

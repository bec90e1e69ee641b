// The window globals the pages' own scripts share before React (decision 0033): react-on-demand.js,
// editor/editor-enhance.js and editor/editor-drag.js are plain scripts shipped as they are, checked
// by tsc through their `// @ts-check` against these declarations (which ship nothing).

declare namespace BeforeReact {
  /** What editor-enhance.js says, rendered by React into `data-menu-editor` (editor-script-texts.ts). */
  interface Texts {
    available: string;
    soldOut: string;
    markSoldOut: string;
    markAvailable: string;
    hide: string;
    show: string;
    hidden: string;
    cancel: string;
    confirm: string;
    confirmDeleteProduct: string;
    confirmDeleteCategory: string;
    dragPicked: string;
    dragDropped: string;
    dragCancelled: string;
    failed: string;
    /** the delete dialog's buttons look like React's ConfirmDialog's */
    cancelClass: string;
    confirmClass: string;
  }

  /** The server's answer to one operation, or a failure in the owner's language. */
  interface Outcome {
    ok: boolean;
    message: string;
  }

  /** Markup as a plain structure: `[tag, attributes, ...children]`, a child being a node or a text. */
  type Node = [tag: string, attributes: Record<string, string>, ...children: (Node | string)[]];

  /** A row flag as React draws it for one state: the button's attributes and what else shows the state. */
  interface Look {
    attributes: Record<string, string>;
    /** the button's text (sold out / available) */
    text?: string;
    /** the button's icon (`<use href>`: show / hide) */
    icon?: string;
    /** a dish row's `data-visible` */
    visible?: string;
    /** the text of the row's or the category's "hidden" mark (`data-hidden-badge`) */
    badge?: string;
    /** a dish row's `data-available` (it shows "until we open" while available) */
    row?: string;
    /** the text of the row's "back when we open" mark (`data-returns-badge`) */
    returns?: string;
  }

  /** What editor-enhance.js draws that React draws too, pinned to React by editor-markup.test.ts. */
  interface Markup {
    toast(message: string, ok: boolean): Node;
    dialog(texts: Texts, label: string, question: string): Node;
    available(texts: Texts, operation: string, name: string, available: boolean): Look;
    visible(texts: Texts, operation: string, name: string, visible: boolean): Look;
  }

  /** editor-enhance.js's services to editor-drag.js (and its markup, to the test). */
  interface Editor {
    running(): boolean;
    texts(): Texts;
    fill(text: string, values: Record<string, string>): string;
    nameOf(element: Element): string;
    post(fields: Record<string, string>): Promise<Outcome>;
    toast(message: string, ok: boolean): void;
    markup: Markup;
  }

  /** A row of a list dragged before React (editor-drag.js): where the server drew it. */
  interface Entry {
    row: HTMLElement;
    id: string;
    drawnAt: number;
    height: number;
  }

  /** Where each row of an order is shown: every row of that order has its place. */
  interface Slots extends Map<Entry, number> {
    get(entry: Entry): number;
  }

  /** A list's rows as shown (editor-drag.js `layoutOf`). */
  interface Layout {
    drawn: Entry[];
    gaps: number[];
    order: Entry[];
    at: Slots;
  }

  /** A press on a drag handle, a drag once it has moved far enough (`active`). */
  interface Drag {
    handle: Element;
    row: HTMLElement;
    list: HTMLElement;
    pointerId: number;
    startY: number;
    lastY: number;
    lastClientY: number;
    startScroll: number;
    active: boolean;
    frame?: number;
    /** set as the drag begins */
    layout: Layout;
    entry: Entry;
    order: Entry[];
  }

  /** react-on-demand.js's handle on React. */
  interface OnDemand {
    /** React running: started once, resolved when it has hydrated */
    start(): Promise<void>;
    readonly running: boolean;
  }

  /** React Router's stream controller, or root.tsx's buffer standing in for it until React starts. */
  interface StreamController {
    enqueue(chunk: string): void;
    close(): void;
    chunks: string[];
    closed: boolean;
  }
}

interface Window {
  editorBeforeReact?: BeforeReact.Editor;
  reactOnDemand?: BeforeReact.OnDemand;
  /** selectors of what the page's script answers before React (react-on-demand.js leaves them alone) */
  reactOnDemandHandled?: string[];
  /** selectors of what the page's script answers by pointer only (a keyboard reaching them starts React) */
  reactOnDemandPointer?: string[];
  __reactRouterContext: { streamController: BeforeReact.StreamController };
}

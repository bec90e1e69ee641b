import { createContext, memo, useCallback, useContext, useLayoutEffect, useMemo, useRef, useState, type FormEvent, type MouseEvent, type ReactNode } from 'react';
import { useFetcher, useSubmit } from 'react-router';
import type { ActionResult } from '#app/modules/errors/action-result.ts';
import { useToast } from '#app/ui/toast/toast-provider.tsx';
import { ConfirmDialog } from './confirm-delete.tsx';

/**
 * The dish rows' one-click operations, owned once for the whole list (issue 26): a row is plain
 * markup, its buttons `name="intent" value="<intent>:<id>[:<argument>]"` of its category's one
 * form (menu-intents.ts `rowIntent`). Without JavaScript the form posts the pressed button and the
 * page comes back changed; with it, the form's submit is taken here: the button's operation goes
 * through a fetcher of its own (so clicks on several rows run side by side), the row flips at once
 * (`overrides`), the outcome is a toast, and focus is put back on the button if the row moved.
 * A row has no fetcher, toast or state of its own.
 */

/** A sold-out or visibility flag as the owner just set it, until the page's data says so. */
export interface RowFlags {
  available?: boolean;
  visible?: boolean;
}
export type RowOverrides = ReadonlyMap<string, RowFlags>;
export const NO_OVERRIDES: RowOverrides = new Map();

interface Pending {
  key: string;
  /** the pressed button's value: `<intent>:<id>[:<argument>]` */
  operation: string;
  /** the form it was pressed in, and whether it had the focus (to give it back if the row moved) */
  form: HTMLFormElement | null;
  focused: boolean;
}

interface Asking {
  operation: string;
  label: string;
  question: string;
  /** how many times the owner asked since the dialog last closed (ConfirmDialog opens again on each) */
  asked: number;
}

export interface RowActionHandlers {
  /** a rows form's submit: the pressed button's operation, posted in the background */
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** a click on a row button that asks first (`data-ask`, e.g. delete): the confirmation dialog */
  onClick: (event: MouseEvent<HTMLFormElement>) => void;
}

const RowActionsContext = createContext<RowActionHandlers | null>(null);

/** The handlers of the rows' forms, for the lists inside `RowActionsProvider`. */
export function useRowActionHandlers(): RowActionHandlers | undefined {
  return useContext(RowActionsContext) ?? undefined;
}

// sold out until the opening has no argument: its flag is "sold out" (the time it comes back is the server's)
const FLAG_OF: Record<string, keyof RowFlags> = {
  'set-product-available': 'available',
  'sold-out-until-opening': 'available',
  'set-product-visible': 'visible',
  'set-category-visible': 'visible',
};

/** What the operations in flight have set, row by row. */
function overridesOf(pending: readonly Pending[]): Map<string, RowFlags> {
  const overrides = new Map<string, RowFlags>();
  for (const { operation } of pending) {
    const [intent = '', id = '', argument] = operation.split(':');
    const flag = FLAG_OF[intent];
    if (flag) overrides.set(id, { ...overrides.get(id), [flag]: argument === 'true' });
  }
  return overrides;
}

/** After the list re-drew, the pressed button again if the focus was lost (a moved row, a now-disabled "up"). */
function giveFocusBack({ form, operation, focused }: Pending) {
  if (!focused || !form?.isConnected) return;
  requestAnimationFrame(() => {
    if (document.activeElement && document.activeElement !== document.body) return;
    const [intent, id] = operation.split(':');
    const same = form.querySelector<HTMLButtonElement>(`button[value="${CSS.escape(operation)}"]:not(:disabled)`);
    (same ?? form.querySelector<HTMLButtonElement>(`button[value^="${CSS.escape(`${intent}:${id}`)}"]:not(:disabled)`))?.focus();
  });
}

/**
 * The owner of the rows' operations, once per editor. `describe` turns a row operation that asks
 * first into the dialog's name and question.
 */
export function RowActionsProvider({
  describe,
  children,
}: {
  describe: (operation: string) => { label: string; question: string } | undefined;
  children: (overrides: RowOverrides) => ReactNode;
}) {
  const submit = useSubmit();
  const [pending, setPending] = useState<readonly Pending[]>([]);
  const [asking, setAsking] = useState<Asking | null>(null);
  const counter = useRef(0);
  const pendingRef = useRef(pending);
  pendingRef.current = pending;
  const describeRef = useRef(describe);
  describeRef.current = describe;

  const post = useCallback(
    (operation: string, form: HTMLFormElement | null, focused: boolean) => {
      const key = `row-action-${++counter.current}`;
      setPending((current) => [...current, { key, operation, form, focused }]);
      void submit({ intent: operation }, { method: 'post', navigate: false, fetcherKey: key, preventScrollReset: true });
    },
    [submit],
  );

  const handlers = useMemo<RowActionHandlers>(
    () => ({
      onSubmit: (event) => {
        const button = (event.nativeEvent as SubmitEvent).submitter;
        if (!(button instanceof HTMLButtonElement) || button.name !== 'intent' || !button.value.includes(':')) return;
        event.preventDefault();
        post(button.value, event.currentTarget, document.activeElement === button);
      },
      onClick: (event) => {
        const button = (event.target as Element).closest<HTMLButtonElement>('button[data-ask]');
        const described = button ? describeRef.current(button.value) : undefined;
        if (!button || !described) return;
        setAsking((before) => ({ operation: button.value, ...described, asked: (before?.asked ?? 0) + 1 }));
      },
    }),
    [post],
  );

  const done = useCallback((key: string) => {
    const finished = pendingRef.current.find((entry) => entry.key === key);
    if (finished) giveFocusBack(finished);
    setPending((current) => current.filter((entry) => entry.key !== key));
  }, []);

  const overrides = useMemo(() => (pending.length > 0 ? overridesOf(pending) : NO_OVERRIDES), [pending]);
  return (
    <RowActionsContext.Provider value={handlers}>
      {children(overrides)}
      {pending.map((entry) => (
        <SaveOutcome key={entry.key} fetcherKey={entry.key} onDone={done} />
      ))}
      {asking ? (
        <ConfirmDialog label={asking.label} question={asking.question} asked={asking.asked} onConfirm={() => post(asking.operation, null, false)} onClose={() => setAsking(null)} />
      ) : null}
    </RowActionsContext.Provider>
  );
}

/**
 * One operation in flight (a fetcher submission under `fetcherKey`): its toast as soon as the
 * server has answered (the row already shows the change; the page's data is read again
 * meanwhile), its end once that data is in. It exists only while its request does, so the rows
 * and lists carry no fetcher (each would re-draw at every state change of the router).
 */
export const SaveOutcome = memo(function SaveOutcome({ fetcherKey, onDone }: { fetcherKey: string; onDone: (key: string) => void }) {
  const fetcher = useFetcher<ActionResult>({ key: fetcherKey });
  const toast = useToast();
  const started = useRef(false);
  const told = useRef(false);
  // in the commit that brings the answer, before the browser paints: a passive effect may run only
  // after the page's data, read again meanwhile, has re-drawn the editor (hundreds of rows on a phone)
  useLayoutEffect(() => {
    if (fetcher.data && !told.current) {
      told.current = true;
      toast(fetcher.data.ok ? { message: fetcher.data.message } : { message: fetcher.data.error, type: 'error' });
    }
    if (fetcher.state !== 'idle') {
      started.current = true;
      return;
    }
    if (!started.current && fetcher.data === undefined) return;
    onDone(fetcherKey);
  }, [fetcher.state, fetcher.data, fetcherKey, onDone, toast]);
  return null;
});

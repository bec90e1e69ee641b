import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFetcher } from 'react-router';
import type { ActionResult } from '#app/modules/errors/action-result.ts';
import { useActionToast } from './use-action-toast.ts';
import { iconButton, primaryButton, secondaryButton } from './fields.tsx';
import { Icon } from './icons.tsx';

/** Deletions share one fetcher, so their outcome outlives the row they removed. */
const DELETION_FETCHER = 'menu-deletion';

/** The toast of every deletion; rendered by the editor, which stays while rows come and go. */
export function useDeletionToast() {
  const deletion = useFetcher<ActionResult>({ key: DELETION_FETCHER });
  useActionToast(deletion.data, deletion.state);
}

/**
 * A delete button that asks first, in a native modal dialog (focus kept inside, Escape cancels),
 * then submits `intent` with the row's id.
 */
export function ConfirmDelete({ intent, id, label, question }: { intent: string; id: string; label: string; question: string }) {
  // the dialog (and its fetcher) exists only while asking: hundreds of rows must not each carry one. Counts the asks
  // (0: not asking), so an ask between the dialog's closing and its close event opens it again (ConfirmDialog)
  const [asked, setAsked] = useState(0);
  return (
    <>
      <button type="button" className={iconButton} aria-label={label} title={label} onClick={() => setAsked((count) => count + 1)}>
        <Icon name="trash" />
      </button>
      {asked ? <DeleteDialog intent={intent} id={id} label={label} question={question} asked={asked} onClose={() => setAsked(0)} /> : null}
    </>
  );
}

function DeleteDialog({ intent, id, label, question, asked, onClose }: { intent: string; id: string; label: string; question: string; asked: number; onClose: () => void }) {
  const fetcher = useFetcher({ key: DELETION_FETCHER });
  return <ConfirmDialog label={label} question={question} asked={asked} onConfirm={() => void fetcher.submit({ intent, id }, { method: 'post' })} onClose={onClose} />;
}

/**
 * "Are you sure?" in a native modal dialog (focus kept inside, Escape cancels); `onConfirm` runs
 * on "yes", and the dialog closes either way. `asked` counts the owner's asks: each new count opens
 * the dialog again. A dialog's close event comes a task after it closed, so an ask in between (Escape,
 * then Enter on the button at once) finds it still mounted: it opens again, and the late close event,
 * which finds it open, is ignored (the back office's ConfirmAction does the same).
 */
export function ConfirmDialog({ label, question, asked, onConfirm, onClose }: { label: string; question: string; asked: number; onConfirm: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    if (dialog.current && !dialog.current.open) dialog.current.showModal();
  }, [asked]);
  return (
    <dialog
      ref={dialog}
      aria-label={label}
      onClose={(event) => {
        if (!event.currentTarget.open) onClose();
      }}
      className="m-auto max-w-md rounded-[12px] bg-white p-6 text-stone-900 shadow-xl backdrop:bg-stone-950/50 dark:bg-stone-900 dark:text-stone-100"
    >
      <p className="text-lg">{question}</p>
      <form
        method="dialog"
        className="mt-6 flex flex-wrap justify-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          onConfirm();
          dialog.current?.close();
        }}
      >
        <button type="button" className={secondaryButton} onClick={() => dialog.current?.close()} autoFocus>
          {t('editor.cancel')}
        </button>
        <button type="submit" className={primaryButton}>
          {t('editor.confirm')}
        </button>
      </form>
    </dialog>
  );
}

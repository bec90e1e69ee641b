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
  // the dialog (and its fetcher) exists only while asking: hundreds of rows must not each carry one
  const [asking, setAsking] = useState(false);
  return (
    <>
      <button type="button" className={iconButton} aria-label={label} title={label} onClick={() => setAsking(true)}>
        <Icon name="trash" />
      </button>
      {asking ? <DeleteDialog intent={intent} id={id} label={label} question={question} onClose={() => setAsking(false)} /> : null}
    </>
  );
}

function DeleteDialog({ intent, id, label, question, onClose }: { intent: string; id: string; label: string; question: string; onClose: () => void }) {
  const fetcher = useFetcher({ key: DELETION_FETCHER });
  return <ConfirmDialog label={label} question={question} onConfirm={() => void fetcher.submit({ intent, id }, { method: 'post' })} onClose={onClose} />;
}

/**
 * "Are you sure?" in a native modal dialog (focus kept inside, Escape cancels); `onConfirm` runs
 * on "yes", and the dialog closes either way.
 */
export function ConfirmDialog({ label, question, onConfirm, onClose }: { label: string; question: string; onConfirm: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  return (
    <dialog
      ref={dialog}
      aria-label={label}
      onClose={onClose}
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

import { useEffect, useRef, useState, type MouseEventHandler, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';

type PolicyComponent = typeof import('#app/content/privacy-policy.tsx').PrivacyPolicy;

// The policy's text (22 KB) is not in every hydrated page's bundle (issue 26): the server gives it here
// (entry.server.tsx) for the pages sent without JavaScript; a browser fetches it when the modal first opens.
let policy: PolicyComponent | undefined;

export function providePrivacyPolicy(component: PolicyComponent): void {
  policy = component;
}

function loadPolicy(): Promise<PolicyComponent> {
  return import('#app/content/privacy-policy.tsx').then((module) => (policy = module.PrivacyPolicy));
}

/**
 * docs/product-spec.md section 2: the privacy-policy modal opened from the cookie banner; closes by its × button,
 * a Close button, a click on the overlay, and Escape (the native dialog's own behaviour).
 */
export function PrivacyModal({ open, onClose, contactEmail }: { open: boolean; onClose: () => void; contactEmail: string }) {
  const { i18n } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const [Policy, setPolicy] = useState<PolicyComponent | undefined>(() => policy);
  useEffect(() => {
    if (open && !Policy) void loadPolicy().then((component) => setPolicy(() => component));
  }, [open, Policy]);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);
  return (
    <PrivacyDialog
      dialogRef={dialog}
      onClose={onClose}
      onClick={(event) => {
        // a click on the backdrop lands on the dialog element itself, not on its content
        if (event.target === event.currentTarget) onClose();
      }}
    >
      {open && Policy ? <Policy language={i18n.language === 'en' ? 'en' : 'ro'} contactEmail={contactEmail} idPrefix="privacy-modal-" /> : null}
    </PrivacyDialog>
  );
}

/**
 * The same modal on a page sent without JavaScript (ui/site-enhance.js opens and closes it). The
 * policy waits in a `<template>`: inert, so it adds no ids, links or images to the page until opened.
 */
export function StaticPrivacyModal({ contactEmail }: { contactEmail: string }) {
  const { i18n } = useTranslation();
  const Policy = policy;
  return (
    <PrivacyDialog>
      <template data-privacy-policy="">{Policy ? <Policy language={i18n.language === 'en' ? 'en' : 'ro'} contactEmail={contactEmail} idPrefix="privacy-modal-" /> : null}</template>
    </PrivacyDialog>
  );
}

function PrivacyDialog({
  dialogRef,
  onClose,
  onClick,
  children,
}: {
  dialogRef?: Ref<HTMLDialogElement>;
  onClose?: () => void;
  onClick?: MouseEventHandler<HTMLDialogElement>;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <dialog
      ref={dialogRef}
      id="privacy-modal"
      aria-label={t('footer.privacy')}
      onClose={onClose}
      onClick={onClick}
      className="m-auto max-h-[85dvh] w-[min(48rem,92vw)] rounded-[10px] bg-white p-0 text-stone-900 shadow-xl backdrop:bg-stone-950/60 dark:bg-stone-900 dark:text-stone-100"
    >
      <div className="sticky top-0 flex justify-end bg-white/95 p-2 dark:bg-stone-900/95">
        <button
          type="button"
          onClick={onClose}
          data-dialog-close=""
          aria-label={t('modal.closeWindow')}
          className="min-h-11 min-w-11 rounded-lg text-2xl leading-none hover:bg-stone-200 dark:hover:bg-stone-800"
        >
          ×
        </button>
      </div>
      <div className="-mt-8">{children}</div>
      <div className="sticky bottom-0 flex justify-end border-t border-stone-200 bg-white/95 p-3 dark:border-stone-800 dark:bg-stone-900/95">
        <button type="button" onClick={onClose} data-dialog-close="" className="min-h-11 rounded-lg bg-primary-600 px-5 font-semibold text-white hover:bg-primary-700">
          {t('modal.close')}
        </button>
      </div>
    </dialog>
  );
}

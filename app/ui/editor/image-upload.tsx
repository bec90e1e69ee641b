import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_UPLOAD_BYTES, oversizeMegabytes, type ImageUploadKind, type UploadedImage } from '#app/modules/image/image.schema.ts';

type UploadResponse = { image: UploadedImage } | { error: string; code: string };
type ShownImage = { id: string; url: string; srcSet?: string };

const button =
  'inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg border border-stone-400 px-4 font-medium hover:bg-stone-100 dark:border-stone-600 dark:hover:bg-stone-800';

/**
 * An image field of the restaurant admin (docs/product-spec.md section 5): the chosen file is uploaded at once to
 * the images route with a real progress bar, then the processed image is shown. A hidden input
 * named `name` holds the stored image's id (empty once removed), so the enclosing form saves the
 * choice. On failure the translated reason is shown and the previous image stays.
 */
export function ImageUpload({
  slug,
  kind,
  name,
  label,
  defaultImage = null,
}: {
  slug: string;
  kind: ImageUploadKind;
  name: string;
  label: string;
  defaultImage?: { id: string; url: string } | null;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [image, setImage] = useState<ShownImage | null>(defaultImage);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const request = useRef<XMLHttpRequest | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const maxMb = MAX_UPLOAD_BYTES / (1024 * 1024);

  useEffect(() => () => request.current?.abort(), []);

  function upload(file: File) {
    setError(undefined);
    setNotice(undefined);
    // the server refuses it too; checking here spares sending megabytes only to be refused
    if (file.size > MAX_UPLOAD_BYTES) {
      setError(t('appErrors.image-too-large', { sizeMb: oversizeMegabytes(file.size), maxMb }));
      return;
    }
    const body = new FormData();
    body.append('kind', kind);
    body.append('file', file);
    const path = `/${encodeURIComponent(slug)}/admin/images`;
    const xhr = new XMLHttpRequest();
    request.current = xhr;
    xhr.open('POST', path);
    xhr.responseType = 'json';
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) setProgress(event.loaded / event.total);
    });
    xhr.addEventListener('load', () => {
      request.current = null;
      setProgress(null);
      const response = xhr.response as UploadResponse | null;
      if (xhr.responseURL && new URL(xhr.responseURL).pathname !== path) {
        // requireRestaurantOwner redirected to the sign-in page
        setError(t('imageUpload.sessionExpired'));
      } else if (xhr.status === 200 && response && 'image' in response) {
        setImage(response.image);
        setNotice(t('imageUpload.uploaded'));
      } else {
        setError(response && 'error' in response ? response.error : t('imageUpload.failed'));
      }
    });
    xhr.addEventListener('error', () => {
      request.current = null;
      setProgress(null);
      setError(t('imageUpload.failed'));
    });
    xhr.addEventListener('abort', () => {
      request.current = null;
      setProgress(null);
    });
    setProgress(0);
    xhr.send(body);
  }

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    // cleared so that choosing the same file again uploads it again
    event.currentTarget.value = '';
    if (file) upload(file);
  }

  function cancel() {
    request.current?.abort();
    setNotice(t('imageUpload.cancelled'));
    // the cancel button goes away and the input is enabled again only once React has rendered
    setTimeout(() => fileInput.current?.focus(), 0);
  }

  function remove() {
    setImage(null);
    setError(undefined);
    setNotice(t('imageUpload.removed'));
    // the button goes away with the image: keep the keyboard user in the field
    fileInput.current?.focus();
  }

  const uploading = progress !== null;
  return (
    <div className="space-y-3">
      <input type="hidden" name={name} value={image?.id ?? ''} />
      <label htmlFor={`${id}-file`} className="block font-medium">
        {label}
      </label>

      <div className="flex min-h-24 items-center">
        {image ? (
          <picture>
            {image.srcSet ? <source type="image/webp" srcSet={image.srcSet} sizes="(max-width: 640px) 100vw, 320px" /> : null}
            <img
              src={image.url}
              alt={t('imageUpload.preview', { label })}
              className="h-auto max-h-48 w-auto max-w-full rounded-lg border border-stone-200 bg-stone-100 object-contain dark:border-stone-800 dark:bg-stone-900"
            />
          </picture>
        ) : (
          <p className="text-stone-600 dark:text-stone-400">{t('imageUpload.none')}</p>
        )}
      </div>

      <div className="flex flex-wrap items-center gap-3">
        {/* The browser's own file button speaks the browser's language, not the page's: the input
            is visually hidden (still focusable, Space or Enter opens the picker) and a label in
            our words, styled as a button, shows its focus and opens it on a tap. */}
        <input ref={fileInput} id={`${id}-file`} type="file" accept="image/*" disabled={uploading} onChange={onChange} aria-describedby={`${id}-hint`} className="peer sr-only" />
        <label
          htmlFor={`${id}-file`}
          className="inline-flex min-h-11 cursor-pointer items-center rounded-lg bg-primary-600 px-4 font-semibold text-white hover:bg-primary-700 peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-primary-600 peer-disabled:cursor-not-allowed peer-disabled:opacity-60"
        >
          {image ? t('imageUpload.replace') : t('imageUpload.choose')}
        </label>
        {uploading ? (
          <button type="button" onClick={cancel} className={button}>
            {t('imageUpload.cancel')}
            <span className="sr-only">: {label}</span>
          </button>
        ) : image ? (
          <button type="button" onClick={remove} className={button}>
            {t('imageUpload.remove')}
            <span className="sr-only">: {label}</span>
          </button>
        ) : null}
      </div>
      <p id={`${id}-hint`} className="text-sm text-stone-600 dark:text-stone-400">
        {t('imageUpload.hint', { maxMb })}
      </p>

      {uploading ? (
        <div className="space-y-1">
          <p className="text-sm">{t('imageUpload.uploading')}</p>
          <progress
            value={progress}
            max={1}
            aria-label={t('imageUpload.progress', { label })}
            className="h-3 w-full max-w-md appearance-none overflow-hidden rounded-full bg-stone-200 dark:bg-stone-800 [&::-moz-progress-bar]:bg-primary-600 [&::-webkit-progress-bar]:bg-stone-200 dark:[&::-webkit-progress-bar]:bg-stone-800 [&::-webkit-progress-value]:bg-primary-600"
          />
        </div>
      ) : null}

      <div aria-live="polite">
        {error ? (
          <p role="alert" className="rounded-lg border border-primary-600 bg-primary-50 p-3 font-medium text-primary-800">
            {error}
          </p>
        ) : null}
        {notice ? (
          <p role="status" className="text-sm font-medium text-olive-700 dark:text-stone-100">
            {notice}
          </p>
        ) : null}
      </div>
    </div>
  );
}

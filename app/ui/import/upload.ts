import type { ImportPreview } from '#app/modules/import/import.types.ts';

/** What the import's resource route answers: the review grid, a photo's draft, the saved result, or a translated refusal. */
export type ImportAnswer = { preview?: ImportPreview; draftId?: string; result?: { products: number; categories: number; locations: number }; notice?: string; error?: string };

/** Posts a multipart form with upload progress (fetch cannot report it); answers the JSON body. */
export function postWithProgress(url: string, form: FormData, onUpload: (percent: number) => void): Promise<{ status: number; body: ImportAnswer }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onUpload(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => resolve({ status: xhr.status, body: (xhr.response ?? {}) as ImportAnswer });
    xhr.onerror = () => reject(new Error('network'));
    xhr.send(form);
  });
}

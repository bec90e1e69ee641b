import type { DeepStrings } from './ro.ts';
import type { imageRo } from './image.ro.ts';

export const imageEn: DeepStrings<typeof imageRo> = {
  imageUpload: {
    choose: 'Choose an image',
    replace: 'Replace image',
    hint: 'A JPEG, PNG, WebP, AVIF or GIF photo of at most {{maxMb}} MB.',
    uploading: 'Uploading the image…',
    progress: 'Upload progress: {{label}}',
    cancel: 'Cancel upload',
    cancelled: 'Upload cancelled.',
    uploaded: 'Image uploaded. Save the form to keep it.',
    preview: 'Preview: {{label}}',
    none: 'No image chosen.',
    remove: 'Remove image',
    removed: 'Image removed. Save the form to keep the change.',
    failed: 'The upload did not work. Check your connection and try again.',
    sessionExpired: 'Your session has expired. Reload the page and sign in again.',
  },
};

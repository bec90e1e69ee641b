import type { DeepStrings } from './ro.ts';
import type { imageRo } from './image.ro.ts';

export const imageEn: DeepStrings<typeof imageRo> = {
  imageUpload: {
    title: 'Image',
  },
};

import type { DeepStrings } from './ro.ts';
import type { guestMenuRo } from './guest-labels.ro.ts';

/** English strings of the guest menu's language switch (issue 16), spread into en.ts. */
export const guestMenuEn: DeepStrings<typeof guestMenuRo> = {
  guestMenu: { language: 'Menu language' },
};

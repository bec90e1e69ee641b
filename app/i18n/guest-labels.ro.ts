/** Romanian strings of the guest menu's language switch (issue 16), spread into ro.ts. */
export const guestMenuRo = {
  guestMenu: { language: 'Limba meniului' },
};

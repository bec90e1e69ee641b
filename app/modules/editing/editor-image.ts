/**
 * What an edit form sends for a picture it did not change and cannot name by id (an image that
 * is not one of our uploads): the row keeps its current image.
 */
export const KEEP_CURRENT_IMAGE = 'current';

/** A picture as the editor's image field knows it: an upload's id, or KEEP_CURRENT_IMAGE for any other. */
export type EditorImage = { id: string; url: string } | null;

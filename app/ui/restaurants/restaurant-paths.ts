/** The chooser (access.server.ts's RESTAURANT_CHOOSER_PATH, which the browser cannot import) and "Adaugă un restaurant". */
export const RESTAURANTS_PATH = '/restaurants';
export const NEW_RESTAURANT_PATH = '/restaurants/new';

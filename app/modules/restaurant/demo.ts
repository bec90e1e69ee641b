/** The demo restaurant's address, seeded on a new database outside production. */
export const DEMO_RESTAURANT_SLUG = 'bistro-la-bunica';

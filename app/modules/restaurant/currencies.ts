/** Currencies an owner can price in; RON is the default (the product serves Romanian restaurants first). Zod-free: the settings form imports it. */
export const CURRENCIES = ['RON', 'EUR', 'USD', 'GBP', 'MDL', 'HUF', 'BGN'] as const;

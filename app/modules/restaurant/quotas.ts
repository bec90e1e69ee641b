/**
 * Per-restaurant quotas (README, configuration): limits against abuse, not plan limits. A trial
 * owner once uploaded 30 covers in 6 s and made 792 locations in 8 s; these keep one restaurant
 * from growing its editor page, its storage or our CPU without bound. Each is checked by the
 * service under the restaurant's row lock, so concurrent creates cannot pass it together.
 */
export const UPLOAD_QUOTA_WINDOW_MS = 60 * 60 * 1000;

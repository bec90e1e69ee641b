/**
 * The shapes of configuration the app reads (env.server.ts builds them from the environment). Plain
 * types, safe for the browser: the modules and ui/ take them from here, beside the configuration,
 * so the configuration imports no module.
 */

/**
 * The password policy of docs/product-spec.md section 5 (account/password-policy.ts applies it): minimum length 6
 * unless configured otherwise; optional maximum length and character-class requirements.
 */
export interface PasswordPolicy {
  minLength: number;
  maxLength?: number;
  requireLowercase: boolean;
  requireUppercase: boolean;
  requireDigit: boolean;
  requireSymbol: boolean;
}

/** Per-restaurant quotas against abuse, not plan limits (restaurant/quotas.ts). */
export interface RestaurantQuotas {
  locationsPerRestaurant: number;
  categoriesPerLocation: number;
  /** image uploads in any rolling hour */
  uploadsPerHour: number;
  /** bytes of stored images (storedImage.size, the JPEGs) */
  storageBytes: number;
}

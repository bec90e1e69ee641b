/** docs/product-spec.md section 2: the subscription page sits outside the editor's /{slug}/admin path. */
export const subscriptionPath = (slug: string) => `/restaurant/${slug}/settings/subscription`;

/** What the landing page's payment-success state says (docs/product-spec.md section 2), as the server read it. */
export type PaymentReturnState = 'not-configured' | 'sign-in' | 'unknown' | 'foreign' | 'unpaid' | 'waiting' | 'active' | 'inactive' | 'unavailable';

export interface PaymentReturn {
  state: PaymentReturnState;
  /** the owner's restaurant the payment was for (only shown to its owner) */
  restaurant: { name: string; slug: string } | null;
}

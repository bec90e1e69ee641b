import type { PlanPhase } from './subscription.ts';

/** The owner's plan of docs/product-spec.md section 4 as the editor frame and the subscription page show it (`readPlanStatus`). */
export interface PlanStatus {
  phase: PlanPhase;
  productsCount: number;
  /** when the trial ends, ISO-8601 UTC; null when there is none */
  trialEndsAt: string | null;
  /** when the PRO ends, ISO-8601 UTC; null when it has no end or there is none */
  expirationDate: string | null;
  remainingDays: number;
  remainingProducts: number;
  productLimit: number;
  showUpgradePrompt: boolean;
}

/**
 * The menu rules of docs/product-spec.md section 4, as pure functions the services apply inside their
 * transactions: what a deletion takes with it, how the product count moves, and what a new logo
 * fills in (which image files may go is image/release-rule.ts). Kept free of I/O so every case is unit-tested.
 */

export interface MenuTree {
  categories: readonly { id: string; locationId: string; imageKey: string | null }[];
  products: readonly { id: string; categoryId: string; imageKey: string | null }[];
}

export type DeletionTarget = { kind: 'location' | 'category' | 'product'; id: string };

export interface DeletionPlan {
  locationIds: string[];
  categoryIds: string[];
  productIds: string[];
  /** images of the deleted rows: removal candidates, subject to `imagesToRemove` */
  imageKeys: string[];
}

/**
 * docs/product-spec.md section 4: deleting a location deletes its categories, which delete their products;
 * deleting a category deletes its products.
 */
/**
 * A row's next `updatedAt`, which is also its version for optimistic concurrency: now, but always
 * later than the previous value, so two saves in the same millisecond still make two versions.
 */
export function nextRowVersion(previous: string, now: Date = new Date()): string {
  const after = Date.parse(previous) + 1;
  return new Date(Number.isNaN(after) ? now.getTime() : Math.max(now.getTime(), after)).toISOString();
}

export function planDeletion(target: DeletionTarget, tree: MenuTree): DeletionPlan {
  const locationIds = target.kind === 'location' ? [target.id] : [];
  const categories =
    target.kind === 'location' ? tree.categories.filter((c) => c.locationId === target.id) : target.kind === 'category' ? tree.categories.filter((c) => c.id === target.id) : [];
  const categoryIds = new Set(categories.map((c) => c.id));
  const products = target.kind === 'product' ? tree.products.filter((p) => p.id === target.id) : tree.products.filter((p) => categoryIds.has(p.categoryId));
  const imageKeys = new Set<string>();
  for (const row of [...categories, ...products]) if (row.imageKey) imageKeys.add(row.imageKey);
  return { locationIds, categoryIds: [...categoryIds], productIds: products.map((p) => p.id), imageKeys: [...imageKeys] };
}

/** docs/product-spec.md section 4: adding or deleting products moves the count by their number, never below 0. */
export function nextProductsCount(current: number, delta: number): number {
  return Math.max(0, current + delta);
}

/**
 * docs/product-spec.md section 4: a new logo fills the image of every product and category that has none of its
 * own, or whose image is the old logo. Returns the ids to update.
 */
export function logoFillTargets<T extends { id: string; imageKey: string | null }>(items: readonly T[], oldLogoKey: string | null): string[] {
  return items.filter((item) => !item.imageKey || (oldLogoKey !== null && oldLogoKey !== '' && item.imageKey === oldLogoKey)).map((item) => item.id);
}

/**
 * The sibling order after moving one item a step up or down; the same order when it is already
 * at that end (a no-op, not an error).
 */
export function moveInOrder(ids: readonly string[], id: string, direction: 'up' | 'down'): string[] {
  const index = ids.indexOf(id);
  const target = direction === 'up' ? index - 1 : index + 1;
  if (index < 0 || target < 0 || target >= ids.length) return [...ids];
  const next = [...ids];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

/** Whether a requested order is exactly a permutation of the current siblings (no more, no fewer). */
export function isPermutationOf(requested: readonly string[], current: readonly string[]): boolean {
  if (requested.length !== current.length) return false;
  const set = new Set(current);
  return new Set(requested).size === requested.length && requested.every((id) => set.has(id));
}

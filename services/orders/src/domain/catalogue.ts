import type { ProductFields } from '@smista/contracts';

/** A product of the merchant's catalogue: learned from the orders, filled once by the merchant. */
export interface Product extends ProductFields {
  id: number;
  merchantId: string;
  sku: string;
  title: string;
  imageUrl: string | null;
  /** Where the marketplaces sell it (the item ids their orders name). */
  marketplaceRefs: { marketplace: string; integrationId: number; itemId: string }[];
  createdAt: Date;
  updatedAt: Date;
}

/** What one product's edit writes (every field: null and '' clear). */
export interface ProductChanges extends ProductFields {
  id: number;
}

export interface ProductFilter {
  search: string;
  missingWeight: boolean;
  missingCustoms: boolean;
  marketplace: string;
}

/** A box the merchant packs in: inner dimensions, tare, maximum weight (0 = none); one default per merchant. */
export interface PackagePreset {
  id: number;
  merchantId: string;
  name: string;
  lengthMm: number;
  widthMm: number;
  heightMm: number;
  tareGrams: number;
  maxWeightGrams: number;
  isDefault: boolean;
}

/**
 * Whether saving a preset changes the weight of orders that use the merchant's presets: its tare
 * changed, or which preset is the default changed (the orders without one of their own take its tare).
 */
export function presetChangeMovesWeights(before: Pick<PackagePreset, 'tareGrams' | 'isDefault'> | null, after: Pick<PackagePreset, 'tareGrams' | 'isDefault'>): boolean {
  if (before === null) return after.isDefault && after.tareGrams > 0;
  return before.tareGrams !== after.tareGrams || before.isDefault !== after.isDefault;
}

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

/** The open orders whose weight a change of packages moves: those packed in `presetIds`, and (`defaultPackage`) those in the merchant's default. */
export interface PackagesReweighed {
  presetIds: number[];
  defaultPackage: boolean;
}

/**
 * Which open orders saving a preset reweighs: its own orders when its tare changed, and the orders
 * without a package of their own when the default's tare changed or another preset became the
 * default (a new default included: the old default's tare no longer applies). Null when none.
 *
 * @example presetChangeReweighs({ tareGrams: 100, isDefault: false }, { id: 7, tareGrams: 150, isDefault: false }) // { presetIds: [7], defaultPackage: false }
 */
export function presetChangeReweighs(before: Pick<PackagePreset, 'tareGrams' | 'isDefault'> | null, after: Pick<PackagePreset, 'id' | 'tareGrams' | 'isDefault'>): PackagesReweighed | null {
  if (before === null) return after.isDefault ? { presetIds: [], defaultPackage: true } : null;
  const tareChanged = before.tareGrams !== after.tareGrams;
  const defaultChanged = before.isDefault !== after.isDefault;
  if (!tareChanged && !defaultChanged) return null;
  return { presetIds: tareChanged ? [after.id] : [], defaultPackage: defaultChanged || (after.isDefault && tareChanged) };
}

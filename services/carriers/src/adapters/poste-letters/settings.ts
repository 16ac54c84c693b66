import type { PoolCarrierCode } from '@smista/contracts';

/**
 * What a letter-service adapter needs: which of the four services it is and the name the merchant
 * knows it by (the catalogue's, `Raccomandata`). Nothing else: Posta1, Raccomandata and Postapriority
 * have no public API (providers.md), so there is no endpoint and no credential to send. The codes
 * come from the integration's tracking-code pool, taken by the service before each label.
 */
export interface PosteLetterSettings {
  carrierCode: PoolCarrierCode;
  carrierName: string;
}

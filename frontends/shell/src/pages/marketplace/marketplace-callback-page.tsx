import { StandalonePlaceholder } from '../misc/placeholder-page';
import { t } from '../../messages';

/** Spec §2 /marketplace/callback (being built). */
export function MarketplaceCallbackPage() {
  return <StandalonePlaceholder title={t.pages.marketplaceCallback} />;
}

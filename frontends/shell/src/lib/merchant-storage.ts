/** The stored merchant lives in the ui-kit (the remotes read it too); the shell imports it from here. */
export {
  clearSelectedMerchant,
  getSelectedMerchant,
  parseStoredMerchant,
  readSelectedMerchantRaw,
  resolveSelectedMerchant,
  setSelectedMerchant,
  subscribeSelectedMerchant,
  CURRENT_MERCHANT_ID_KEY,
  MERCHANT_CHANGED_EVENT,
  MERCHANTS_QUERY_KEY,
  SELECTED_MERCHANT_KEY,
  type MerchantListItem,
  type StoredMerchant,
} from '@smista/ui-kit';

/**
 * @smista/ui-kit: the components, toasts, API helper and hooks shared by the shell and every
 * remote. It is a Module Federation singleton, so module-level state (the toast store) is one
 * per page. Styles: frontends import `@smista/ui-kit/src/styles.css` into their Tailwind entry.
 */
export { cn } from './lib/cn';
export { uiText } from './lib/ui-text';
export {
  apiFetch,
  apiRequest,
  discardBody,
  responseError,
  ApiError,
  errorMessageFrom,
  errorStatusOf,
  refusalMessageOf,
  listOf,
  apiFetchList,
  shouldRetryIntegration,
  INTEGRATION_RETRIES,
  INTEGRATION_RETRY_DELAY_MS,
  type ApiFetchOptions,
} from './lib/api';
export {
  merchantListKeys,
  orderQueryKeys,
  shipmentQueryKeys,
  carrierIntegrationsKey,
  carrierIntegrationsQuery,
  fetchCarrierIntegrations,
  packagePresetsKey,
  packagePresetsQuery,
} from './lib/query-keys';
export { formatCount, formatDate, formatDateTime, parseDate } from './lib/format';
export { providerName, providerNames } from './lib/provider-names';
export { openInNewTab, saveBlob, SAVED_URL_LIFETIME_MS } from './lib/browser';
export { idsOfHeader, openPostedPdf, type PostedPdf } from './lib/pdf-tab';
export { printSlips, slipPrints, type SlipPrint } from './lib/print-slips';
export { changeListView, pageButtons, pageRange, pageSizeOptions, toggleId, type PageButton } from './lib/list-view';
export { shipmentStatusBadge, TONE_CLASSES, type BadgeLook, type BadgeTone } from './lib/badge-looks';
export { useMediaQuery, useIsMobile, MOBILE_BREAKPOINT, RESIZE_DEBOUNCE_MS } from './hooks/use-media-query';
export {
  clearSelectedMerchant,
  getSelectedMerchant,
  parseStoredMerchant,
  readSelectedMerchantRaw,
  resolveSelectedMerchant,
  roleInMerchant,
  setSelectedMerchant,
  subscribeSelectedMerchant,
  CURRENT_MERCHANT_ID_KEY,
  MERCHANT_CHANGED_EVENT,
  MERCHANTS_QUERY_KEY,
  SELECTED_MERCHANT_KEY,
  type MerchantListItem,
  type StoredMerchant,
} from './lib/merchant-storage';
export { useSelectedMerchant, useSelectedMerchantRaw } from './hooks/use-selected-merchant';
export { useListSelection, selectionIn, type KeptSelection } from './hooks/use-list-selection';
export {
  useUrlView,
  useClampPage,
  canonicalQuery,
  pageToClamp,
  type PageAnswer,
  type SetListView,
  type SetViewOptions,
  type UrlViewSource,
} from './hooks/use-url-view';
export {
  toast,
  toastStore,
  ToastStore,
  TOAST_LIMIT,
  TOAST_DURATION_MS,
  TOAST_REMOVE_DELAY_MS,
  type ToastInput,
  type ToastItem,
  type ToastVariant,
} from './toast/toast-store';
export { Toaster, useToast } from './toast/toaster';
export { Button, buttonVariants, type ButtonProps, type ButtonVariant, type ButtonSize } from './components/button';
export { Input, PasswordInput, type PasswordInputProps } from './components/input';
export { Label, FieldError } from './components/label';
export { Card, CardHeader, CardTitle, CardDescription, CardContent, CardFooter } from './components/card';
export {
  Dialog,
  DialogTrigger,
  DialogClose,
  DialogPortal,
  DialogOverlay,
  DialogContent,
  DialogHeader,
  DialogFooter,
  DialogTitle,
  DialogDescription,
  type DialogSide,
  type DialogSize,
  type DialogContentProps,
} from './components/dialog';
export {
  DropdownMenu,
  DropdownMenuTrigger,
  DropdownMenuGroup,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
} from './components/dropdown-menu';
export { Checkbox } from './components/checkbox';
export { Switch } from './components/switch';
export { Textarea } from './components/textarea';
export { NativeSelect } from './components/native-select';
export { Table, TableHeader, TableBody, TableRow, TableHead, TableCell } from './components/table';
export { ConfirmDialog, type ConfirmDialogProps } from './components/confirm-dialog';
export { Tabs, TabsList, TabsTrigger, TabsContent } from './components/tabs';
export { Avatar, AvatarImage, AvatarFallback, initialOf } from './components/avatar';
export { Badge, type BadgeVariant } from './components/badge';
export { Spinner } from './components/spinner';
export { EmptyText, Loading, LoadFailed, NoMerchant } from './components/panel-states';
export {
  fetchCurrentUser,
  displayNameOf,
  CURRENT_USER_QUERY_KEY,
  CURRENT_USER_QUERY_TIMINGS,
  USER_RESYNC_DELAY_MS,
  type User,
} from './lib/session';
export { FormField, fieldAria, type FormFieldProps } from './components/form-field';
export { PasswordChecklist, PasswordMatch } from './components/password-checklist';
export { PortalScope, PortalScopeBox, usePortalScope } from './lib/portal-scope';
export {
  FilterField,
  ListToolbar,
  SearchBox,
  searchToCommit,
  shownSearch,
  SEARCH_DEBOUNCE_MS,
  SEARCH_MAX_LENGTH,
  type ListToolbarProps,
  type SearchBoxProps,
} from './components/list-toolbar';
export { StatusTabs, tabButtonClass, type StatusTab, type StatusTabsProps } from './components/status-tabs';
export { SelectionBar, SelectPageCheckbox, type SelectionBarProps } from './components/selection-bar';
export { PagerFooter, shownText, type PagerFooterProps, type PagerMeta } from './components/pager-footer';
export { ToneBadge, ShipmentStatusBadge } from './components/tone-badge';
export { DetailSection, Facts, type FactRow } from './components/facts';
export { PageHeader } from './components/page-header';
export { NoActiveCarriers, type RouterLink } from './components/no-active-carriers';
export { bulkLabelsPath } from './lib/shipment-labels';

/**
 * Every call of the shipping-rules screen (spec §7 "Shipping rules", the dry run, and the merchant's
 * carrier integrations it names), their query keys and hooks. Components call these hooks; they
 * never call `apiFetch` themselves. Toasts are the caller's (`mutate(vars, { onSuccess, onError })`).
 */
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AssignCarriersJson, MessageJson, RulePreviewJson, ShippingRuleCreate, ShippingRuleJson } from '@smista/contracts';
import { apiFetch, apiFetchList, carrierIntegrationsKey, carrierIntegrationsQuery, orderQueryKeys, packagePresetsQuery } from '@smista/ui-kit';
import { ASSIGN_API_PATH, PREVIEW_API_PATH, RULES_API_PATH, ruleApiPath } from '../paths';

/**
 * Query keys. Rules are per merchant (`GET /api/shipping-rules` answers for the merchant selected in
 * the session, so its id is in the key and a switch never shows the previous merchant's rules): the
 * list under `list`, the dry run under `preview`; invalidating `merchant(id)` refreshes both. The
 * carrier integrations use the key every other screen uses for the same list (the kit's
 * `carrierIntegrationsKey`); the orders (the orders remote's `['orders', merchantId]`) change
 * carrier with 'Assegna Corrieri'. The hooks supply their fetchers: these keys are not URLs.
 */
export const ruleKeys = {
  all: ['shipping-rules'] as const,
  merchant: (merchantId: string) => [...ruleKeys.all, merchantId] as const,
  list: (merchantId: string) => [...ruleKeys.merchant(merchantId), 'list'] as const,
  preview: (merchantId: string) => [...ruleKeys.merchant(merchantId), 'preview'] as const,
  carrierIntegrations: carrierIntegrationsKey,
  orders: orderQueryKeys.merchant,
};

export const fetchRules = (signal?: AbortSignal) => apiFetchList<ShippingRuleJson>(RULES_API_PATH, { signal });

export const createRule = (body: ShippingRuleCreate) => apiFetch<ShippingRuleJson>(RULES_API_PATH, { method: 'POST', body });

/** The whole rule, so conditions left empty in the form are cleared (PUT replaces what it names). */
export const updateRule = (ruleId: number, body: ShippingRuleCreate) => apiFetch<ShippingRuleJson>(ruleApiPath(ruleId), { method: 'PUT', body });

export const deleteRule = (ruleId: number) => apiFetch<MessageJson>(ruleApiPath(ruleId), { method: 'DELETE' });

export const assignCarriers = () => apiFetch<AssignCarriersJson>(ASSIGN_API_PATH, { method: 'POST' });

/** The dry run over the merchant's orders to ship: nothing is written. */
export const fetchPreview = (signal?: AbortSignal) => apiFetch<RulePreviewJson>(PREVIEW_API_PATH, { method: 'POST', body: {}, signal });

/** The selected merchant's rules, by priority (the server's order). */
export function useRules(merchantId: string) {
  return useQuery({ queryKey: ruleKeys.list(merchantId), queryFn: ({ signal }) => fetchRules(signal) });
}

/** The merchant's package presets (issue 25), for the rule's package; the settings remote writes them. */
export function usePackagePresets(merchantId: string) {
  return useQuery(packagePresetsQuery(merchantId));
}

/** The merchant's carrier integrations (the shared query: spec §7 retries). */
export function useCarrierIntegrations(merchantId: string) {
  return useQuery(carrierIntegrationsQuery(merchantId));
}

/** The dry run, asked only while the panel is open; refreshed with the rules after every change. */
export function useRulePreview(merchantId: string, open: boolean) {
  return useQuery({ queryKey: ruleKeys.preview(merchantId), queryFn: ({ signal }) => fetchPreview(signal), enabled: open });
}

/** After a change of rules: the list and the dry run (spec §7: lists are refreshed after every mutation). */
export function refreshRules(queryClient: QueryClient, merchantId: string) {
  return queryClient.invalidateQueries({ queryKey: ruleKeys.merchant(merchantId) });
}

function useRefreshAfter(merchantId: string) {
  const queryClient = useQueryClient();
  return () => void refreshRules(queryClient, merchantId);
}

/** Creates a rule (`id` absent) or replaces one. */
export function useSaveRule(merchantId: string) {
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: ShippingRuleCreate }) => (id === undefined ? createRule(body) : updateRule(id, body)),
    onSettled: useRefreshAfter(merchantId),
  });
}

export function useDeleteRule(merchantId: string) {
  return useMutation({ mutationFn: (rule: Pick<ShippingRuleJson, 'id'>) => deleteRule(rule.id), onSettled: useRefreshAfter(merchantId) });
}

/** 'Assegna Corrieri': the orders' carriers change, so the orders are refreshed too. */
export function useAssignCarriers(merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignCarriers,
    onSettled: () => {
      void refreshRules(queryClient, merchantId);
      void queryClient.invalidateQueries({ queryKey: ruleKeys.orders(merchantId) });
    },
  });
}

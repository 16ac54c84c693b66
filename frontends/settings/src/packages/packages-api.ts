/**
 * The package presets' calls (issue 25: `/api/package-presets`, answered by orders), query keys and
 * hooks. Components call these hooks; they never call `apiFetch` themselves.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MessageJson, PackagePresetFields, PackagePresetJson } from '@smista/contracts';
import { apiFetch, packagePresetsKey, packagePresetsQuery } from '@smista/ui-kit';

/** The kit's key, shared with every screen that chooses a preset; the merchant id in it so a switch of merchant never shows the previous one's presets. */
export const presetKeys = { list: packagePresetsKey };

const PATH = '/api/package-presets';
const itemPath = (id: number) => `${PATH}/${encodeURIComponent(String(id))}`;

export function usePackagePresets(merchantId: string) {
  return useQuery(packagePresetsQuery(merchantId));
}

function useRefreshAfter(merchantId: string) {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: presetKeys.list(merchantId) });
}

/** Creates a preset (`id` absent) or replaces one; another default loses its badge, so the list is read again. */
export function useSavePreset(merchantId: string) {
  return useMutation({
    mutationFn: ({ id, values }: { id?: number; values: PackagePresetFields }) =>
      id === undefined ? apiFetch<PackagePresetJson>(PATH, { method: 'POST', body: values }) : apiFetch<PackagePresetJson>(itemPath(id), { method: 'PUT', body: values }),
    onSettled: useRefreshAfter(merchantId),
  });
}

export function useDeletePreset(merchantId: string) {
  return useMutation({
    mutationFn: (preset: Pick<PackagePresetJson, 'id'>) => apiFetch<MessageJson>(itemPath(preset.id), { method: 'DELETE' }),
    onSettled: useRefreshAfter(merchantId),
  });
}

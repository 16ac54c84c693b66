{{/*
smista-lib.podDisruptionBudget: a policy/v1 PodDisruptionBudget over the chart's pods, rendered
only when podDisruptionBudget.enabled is true (off by default). It keeps a node drain or a
cluster upgrade from evicting more than podDisruptionBudget.maxUnavailable pods at once (1 by
default); podDisruptionBudget.minAvailable, when set, is used instead. With one replica and
minAvailable: 1 a drain would wait for ever, so that combination is refused.
Usage, in an application chart template: include "smista-lib.podDisruptionBudget" .
*/}}
{{- define "smista-lib.podDisruptionBudget" -}}
{{- if .Values.podDisruptionBudget.enabled -}}
{{- $budget := .Values.podDisruptionBudget -}}
{{- $replicas := ternary .Values.autoscaling.minReplicas .Values.replicaCount (.Values.autoscaling.enabled | default false) | int -}}
{{- if and (hasKey $budget "minAvailable") (not (kindIs "string" $budget.minAvailable)) (ge (int $budget.minAvailable) $replicas) -}}
{{- fail (printf "podDisruptionBudget.minAvailable (%d) must be lower than the replicas (%d), or no pod could ever be evicted" (int $budget.minAvailable) $replicas) -}}
{{- end -}}
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata:
  name: {{ include "smista-lib.fullname" . }}
  namespace: {{ .Release.Namespace }}
  labels:
    {{- include "smista-lib.labels" . | nindent 4 }}
spec:
  {{- if hasKey $budget "minAvailable" }}
  minAvailable: {{ $budget.minAvailable }}
  {{- else }}
  maxUnavailable: {{ $budget.maxUnavailable | default 1 }}
  {{- end }}
  selector:
    matchLabels:
      {{- include "smista-lib.selectorLabels" . | nindent 6 }}
{{- end -}}
{{- end -}}

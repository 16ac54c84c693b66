{{/*
smista-lib.hpa: a HorizontalPodAutoscaler (autoscaling/v2) on CPU, and on memory when
autoscaling.targetMemoryUtilizationPercentage is set. Rendered only when
autoscaling.enabled is true; the Deployment then leaves replicas to it.
Utilization is relative to resources.requests, so those must be set.
Usage, in an application chart template: include "smista-lib.hpa" .
*/}}
{{- define "smista-lib.hpa" -}}
{{- if .Values.autoscaling.enabled -}}
{{- if lt (int .Values.autoscaling.maxReplicas) (int .Values.autoscaling.minReplicas) -}}
{{- fail "autoscaling.maxReplicas must not be lower than autoscaling.minReplicas" -}}
{{- end -}}
apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: {{ include "smista-lib.fullname" . }}
  namespace: {{ .Release.Namespace }}
  labels:
    {{- include "smista-lib.labels" . | nindent 4 }}
spec:
  scaleTargetRef:
    apiVersion: apps/v1
    kind: Deployment
    name: {{ include "smista-lib.fullname" . }}
  minReplicas: {{ .Values.autoscaling.minReplicas }}
  maxReplicas: {{ .Values.autoscaling.maxReplicas }}
  metrics:
    - type: Resource
      resource:
        name: cpu
        target:
          type: Utilization
          averageUtilization: {{ .Values.autoscaling.targetCPUUtilizationPercentage }}
    {{- with .Values.autoscaling.targetMemoryUtilizationPercentage }}
    - type: Resource
      resource:
        name: memory
        target:
          type: Utilization
          averageUtilization: {{ . }}
    {{- end }}
{{- end -}}
{{- end -}}

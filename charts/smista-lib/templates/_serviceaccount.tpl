{{/*
smista-lib.serviceAccount: the pods' ServiceAccount, when serviceAccount.create is true.
Annotations are where a cloud identity binding goes (for example GKE Workload Identity).
Usage, in an application chart template: include "smista-lib.serviceAccount" .
*/}}
{{- define "smista-lib.serviceAccount" -}}
{{- if .Values.serviceAccount.create -}}
apiVersion: v1
kind: ServiceAccount
metadata:
  name: {{ include "smista-lib.serviceAccountName" . }}
  namespace: {{ .Release.Namespace }}
  labels:
    {{- include "smista-lib.labels" . | nindent 4 }}
  {{- with .Values.serviceAccount.annotations }}
  annotations:
    {{- toYaml . | nindent 4 }}
  {{- end }}
automountServiceAccountToken: false
{{- end -}}
{{- end -}}

{{/*
smista-lib.ingress: a networking.k8s.io/v1 Ingress to the chart's Service, rendered only
when ingress.enabled is true. Used by the gateway, the only public HTTP entry.
Usage, in an application chart template: include "smista-lib.ingress" .
*/}}
{{- define "smista-lib.ingress" -}}
{{- if .Values.ingress.enabled -}}
{{- $fullname := include "smista-lib.fullname" . -}}
{{- $portName := include "smista-lib.portName" . -}}
apiVersion: networking.k8s.io/v1
kind: Ingress
metadata:
  name: {{ $fullname }}
  namespace: {{ .Release.Namespace }}
  labels:
    {{- include "smista-lib.labels" . | nindent 4 }}
  {{- with .Values.ingress.annotations }}
  annotations:
    {{- toYaml . | nindent 4 }}
  {{- end }}
spec:
  {{- with .Values.ingress.className }}
  ingressClassName: {{ . }}
  {{- end }}
  {{- with .Values.ingress.tls }}
  tls:
    {{- toYaml . | nindent 4 }}
  {{- end }}
  rules:
    {{- range .Values.ingress.hosts }}
    - host: {{ .host | quote }}
      http:
        paths:
          {{- range .paths }}
          - path: {{ .path }}
            pathType: {{ .pathType }}
            backend:
              service:
                name: {{ $fullname }}
                port:
                  name: {{ $portName }}
          {{- end }}
    {{- end }}
{{- end -}}
{{- end -}}

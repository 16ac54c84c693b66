{{/*
smista-lib.service: a ClusterIP Service on the container port, named after the chart, so
other processes reach it at <chart>:<port> (for example identity:50051).
Usage, in an application chart template: include "smista-lib.service" .
*/}}
{{- define "smista-lib.service" -}}
apiVersion: v1
kind: Service
metadata:
  name: {{ include "smista-lib.fullname" . }}
  namespace: {{ .Release.Namespace }}
  labels:
    {{- include "smista-lib.labels" . | nindent 4 }}
  {{- with .Values.service.annotations }}
  annotations:
    {{- toYaml . | nindent 4 }}
  {{- end }}
spec:
  type: {{ .Values.service.type }}
  selector:
    {{- include "smista-lib.selectorLabels" . | nindent 4 }}
  ports:
    - name: {{ include "smista-lib.portName" . }}
      port: {{ include "smista-lib.containerPort" . }}
      targetPort: {{ include "smista-lib.portName" . }}
      protocol: TCP
{{- end -}}

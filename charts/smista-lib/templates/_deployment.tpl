{{/*
smista-lib.deployment: the Deployment of one Smista process (a gRPC service or the gateway).
Usage, in an application chart's templates/deployment.yaml: include "smista-lib.deployment" .
Values read: replicaCount (ignored when autoscaling.enabled), image, imagePullSecrets,
portEnv, portName, env (env.METRICS_PORT for the metrics port), secretEnv, global.otlpEndpoint,
metrics, probe, resources, serviceAccount, podAnnotations, terminationGracePeriodSeconds,
nodeSelector, affinity, tolerations.
Two container ports: the process's own (portName) and `metrics`, the admin server that serves
/metrics to Prometheus and /livez and /readyz to the probes.
The root filesystem is read-only; /tmp is an emptyDir for whatever Node writes there.
*/}}
{{- define "smista-lib.deployment" -}}
apiVersion: apps/v1
kind: Deployment
metadata:
  name: {{ include "smista-lib.fullname" . }}
  namespace: {{ .Release.Namespace }}
  labels:
    {{- include "smista-lib.labels" . | nindent 4 }}
spec:
  {{- if not .Values.autoscaling.enabled }}
  replicas: {{ .Values.replicaCount }}
  {{- end }}
  selector:
    matchLabels:
      {{- include "smista-lib.selectorLabels" . | nindent 6 }}
  template:
    metadata:
      labels:
        {{- include "smista-lib.labels" . | nindent 8 }}
      {{- with (include "smista-lib.podAnnotations" . | trim) }}
      annotations:
        {{- . | nindent 8 }}
      {{- end }}
    spec:
      serviceAccountName: {{ include "smista-lib.serviceAccountName" . }}
      # No Smista process talks to the Kubernetes API.
      automountServiceAccountToken: false
      # Service links would add IDENTITY_PORT=tcp://... and the like to the environment;
      # configuration comes only from the env values below.
      enableServiceLinks: false
      terminationGracePeriodSeconds: {{ .Values.terminationGracePeriodSeconds }}
      {{- with (include "smista-lib.imagePullSecrets" . | trim) }}
      imagePullSecrets:
        {{- . | nindent 8 }}
      {{- end }}
      securityContext:
        {{- include "smista-lib.podSecurityContext" . | nindent 8 }}
      containers:
        - name: server
          image: {{ include "smista-lib.image" . | quote }}
          imagePullPolicy: {{ .Values.image.pullPolicy }}
          securityContext:
            {{- include "smista-lib.containerSecurityContext" . | nindent 12 }}
          ports:
            - name: {{ include "smista-lib.portName" . }}
              containerPort: {{ include "smista-lib.containerPort" . }}
              protocol: TCP
            - name: metrics
              containerPort: {{ include "smista-lib.metricsPort" . }}
              protocol: TCP
          {{- with (include "smista-lib.env" . | trim) }}
          env:
            {{- . | nindent 12 }}
          {{- end }}
          startupProbe:
            {{- include "smista-lib.probe" (dict "path" "/livez" "timing" .Values.probe.startup) | trim | nindent 12 }}
          livenessProbe:
            {{- include "smista-lib.probe" (dict "path" "/livez" "timing" .Values.probe.liveness) | trim | nindent 12 }}
          readinessProbe:
            {{- include "smista-lib.probe" (dict "path" "/readyz" "timing" .Values.probe.readiness) | trim | nindent 12 }}
          {{- with .Values.resources }}
          resources:
            {{- toYaml . | nindent 12 }}
          {{- end }}
          volumeMounts:
            - name: tmp
              mountPath: /tmp
      volumes:
        - name: tmp
          emptyDir: {}
      {{- with .Values.nodeSelector }}
      nodeSelector:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      {{- with .Values.affinity }}
      affinity:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      {{- with .Values.tolerations }}
      tolerations:
        {{- toYaml . | nindent 8 }}
      {{- end }}
{{- end -}}

{{/*
Common helpers for every Smista chart. Each one is called with the application chart's
root context (`.`), so `.Chart` is the calling chart, not this library.
*/}}

{{/*
smista-lib.name: the chart name, or nameOverride.
*/}}
{{- define "smista-lib.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/*
smista-lib.fullname: the name of every object of the chart.
Like Online Boutique, it is NOT prefixed with the release name: services find each other
at stable addresses (`identity:50051`), which is what the `*_GRPC_ADDR` values say.
One Smista release per namespace; set fullnameOverride to run a second copy.
*/}}
{{- define "smista-lib.fullname" -}}
{{- if .Values.fullnameOverride -}}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- include "smista-lib.name" . -}}
{{- end -}}
{{- end -}}

{{/*
smista-lib.chart: chart name and version, for the helm.sh/chart label.
*/}}
{{- define "smista-lib.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/*
smista-lib.selectorLabels: the labels a Service or Deployment selects on. They never change
between upgrades (a Deployment's selector is immutable), so no version in here.
*/}}
{{- define "smista-lib.selectorLabels" -}}
app.kubernetes.io/name: {{ include "smista-lib.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end -}}

{{/*
smista-lib.labels: the labels on every object.
*/}}
{{- define "smista-lib.labels" -}}
helm.sh/chart: {{ include "smista-lib.chart" . }}
{{ include "smista-lib.selectorLabels" . }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
app.kubernetes.io/part-of: smista
{{- end -}}

{{/*
smista-lib.serviceAccountName: the ServiceAccount the pods run as.
*/}}
{{- define "smista-lib.serviceAccountName" -}}
{{- if .Values.serviceAccount.create -}}
{{- default (include "smista-lib.fullname" .) .Values.serviceAccount.name -}}
{{- else -}}
{{- default "default" .Values.serviceAccount.name -}}
{{- end -}}
{{- end -}}

{{/*
smista-lib.image: registry/repository:tag. The chart's own image.registry and image.tag win
over global.image.registry and global.image.tag (set by the umbrella chart); the tag falls
back to the chart's appVersion.
*/}}
{{- define "smista-lib.image" -}}
{{- $global := .Values.global | default dict -}}
{{- $registry := .Values.image.registry | default (dig "image" "registry" "" $global) -}}
{{- $tag := .Values.image.tag | default (dig "image" "tag" "" $global) | default .Chart.AppVersion -}}
{{- if $registry -}}
{{- printf "%s/%s:%s" (trimSuffix "/" (toString $registry)) .Values.image.repository (toString $tag) -}}
{{- else -}}
{{- printf "%s:%s" .Values.image.repository (toString $tag) -}}
{{- end -}}
{{- end -}}

{{/*
smista-lib.imagePullSecrets: the chart's imagePullSecrets followed by global.imagePullSecrets,
as a YAML list (empty output when there are none).
*/}}
{{- define "smista-lib.imagePullSecrets" -}}
{{- $global := .Values.global | default dict -}}
{{- $secrets := concat (.Values.imagePullSecrets | default list) (dig "imagePullSecrets" list $global) -}}
{{- with $secrets }}
{{ toYaml . }}
{{- end }}
{{- end -}}

{{/*
smista-lib.containerPort: the port the process listens on. It is read from the environment
variable named by `portEnv` (GRPC_PORT for services, PORT for the gateway), so the env value,
the containerPort and the Service port can never disagree.
*/}}
{{- define "smista-lib.containerPort" -}}
{{- $port := index .Values.env .Values.portEnv -}}
{{- if not $port -}}
{{- fail (printf "env.%s must be set: portEnv names it as the port the container listens on" .Values.portEnv) -}}
{{- end -}}
{{- $port | int -}}
{{- end -}}

{{/*
smista-lib.portName: the name of the container and Service port, from `portName`: "grpc" for
gRPC services, "http" for the gateway. Istio and other meshes read the protocol from it.
*/}}
{{- define "smista-lib.portName" -}}
{{- if has .Values.portName (list "grpc" "http") -}}
{{- .Values.portName -}}
{{- else -}}
{{- fail (printf "portName must be grpc or http, got %q" (toString .Values.portName)) -}}
{{- end -}}
{{- end -}}

{{/*
smista-lib.metricsPort: the port of the admin HTTP server (/metrics, /livez, /readyz), read from
env.METRICS_PORT like containerPort from portEnv, so the process, the `metrics` container port,
the probes and the scrape annotations agree. It must differ from the process's own port: the
Service and the Ingress carry only that one, so /metrics never reaches the public side.
*/}}
{{- define "smista-lib.metricsPort" -}}
{{- $port := .Values.env.METRICS_PORT -}}
{{- if not $port -}}
{{- fail "env.METRICS_PORT must be set: the metrics port, the probes and the scrape annotations read it" -}}
{{- end -}}
{{- if eq ($port | int) (include "smista-lib.containerPort" . | int) -}}
{{- fail (printf "env.METRICS_PORT must differ from env.%s: /metrics is never served on the process's own port" .Values.portEnv) -}}
{{- end -}}
{{- $port | int -}}
{{- end -}}

{{/*
smista-lib.podAnnotations: podAnnotations, plus, when metrics.scrape is true, the annotations
Prometheus' Kubernetes discovery reads by convention (prometheus.io/scrape, /port, /path).
A key set in podAnnotations wins. Empty output when there are none.
*/}}
{{- define "smista-lib.podAnnotations" -}}
{{- $annotations := dict -}}
{{- if .Values.metrics.scrape -}}
{{- $_ := set $annotations "prometheus.io/scrape" "true" -}}
{{- $_ := set $annotations "prometheus.io/port" (include "smista-lib.metricsPort" .) -}}
{{- $_ := set $annotations "prometheus.io/path" "/metrics" -}}
{{- end -}}
{{- $annotations = merge (deepCopy (.Values.podAnnotations | default dict)) $annotations -}}
{{- with $annotations }}
{{ toYaml . }}
{{- end }}
{{- end -}}

{{/*
smista-lib.env: the container's environment. `env` is rendered one to one, every value as a
string; then OTEL_EXPORTER_OTLP_ENDPOINT from global.otlpEndpoint, when that is set and env does
not set the variable itself (a chart's own value, even "", wins); `secretEnv` maps a variable to
a key of an existing Secret. Keys come out sorted within each group.
*/}}
{{- define "smista-lib.env" -}}
{{- range $name, $value := .Values.env }}
- name: {{ $name }}
  value: {{ $value | toString | quote }}
{{- end }}
{{- $otlpEndpoint := dig "otlpEndpoint" "" (.Values.global | default dict) }}
{{- if and $otlpEndpoint (not (hasKey .Values.env "OTEL_EXPORTER_OTLP_ENDPOINT")) }}
- name: OTEL_EXPORTER_OTLP_ENDPOINT
  value: {{ $otlpEndpoint | toString | quote }}
{{- end }}
{{- range $name, $ref := .Values.secretEnv }}
- name: {{ $name }}
  valueFrom:
    secretKeyRef:
      name: {{ $ref.name | quote }}
      key: {{ $ref.key | quote }}
{{- end }}
{{- end -}}

{{/*
smista-lib.probe: an HTTP GET probe on the `metrics` port, the admin server's: /livez for the
startup and liveness probes, /readyz for readiness. Never on the process's own port, which for
the gateway is public. Called with (dict "path" "/livez" "timing" .Values.probe.liveness).
*/}}
{{- define "smista-lib.probe" -}}
httpGet:
  path: {{ .path }}
  port: metrics
{{- with .timing }}
{{ toYaml . }}
{{- end }}
{{- end -}}

{{/*
smista-lib.podSecurityContext and smista-lib.containerSecurityContext: fixed, not values.
They satisfy the Kubernetes "restricted" Pod Security Standard.
*/}}
{{- define "smista-lib.podSecurityContext" -}}
runAsNonRoot: true
runAsUser: 1000
runAsGroup: 1000
fsGroup: 1000
seccompProfile:
  type: RuntimeDefault
{{- end -}}

{{- define "smista-lib.containerSecurityContext" -}}
runAsNonRoot: true
runAsUser: 1000
runAsGroup: 1000
privileged: false
allowPrivilegeEscalation: false
readOnlyRootFilesystem: true
capabilities:
  drop:
    - ALL
seccompProfile:
  type: RuntimeDefault
{{- end -}}

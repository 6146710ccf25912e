{{/* Prefix of every resource name: the release name unless fullnameOverride is set. */}}
{{- define "corestone.fullname" -}}
{{- default .Release.Name .Values.fullnameOverride | trunc 40 | trimSuffix "-" -}}
{{- end -}}

{{/* Labels shared by everything the release makes. */}}
{{- define "corestone.commonLabels" -}}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
app.kubernetes.io/part-of: corestone
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
{{- end -}}

{{/* Selector of one component: (dict "root" $ "name" $name). */}}
{{- define "corestone.selectorLabels" -}}
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/name: {{ .name }}
{{- end -}}

{{/* Labels of one component: (dict "root" $ "name" $name "c" $c). */}}
{{- define "corestone.labels" -}}
{{ include "corestone.commonLabels" .root }}
app.kubernetes.io/name: {{ .name }}
app.kubernetes.io/component: {{ .c.role }}
{{- end -}}

{{/*
Deep merge with explicit values winning: (dict "base" $defaults "over" $component) → YAML.
Unlike sprig's mergeOverwrite, a component's `false`, `0` or empty list does replace the default.
*/}}
{{- define "corestone.deepMerge" -}}
{{- $merged := deepCopy .base -}}
{{- range $key, $value := .over -}}
{{- $current := get $merged $key -}}
{{- if and (kindIs "map" $value) (kindIs "map" $current) -}}
{{- $_ := set $merged $key (include "corestone.deepMerge" (dict "base" $current "over" $value) | fromYaml) -}}
{{- else -}}
{{- $_ := set $merged $key $value -}}
{{- end -}}
{{- end -}}
{{- toYaml $merged -}}
{{- end -}}

{{/* A component's effective values: (dict "root" $ "name" $name) → YAML. */}}
{{- define "corestone.component" -}}
{{- include "corestone.deepMerge" (dict "base" .root.Values.defaults "over" (get .root.Values.components .name)) -}}
{{- end -}}

{{/* Image reference: (dict "root" $ "c" $c). */}}
{{- define "corestone.image" -}}
{{- $tag := .c.image.tag | default .root.Values.image.tag | default .root.Chart.AppVersion -}}
{{- printf "%s%s:%s" .root.Values.image.registry .c.image.repository $tag -}}
{{- end -}}

{{/* A JetStream stream name as packages/contracts streamName() builds it: (dict "prefix" p "service" s). */}}
{{- define "corestone.streamName" -}}
{{- if .prefix -}}
{{- printf "%s_%s" (regexReplaceAll "[^A-Za-z0-9_-]" .prefix "_" | upper) (upper .service) -}}
{{- else -}}
{{- upper .service -}}
{{- end -}}
{{- end -}}

{{/* In-cluster URL of a component's Service: (dict "root" $ "name" $name). */}}
{{- define "corestone.url" -}}
{{- $c := include "corestone.component" . | fromYaml -}}
{{- printf "http://%s-%s:%v" (include "corestone.fullname" .root) .name $c.port -}}
{{- end -}}

{{/* Pod selector of the pods of some roles: (list "service" "worker"). */}}
{{- define "corestone.rolesSelector" -}}
matchExpressions:
  - key: app.kubernetes.io/component
    operator: In
    values:
{{- range . }}
      - {{ . }}
{{- end }}
{{- end -}}

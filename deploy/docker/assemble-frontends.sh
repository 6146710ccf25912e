#!/bin/sh
# assemble-frontends <frontends dir> <site dir>: the shell's dist at the root, every remote's dist
# (a folder with dist/remoteEntry.js) under mf/<name>/, and mf/manifest.json listing the remotes —
# the layout and manifest the gateway serves in development.
set -eu
src=$1
site=$2
test -f "$src/shell/dist/index.html" || { echo "no built shell in $src/shell/dist" >&2; exit 1; }
mkdir -p "$site/mf"
cp -R "$src/shell/dist/." "$site/"
entries=""
for dir in "$src"/*/; do
  name=$(basename "$dir")
  [ "$name" = shell ] && continue
  [ -f "$dir/dist/remoteEntry.js" ] || continue
  mkdir -p "$site/mf/$name"
  cp -R "$dir/dist/." "$site/mf/$name/"
  entries="$entries${entries:+,}\"$name\":\"/mf/$name/remoteEntry.js\""
done
printf '{"remotes":{%s}}\n' "$entries" > "$site/mf/manifest.json"
echo "assembled: shell + remotes {$entries}"

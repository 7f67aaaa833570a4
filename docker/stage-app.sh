#!/usr/bin/env bash
# Assembles the production tree of one app in DEST: the app's and its libs' builds plus production dependencies.
# docker/Dockerfile runs exactly this; the deploy tests run it without Docker.   usage: stage-app.sh lf|nb|msb DEST
set -euo pipefail
app=${1:?usage: stage-app.sh APP DEST}
dest=${2:?usage: stage-app.sh APP DEST}
root=$(cd "$(dirname "$0")/.." && pwd)
[ -f "$root/apps/$app/project.json" ] || { echo "stage-app: no app '$app' under apps/" >&2; exit 2; }

cd "$root"
# The deploy tests build first (their Nx target depends on the apps' builds) and set STAGE_APP_PREBUILT=1: a build
# here would empty dist folders that suites running beside them serve from.
if [ "${STAGE_APP_PREBUILT:-}" != 1 ]; then
  NX_DAEMON=false NX_NO_CLOUD=true npx nx run "$app:build" --output-style=static >&2
fi

rm -rf "$dest"
mkdir -p "$dest/apps/$app"
cp package.json package-lock.json "$dest/"
cp -r "apps/$app/package.json" "apps/$app/dist" "$dest/apps/$app/"
# The operator console (static files) is served by every role's service under /console/ (built with the app).
mkdir -p "$dest/apps/console"
cp -r apps/console/dist "$dest/apps/console/"
for lib in libs/*; do
  # Only libs the app's build produced; test helpers never ship.
  [ -d "$lib/dist" ] && [ "$(basename "$lib")" != testing ] || continue
  mkdir -p "$dest/$lib"
  cp -r "$lib/package.json" "$lib/dist" "$dest/$lib/"
done
cd "$dest"
npm install --omit=dev --no-audit --no-fund >&2

#!/usr/bin/env bash
# The container proof of issue 58 (docs/DEPLOY.md, "How it is proven"); .ci/run runs it after the
# suite. Installs podman, runc, debootstrap, Caddy and docker-compose from Debian when missing,
# builds the local stand-in of the official Node.js image (reused when present) and the image,
# gives the proof a PostgreSQL database of its own, then runs container-test.mjs: two containers,
# a reader's journey, SIGTERM mid-burst, non-root and read-only checks, Caddy in front.
# Skipped, saying so, only where podman cannot run a container.
set -euo pipefail
cd "$(dirname "$0")/../.."
started=$(date +%s)
say() { echo "== container test [$(($(date +%s) - started)) s]: $*"; }

BASE_IMAGE="docker.io/library/node:20-bookworm-slim" # the Containerfile's FROM, exactly
IMAGE="localhost/inkstream:container-test"
DATABASE="inkstream_container_test"
PG_ADMIN_URL="${TEST_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
podman_() { podman --cgroup-manager=cgroupfs --runtime runc "$@"; }

missing=()
for tool in podman runc debootstrap caddy docker-compose; do
  command -v "$tool" >/dev/null 2>&1 || missing+=("$tool")
done
if [ "${#missing[@]}" -gt 0 ]; then
  if command -v apt-get >/dev/null 2>&1; then
    say "installing ${missing[*]} from Debian"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq podman runc debootstrap caddy docker-compose >/dev/null
  else
    echo "== container test SKIPPED: ${missing[*]} missing and no apt-get to install them"
    exit 0
  fi
fi
# Debian's caddy package starts a service on :80 where systemd runs; the proof starts its own Caddy.
if command -v systemctl >/dev/null 2>&1 && systemctl is-active --quiet caddy 2>/dev/null; then systemctl stop caddy; fi

if ! podman_ run --rm --network host --ulimit nofile=1024:1024 --ulimit nproc=1024:1024 "$BASE_IMAGE" true >/dev/null 2>&1; then
  if ! podman_ image exists "$BASE_IMAGE"; then
    say "building the base image $BASE_IMAGE (debootstrap + this machine's Node.js)"
    deploy/test/build-base.sh "$BASE_IMAGE"
  fi
  if ! podman_ run --rm --network host --ulimit nofile=1024:1024 --ulimit nproc=1024:1024 "$BASE_IMAGE" true; then
    echo "== container test SKIPPED: podman cannot run a container on this machine (above)"
    exit 0
  fi
fi
say "base image $BASE_IMAGE ready"

say "building $IMAGE and its backup target"
build_log="$(mktemp)"
build() { # $1: target (empty: the default), $2: tag
  if ! podman_ build --format docker --pull=never --network host --ulimit nofile=1024:1024 --ulimit nproc=1024:1024 \
    ${1:+--target "$1"} -f Containerfile -t "$2" . >"$build_log" 2>&1; then
    tail -n 60 "$build_log"
    echo "== container test FAILED: the image ${1:-app} did not build"
    exit 1
  fi
}
build "" "$IMAGE"
build backup "$IMAGE-backup"
rm -f "$build_log"
say "image built: $(podman_ image inspect "$IMAGE" --format '{{.Size}}' | awk '{printf "%d MB", $1/1e6}')"

say "fresh database $DATABASE"
psql "$PG_ADMIN_URL" -q -v ON_ERROR_STOP=1 -c "DROP DATABASE IF EXISTS $DATABASE WITH (FORCE)" -c "CREATE DATABASE $DATABASE"
trap 'psql "$PG_ADMIN_URL" -q -c "DROP DATABASE IF EXISTS $DATABASE WITH (FORCE)" >/dev/null 2>&1 || true' EXIT

INKSTREAM_IMAGE="$IMAGE" INKSTREAM_CT_DATABASE="$DATABASE" node deploy/test/container-test.mjs
say "passed in $(($(date +%s) - started)) s"

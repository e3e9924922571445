#!/usr/bin/env bash
# Builds a local stand-in for the official Node.js image the Containerfile names (no registry of
# images is reachable here): a Debian bookworm minbase from debootstrap, this machine's Node.js and
# npm, and the `node` user (uid 1000) the official image has. Reused when it already exists.
# Usage: build-base.sh IMAGE_NAME   (e.g. docker.io/library/node:20-bookworm-slim)
set -euo pipefail
name="$1"
podman_() { podman --cgroup-manager=cgroupfs --runtime runc "$@"; }

if podman_ image exists "$name"; then
  echo "== base image $name: present, reused"
  exit 0
fi
want="$(sed -E 's/.*:([0-9]+)-.*/\1/' <<<"$name")"
have="$(node -p 'process.versions.node.split(".")[0]')"
if [ "$want" != "$have" ]; then
  echo "this machine's Node.js is $have, the image names $want: the stand-in would lie" >&2
  exit 1
fi
root="$(mktemp -d /var/tmp/inkstream-base.XXXXXX)"
trap 'rm -rf "$root"' EXIT
echo "== debootstrap bookworm (minbase) into $root"
debootstrap --variant=minbase bookworm "$root" >/dev/null
install -m 0755 "$(readlink -f "$(command -v node)")" "$root/usr/local/bin/node"
npm_dir="$(dirname "$(dirname "$(readlink -f "$(command -v npm)")")")"
mkdir -p "$root/usr/local/lib/node_modules"
cp -a "$npm_dir" "$root/usr/local/lib/node_modules/npm"
ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$root/usr/local/bin/npm"
ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$root/usr/local/bin/npx"
# The headers node-gyp builds native addons against, where the official image has them.
mkdir -p "$root/usr/local/include"
cp -a "$(dirname "$(dirname "$(readlink -f "$(command -v node)")")")/include/node" "$root/usr/local/include/node"
# A machine whose way out re-signs TLS (NODE_EXTRA_CA_CERTS set) needs its certificates inside too,
# or npm ci in the build cannot reach the registry; the official image reaches it without.
changes=(--change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' --change 'CMD ["node"]')
if [ -n "${NODE_EXTRA_CA_CERTS:-}" ] && [ -f "$NODE_EXTRA_CA_CERTS" ]; then
  install -D -m 0644 "$NODE_EXTRA_CA_CERTS" "$root/usr/local/share/inkstream-build-ca.crt"
  changes+=(--change 'ENV NODE_EXTRA_CA_CERTS=/usr/local/share/inkstream-build-ca.crt')
fi
# The official image's user: uid and gid 1000, named node.
chroot "$root" groupadd --gid 1000 node
chroot "$root" useradd --uid 1000 --gid node --shell /bin/bash --create-home node
# What an image does not need (the official slim image drops them too).
rm -rf "$root"/var/cache/apt/archives/*.deb "$root"/var/lib/apt/lists/* "$root"/usr/share/doc/* "$root"/usr/share/man/*
echo "== importing as $name"
tar -C "$root" -c . | podman_ import "${changes[@]}" - "$name" >/dev/null
podman_ image ls "$name"

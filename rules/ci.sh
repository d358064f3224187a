#!/usr/bin/env bash
# Bazel CI: on a fresh Debian 12 machine with Go 1.26, installs Bazel 4.2.3
# (Debian's bazel-bootstrap), the Debian rule sets the WORKSPACE uses and
# gfortran, fills the Go module cache (the only step that needs the
# network: the Go module proxy), then runs `bazel test //...` with
# downloads disabled (.bazelrc). Extra arguments go to bazel test.
set -euo pipefail
cd "$(dirname "$0")/.."

pkgs=()
command -v bazel >/dev/null 2>&1 || pkgs+=(bazel-bootstrap)
for p in bazel-skylib bazel-rules-cc bazel-rules-java; do
  dpkg -s "$p" >/dev/null 2>&1 || pkgs+=("$p")
done
command -v gfortran >/dev/null 2>&1 || pkgs+=(gfortran)
if [ ${#pkgs[@]} -gt 0 ]; then
  echo "installing ${pkgs[*]}..."
  if [ "$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi
  $SUDO apt-get update -qq
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${pkgs[@]}" >/dev/null
fi

# rules/deps.bzl reads these modules from the cache (and checks their sha256).
go mod download
go mod download github.com/bazelbuild/rules_go@v0.34.0

rules/gobuildfiles.sh -check
bazel test //... "$@"

#!/usr/bin/env bash
# Writes the BUILD.bazel of every Go package of the module (go_library, or
# go_binary for package main) from `go list`, so the Bazel build follows
# the Go build. Rerun it after adding a package or an import; rules/ci.sh
# fails when a BUILD.bazel is stale. No go_test targets: `go test` runs
# those. Usage: rules/gobuildfiles.sh [-check]
set -euo pipefail
cd "$(dirname "$0")/.."
check=false
[ "${1:-}" = -check ] && check=true

mod=$(go list -m)
# import path prefix of another module -> its repository in rules/deps.bzl
declare -A repos=(
  [gopkg.in/yaml.v3]=in_gopkg_yaml_v3
  [github.com/bazelbuild/buildtools]=com_github_bazelbuild_buildtools
)

label() { # import path -> Bazel label
  local imp=$1 prefix rel
  if [[ $imp == "$mod"/* ]]; then
    echo "//${imp#"$mod"/}"
    return
  fi
  for prefix in "${!repos[@]}"; do
    if [[ $imp == "$prefix" || $imp == "$prefix"/* ]]; then
      rel=${imp#"$prefix"}; rel=${rel#/}
      local name=${imp##*/}; name=${name//./_}; name=${name//-/_}
      echo "@${repos[$prefix]}//$rel:$name"
      return
    fi
  done
  echo "gobuildfiles.sh: no repository for import $imp (add it to repos here and to rules/deps.bzl)" >&2
  exit 1
}

quote() { local s sep=""; for s in "$@"; do printf '%s"%s"' "$sep" "$s"; sep=", "; done; }

stale=0
tmpl='{{.Dir}}|{{.ImportPath}}|{{.Name}}|{{join .GoFiles " "}}|{{join .EmbedFiles " "}}|{{join .Imports " "}}|{{.Standard}}'
while IFS='|' read -r dir imp name gofiles embeds imports _; do
  rel=${imp#"$mod"/}
  [ -n "$gofiles" ] || continue
  base=${rel##*/}
  deps=()
  for i in $imports; do
    first=${i%%/*}
    [[ $first == *.* ]] || continue # standard library
    deps+=("$(label "$i")")
  done
  # Sorted as buildifier sorts labels: "//..." before "@...".
  mapfile -t deps < <(printf '%s\n' "${deps[@]}" | LC_ALL=C sort -u)
  [ -n "${deps[0]:-}" ] || deps=()
  if [ "$name" = main ]; then kind=go_binary; else kind=go_library; fi
  {
    echo "# Written by rules/gobuildfiles.sh from go list; do not edit."
    echo "load(\"@io_bazel_rules_go//go:def.bzl\", \"$kind\")"
    echo
    echo "$kind("
    echo "    name = \"$base\","
    # A glob: a new file needs no edit here, only a new import does.
    echo '    srcs = glob(["*.go"], exclude = ["*_test.go"]),'
    # shellcheck disable=SC2086
    [ -z "$embeds" ] || echo "    embedsrcs = [$(quote $embeds)],"
    [ "$kind" = go_binary ] || echo "    importpath = \"$imp\","
    echo "    visibility = [\"//visibility:public\"],"
    [ ${#deps[@]} -eq 0 ] || echo "    deps = [$(quote "${deps[@]}")],"
    echo ")"
  } > "$dir/BUILD.bazel.new"
  if $check; then
    if ! cmp -s "$dir/BUILD.bazel.new" "$dir/BUILD.bazel"; then
      echo "stale: $rel/BUILD.bazel" >&2
      stale=1
    fi
    rm "$dir/BUILD.bazel.new"
  else
    mv "$dir/BUILD.bazel.new" "$dir/BUILD.bazel"
  fi
done < <(go list -f "$tmpl" ./config/... ./generator/... ./rules/...)
if [ $stale = 1 ]; then
  echo "run rules/gobuildfiles.sh" >&2
  exit 1
fi

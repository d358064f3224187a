#!/usr/bin/env bash
# Shows that fortran_adjoint's actions are served by a remote cache: with an
# nginx WebDAV server on 127.0.0.1 as Bazel's HTTP cache, it builds
# //examples/... (every action runs and is uploaded), runs `bazel clean`,
# rebuilds, and checks from Bazel's execution log that every FadjGenerate
# action of the rebuild was a remote cache hit. It does this once with
# --spawn_strategy=local and once with --spawn_strategy=sandboxed, each
# with an empty cache. Needs nginx (apt-get install nginx) and what
# rules/ci.sh sets up. Exit 1 if any FadjGenerate action was not a hit.
#
# Usage: rules/remote_cache_proof.sh [port]   (default 18473)
# It runs `bazel clean` in this workspace's output base.
set -euo pipefail
cd "$(dirname "$0")/.."
port=${1:-18473}
target=//examples/...

command -v nginx >/dev/null 2>&1 || { echo "nginx not found: apt-get install nginx" >&2; exit 1; }
tmp=$(mktemp -d /tmp/fadj-remote-cache.XXXXXX)
nginx_pid=
cleanup() {
  if [ -n "$nginx_pid" ]; then kill "$nginx_pid" 2>/dev/null || true; wait "$nginx_pid" 2>/dev/null || true; fi
  rm -rf "$tmp"
}
trap cleanup EXIT

start_cache() { # an empty cache root served on 127.0.0.1:$port
  if [ -n "$nginx_pid" ]; then kill "$nginx_pid"; wait "$nginx_pid" 2>/dev/null || true; fi
  rm -rf "$tmp/cache" && mkdir -p "$tmp/cache" "$tmp/logs"
  # As root, nginx's workers would run as nobody and could not write the
  # (private) temporary directory.
  local user=""
  [ "$(id -u)" != 0 ] || user="user root;"
  cat > "$tmp/nginx.conf" <<EOF
$user
worker_processes 1;
pid $tmp/nginx.pid;
error_log $tmp/logs/error.log;
events {}
http {
  access_log $tmp/logs/access.log;
  client_body_temp_path $tmp/body;
  proxy_temp_path $tmp/proxy;
  fastcgi_temp_path $tmp/fastcgi;
  uwsgi_temp_path $tmp/uwsgi;
  scgi_temp_path $tmp/scgi;
  server {
    listen 127.0.0.1:$port;
    root $tmp/cache;
    client_max_body_size 0;
    location / {
      dav_methods PUT;
      create_full_put_path on;
      dav_access user:rw group:r all:r;
    }
  }
}
EOF
  nginx -p "$tmp" -c "$tmp/nginx.conf" -g 'daemon off;' &
  nginx_pid=$!
  for _ in $(seq 50); do
    if (exec 3<>/dev/tcp/127.0.0.1/"$port") 2>/dev/null; then return; fi
    sleep 0.1
  done
  echo "nginx did not start on 127.0.0.1:$port:" >&2
  cat "$tmp/logs/error.log" >&2
  exit 1
}

# fadj_actions LOG: prints "<FadjGenerate actions> <of them remote cache hits>"
# from a JSON execution log (a sequence of SpawnExec objects).
fadj_actions() {
  python3 - "$1" <<'EOF'
import json, sys
text = open(sys.argv[1]).read()
dec, i, n, hits = json.JSONDecoder(), 0, 0, 0
while True:
    while i < len(text) and text[i].isspace():
        i += 1
    if i >= len(text):
        break
    spawn, i = dec.raw_decode(text, i)
    if spawn.get("mnemonic") == "FadjGenerate":
        n += 1
        hits += bool(spawn.get("remoteCacheHit"))
print(n, hits)
EOF
}

# build NAME FLAGS...: bazel build, printing Bazel's process summary (and
# the end of its output if the build fails).
build() {
  local name=$1
  shift
  if ! bazel build "$@" "$target" > "$tmp/$name.out" 2>&1; then
    tail -30 "$tmp/$name.out" >&2
    echo "FAIL: bazel build $* $target" >&2
    exit 1
  fi
  grep -E '^INFO: [0-9]+ process|^WARNING: .*[Rr]emote' "$tmp/$name.out" | sed "s/^/$name: /"
}

status=0
for strategy in local sandboxed; do
  start_cache
  flags=(--remote_cache="http://127.0.0.1:$port" --spawn_strategy="$strategy")
  echo "== --spawn_strategy=$strategy, empty cache at http://127.0.0.1:$port"
  bazel clean 2>/dev/null
  build first "${flags[@]}" --execution_log_json_file="$tmp/first.json"
  read -r n hits < <(fadj_actions "$tmp/first.json")
  entries=$(find "$tmp/cache" -type f | wc -l)
  echo "first: $n FadjGenerate actions, $hits remote cache hits; the cache now holds $entries entries"
  if [ "$entries" -eq 0 ]; then
    echo "FAIL: nothing was uploaded to the cache; nginx says:" >&2
    tail -5 "$tmp/logs/error.log" >&2
    exit 1
  fi
  bazel clean 2>/dev/null
  build rebuild "${flags[@]}" --execution_log_json_file="$tmp/rebuild.json"
  read -r n hits < <(fadj_actions "$tmp/rebuild.json")
  echo "rebuild: $n FadjGenerate actions, $hits remote cache hits"
  if [ "$n" -eq 0 ] || [ "$n" -ne "$hits" ]; then
    echo "FAIL: not every FadjGenerate action of the rebuild was a remote cache hit" >&2
    status=1
  fi
done
exit $status

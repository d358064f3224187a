"""Repositories fadj's rules need, all from this machine: no network.

In WORKSPACE:

    load("@fadj//rules:deps.bzl", "fadj_dependencies")
    fadj_dependencies()
    load("@io_bazel_rules_go//go:deps.bzl", "go_register_toolchains", "go_rules_dependencies")
    go_rules_dependencies()
    go_register_toolchains(go_version = "host")

Go modules come from the Go module cache (run rules/ci.sh, or `go mod
download` and `go mod download github.com/bazelbuild/rules_go@v0.34.0`),
rules_cc from Debian's bazel-rules-cc, the Go SDK from the host (go on PATH).
"""

load("//rules/private:go_module.bzl", "go_module")
load("//rules/private:host_repos.bzl", "coverage_tools_stub", "fadj_gfortran", "host_directory", "host_rules_cc")

# rules_go v0.34.0 is the newest release that loads on Bazel 4.2.3; the
# patch lets it build with a Go 1.20+ SDK (no precompiled standard library,
# no pack tool, go.env).
RULES_GO_VERSION = "v0.34.0"

def _maybe(rule, name, **kwargs):
    if name not in native.existing_rules():
        rule(name = name, **kwargs)

def fadj_dependencies():
    """Declares the repositories fadj's BUILD files and rules use."""
    _maybe(
        go_module,
        name = "io_bazel_rules_go",
        module_path = "github.com/bazelbuild/rules_go",
        version = RULES_GO_VERSION,
        sha256 = "c485387052fd81576e104fe12687963f340cc06350936561b9ee4b2ef87ea4e0",
        build_files = False,
        patches = [Label("//rules/patches:rules_go-v0.34.0-go1.26.patch")],
    )
    _maybe(
        go_module,
        name = "in_gopkg_yaml_v3",
        module_path = "gopkg.in/yaml.v3",
        version = "v3.0.1",
        sha256 = "aab8fbc4e6300ea08e6afe1caea18a21c90c79f489f52c53e2f20431f1a9a015",
    )
    _maybe(
        go_module,
        name = "com_github_bazelbuild_buildtools",
        module_path = "github.com/bazelbuild/buildtools",
        version = "v0.0.0-20260904073137-eaa4d125b423",
        sha256 = "631d06cec69475dc8b5db6c52af19aea0e400ff2f546998c6d231c89db16e382",
    )
    _maybe(
        host_directory,
        name = "bazel_skylib",
        path = "/usr/share/bazel/tools/skylib",
        install = "install Debian's skylib (apt-get install bazel-skylib)",
    )
    _maybe(host_rules_cc, name = "rules_cc")
    _maybe(
        host_directory,
        name = "rules_java",
        path = "/usr/share/bazel/rules/java",
        install = "install Debian's rules_java (apt-get install bazel-rules-java)",
    )
    _maybe(coverage_tools_stub, name = "remote_coverage_tools")
    _maybe(fadj_gfortran, name = "fadj_gfortran")

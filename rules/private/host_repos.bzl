"""Repositories taken from the host instead of the network.

- host_directory: a directory of the host as a repository, e.g. Debian's
  skylib (package bazel-skylib).
- host_rules_cc: Debian's rules_cc (package bazel-rules-cc), made loadable
  by Bazel 4.2.3, which has no use_cpp_toolchain().
- coverage_tools_stub: the remote_coverage_tools repository Bazel's test
  rules refer to; `bazel coverage` does not work with it, `bazel test` does.
- fadj_gfortran: the gfortran fortran_adjoint_test compiles with.
"""

def _host_directory_impl(ctx):
    src = ctx.path(ctx.attr.path)
    if not src.exists:
        fail("%s not found: %s" % (ctx.attr.path, ctx.attr.install))
    for e in src.readdir():
        ctx.symlink(e, e.basename)

host_directory = repository_rule(
    implementation = _host_directory_impl,
    attrs = {
        "path": attr.string(mandatory = True),
        "install": attr.string(doc = "how to install it, for the error when path is missing"),
    },
    local = True,
)

def _host_rules_cc_impl(ctx):
    src = ctx.path(ctx.attr.path)
    if not src.exists:
        fail("%s not found: install Debian's rules_cc (apt-get install bazel-rules-cc)" % ctx.attr.path)
    res = ctx.execute(["cp", "-R", str(src) + "/.", "."])
    if res.return_code != 0:
        fail("copying %s: %s" % (ctx.attr.path, res.stderr))
    for f in [
        "cc/private/rules_impl/cc_flags_supplier.bzl",
        "cc/private/rules_impl/compiler_flag.bzl",
    ]:
        if not ctx.path(f).exists:
            continue
        s = ctx.read(f)
        s = s.replace('"find_cpp_toolchain", "use_cpp_toolchain")', '"find_cpp_toolchain")')
        s = s.replace("use_cpp_toolchain()", '["@bazel_tools//tools/cpp:toolchain_type"]')
        ctx.file(f, s, executable = False)

host_rules_cc = repository_rule(
    implementation = _host_rules_cc_impl,
    attrs = {"path": attr.string(default = "/usr/share/bazel/rules/cc")},
    local = True,
)

def _coverage_tools_stub_impl(ctx):
    ctx.file("WORKSPACE", 'workspace(name = "%s")\n' % ctx.name)
    ctx.file("coverage_report_generator.sh", "#!/bin/sh\necho 'coverage is not set up in this workspace (remote_coverage_tools is a stub)' >&2\nexit 1\n", executable = True)
    ctx.file("BUILD.bazel", """package(default_visibility = ["//visibility:public"])

sh_binary(name = "coverage_report_generator", srcs = ["coverage_report_generator.sh"])

sh_binary(name = "lcov_merger", srcs = ["coverage_report_generator.sh"])
""")

coverage_tools_stub = repository_rule(implementation = _coverage_tools_stub_impl)

_MISSING = """#!/bin/sh
echo 'gfortran not found on the host: install it (apt-get install gfortran), or set FADJ_GFORTRAN to its path, then run `bazel sync --configure`' >&2
exit 127
"""

def _fadj_gfortran_impl(ctx):
    path = ctx.os.environ.get("FADJ_GFORTRAN", "")
    if path and not path.startswith("/"):
        found = ctx.which(path)
        path = str(found) if found else ""
    elif not path:
        found = ctx.which("gfortran")
        path = str(found) if found else ""
    if path and ctx.path(path).exists:
        res = ctx.execute([path, "--version"])
        version = res.stdout.split("\n")[0] if res.return_code == 0 else "unknown"
        # The version is part of the script, so of the test actions' cache
        # keys: another compiler does not reuse their results.
        script = "#!/bin/sh\n# %s\nexec '%s' \"$@\"\n" % (version, path)
    else:
        script = _MISSING
    ctx.file("gfortran", script, executable = True)
    ctx.file("WORKSPACE", 'workspace(name = "%s")\n' % ctx.name)
    ctx.file("BUILD.bazel", 'exports_files(["gfortran"], visibility = ["//visibility:public"])\n')

fadj_gfortran = repository_rule(
    implementation = _fadj_gfortran_impl,
    doc = "Finds gfortran on the host ($FADJ_GFORTRAN, else PATH) for fortran_adjoint_test.",
    environ = ["FADJ_GFORTRAN", "PATH"],
    configure = True,
    local = True,
)

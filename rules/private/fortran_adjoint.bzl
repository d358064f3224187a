"""fortran_adjoint and fortran_adjoint_test (see rules/defs.bzl)."""

def _spec_dir(spec):
    return spec.short_path.rpartition("/")[0]

def _rel_to_spec(ctx, spec, f):
    # The path fadj generate would write f at, relative to the spec's directory.
    d = _spec_dir(spec)
    if not d:
        return f.short_path
    if not f.short_path.startswith(d + "/"):
        fail("outs: %s is not under the directory of the spec %s" % (f.short_path, spec.short_path), "outs")
    return f.short_path[len(d) + 1:]

def _fortran_adjoint_impl(ctx):
    spec = ctx.file.spec
    args = ctx.actions.args()
    args.add("-spec", spec)
    for o in ctx.outputs.outs:
        args.add("-out", "%s=%s" % (_rel_to_spec(ctx, spec, o), o.path))

    # One action, its inputs the spec, the sources and the tool: no network,
    # no environment, outputs free of paths and times, so that its result can
    # come from a local or remote cache or run remotely.
    ctx.actions.run(
        executable = ctx.executable._fadjaction,
        arguments = [args],
        inputs = [spec] + ctx.files.srcs,
        outputs = ctx.outputs.outs,
        mnemonic = "FadjGenerate",
        progress_message = "fadj generate %s" % spec.short_path,
    )
    return [DefaultInfo(files = depset(ctx.outputs.outs))]

fortran_adjoint = rule(
    implementation = _fortran_adjoint_impl,
    doc = "Generates the derivative code a fadj spec asks for (as fadj generate does).",
    attrs = {
        "spec": attr.label(
            mandatory = True,
            allow_single_file = [".yaml", ".yml"],
            doc = "The fadj spec (docs/spec.md).",
        ),
        "srcs": attr.label_list(
            allow_files = True,
            doc = "The Fortran sources and include files the spec reads.",
        ),
        "outs": attr.output_list(
            mandatory = True,
            doc = "Exactly the files fadj generate writes, relative to the package (fadj bazel fills this in).",
        ),
        "_fadjaction": attr.label(
            default = Label("//rules/fadjaction"),
            executable = True,
            cfg = "exec",
        ),
    },
)

_TEST_SCRIPT = """#!/usr/bin/env bash
# fadj check {spec}, with the gfortran found on the host by @fadj_gfortran.
set -euo pipefail
fc="$PWD/{gfortran}"
"$fc" --version >/dev/null
export FADJ_GFORTRAN="$fc"
export TMPDIR="${{TEST_TMPDIR:-${{TMPDIR:-/tmp}}}}"
exec "{fadj}" check "{spec}"
"""

def _fortran_adjoint_test_impl(ctx):
    script = ctx.actions.declare_file(ctx.label.name + ".sh")
    ctx.actions.write(
        output = script,
        content = _TEST_SCRIPT.format(
            spec = ctx.file.spec.short_path,
            gfortran = ctx.file._gfortran.short_path,
            fadj = ctx.executable._fadj.short_path,
        ),
        is_executable = True,
    )
    runfiles = ctx.runfiles(files = [ctx.file.spec, ctx.file._gfortran] + ctx.files.srcs)
    runfiles = runfiles.merge(ctx.attr._fadj[DefaultInfo].default_runfiles)
    return [DefaultInfo(executable = script, runfiles = runfiles)]

fortran_adjoint_test = rule(
    implementation = _fortran_adjoint_test_impl,
    test = True,
    doc = "Runs fadj check on a spec: builds the generated code with the host's gfortran and tests it against finite differences.",
    attrs = {
        "spec": attr.label(
            mandatory = True,
            allow_single_file = [".yaml", ".yml"],
            doc = "The fadj spec (docs/spec.md).",
        ),
        "srcs": attr.label_list(
            allow_files = True,
            doc = "The Fortran sources and include files the spec reads.",
        ),
        # fadj runs on the machine that runs the test, like the compiler it
        # calls: the exec configuration, which fortran_adjoint's tool shares.
        "_fadj": attr.label(
            default = Label("//generator/cmd/fadj"),
            executable = True,
            cfg = "exec",
        ),
        "_gfortran": attr.label(
            default = Label("@fadj_gfortran//:gfortran"),
            allow_single_file = True,
        ),
    },
)

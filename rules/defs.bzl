"""Bazel rules for fadj: load("@fadj//rules:defs.bzl", ...).

fortran_adjoint(name, spec, srcs, outs): runs fadj generate on spec as one
hermetic action (inputs: spec, srcs and fadj; outputs: exactly outs).

fortran_adjoint_test(name, spec, srcs): runs fadj check on spec with the
host's gfortran (found by the @fadj_gfortran repository).

The WORKSPACE needs fadj_dependencies() from @fadj//rules:deps.bzl.
"""

load(
    "//rules/private:fortran_adjoint.bzl",
    _fortran_adjoint = "fortran_adjoint",
    _fortran_adjoint_test = "fortran_adjoint_test",
)

fortran_adjoint = _fortran_adjoint
fortran_adjoint_test = _fortran_adjoint_test

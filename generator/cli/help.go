package cli

// The help of each command: fadj help X and fadj X -h print its
// synopsis, this text and its flags. docs/ has the full story.

func init() {
	generateCommand.long = `
Generate reads the spec (docs/spec.md) and its Fortran sources and writes
the derivative code it asks for into the spec's output directory: for
each target <routine>_b.f90 (adjoint) and/or <routine>_d.f90 (tangent),
prefixed with <module>_ for a module-qualified target, and the tape
module <runtime>.f90 when a target has an adjoint (docs/adjoint.md,
docs/calling.md). All files are written or none, byte-identical on every
machine. Problems are printed as file:line:col: message, at most 10
unless -all, and the exit code is 1.

With -check it writes nothing, prints a diff of stale or missing files
and exits 1 if there are any: a CI step that keeps checked-in outputs
up to date (docs/gogenerate.md).`

	checkCommand.long = `
Check generates the derivative code in memory, compiles it with the
original sources and a generated driver (gfortran by default), and at a
check point compares the derivatives with central finite differences
and the adjoint with the tangent (dot-product test). It prints one row
per test and sample and exits 1 if one fails or the check cannot run.

The check point is random unless the spec's check.inputs and check.setup
set it; a model that does not run there (the primal returns NaN) is
reported as such. The spec's check.compiler and check.flags may name a
known Fortran compiler and harmless flags only, unless -allow-exec is
given. Everything is written into a private temporary directory, removed
at the end unless -keep. See docs/check.md.`

	explainCommand.long = `
Explain generates the spec's derivative code in memory, writing none of
it, and reports what fadj decided for each target, line by line of
every routine it differentiates: which statements are active (A) or
passive (.); what the forward sweep records on the tape before a
statement, with its size per execution and the lines whose adjoints read
the old value; what the backward sweep recomputes instead; and, for each
checkpointed call, what its snapshot holds and what it costs. Sizes
that depend on the arguments are given as formulas (8 B × n). The
report is text on standard output, or with -html a self-contained HTML
page written to the file. See docs/explain.md.`

	fmtCommand.long = `
Fmt parses and checks the files together (modules used across files
resolve), then prints each as free-form Fortran on standard output, or
with -d writes dir/<name>.f90 for each (all files or none). Fixed-form
input comes out as free form. Problems are printed as
file:line:col: message, at most 10 unless -all; the exit code is 1 for
bad input and 2 for bad usage. See docs/frontend.md.`

	bazelCommand.long = `
Bazel finds the specs under dir (default .) and creates or updates, in
the build file of each spec's directory, one fortran_adjoint and one
fortran_adjoint_test rule per spec, so that their outs are what fadj
generate writes. It prints the build files it wrote. With -check it
writes nothing, prints a diff of each build file it would change and
exits 1 if there is one. See docs/bazel.md.`

	versionCommand.long = `
Version prints fadj's module version and, when the binary was built in a
git checkout, the revision it was built from, its commit time and
whether the tree had local changes.`
}

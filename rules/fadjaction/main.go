// Command fadjaction is `fadj generate` as a Bazel action (the
// fortran_adjoint rule in rules/defs.bzl). fadj generate writes next to
// the spec, which in Bazel is the read-only source tree; this writes each
// generated file to the path Bazel declared for it instead, and fails when
// the rule's outs and the files the spec generates differ, so a stale
// BUILD file is an error, not a missing or silently dropped file.
//
//	fadjaction -spec path/spec.yaml -out ad/heat_b.f90=bazel-out/.../ad/heat_b.f90 ...
//
// Each -out maps a path relative to the spec's directory (as fadj generate
// would write it) to the declared output file. It generates in memory with
// the same driver as fadj generate, so the files are byte-identical.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/fadj-dev/fadj/generator/diag"
	"github.com/fadj-dev/fadj/generator/driver"
)

// maxErrors is how many diagnostics are printed, as fadj generate does.
const maxErrors = 10

func main() {
	os.Exit(run(os.Args[1:], os.Stderr))
}

// outFlag collects repeated -out rel=path pairs.
type outFlag map[string]string

func (o outFlag) String() string { return "" }

func (o outFlag) Set(s string) error {
	rel, p, ok := strings.Cut(s, "=")
	if !ok || rel == "" || p == "" {
		return fmt.Errorf("want REL=PATH, got %q", s)
	}
	if _, dup := o[rel]; dup {
		return fmt.Errorf("%s listed twice", rel)
	}
	o[rel] = p
	return nil
}

func run(args []string, stderr io.Writer) int {
	fs := flag.NewFlagSet("fadjaction", flag.ContinueOnError)
	fs.SetOutput(stderr)
	spec := fs.String("spec", "", "the spec file")
	outs := outFlag{}
	fs.Var(outs, "out", "REL=PATH: write the generated file REL (relative to the spec's directory) to PATH; repeated")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *spec == "" || fs.NArg() != 0 {
		fmt.Fprintln(stderr, "usage: fadjaction -spec SPEC -out REL=PATH...")
		return 2
	}
	// Absolute includes are never allowed here: an action reads only
	// the files Bazel gives it (docs/safety.md).
	res, err := driver.GenerateWith(*spec, driver.Options{AllowAbsoluteIncludes: false})
	if res != nil && len(res.Warnings) > 0 {
		diag.Print(stderr, res.Warnings, 0)
	}
	if err != nil {
		if _, ok := err.(diag.List); ok {
			diag.Print(stderr, err, maxErrors)
		} else {
			fmt.Fprintf(stderr, "fadj: %v\n", err)
		}
		return 1
	}
	if msg := mismatch(res.Files, outs); msg != "" {
		fmt.Fprintf(stderr, "%s: %s\n", *spec, msg)
		return 1
	}
	for _, f := range res.Files {
		p := outs[f.Path]
		if err := os.MkdirAll(filepath.Dir(p), 0o777); err != nil {
			fmt.Fprintf(stderr, "fadj: %v\n", err)
			return 1
		}
		if err := os.WriteFile(p, f.Data, 0o666); err != nil {
			fmt.Fprintf(stderr, "fadj: %v\n", err)
			return 1
		}
	}
	return 0
}

// mismatch says how the declared outs differ from the generated files, or
// returns "".
func mismatch(files []driver.Output, outs outFlag) string {
	gen := map[string]bool{}
	var extra, missing []string
	for _, f := range files {
		gen[f.Path] = true
		if _, ok := outs[f.Path]; !ok {
			extra = append(extra, f.Path)
		}
	}
	for rel := range outs {
		if !gen[rel] {
			missing = append(missing, rel)
		}
	}
	if len(extra) == 0 && len(missing) == 0 {
		return ""
	}
	sort.Strings(extra)
	sort.Strings(missing)
	var b strings.Builder
	b.WriteString("the outs of the fortran_adjoint rule do not match what the spec generates")
	if len(extra) > 0 {
		fmt.Fprintf(&b, "; generated but not in outs: %s", strings.Join(extra, ", "))
	}
	if len(missing) > 0 {
		fmt.Fprintf(&b, "; in outs but not generated: %s", strings.Join(missing, ", "))
	}
	b.WriteString(" (run fadj bazel to update the BUILD file)")
	return b.String()
}

// Package compiles checks that what fadj generates compiles: the
// original sources of a spec, the runtime module and the generated files,
// in one gfortran -fsyntax-only run, under -std=f2008 for free-form
// sources and -std=legacy for fixed-form ones (and for free-form sources
// that need it: gfortran extensions). It serves the standing compile test
// and the fuzzer's compile mode.
//
// The same run has -Wall -Wextra, and Warnings returns what it warns of
// in the generated files, less those the original sources trigger
// themselves (docs/adjoint.md, "Compiler warnings"): the sources are
// compiled alone with the same flags, and a warning of generated code
// whose message is one of theirs (the message names the variable:
// "Unused variable 'k' declared at (1)") is theirs, copied with the
// statements. So is gfortran's false positive on the descriptor of an
// allocatable of the model's, or of its derivative (see descriptorWarning).
// Everything else is the generator's to fix.
package compiles

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/fadj-dev/fadj/config"
	"github.com/fadj-dev/fadj/generator/driver"
	"github.com/fadj-dev/fadj/generator/gfortran"
)

// ErrSource says that the spec's own sources do not compile: what fadj
// made of them is then not to blame.
var ErrSource = errors.New("the original sources do not compile")

// Check compiles the outputs res generated for the spec at specPath in
// dir (a scratch directory). It returns nil if they compile, an error
// wrapping ErrSource if the original sources do not, and the compiler's
// output otherwise.
func Check(gfc, specPath string, res *driver.Result, dir string) error {
	_, err := compile(gfc, specPath, res, dir, false)
	return err
}

// Warnings is Check, which it returns the error of, and the warnings of
// the compile in generated files that are the generator's (see the
// package comment), as "file:line:col: message" with file the output's
// path. For these it compiles to object files (at gfortran's default
// optimisation, -O0), which finds what -fsyntax-only does not: an unused
// procedure, a value used uninitialized.
func Warnings(gfc, specPath string, res *driver.Result, dir string) ([]string, error) {
	return compile(gfc, specPath, res, dir, true)
}

func compile(gfc, specPath string, res *driver.Result, dir string, warnings bool) ([]string, error) {
	spec, err := config.Load(specPath)
	if err != nil {
		return nil, err
	}
	specDir, err := filepath.Abs(filepath.Dir(specPath))
	if err != nil {
		return nil, err
	}
	flags := []string{"-ffree-line-length-none", "-cpp", "-Wall", "-Wextra", "-I" + specDir}
	flags = append(flags, spec.RealKindFlags()...)
	for _, d := range spec.IncludePaths() {
		if d, err = filepath.Abs(d); err != nil {
			return nil, err
		}
		flags = append(flags, "-I"+d)
	}
	var defs []string
	for k, v := range spec.DefineMap() {
		defs = append(defs, "-D"+k+"="+v)
	}
	sort.Strings(defs)
	flags = append(flags, defs...)
	std := "-std=f2008"
	var srcs []string
	for _, p := range spec.SourcePaths() {
		abs, err := filepath.Abs(p)
		if err != nil {
			return nil, err
		}
		srcs = append(srcs, abs)
		if f, ok := spec.FormOf(p); ok && f == config.Fixed || !ok && isFixed(p) {
			std = "-std=legacy"
		}
	}
	// The runtime first (the adjoints use it), then the generated files
	// in the driver's order.
	var gen, derivs []string       // all generated files; those but the runtime
	outName := map[string]string{} // the scratch file's output path
	for _, f := range res.Files {
		name := filepath.Join(dir, "gen_"+strings.ReplaceAll(f.Path, "/", "_"))
		if err := os.WriteFile(name, f.Data, 0o644); err != nil {
			return nil, err
		}
		if path := filepath.ToSlash(f.Path); strings.HasSuffix(path, "/"+spec.Output.Runtime+".f90") || path == spec.Output.Runtime+".f90" {
			gen = append([]string{name}, gen...)
		} else {
			gen = append(gen, name)
			derivs = append(derivs, name)
		}
		outName[name] = f.Path
	}
	c := &gfortran.Compiler{Path: gfc, Flags: append(append([]string{}, flags...), std)}
	all := append(append([]string{}, srcs...), gen...)
	objs := append(append([]string{}, srcs...), derivs...)
	if len(spec.Output.Augment) > 0 {
		// The sources written again replace theirs, and the files
		// compile in the order of their modules.
		if objs, err = augmentedOrder(spec, srcs, derivs); err != nil {
			return nil, err
		}
		all = append(gen[:len(gen)-len(derivs):len(gen)-len(derivs)], objs...)
	}
	if warnings {
		// One object compile finds errors and warnings; the derivatives
		// need the runtime's module, which its syntax check writes. The
		// syntax checks of everything run only to blame a failure.
		if len(gen) > len(derivs) && c.SyntaxCheck(dir, gen[0]) != nil {
			return nil, syntaxErrors(c, flags, dir, srcs, all)
		}
		out, err := c.CompileOutput(dir, objs...)
		if err != nil {
			// Blame, or find that the sources need -std=legacy.
			if e := syntaxErrors(c, flags, dir, srcs, all); e != nil {
				return nil, e
			}
			if out, err = c.CompileOutput(dir, objs...); err != nil {
				return nil, err
			}
		}
		return generatorWarnings(c, dir, srcs, out, outName), nil
	}
	return nil, syntaxErrors(c, flags, dir, srcs, all)
}

// syntaxErrors checks all (the sources, then the generated files) for
// errors under c's standard, and blames the sources if they alone fail
// under both standards. It leaves c's flags those that accept all.
func syntaxErrors(c *gfortran.Compiler, flags []string, dir string, srcs, all []string) error {
	err := c.SyntaxCheck(dir, all...)
	if err == nil || c.SyntaxCheck(dir, srcs...) == nil {
		return err
	}
	c.Flags = append(append([]string{}, flags...), "-std=legacy")
	if e := c.SyntaxCheck(dir, srcs...); e != nil {
		return fmt.Errorf("%w: %v", ErrSource, e)
	}
	return c.SyntaxCheck(dir, all...)
}

// augmentedOrder returns the sources but those of output.augment, and
// the generated files, in the order of their modules.
func augmentedOrder(spec *config.Spec, srcs, derivs []string) ([]string, error) {
	skip := map[string]bool{}
	for _, p := range spec.Output.Augment {
		abs, err := filepath.Abs(spec.Join(p.Text))
		if err != nil {
			return nil, err
		}
		skip[abs] = true
	}
	var kept []string
	for _, s := range srcs {
		if !skip[s] {
			kept = append(kept, s)
		}
	}
	return gfortran.ModuleOrder(append(kept, derivs...))
}

func isFixed(p string) bool {
	switch strings.ToLower(filepath.Ext(p)) {
	case ".f", ".for", ".f77", ".ftn":
		return true
	}
	return false
}

// warning is one warning of gfortran's output.
type warning struct {
	file      string
	line, col string
	msg       string
}

var locRE = regexp.MustCompile(`^(.+):(\d+):(\d+):$`)

// parseWarnings reads gfortran's warnings: a "file:line:col:" line (the
// first of a message, if it has several), the source excerpt, then
// "Warning: message".
func parseWarnings(out []byte) []warning {
	var ws []warning
	var loc []string
	for _, l := range strings.Split(string(out), "\n") {
		if m := locRE.FindStringSubmatch(l); m != nil {
			if loc == nil {
				loc = m
			}
			continue
		}
		if msg, ok := strings.CutPrefix(l, "Warning: "); ok && loc != nil {
			ws = append(ws, warning{loc[1], loc[2], loc[3], msg})
			loc = nil
		}
	}
	return ws
}

// generatorWarnings returns the warnings of out (an object compile) in
// generated files, less those the package comment excuses.
func generatorWarnings(c *gfortran.Compiler, dir string, srcs []string, out []byte, outName map[string]string) []string {
	var gen []warning
	for _, w := range parseWarnings(out) {
		if p, ok := outName[w.file]; ok {
			w.file = p
			gen = append(gen, w)
		} else if p, ok := outName[filepath.Join(dir, w.file)]; ok {
			w.file = p
			gen = append(gen, w)
		}
	}
	if len(gen) == 0 {
		return nil
	}
	fromSource := map[string]bool{}
	if srcOut, err := c.CompileOutput(dir, srcs...); err == nil {
		for _, w := range parseWarnings(srcOut) {
			fromSource[w.msg] = true
		}
	}
	var l []string
	for _, w := range gen {
		if fromSource[w.msg] || descriptorWarning(w.msg) || unusedCopy(w.msg, srcs) || loweredConcurrent(w.msg, srcs) {
			continue
		}
		l = append(l, fmt.Sprintf("%s:%s:%s: %s", w.file, w.line, w.col, w.msg))
	}
	return l
}

// descriptorRE matches gfortran 11-12's warning that the descriptor of
// an allocatable array (or of an allocatable component, s.h) is used
// uninitialized.
var descriptorRE = regexp.MustCompile(`^[‘']([A-Za-z][A-Za-z0-9_]*(?:\.[A-Za-z][A-Za-z0-9_]*)*)\.(offset|dim\[[^\]]*\]\.(lbound|ubound|stride))[’'] (is|may be) used uninitialized`)

// descriptorWarning reports whether msg is gfortran 11-12's false
// positive on the descriptor of an allocatable array that is not one of
// the generator's temporaries (fadj_...): it warns where an unallocated
// array's bounds are read under a test of its allocation, or where an
// assignment allocates it, and the model's own code gives the same
// warnings for its allocatables (alloc_local's g). The generator's
// temporaries are held to no warning (tidy allocates them first).
func descriptorWarning(msg string) bool {
	m := descriptorRE.FindStringSubmatch(msg)
	return m != nil && !strings.HasPrefix(strings.ToLower(m[1]), "fadj_")
}

// unusedRE matches gfortran's warning that a module procedure is never
// called.
var unusedRE = regexp.MustCompile(`^[‘']([A-Za-z][A-Za-z0-9_]*)[’'] defined but not used \[-Wunused-function\]`)

// unusedCopy reports whether msg warns of an unused procedure that is a
// copy of one of the sources' procedures: a derivative module of a
// module PRIVATE by default carries copies of its private procedures,
// and those the derivative code does not call are harmless.
func unusedCopy(msg string, srcs []string) bool {
	m := unusedRE.FindStringSubmatch(msg)
	if m == nil {
		return false
	}
	def := regexp.MustCompile(`(?im)^\s*(?:[a-z0-9_()*=, ]+\s+)?(?:subroutine|function)\s+` + regexp.QuoteMeta(m[1]) + `\b`)
	for _, p := range srcs {
		if b, err := os.ReadFile(p); err == nil && def.Match(b) {
			return true
		}
	}
	return false
}

// concurrentRE finds FORALL and DO CONCURRENT in a source.
var concurrentRE = regexp.MustCompile(`(?im)^[^!\n]*\b(forall|do\s+concurrent)\s*\(`)

// loweredConcurrent reports whether msg is gfortran's -Wdo-subscript on
// code whose sources have FORALL or DO CONCURRENT: the derivative code
// runs them as DO nests, and gfortran, which does not look at the
// subscripts of DO CONCURRENT, flags the guarded neighbour references
// of those DO loops (if (i > 1) ... x(i - 1)) as out of bounds.
func loweredConcurrent(msg string, srcs []string) bool {
	if !strings.HasSuffix(msg, "[-Wdo-subscript]") {
		return false
	}
	for _, p := range srcs {
		if b, err := os.ReadFile(p); err == nil && concurrentRE.Match(b) {
			return true
		}
	}
	return false
}

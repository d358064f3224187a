package check

import (
	"errors"
	"fmt"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/fadj-dev/fadj/config"
	"github.com/fadj-dev/fadj/generator/diag"
	"github.com/fadj-dev/fadj/generator/gfortran"
	"github.com/fadj-dev/fadj/generator/source"
)

// What a spec may make fadj check run. fadj check compiles and runs the
// spec's Fortran, so it runs code by design; but the spec is read as
// configuration, and check.compiler and check.flags must not hide more
// code in it: a script as the compiler, or a flag that runs or loads
// another program (-wrapper, -fplugin=, -B, -specs=, -Wl,-plugin) or
// writes outside the work directory (-o, -fdump-...=file). By default
// the compiler is a known Fortran compiler found on PATH and every flag
// is one of a list that does none of that; anything else needs
// fadj check -allow-exec (docs/check.md, "What fadj check runs").

// knownCompiler matches the command names check.compiler may give
// without -allow-exec, optionally versioned (gfortran-13).
var knownCompiler = regexp.MustCompile(`^(gfortran|flang|flang-new|ifort|ifx|nvfortran|lfortran|armflang|amdflang)(-[0-9][0-9.]*)?$`)

// safeFlag matches the flags check.flags may give without -allow-exec:
// optimisation, debugging, warnings, language and code-generation
// options, macros, and libraries from the system's search path.
var safeFlag = regexp.MustCompile(`^(` + strings.Join([]string{
	`-O[0-3sgz]?`, `-Ofast`,
	`-g[0-3]?`, `-ggdb[0-3]?`,
	`-w`, `-pedantic(-errors)?`, `-W(no-)?[a-z0-9-]+(=[a-z0-9]+)?`,
	`-std=[a-z0-9+]+`, `-cpp`, `-nocpp`, `-D[A-Za-z_][A-Za-z0-9_]*(=[^\x00]*)?`, `-U[A-Za-z_][A-Za-z0-9_]*`,
	`-m[a-z0-9][a-z0-9_.,=-]*`,
	`-f(no-)?(` + strings.Join(safeFNames, "|") + `)`,
	`-f(` + strings.Join(safeFValued, "|") + `)=[A-Za-z0-9_.,:+-]+`,
	`-l[A-Za-z0-9_.+-]+`, `-static(-libgfortran|-libgcc)?`, `-pthread`,
}, "|") + `)$`)

// safeFNames are -f options (each also as -fno-) that only change how
// code is compiled.
var safeFNames = []string{
	`fixed-form`, `free-form`, `fixed-line-length-(none|[0-9]+)`, `free-line-length-(none|[0-9]+)`, `implicit-none`, `automatic`, `recursive`, `backtrace`, `range-check`,
	`allow-argument-mismatch`, `allow-invalid-boz`, `dollar-ok`, `backslash`, `d-lines-as-code`,
	`d-lines-as-comments`, `cray-pointer`, `openmp`, `openacc`, `fast-math`, `realloc-lhs`,
	`stack-arrays`, `align-commons`, `protect-parens`, `underscoring`, `second-underscore`, `sign-zero`,
	`default-real-8`, `default-real-10`, `default-real-16`, `default-double-8`, `default-integer-8`,
	`integer-4-integer-8`, `real-4-real-8`, `real-4-real-10`, `real-4-real-16`, `real-8-real-4`,
	`real-8-real-10`, `real-8-real-16`, `dec`, `dec-structure`, `dec-math`, `unroll-loops`,
	`inline`, `pic`, `PIC`, `pie`, `PIE`, `frontend-optimize`, `external-blas`, `trapping-math`,
	`signed-zeros`, `finite-math-only`, `associative-math`, `reciprocal-math`, `tree-vectorize`,
	`check-array-temporaries`, `bounds-check`, `short-enums`, `whole-file`, `module-private`,
	`repack-arrays`, `aggressive-function-elimination`,
}

// safeFValued are -f options that take a value and only change how code
// is compiled.
var safeFValued = []string{
	`check`, `init-real`,
	`init-integer`, `init-logical`, `init-character`, `init-local-zero`, `init-derived`, `fpe-trap`,
	`fpe-summary`, `max-stack-var-size`, `max-array-constructor`, `max-errors`, `max-identifier-length`,
	`convert`, `coarray`, `blas-matmul-limit`, `inline-matmul-limit`, `openmp-simd`,
}

// FindCompiler returns the compiler to use: the spec's check.compiler if
// set, else gfortran.Find ($FADJ_GFORTRAN, else gfortran on PATH, whose
// error starts with "gfortran not found"). A compiler other than a known
// Fortran compiler's command name needs allowExec; a path in the spec is
// relative to the spec's directory.
func FindCompiler(spec *config.Spec, allowExec bool) (string, error) {
	c := spec.Check.Compiler
	if c == "" || (c == config.DefaultCheckCompiler && !spec.Check.CompilerPos.IsValid()) {
		p, err := gfortran.Find()
		if err != nil {
			if errors.Is(err, gfortran.ErrNotFound) {
				return "", err
			}
			return "", fmt.Errorf("gfortran not found: %v", err)
		}
		return p, nil
	}
	known := knownCompiler.MatchString(c)
	if !known && !allowExec {
		return "", needsAllowExec(spec.Check.CompilerPos, "check.compiler: '%s' is not a Fortran compiler fadj knows (gfortran, flang, ifx, ...): running it runs a program the spec names", c)
	}
	name := c
	if strings.ContainsRune(c, '/') && !filepath.IsAbs(c) {
		// Relative to the spec, as every path in it; absolute, since
		// the compiler runs in the check's directory.
		abs, err := filepath.Abs(spec.Join(c))
		if err != nil {
			return "", err
		}
		name = abs
	}
	p, err := exec.LookPath(name)
	if err != nil {
		var l diag.List
		l.Addf(spec.Check.CompilerPos, "check.compiler: '%s' not found: %v", c, unwrapExec(err))
		return "", l
	}
	return p, nil
}

// checkFlags reports the check.flags that need allowExec.
func checkFlags(spec *config.Spec, allowExec bool) error {
	if allowExec {
		return nil
	}
	var l diag.List
	for i, f := range spec.Check.Flags {
		if safeFlag.MatchString(f) {
			continue
		}
		pos := spec.Check.FlagsPos
		if i < len(spec.Check.FlagsAt) {
			pos = spec.Check.FlagsAt[i]
		}
		l = append(l, needsAllowExec(pos, "check.flags: '%s' is not among the compiler flags fadj check passes on its own (it could run or load another program, or write outside the check's directory)", f).(diag.List)...)
	}
	if len(l) > 0 {
		return l
	}
	return nil
}

func needsAllowExec(pos source.Position, format string, args ...any) error {
	var l diag.List
	l.Addf(pos, format+"; if you trust this spec, run fadj check -allow-exec", args...)
	return l
}

func unwrapExec(err error) error {
	var ee *exec.Error
	if errors.As(err, &ee) {
		return ee.Err
	}
	return err
}

package deriv

// The harness shared by the numerical tests: Fortran text for types and
// values, a program made of one BLOCK per case, each printing "id error"
// lines, built and run once with gfortran, and the checks of the errors.

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/printer"
	"github.com/fadj-dev/fadj/generator/gfortran"
	"github.com/fadj-dev/fadj/generator/gfortran/gfortrantest"
	"github.com/fadj-dev/fadj/generator/sema"
)

// ftype returns the Fortran declaration type of t.
func ftype(t *sema.Type) string {
	switch {
	case t.IsReal():
		return fmt.Sprintf("real(%d)", t.Kind)
	case t.IsComplex():
		return fmt.Sprintf("complex(%d)", t.Kind)
	case t.IsInteger():
		return fmt.Sprintf("integer(%d)", t.Kind)
	case t.IsLogical():
		return "logical"
	}
	panic("ftype: " + t.String())
}

// qtype is the real(16) or complex(16) type in which finite differences
// are computed, integer types stay.
func qtype(t *sema.Type) string {
	switch {
	case t.IsReal():
		return "real(16)"
	case t.IsComplex():
		return "complex(16)"
	}
	return ftype(t)
}

// flit writes the value v (a decimal number; "re,im" for complex) as a
// literal of type t.
func flit(v string, t *sema.Type) string {
	switch {
	case t.IsInteger():
		return v
	case t.IsLogical():
		return v
	case t.IsComplex():
		re, im, ok := strings.Cut(v, ",")
		if !ok {
			im = "0"
		}
		return "(" + flit(strings.TrimSpace(re), sema.BasicType(sema.RealType, t.Kind)) + ", " +
			flit(strings.TrimSpace(im), sema.BasicType(sema.RealType, t.Kind)) + ")"
	}
	neg := strings.HasPrefix(v, "-")
	v = strings.TrimPrefix(v, "-")
	if !strings.ContainsAny(v, ".eE") {
		v += ".0"
	}
	if t.Kind != 4 {
		v += fmt.Sprintf("_%d", t.Kind)
	}
	if neg {
		v = "-" + v
	}
	return v
}

func str(x ast.Expr) string { return printer.ExprString(x) }

// check is one number the program prints: a relative error that must
// stay below tol (or, for a canary, above it).
type check struct {
	desc     string
	group    string // for the summary: "partial, real(8)", "dot-product test, real(4)", ...
	tol      float64
	mustFail bool // a deliberately wrong rule: the error must exceed tol
	got      float64
	seen     bool
}

// program accumulates the BLOCKs of a test program and their checks.
type program struct {
	name   string
	body   strings.Builder
	units  strings.Builder // the subroutines
	calls  strings.Builder // the main program's calls of them
	nunit  int
	checks []*check
}

// beginUnit starts a new subroutine: gfortran compiles many small
// procedures much faster than one huge main program.
func (p *program) beginUnit() {
	p.endUnit()
	p.nunit++
	fmt.Fprintf(&p.calls, "  call u%d()\n", p.nunit)
	fmt.Fprintf(&p.body, "subroutine u%d()\n  implicit none\n", p.nunit)
}

func (p *program) endUnit() {
	if p.body.Len() > 0 {
		fmt.Fprintf(&p.body, "end subroutine\n")
		p.units.WriteString(p.body.String())
		p.body.Reset()
	}
}

// newCheck registers a check and returns its id.
func (p *program) newCheck(group, desc string, tol float64, mustFail bool) int {
	p.checks = append(p.checks, &check{group: group, desc: desc, tol: tol, mustFail: mustFail})
	return len(p.checks)
}

func (p *program) line(format string, args ...any) {
	fmt.Fprintf(&p.body, format, args...)
	p.body.WriteByte('\n')
}

// report writes the statement that prints check id's error expression.
func (p *program) report(id int, errExpr string) {
	p.line("write(*, '(i0, 1x, es25.16e3)') %d, real(%s, 8)", id, errExpr)
}

// run builds and runs the program and checks every error it printed.
// It returns the largest error of the passing checks, by tolerance
// class, for the log.
func (p *program) run(t *testing.T) {
	t.Helper()
	fc := gfortrantest.Require(t)
	dir := t.TempDir()
	p.endUnit()
	src := "program " + p.name + "\n  implicit none\n" + p.calls.String() + "end program " + p.name + "\n" + p.units.String()
	file := filepath.Join(dir, p.name+".f90")
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	if os.Getenv("DERIV_KEEP") != "" {
		_ = os.WriteFile(filepath.Join(os.TempDir(), p.name+".f90"), []byte(src), 0o644)
	}
	c := gfortran.Compiler{Path: fc, Flags: []string{"-O0", "-ffree-line-length-none", "-fno-range-check"}}
	start := time.Now()
	exe := filepath.Join(dir, p.name)
	if err := c.Build(dir, exe, file); err != nil {
		t.Fatalf("%v", err)
	}
	built := time.Since(start)
	out, err := gfortran.Run(dir, exe, 2*time.Minute)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	t.Logf("%s: %d checks, %d lines of Fortran, built in %v", p.name, len(p.checks), strings.Count(src, "\n"), built.Round(time.Millisecond))
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) != 2 {
			t.Errorf("unexpected output line %q", sc.Text())
			continue
		}
		id, err1 := strconv.Atoi(f[0])
		v, err2 := strconv.ParseFloat(f[1], 64)
		if err1 != nil || err2 != nil || id < 1 || id > len(p.checks) {
			t.Errorf("unexpected output line %q", sc.Text())
			continue
		}
		c := p.checks[id-1]
		c.got, c.seen = v, true
	}
	worst := map[string]float64{}
	worstDesc := map[string]string{}
	for _, c := range p.checks {
		switch {
		case !c.seen:
			t.Errorf("%s: no output", c.desc)
		case c.mustFail:
			if !(c.got > c.tol) {
				t.Errorf("canary %s: error %.3g does not exceed %.3g: the test cannot fail", c.desc, c.got, c.tol)
			}
		case !(c.got <= c.tol):
			t.Errorf("%s: relative error %.3g > %.3g", c.desc, c.got, c.tol)
		default:
			g := fmt.Sprintf("%s (tolerance %.0e)", c.group, c.tol)
			if _, ok := worst[g]; !ok || c.got >= worst[g] {
				worst[g], worstDesc[g] = c.got, c.desc
			}
		}
	}
	var groups []string
	for g := range worst {
		groups = append(groups, g)
	}
	sort.Strings(groups)
	for _, g := range groups {
		t.Logf("%s: %s: max error %.3g at %s", p.name, g, worst[g], worstDesc[g])
	}
	if t.Failed() {
		t.Logf("source kept in %s", filepath.Join(os.TempDir(), p.name+".f90"))
		_ = os.WriteFile(filepath.Join(os.TempDir(), p.name+".f90"), []byte(src), 0o644)
	}
}

// tolFor is the tolerance of a partial computed in kind k against a
// real(16) finite difference.
func tolFor(k int) float64 {
	switch k {
	case 4:
		return 1e-5
	}
	return 1e-13
}

// relErr is the Fortran expression of the relative error of got
// against want (scalars).
func relErr(got, want string) string {
	return fmt.Sprintf("abs(%s - %s)/max(abs(%s), 1.0e-8_16)", got, want, want)
}

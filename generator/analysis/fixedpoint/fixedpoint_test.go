package fixedpoint_test

import (
	"os"
	"strings"
	"testing"

	"github.com/fadj-dev/fadj/generator/analysis/fixedpoint"
	"github.com/fadj-dev/fadj/generator/analysis/modref"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/printer"
	"github.com/fadj-dev/fadj/generator/load"
	"github.com/fadj-dev/fadj/generator/loops"
	"github.com/fadj-dev/fadj/generator/plan"
	"github.com/fadj-dev/fadj/generator/sema"
	"github.com/fadj-dev/fadj/generator/source"
)

// analyze loads src (one file, t.f90), finds the loop named ref and
// analyzes it with the given spec lists; passive lists the variables
// taken as inactive (the residual, counters).
func analyze(t *testing.T, src string, ref loops.Ref, state, params []string, passive string) (*fixedpoint.Decision, string, string) {
	t.Helper()
	read := func(p string) ([]byte, error) {
		if p == "t.f90" {
			return []byte(src), nil
		}
		return nil, os.ErrNotExist
	}
	prog, err := load.Files([]string{"t.f90"}, load.Config{ReadFile: read})
	if err != nil {
		t.Fatal(err)
	}
	found := loops.Find(prog, ref)
	if len(found) != 1 {
		t.Fatalf("%d loops found for %+v", len(found), ref)
	}
	names := func(l []string, line int) []plan.Named {
		var out []plan.Named
		for i, s := range l {
			out = append(out, plan.Named{Text: s, Pos: source.Position{Filename: "spec.yaml", Line: line, Column: 10 + 3*i}})
		}
		return out
	}
	f := &plan.FixedPoint{Loop: found[0], Name: "loop", State: names(state, 7), Params: names(params, 8),
		StatePos: source.Position{Filename: "spec.yaml", Line: 7, Column: 9}, ParamsPos: source.Position{Filename: "spec.yaml", Line: 8, Column: 9}}
	pass := map[string]bool{}
	for _, n := range strings.Fields(passive) {
		pass[n] = true
	}
	active := func(v *sema.Symbol) bool { return !pass[v.Name] }
	d, errs, warns := fixedpoint.Analyze(fixedpoint.Input{Prog: prog, ModRef: modref.New(prog.Info), Active: active}, f)
	return d, list(errs.Error, len(errs)), list(warns.Error, len(warns))
}

func list(f func() string, n int) string {
	if n == 0 {
		return ""
	}
	return f()
}

const picard = `subroutine s(p, x, y, n)
  integer :: n, it
  real(8) :: p(n), x(n), xnew(n), err, y, c
  c = 2
  x = 0
  err = 1
  relax: do while (err > 1d-12)
    xnew = 0.5d0*cos(x) + c*p
    err = maxval(abs(xnew - x))
    x = xnew
  end do relax
  y = sum(x)
end subroutine
`

// TestSets checks the inferred state (out ∩ live after the loop) and
// parameters (use \ out) on loops of the shapes the kernels have.
func TestSets(t *testing.T) {
	cases := []struct {
		name, src, passive string
		ref                loops.Ref
		want               string
	}{
		{"picard: x state, intermediate xnew not", picard, "err it n", loops.Ref{Name: "relax"},
			"state: x; parameters: c p; out: err x xnew"},
		{"a passive parameter is left out", strings.Replace(picard, "c*p", "c*p + n", 1), "err it n c", loops.Ref{Name: "relax"},
			"state: x; parameters: p; out: err x xnew"},
		{"state read after the loop only through a dummy", `subroutine s(b, x, n)
  integer :: n, k, i
  real(8) :: b(n), x(n), xn(n), err
  x = 0
  do k = 1, 100
    do i = 1, n
      xn(i) = b(i)/2 + 0.1d0*sum(x)
    end do
    err = maxval(abs(xn - x))
    x = xn
    if (err < 1d-12) exit
  end do
end subroutine
`, "err k i n", loops.Ref{Var: "k"}, "state: x; parameters: b; out: err i k x xn"},
		{"two coupled states", `subroutine s(f, u, p, n)
  integer :: n, it
  real(8) :: f(n), u(n), p(n), us(n), r
  do it = 1, 50
    us = f - p
    p = p + 0.3d0*(us - u)
    u = 0.5d0*u + 0.5d0*us
    r = maxval(abs(us - u))
    if (r < 1d-12) exit
  end do
end subroutine
`, "r it n", loops.Ref{Var: "it"}, "state: p u; parameters: f; out: it p r u us"},
		{"inside a time loop: u live through the next step", `subroutine s(q, u, n, nt)
  integer :: n, nt, t, it
  real(8) :: q(n), u(n), uold(n), unew(n), err
  do t = 1, nt
    uold = u
    err = 1
    step: do while (err > 1d-12)
      unew = uold + 0.1d0*(q - u**3)
      err = maxval(abs(unew - u))
      u = unew
    end do step
  end do
end subroutine
`, "err t it n nt", loops.Ref{Name: "step"}, "state: u; parameters: q uold; out: err u unew"},
		{"a local state read after the loop", `subroutine s(a, y)
  real(8) :: a, y, z, e
  z = 1
  do while (abs(e) > 1d-12)
    e = z - (0.5d0*z + a)
    z = 0.5d0*z + a
  end do
  y = z*z
end subroutine
`, "e", loops.Ref{Routine: "s", At: 4}, "state: z; parameters: a; out: e z"},
		{"a module variable written is live", `module m
  real(8) :: g
end module
subroutine s(a)
  use m
  real(8) :: a, e
  e = 1
  fp: do while (e > 1d-12)
    e = abs(g - (0.5d0*g + a))
    g = 0.5d0*g + a
  end do fp
end subroutine
`, "e", loops.Ref{Name: "fp"}, "state: g; parameters: a; out: e g"},
		{"newton: no parameter written", `subroutine s(p, x)
  real(8) :: p, x, g, dg, e
  integer :: it
  x = 1
  e = 1
  newton: do while (e > 1d-14 .and. it < 50)
    g = x**3 + p*x - 1
    dg = 3*x**2 + p
    e = abs(g/dg)
    x = x - g/dg
    it = it + 1
  end do newton
end subroutine
`, "e it", loops.Ref{Name: "newton"}, "state: x; parameters: p; out: dg e g it x"},
		{"a labelled DO", `subroutine s(a, z)
  real(8) :: a, z, e
  integer :: k
  do 10 k = 1, 100
    e = abs(z - (0.25d0*z + a))
    z = 0.25d0*z + a
    if (e < 1d-12) exit
10 continue
end subroutine
`, "e k", loops.Ref{Label: 10}, "state: z; parameters: a; out: e k z"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d, errs, warns := analyze(t, c.src, c.ref, nil, nil, c.passive)
			if errs != "" || warns != "" {
				t.Fatalf("errors %q, warnings %q", errs, warns)
			}
			if got := d.String(); got != c.want {
				t.Errorf("got  %s\nwant %s", got, c.want)
			}
		})
	}
}

// TestApplicability checks the positioned errors of section 2.
func TestApplicability(t *testing.T) {
	cases := []struct{ name, src, want string }{
		{"a second exit", `subroutine s(a, z)
  real(8) :: a, z, e
  fp: do while (e > 1d-12)
    z = 0.5d0*z + a
    if (z > 10) exit
    e = abs(z - a)
  end do fp
end subroutine
`, "t.f90:5:17: fixed-point loop loop: EXIT leaves an iteration before its end"},
		{"a CYCLE", `subroutine s(a, z)
  real(8) :: a, z, e
  fp: do while (e > 1d-12)
    e = abs(z - a)
    if (e < 0.5d0) cycle
    z = 0.5d0*z + a
  end do fp
end subroutine
`, "t.f90:5:20: fixed-point loop loop: CYCLE leaves an iteration before its end"},
		{"a GO TO out", `subroutine s(a, z)
  real(8) :: a, z, e
  fp: do while (e > 1d-12)
    z = 0.5d0*z + a
    if (z > 10) go to 20
    e = abs(z - a)
  end do fp
20 continue
end subroutine
`, "t.f90:5:17: fixed-point loop loop: GO TO leaves an iteration before its end"},
		{"a RETURN", `subroutine s(a, z)
  real(8) :: a, z, e
  fp: do while (e > 1d-12)
    z = 0.5d0*z + a
    if (z > 10) return
    e = abs(z - a)
  end do fp
end subroutine
`, "t.f90:5:17: fixed-point loop loop: RETURN leaves an iteration before its end"},
		{"a counted DO without exit", `subroutine s(a, z)
  real(8) :: a, z
  integer :: k
  fp: do k = 1, 50
    z = 0.5d0*z + a
  end do fp
end subroutine
`, "t.f90:4:3: fixed-point loop loop: no exit on convergence"},
		{"an overwritten active variable not in the state", `subroutine s(a, z, w)
  real(8) :: a, z, w, e
  fp: do while (e > 1d-12)
    w = w + z
    e = abs(z - (0.5d0*z + a))
    z = 0.5d0*z + a
  end do fp
end subroutine
`, "t.f90:4:5: fixed-point loop loop: 'w' is overwritten by each iteration and carries a value out of it, but is not state"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, errs, _ := analyze(t, c.src, fpRef(c.src), []string{"z"}, nil, "e k")
			if !strings.HasPrefix(errs, c.want) {
				t.Errorf("got  %s\nwant %s...", errs, c.want)
			}
		})
	}
}

// TestDisagreement checks the warning on a spec state that differs from
// the inferred one, and the errors on names that cannot be state.
func TestDisagreement(t *testing.T) {
	d, errs, warns := analyze(t, picard, loops.Ref{Name: "relax"}, []string{"x", "xnew"}, nil, "err it n")
	if errs != "" {
		t.Fatal(errs)
	}
	want := "spec.yaml:7:9: warning: state of fixed-point loop loop (x xnew) differs from the inferred out ∩ live (eq. 3) (x); using the spec's"
	if warns != want {
		t.Errorf("got  %s\nwant %s", warns, want)
	}
	if got := d.String(); !strings.HasPrefix(got, "state: x xnew;") {
		t.Errorf("state used: %s", got)
	}
	_, errs, _ = analyze(t, picard, loops.Ref{Name: "relax"}, []string{"x", "nope", "it"}, nil, "err it n")
	want = "spec.yaml:7:13: state: no variable 'nope' in s (and 1 more errors)"
	if errs != want {
		t.Errorf("got  %s\nwant %s", errs, want)
	}
}

// fpRef names the loop fp, or the only DO of src when none is named so.
func fpRef(src string) loops.Ref {
	if strings.Contains(src, "fp: do") {
		return loops.Ref{Name: "fp"}
	}
	return loops.Ref{Routine: "s", At: 4}
}

// TestRecord checks the recording sweep's statements: the dead code of
// the stopping criterion (what only the exit test reads) is left out,
// chains of it too; what is live after the loop, read by the next
// iteration, or has an effect stays.
func TestRecord(t *testing.T) {
	loop := func(decl, body, after string) string {
		return "subroutine s(p, x, y, n)\n  integer :: n, it, i\n  real(8) :: p(n), x(n), xnew(n), dx(n), err, y, c\n" + decl +
			"  x = 0\n  do it = 1, 100\n    xnew = 0.5d0*cos(x) + p\n" + body + "    x = xnew\n    if (err < 1d-12) exit\n  end do\n" + after + "end subroutine\n"
	}
	cases := []struct {
		name, src, dropped string
	}{
		{"the residual", loop("", "    err = maxval(abs(xnew - x))\n", ""), "err = maxval(abs(xnew - x))"},
		{"a chain feeding the residual", loop("", "    dx = xnew - x\n    err = maxval(abs(dx))\n", ""),
			"dx = xnew - x; err = maxval(abs(dx))"},
		{"a residual loop", loop("", "    err = 0\n    do i = 1, n\n      err = max(err, abs(xnew(i) - x(i)))\n    end do\n", ""),
			"err = 0; do i = 1, n ... end do"},
		{"the residual live after the loop", loop("", "    err = maxval(abs(xnew - x))\n", "  y = err\n"), ""},
		{"the residual printed", loop("", "    err = maxval(abs(xnew - x))\n    print *, err\n", ""), ""},
		{"the residual read by the next iteration", loop("", "    xnew = xnew + 1d-3*err\n    err = maxval(abs(xnew - x))\n", ""), ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d, errs, _ := analyze(t, c.src, loops.Ref{Var: "it"}, nil, nil, "err it n i")
			if errs != "" {
				t.Fatal(errs)
			}
			keep := map[ast.Stmt]bool{}
			for _, s := range d.Record {
				keep[s] = true
			}
			var dropped []string
			for _, s := range d.Body {
				if !keep[s] {
					dropped = append(dropped, stmtText(s))
				}
			}
			if got := strings.Join(dropped, "; "); got != c.dropped {
				t.Errorf("dropped %q, want %q", got, c.dropped)
			}
		})
	}
}

// stmtText is s printed on one line, a construct's body elided.
func stmtText(s ast.Stmt) string {
	var b strings.Builder
	if err := printer.Node(&b, s); err != nil {
		return err.Error()
	}
	lines := strings.Split(strings.TrimSpace(b.String()), "\n")
	if len(lines) > 1 {
		return strings.TrimSpace(lines[0]) + " ... " + strings.TrimSpace(lines[len(lines)-1])
	}
	return lines[0]
}

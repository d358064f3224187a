package tangent_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/fadj-dev/fadj/generator/ad/tangent"
	"github.com/fadj-dev/fadj/generator/analysis"
	"github.com/fadj-dev/fadj/generator/analysis/activity"
	"github.com/fadj-dev/fadj/generator/diag"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/printer"
	"github.com/fadj-dev/fadj/generator/gfortran"
	"github.com/fadj-dev/fadj/generator/gfortran/gfortrantest"
	"github.com/fadj-dev/fadj/generator/load"
	"github.com/fadj-dev/fadj/generator/sema"
)

// param is an argument of a kernel's target routine, as the driver passes it.
type param struct {
	name  string
	int   int   // for an integer argument: its value
	real  bool  // a real(8) argument
	shape []int // nil for a scalar
}

func ival(name string, v int) param        { return param{name: name, int: v} }
func rval(name string, shape ...int) param { return param{name: name, real: true, shape: shape} }
func (p param) decl(name string) string {
	if len(p.shape) == 0 {
		return name
	}
	var s []string
	for _, n := range p.shape {
		s = append(s, strconv.Itoa(n))
	}
	return name + "(" + strings.Join(s, ",") + ")"
}

type kernel struct {
	name    string
	fixed   bool // fixed-form source
	src     string
	routine string
	params  []param
	ins     []string
	outs    []string
}

var kernels = []kernel{
	{
		name: "intrinsics",
		src: `
subroutine intr(x, a, y, z)
  implicit none
  real(8), intent(in) :: x, a
  real(8), intent(out) :: y, z
  real(8) :: t
  t = sin(x)*exp(a) + log(x + 2.0d0)*sqrt(a) + cos(a)**2 + tan(0.3d0*x)
  t = t + tanh(x) + atan(x*a) + x**3/a + abs(x - a) + max(x, a, 0.1d0) + min(x, 2*a)
  t = t + sinh(a) + cosh(x) + asin(x/4) + acos(a/4) + log10(a) + a**x + sign(x, a - 1.0d0)
  t = t + atan2(x, a) + dble(real(x, 8)) + exp(-x*x)/(1 + a*a) + hypot(x, a) - dim(x, 0.2d0)
  y = t*x
  z = 3.0d0
  z = z + t
end subroutine
`,
		routine: "intr",
		params:  []param{rval("x"), rval("a"), rval("y"), rval("z")},
		ins:     []string{"x", "a"},
		outs:    []string{"y", "z"},
	},
	{
		name: "iterate",
		src: `
subroutine iter(x, y, n)
  implicit none
  integer, intent(in) :: n
  real(8), intent(inout) :: x, y
  integer :: i
  do i = 1, n
    x = 2*x + y
    y = x*y/(1 + x*x)
    x = x/3 + sin(y)
  end do
end subroutine
`,
		routine: "iter",
		params:  []param{rval("x"), rval("y"), ival("n", 7)},
		ins:     []string{"x", "y"},
		outs:    []string{"x", "y"},
	},
	{
		name: "ifelse",
		src: `
subroutine branchy(x, a, y)
  implicit none
  real(8), intent(in) :: x, a
  real(8), intent(out) :: y
  real(8) :: t
  if (x > a) then
    t = x*x
  else if (x > 0.9d0*a) then
    t = a*x + 1
  else
    t = exp(a - x)
  end if
  if (t > 1.0d0) t = sqrt(t)
  y = t*a
  if (a < 0.0d0) y = 0.0d0
end subroutine
`,
		routine: "branchy",
		params:  []param{rval("x"), rval("a"), rval("y")},
		ins:     []string{"x", "a"},
		outs:    []string{"y"},
	},
	{
		name: "heat",
		src: `
subroutine heat(u, n, r, nsteps)
  implicit none
  integer, intent(in) :: n, nsteps
  real(8), intent(inout) :: u(n)
  real(8), intent(in) :: r
  real(8) :: unew(n)
  integer :: i, step
  do step = 1, nsteps
    unew(1) = u(1)
    unew(n) = u(n)
    do i = 2, n - 1
      unew(i) = u(i) + r*(u(i+1) - 2*u(i) + u(i-1))
    end do
    u = unew
  end do
end subroutine
`,
		routine: "heat",
		params:  []param{rval("u", 12), ival("n", 12), rval("r"), ival("nsteps", 25)},
		ins:     []string{"u", "r"},
		outs:    []string{"u"},
	},
	{
		name: "newton",
		src: `
subroutine newton(a, b, z)
  implicit none
  real(8), intent(in) :: a, b
  real(8), intent(out) :: z
  real(8) :: f, fp, dz
  integer :: it
  z = 1.0d0
  dz = 1.0d0
  it = 0
  do while (abs(dz) > 1.0d-15 .and. it < 100)
    f = z**3 + a*z - b
    fp = 3*z**2 + a
    dz = f/fp
    z = z - dz
    it = it + 1
  end do
end subroutine
`,
		routine: "newton",
		params:  []param{rval("a"), rval("b"), rval("z")},
		ins:     []string{"a", "b"},
		outs:    []string{"z"},
	},
	{
		name: "arrays",
		src: `
subroutine arr(x, w, m, n, s, v, z)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: x(n), w(n), m(n, n)
  real(8), intent(out) :: s, v(n), z(n)
  v = matmul(m, x)
  s = sum(x*x) + dot_product(x, w) + sum(v(2:n))
  z(1) = s
  z(2:n) = x(1:n-1)*2 + v(2:n)*w(2:n) - sin(x(2:n))
  z = z + maxval(v)*sqrt(abs(x)) + product(w(1:3))
  s = s + norm2(z) + sum(transpose(m)*m)
end subroutine
`,
		routine: "arr",
		params:  []param{rval("x", 6), rval("w", 6), rval("m", 6, 6), ival("n", 6), rval("s"), rval("v", 6), rval("z", 6)},
		ins:     []string{"x", "w", "m"},
		outs:    []string{"s", "v", "z"},
	},
	{
		name: "calls",
		src: `
subroutine sq(a, b)
  implicit none
  real(8), intent(in) :: a
  real(8), intent(out) :: b
  b = a*a + sin(a)
end subroutine

subroutine axpy(a, x, y, n)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: a, x(n)
  real(8), intent(inout) :: y(n)
  y = y + a*x
end subroutine

subroutine outer(x, c, y, n)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: x(n), c
  real(8), intent(inout) :: y(n)
  real(8) :: t, alpha
  alpha = c
  call sq(x(1), t)
  call axpy(alpha, x, y, n)
  call axpy(t, x, y, n)
  call sq(y(2), y(3))
end subroutine
`,
		routine: "outer",
		params:  []param{rval("x", 5), rval("c"), rval("y", 5), ival("n", 5)},
		ins:     []string{"x", "y"},
		outs:    []string{"y"},
	},
	{
		name: "indexarith",
		src: `
subroutine idx(x, y, n)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: x(n)
  real(8), intent(out) :: y(n)
  integer :: i, j, k
  y = 0
  do i = 1, n
    j = mod(i*3, n) + 1
    k = n + 1 - i
    y(j) = y(j) + x(i)*x(k) + real(i, 8)*x(max(1, i/2))
  end do
  do i = 2, n, 2
    y(i-1) = y(i-1)*y(i)
  end do
end subroutine
`,
		routine: "idx",
		params:  []param{rval("x", 7), rval("y", 7), ival("n", 7)},
		ins:     []string{"x"},
		outs:    []string{"y"},
	},
	{
		name:  "f77",
		fixed: true,
		src: `
      SUBROUTINE F77K(X, Y, N)
      INTEGER N, I, J
      DOUBLE PRECISION X(N), Y, T
      Y = 0.0D0
      DO 20 I = 1, N
         T = X(I)
         DO 10 J = 1, 3
            T = T*X(I) + DSQRT(DABS(T)) + 1.0D0
   10    CONTINUE
         IF (T .GT. 100.0D0) GO TO 15
         Y = Y + T
         GO TO 20
   15    Y = Y + DLOG(T)
   20 CONTINUE
      RETURN
      END
`,
		routine: "f77k",
		params:  []param{rval("x", 5), rval("y"), ival("n", 5)},
		ins:     []string{"x"},
		outs:    []string{"y"},
	},
	{
		name: "selectexit",
		src: `
subroutine sel(x, y, n, k)
  implicit none
  integer, intent(in) :: n, k
  real(8), intent(in) :: x(n)
  real(8), intent(out) :: y
  real(8) :: acc
  integer :: i
  acc = 1.0d0
  y = 0.0d0
  outer: do i = 1, n
    select case (mod(i, 3))
    case (0)
      acc = acc*x(i)
    case (1)
      acc = acc + x(i)**2
      if (i > k) exit outer
    case default
      acc = 1.0d0
      cycle outer
    end select
    y = y + acc
  end do outer
  y = y + acc
end subroutine
`,
		routine: "sel",
		params:  []param{rval("x", 8), rval("y"), ival("n", 8), ival("k", 6)},
		ins:     []string{"x"},
		outs:    []string{"y"},
	},
	{
		name: "functions",
		src: `
real(8) function g(a, b)
  implicit none
  real(8), intent(in) :: a, b
  g = a*sin(b) + a**2
end function

function h(x) result(r)
  implicit none
  real(8), intent(in) :: x
  real(8) :: r
  r = exp(-x)*x
end function

subroutine usef(x, y, c)
  implicit none
  real(8), intent(in) :: x, c
  real(8), intent(out) :: y
  real(8), external :: g
  real(8) :: h
  external h
  y = g(x, c)*h(x) + g(c, c)
  y = y + g(c, x)*x - h(y)
end subroutine
`,
		routine: "usef",
		params:  []param{rval("x"), rval("y"), rval("c")},
		ins:     []string{"x"},
		outs:    []string{"y"},
	},
	{
		name: "modules",
		src: `
module physics
  implicit none
  real(8), parameter :: k = 0.25d0
contains
  subroutine flux(u, f)
    real(8), intent(in) :: u(:)
    real(8), intent(out) :: f(:)
    f = k*u**2 + sin(u)
  end subroutine
  subroutine stepu(u, dt)
    real(8), intent(inout) :: u(:)
    real(8), intent(in) :: dt
    real(8) :: f(size(u))
    call flux(u, f)
    u(2:) = u(2:) - dt*(f(2:) - f(:size(u)-1))
  end subroutine
end module

subroutine usemod(u, n, dt)
  use physics
  implicit none
  integer, intent(in) :: n
  real(8), intent(inout) :: u(n)
  real(8), intent(in) :: dt
  integer :: i
  do i = 1, 5
    call stepu(u, dt)
  end do
end subroutine
`,
		routine: "usemod",
		params:  []param{rval("u", 6), ival("n", 6), rval("dt")},
		ins:     []string{"u", "dt"},
		outs:    []string{"u"},
	},
	{
		name: "actualexpr",
		src: `
subroutine sq(a, b)
  implicit none
  real(8), intent(in) :: a
  real(8), intent(out) :: b
  b = a*a + sin(a)
end subroutine

real(8) function g(a, b)
  implicit none
  real(8), intent(in) :: a, b
  g = a*exp(b)
end function

subroutine callexpr(x, c, y)
  implicit none
  real(8), intent(in) :: x, c
  real(8), intent(out) :: y
  real(8), external :: g
  real(8) :: t
  call sq(2*x + cos(c), t)
  y = t + g(x*x, c)
  call sq(y - x, y)
end subroutine
`,
		routine: "callexpr",
		params:  []param{rval("x"), rval("c"), rval("y")},
		ins:     []string{"x", "c"},
		outs:    []string{"y"},
	},
	{
		name: "passivereset",
		src: `
subroutine reset(x, y, n)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: x(n)
  real(8), intent(out) :: y(n)
  real(8) :: t, s(n)
  integer :: i
  t = x(1)
  s = x
  do i = 1, n
    y(i) = t*s(i)
    t = 2.0d0
    s(i) = 0
    t = t*x(i)
  end do
  y(n) = y(n) + sum(s)
end subroutine
`,
		routine: "reset",
		params:  []param{rval("x", 4), rval("y", 4), ival("n", 4)},
		ins:     []string{"x"},
		outs:    []string{"y"},
	},
}

func loadSrc(t testing.TB, name, src string) *load.Program {
	t.Helper()
	text := strings.TrimLeft(src, "\n")
	prog, err := load.Files([]string{name}, load.Config{ReadFile: func(string) ([]byte, error) { return []byte(text), nil }})
	if err != nil {
		var sb strings.Builder
		diag.Print(&sb, err, 0)
		t.Fatalf("load: %s", sb.String())
	}
	return prog
}

func generate(t testing.TB, prog *load.Program, routine string, ins, outs []string) (*ast.File, error) {
	t.Helper()
	proc := prog.Info.Global.Lookup(routine)
	if proc == nil || proc.Inner == nil {
		t.Fatalf("no routine %s", routine)
	}
	target := &analysis.Target{Routine: proc}
	for _, n := range ins {
		target.Independents = append(target.Independents, proc.Inner.Lookup(n))
	}
	for _, n := range outs {
		target.Dependents = append(target.Dependents, proc.Inner.Lookup(n))
	}
	res, err := analysis.Run(prog, target, activity.Analyzer)
	if err := analysis.Errors(err); err != nil {
		t.Fatalf("activity: %v", err)
	}
	act, _ := res[activity.Analyzer].(*activity.Result)
	if act == nil {
		t.Fatalf("no activity result")
	}
	return tangent.Generate(prog, act, tangent.Config{})
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// driver writes a program that compares the tangent with central finite
// differences and prints the relative error.
func driver(k kernel) string {
	var b strings.Builder
	w := func(format string, args ...any) { fmt.Fprintf(&b, format+"\n", args...) }
	w("program driver")
	w("  implicit none")
	w("  integer :: zz_n")
	w("  integer, allocatable :: zz_seed(:)")
	w("  real(8), parameter :: zz_h = 1.0d-6")
	w("  real(8) :: zz_num, zz_den")
	for _, p := range k.params {
		if p.real {
			w("  real(8) :: %s, %s, %s, %s, %s, %s", p.decl(p.name), p.decl(p.name+"_d"), p.decl("zz_"+p.name+"0"),
				p.decl("zz_"+p.name+"dir"), p.decl("zz_"+p.name+"p"), p.decl("zz_"+p.name+"m"))
		} else {
			w("  integer :: %s", p.name)
		}
	}
	w("  call random_seed(size=zz_n)")
	w("  allocate(zz_seed(zz_n))")
	w("  zz_seed = 20261126")
	w("  call random_seed(put=zz_seed)")
	for _, p := range k.params {
		if p.real {
			w("  call random_number(zz_%s0)", p.name)
			w("  zz_%s0 = 0.5d0 + zz_%s0", p.name, p.name)
			w("  call random_number(zz_%sdir)", p.name)
			w("  zz_%sdir = 2*zz_%sdir - 1", p.name, p.name)
		} else {
			w("  %s = %d", p.name, p.int)
		}
	}
	var args, targs []string
	for _, p := range k.params {
		args = append(args, p.name)
		targs = append(targs, p.name)
		if contains(k.ins, p.name) || contains(k.outs, p.name) {
			targs = append(targs, p.name+"_d")
		}
	}
	set := func(sign string) {
		for _, p := range k.params {
			if !p.real {
				continue
			}
			if sign != "" && contains(k.ins, p.name) {
				w("  %s = zz_%s0 %s zz_h*zz_%sdir", p.name, p.name, sign, p.name)
			} else {
				w("  %s = zz_%s0", p.name, p.name)
			}
		}
	}
	set("")
	for _, p := range k.params {
		if contains(k.ins, p.name) {
			w("  %s_d = zz_%sdir", p.name, p.name)
		} else if contains(k.outs, p.name) {
			w("  %s_d = 0", p.name)
		}
	}
	w("  call %s_d(%s)", k.routine, strings.Join(targs, ", "))
	for i, sign := range []string{"+", "-"} {
		set(sign)
		w("  call %s(%s)", k.routine, strings.Join(args, ", "))
		for _, o := range k.outs {
			w("  zz_%s%s = %s", o, []string{"p", "m"}[i], o)
		}
	}
	w("  zz_num = 0")
	w("  zz_den = 0")
	for _, p := range k.params {
		if !contains(k.outs, p.name) {
			continue
		}
		o := p.name
		sum := "sum"
		if len(p.shape) == 0 {
			sum = ""
		}
		w("  zz_num = zz_num + %s((%s_d - (zz_%sp - zz_%sm)/(2*zz_h))**2)", sum, o, o, o)
		w("  zz_den = zz_den + %s(((zz_%sp - zz_%sm)/(2*zz_h))**2)", sum, o, o)
	}
	w("  print '(es24.16)', sqrt(zz_num)/max(sqrt(zz_den), 1.0d-300)")
	w("end program")
	return b.String()
}

// fdError generates, compiles and runs kernel k and returns the relative
// error of the tangent against finite differences.
func fdError(t *testing.T, gf string, k kernel) float64 {
	t.Helper()
	ext := ".f90"
	if k.fixed {
		ext = ".f"
	}
	prog := loadSrc(t, "kernel"+ext, k.src)
	f, err := generate(t, prog, k.routine, k.ins, k.outs)
	if err != nil {
		t.Fatalf("Generate: %v", err)
	}
	var sb strings.Builder
	if err := printer.Fprint(&sb, f); err != nil {
		t.Fatalf("print: %v", err)
	}
	t.Logf("tangent code:\n%s", sb.String())
	dir := t.TempDir()
	files := map[string]string{
		"kernel" + ext: strings.TrimLeft(k.src, "\n"),
		"tangent.f90":  sb.String(),
		"driver.f90":   driver(k),
		// One compile unit: gfortran starts once for both files.
		"unit.f90": "include 'tangent.f90'\ninclude 'driver.f90'\n",
	}
	for n, s := range files {
		if err := os.WriteFile(filepath.Join(dir, n), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	flags := []string{"-O0", "-ffree-line-length-none"}
	if k.fixed {
		flags = append(flags, "-std=legacy")
	}
	c := &gfortran.Compiler{Path: gf, Flags: flags}
	if err := c.Build(dir, "driver", "kernel"+ext, "unit.f90"); err != nil {
		t.Fatalf("build: %v\ndriver:\n%s", err, files["driver.f90"])
	}
	out, err := gfortran.Run(dir, "./driver", 30*time.Second)
	if err != nil {
		t.Fatalf("run: %v", err)
	}
	v, err := strconv.ParseFloat(strings.TrimSpace(string(out)), 64)
	if err != nil {
		t.Fatalf("driver output %q: %v", out, err)
	}
	return v
}

func TestFiniteDifferences(t *testing.T) {
	gf := gfortrantest.Require(t)
	for _, k := range kernels {
		t.Run(k.name, func(t *testing.T) {
			e := fdError(t, gf, k)
			t.Logf("%s: relative error vs central FD = %.3e", k.name, e)
			if !(e <= 1e-6) {
				t.Errorf("%s: relative error %.3e > 1e-6", k.name, e)
			}
		})
	}
}

func TestGolden(t *testing.T) {
	src := `
subroutine f(x, n, y)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: x
  real(8), intent(out) :: y
  real(8) :: t
  integer :: i
  t = 2.0d0
  y = 0
  do i = 1, n
    y = y*t + sin(x)
  end do
end subroutine
`
	prog := loadSrc(t, "g.f90", src)
	f, err := generate(t, prog, "f", []string{"x"}, []string{"y"})
	if err != nil {
		t.Fatal(err)
	}
	var sb strings.Builder
	if err := printer.Fprint(&sb, f); err != nil {
		t.Fatal(err)
	}
	want := `subroutine f_d(x, x_d, n, y, y_d)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: x
  real(8), intent(out) :: y
  real(8) :: t
  integer :: i
  real(8), intent(in) :: x_d
  real(8), intent(out) :: y_d
  y_d = 0.0_8
  t = 2.0d0
  y = 0
  do i = 1, n
    y_d = t*y_d + cos(x)*x_d
    y = y*t + sin(x)
  end do
end subroutine f_d
`
	if got := sb.String(); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

func TestNotSupported(t *testing.T) {
	for _, c := range []struct{ name, src, routine, want string }{
		{"where function", `
subroutine s(x, y)
  real(8) :: x(3), y(3)
  y = 0
  where (x > 1) y = x*sq(x(1))
contains
  real(8) function sq(a)
    real(8) :: a
    sq = a*a
  end function
end subroutine
`, "s", "not supported yet: active WHERE whose tangent needs temporaries (a function reference)"},
		// (The driver runs such a WHERE as loops when it can: package
		// inline. What reaches the tangent is rejected.)
		{"elemental function in WHERE", `
subroutine s(x, y)
  real(8), intent(in) :: x(4)
  real(8), intent(out) :: y(4)
  y = x
  where (y(1:3) > 0.5d0) y(2:4) = f(y(1:3))
contains
  elemental real(8) function f(x)
    real(8), intent(in) :: x
    f = x*x
  end function f
end subroutine
`, "s", "not supported yet: elemental function 'f' in an active WHERE that fadj cannot run as DO loops, in tangent mode (its functions must be pure and read no module, common or host variable it assigns, its arrays designators without vector subscripts, and its masks must read what an assignment before them defines only as that assignment's left side)"},
		{"module variable hidden in its module's procedure", `
module grid
  real(8) :: h, f
contains
  subroutine fill()
    f = 2*h**2
  end subroutine
  subroutine mix()
    h = h + f
  end subroutine
  subroutine advance(a, f)
    real(8), intent(in) :: a
    real(8), intent(out) :: f
    h = a
    call fill()
    call mix()
    f = h
  end subroutine
end module
subroutine s(x, y)
  use grid, only: advance
  real(8), intent(in) :: x
  real(8), intent(out) :: y
  real(8) :: g
  call advance(x, g)
  y = g
end subroutine
`, "s", "n.f90:10:3: not supported yet: module variable 'f' of 'grid' in its procedure 'advance', which has a variable of its name or of its tangent's (a procedure cannot USE its own module)"},
		{"blank common", `
subroutine s(x, y)
  real(8) :: x, y, c
  common c
  c = x
  call t(y)
end subroutine
subroutine t(y)
  real(8) :: y, c
  common c
  y = c*c
end subroutine
`, "s", "not supported yet: active variable 'c' in the blank common block"},
		{"arrayactualexpr", `
subroutine sumsq(a, b)
  real(8) :: a(3)
  real(8), intent(out) :: b
  a = a*a
  b = sum(a)
end subroutine
subroutine s(x, y)
  real(8) :: x(3), y
  call sumsq(2*x, y)
end subroutine
`, "s", "not supported yet: active actual argument expression for 'a' of 'sumsq', which it may define"},
		{"private state", `
module m
  private
  public :: s, init
  real(8) :: c
contains
  subroutine init()
    c = 2d0
  end subroutine
  subroutine s(x, y)
    real(8) :: x, y
    y = c*x*x
  end subroutine
end module
`, "m.s", "n.f90:4:14: not supported yet: private module variable 'c' of 'm', which the derivative code needs and a procedure changes: the derivative module, a module of its own, cannot share it (make it PUBLIC, or list its source in output.augment: fadj then writes it again with the derivative code inside the module)"},
		{"initialised active", `
subroutine s(x, y)
  real(8) :: x, y
  real(8) :: acc = 0d0
  acc = acc + x
  y = acc*x
end subroutine
`, "s", "n.f90:3:14: not supported yet: active saved variable 'acc' (its value, and its derivative, carry over from one call of 's' to the next)"},
		{"element to passive array dummy", `
subroutine fill(w, n)
  integer, intent(in) :: n
  real(8), intent(out) :: w(n)
  w = 0.5d0
end subroutine
subroutine s(x, y)
  real(8) :: x(4), y, q(4)
  q = x**2
  call fill(q(2), 2)
  y = sum(q*x)
end subroutine
`, "s", "not supported yet: active array element 'q(...)' passed to array dummy 'w' of 'fill', which may modify it with a passive value"},
		{"transfer to integer", `
subroutine s(x, y)
  real(8), intent(in) :: x
  real(8), intent(out) :: y
  integer(8) :: i
  i = transfer(x, i)
  y = x + transfer(i, y)
end subroutine
`, "s", "not supported yet: transfer of an active real(8) value to integer(8) (no derivative follows its bits)"},
		{"transfer of a section", `
subroutine s(x, y)
  real(8), intent(in) :: x(4)
  real(8), intent(out) :: y
  y = transfer(x, y)
end subroutine
`, "s", "not supported yet: transfer of an active real(8) value to real(8) (no derivative follows its bits)"},
		{"omp max reduction read", `
subroutine s(x, y)
  real(8) :: x(4), y
  integer :: i
  y = 0
  !$omp parallel do reduction(max:y)
  do i = 1, 4
    y = max(y, x(i))
    x(i) = x(i) + y
  end do
end subroutine
`, "s", "n.f90:5:3: not supported yet: reduction(max:y) of an active variable updated otherwise than by y = max(y, e) (or all by y = max(e, y)) in tangent mode"},
		{"omp task with temporaries", `
subroutine s(x, y)
  real(8) :: x(4), y(4)
  integer :: i
  !$omp task
  do i = 1, 4
    y(i) = sq(x(i))
  end do
  !$omp end task
contains
  real(8) function sq(a)
    real(8) :: a
    sq = a*a
  end function
end subroutine
`, "s", "n.f90:4:3: not supported yet: !$omp task in a routine whose tangent needs temporaries"},
		{"read into an active variable with end=", `
subroutine s(x, y)
  real(8) :: x(4), y
  y = sum(x)
  read (10, *, end=99) x(2)
  y = y*sum(x)
99 continue
end subroutine
`, "s", "n.f90:4:3: not supported yet: END= in a READ into an active variable"},
		{"read item addressed by a later item", `
subroutine s(x, y)
  real(8) :: x(4), y
  integer :: k
  k = 1
  read (10, *) x(k), k
  y = sum(x**2)
end subroutine
`, "s", "n.f90:5:3: not supported yet: READ item 'x(...)' whose subscripts or implied DO bounds read a variable the same READ defines at or after it (its tangent would be zeroed at the wrong place)"},
		{"array constructor of structure constructors assigned to an ALLOCATABLE component", `
subroutine s(x, y)
  type layer_t
    real(8) :: t, dz
  end type
  type column_t
    type(layer_t), allocatable :: layers(:)
  end type
  real(8), intent(in) :: x
  real(8), intent(out) :: y
  type(column_t) :: col
  integer :: k
  col%layers = [(layer_t(x - k, 0.1d0*k), k = 1, 3)]
  y = sum(col%layers%t**2)
end subroutine
`, "s", "n.f90:12:3: not supported yet: active derived-type assignment from an expression ('[(layer_t(x - k, 0.1d0*k), k = 1, 3)]')"},
		{"ALLOCATABLE component of a type with an array component", `
subroutine s(x, y)
  type layer_t
    real(8) :: t(2)
  end type
  type column_t
    type(layer_t), allocatable :: layers(:)
  end type
  real(8), intent(in) :: x
  real(8), intent(out) :: y
  type(column_t) :: col
  allocate(col%layers(3))
  col%layers(2)%t = x
  y = col%layers(2)%t(1)**2
end subroutine
`, "s", "not supported yet: active ALLOCATABLE component 'column_t%layers'"},
		{"ALLOCATABLE component of the elements of an ALLOCATABLE component of a type with an array component", `
subroutine s(x, y)
  type layer_t
    real(8), allocatable :: t(:)
    real(8) :: w(2)
  end type
  type column_t
    type(layer_t), allocatable :: layers(:)
  end type
  real(8), intent(in) :: x
  real(8), intent(out) :: y
  type(column_t) :: col
  allocate(col%layers(3))
  allocate(col%layers(2)%t(4))
  col%layers(2)%t = x
  y = col%layers(2)%t(1)**2
end subroutine
`, "s", "not supported yet: active ALLOCATABLE component 'column_t%layers'"},
		{"POINTER component associated with a part of its own variable", `
subroutine s(x, y)
  type field_t
    real(8), allocatable :: a(:)
    real(8), pointer :: p(:) => null()
  end type
  real(8), intent(in) :: x(3)
  real(8), intent(out) :: y
  type(field_t), target :: v
  allocate(v%a(3))
  v%a = x
  v%p => v%a
  v%p(2) = v%p(2) + v%p(1)**2
  y = sum(v%a**2)
end subroutine
`, "s", "not supported yet: association of POINTER component 'v%p' with 'v%a', a part of the same variable"},
	} {
		t.Run(c.name, func(t *testing.T) {
			prog := loadSrc(t, "n.f90", c.src)
			var proc *sema.Symbol
			if m, r, ok := strings.Cut(c.routine, "."); ok {
				proc = prog.Info.Module(m).Inner.Lookup(r)
			} else {
				proc = prog.Info.Global.Lookup(c.routine)
			}
			target := &analysis.Target{Routine: proc,
				Independents: []*sema.Symbol{proc.Inner.Lookup("x")}, Dependents: []*sema.Symbol{proc.Inner.Lookup("y")}}
			res, err := analysis.Run(prog, target, activity.Analyzer)
			if err := analysis.Errors(err); err != nil {
				t.Fatalf("activity: %v", err)
			}
			act := res[activity.Analyzer].(*activity.Result)
			_, err = tangent.Generate(prog, act, tangent.Config{})
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("got error %v, want %q", err, c.want)
			}
		})
	}
}

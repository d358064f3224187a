package parser

import (
	"strings"
	"testing"

	"github.com/fadj-dev/fadj/generator/diag"
	"github.com/fadj-dev/fadj/generator/source"
)

// splitTests are files with ENTRY statements; want is the dump of the
// units SplitEntries makes of them.
var splitTests = []struct{ name, src, want string }{
	// the host returns before the entry: each keeps its own code
	{"x.f90", "subroutine init(n, x)\nreal x(n), dt\nx = 0\nreturn\nentry step(n, x, dt)\nx = x + dt\nend subroutine init\n",
		"(subroutine init (n x) decls{(decl real x(n))} body{(= x 0) (return)} end-subroutine init) " +
			"(subroutine step (n x dt) decls{(decl real x(n) dt)} body{(= x (+ x dt))} end-subroutine step)"},
	// the host falls through the ENTRY into the entry's code
	{"x.f90", "subroutine a(x)\nx = 1\nentry b(x)\nx = x + 1\nend\n",
		"(subroutine a (x) body{(= x 1) (= x (+ x 1))} end) (subroutine b (x) body{(= x (+ x 1))} end)"},
	// a jump leaves out the code of another entry point, a jump target keeps its code
	{"x.f90", "subroutine a(x)\nx = 1\ngo to 10\nentry b(x)\nx = 2\n10 x = x + 1\nend\n",
		"(subroutine a (x) body{(= x 1) (goto @10) 10:(= x (+ x 1))} end) (subroutine b (x) body{(= x 2) 10:(= x (+ x 1))} end)"},
	// code before the entry point that the entry jumps back to: a GO TO
	// to a CONTINUE in place of the ENTRY, with a fresh label
	{"x.f90", "subroutine a(x)\n99999 x = 2*x\nreturn\nentry b(x)\nx = x + 1\ngo to 99999\nend\n",
		"(subroutine a (x) body{99999:(= x (* 2 x)) (return)} end) " +
			"(subroutine b (x) body{(goto @99998) 99999:(= x (* 2 x)) (return) 99998:(continue) (= x (+ x 1)) (goto @99999)} end)"},
	// an ENTRY among the declarations: the whole body; FORMAT and DATA stay
	{"x.f90", "subroutine a(x)\nentry b(x)\nreal x\nwrite(*, 1) x\nreturn\n1 format(f8.3)\nend\n",
		"(subroutine a (x) decls{(decl real x)} body{(write [* @1] x) (return) 1:(format (f8.3))} end) " +
			"(subroutine b (x) decls{(decl real x)} body{(write [* @1] x) (return) 1:(format (f8.3))} end)"},
	// functions: the other entries' result variables are the entry's own
	{"x.f90", "double precision function eos(r)\ndouble precision r, sound\neos = 2*r\nreturn\nentry sound(r)\neos = 2\nend\n",
		"(function eos :doubleprecision (r) decls{(decl doubleprecision r)} body{(= eos (* 2 r)) (return)} end) " +
			"(function sound (r) decls{(decl doubleprecision r sound)} body{(= sound 2)} end)"},
	{"x.f90", "function f(x) result(y)\ny = x\nreturn\nentry g(x) result(z)\ny = -x\nend\n",
		"(function f (x) result=y body{(= y x) (return)} end) (function g (x) result=z body{(= z (- x))} end)"},
	// under SAVE, a DO variable both use is defined by each loop first
	{"x.f90", "subroutine a(n, x)\nreal x(n)\nsave\ndo i = 1, n\nx(i) = 0\nend do\nreturn\nentry b(n, x)\nprint *, (x(i), i = 1, n)\nend\n",
		"(subroutine a (n x) decls{(decl real x(n)) (attr save)} body{(do i=1,n {(= x(i) 0)} end-do) (return)} end) " +
			"(subroutine b (n x) decls{(decl real x(n)) (attr save)} body{(print fmt=* (impl (x(i)) i 1 n))} end)"},
	// an interface body is a scope of its own: its t is not b's dummy
	{"x.f90", "subroutine a(f, y)\ninterface\nreal function f(t)\nreal t\nend function\nend interface\ny = f(y)\nreturn\nentry b(y, t)\ny = 2*y*t\nend\n",
		"(subroutine a (f y) decls{(interface (function f :real (t) decls{(decl real t)} end-function) end-interface)} body{(= y f(y)) (return)} end) " +
			"(subroutine b (y t) decls{(interface (function f :real (t) decls{(decl real t)} end-function) end-interface)} body{(= y (* (* 2 y) t))} end)"},
	// alternate returns: RETURN k takes those of the entry point called
	{"x.f", "      SUBROUTINE A(X, *)\n      IF (X .LT. 0) RETURN 1\n      RETURN\n      ENTRY B(*, *, X)\n      IF (X .GT. 1) RETURN 2\n      END\n",
		"(subroutine A (X *) body{(if (< X 0) (return 1)) (return)} end) (subroutine B (* * X) body{(if (> X 1) (return 2))} end)"},
	// internal procedures: each procedure has a copy of those its code calls
	{"x.f90", "subroutine a(x)\nx = 0\nreturn\nentry b(x)\ncall c\ncontains\nsubroutine c\nx = x + 1\nend subroutine\nend\n",
		"(subroutine a (x) body{(= x 0) (return)} end) " +
			"(subroutine b (x) body{(call c)} contains{(subroutine c body{(= x (+ x 1))} end-subroutine)} end)"},
	// module procedures; SAVE shared by nothing; COMMON and PARAMETER are no locals
	{"x.f90", "module m\ncontains\nsubroutine a(x)\ninteger, save :: k = 0\ncommon /c/ s\nk = k + 1\nreturn\nentry b(x)\nx = s\nend subroutine\nend module\n",
		"(module m contains{(subroutine a (x) decls{(decl integer save :: k=0) (common /c/ s)} body{(= k (+ k 1)) (return)} end-subroutine) " +
			"(subroutine b (x) decls{(decl integer save :: k=0) (common /c/ s)} body{(= x s)} end-subroutine)} end-module)"},
}

func TestSplitEntries(t *testing.T) {
	for _, tt := range splitTests {
		fset := source.NewFileSet()
		f, err := ParseFile(fset, tt.name, []byte(tt.src), Config{})
		if err == nil {
			err = SplitEntries(fset, f, nil)
		}
		if err != nil {
			t.Errorf("%q: %v", tt.src, err)
			continue
		}
		if got := dumpFile(f); got != tt.want {
			t.Errorf("%q:\n got %s\nwant %s", tt.src, got, tt.want)
		}
	}
}

// splitErrorTests are what SplitEntries rejects, each message at its
// position.
var splitErrorTests = []struct{ name, src, want string }{
	{"x.f90", "subroutine a(x)\ninteger k\nsave\nk = 1\nreturn\nentry b(x)\nx = k\nend\n",
		"x.f90:2:9: not supported yet: saved variable 'k' is used by the code of entry points 'a' and 'b' (ENTRY): each would have its own; keep it in a COMMON block or a module"},
	{"x.f", "      SUBROUTINE A(X)\n      DATA N /0/\n      N = N + 1\n      ENTRY B(X)\n      X = N\n      END\n",
		"x.f:2:12: not supported yet: saved variable 'N' is used by the code of entry points 'A' and 'B' (ENTRY): each would have its own; keep it in a COMMON block or a module"},
	{"x.f90", "subroutine a(n, x)\nreal x(n)\nsave\ndo i = 1, n\nx(i) = 0\nend do\nreturn\nentry b(n, x)\nx(i) = 1\nend\n",
		"x.f90:4:4: not supported yet: saved variable 'i' is used by the code of entry points 'a' and 'b' (ENTRY): each would have its own; keep it in a COMMON block or a module"},
	{"x.f90", "subroutine a(x, h)\nreturn\nentry b(x)\nx = h*x\nend\n",
		"x.f90:4:5: not supported yet: 'h', a dummy argument of 'a' but not of 'b', is used in the code or declarations of 'b' (ENTRY)"},
	{"x.f90", "subroutine a(n, x)\nreal x(n)\nreturn\nentry b(x)\nx = 1\nend\n",
		"x.f90:2:8: not supported yet: 'n', a dummy argument of 'a' but not of 'b', is used in the code or declarations of 'b' (ENTRY)"},
	{"x.f90", "subroutine a(x, h)\nreturn\nentry b(x)\ncall c\ncontains\nsubroutine c\nx = h\nend subroutine\nend\n",
		"x.f90:7:5: not supported yet: 'h', a dummy argument of 'a' but not of 'b', is used in the code or declarations of 'b' (ENTRY)"},
	{"x.f90", "subroutine a(x)\ninteger, save :: k\nk = 0\nreturn\nentry b(x)\ncall c\ncontains\nsubroutine c\nk = k + 1\nend subroutine\nend\n",
		"x.f90:2:18: not supported yet: saved variable 'k' is used by the code of entry points 'a' and 'b' (ENTRY): each would have its own; keep it in a COMMON block or a module"},
}

func TestSplitEntriesErrors(t *testing.T) {
	for _, tt := range splitErrorTests {
		fset := source.NewFileSet()
		f, err := ParseFile(fset, tt.name, []byte(tt.src), Config{})
		if err != nil {
			t.Errorf("%q: %v", tt.src, err)
			continue
		}
		err = SplitEntries(fset, f, nil)
		var got []string
		if l, ok := err.(diag.List); ok {
			for _, e := range l {
				got = append(got, e.Error())
			}
		}
		if g := strings.Join(got, "\n"); g != tt.want {
			t.Errorf("%q:\n got %s\nwant %s", tt.src, g, tt.want)
		}
	}
}

package tape_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fadj-dev/fadj/generator/ad/tape"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/printer"
	"github.com/fadj-dev/fadj/generator/gfortran"
	"github.com/fadj-dev/fadj/generator/gfortran/gfortrantest"
	"github.com/fadj-dev/fadj/generator/load"
	"github.com/fadj-dev/fadj/generator/runtime"
	"github.com/fadj-dev/fadj/generator/sema"
)

// The tests here keep Lower and the runtime module from drifting apart:
// the first reads the module's declarations with fadj's own front end
// (no compiler needed), the second compiles and runs what Lower writes.

// runtimeModule returns the scope of the runtime module, analysed.
func runtimeModule(t *testing.T) *sema.Scope {
	t.Helper()
	const file = "fadj_runtime.f90"
	prog, err := load.Files([]string{file}, load.Config{ReadFile: func(name string) ([]byte, error) {
		if name != file {
			return nil, os.ErrNotExist
		}
		return runtime.Module(runtime.ModuleName), nil
	}})
	if err != nil {
		t.Fatalf("the runtime module does not load: %v", err)
	}
	for _, m := range prog.Info.Modules {
		if m.Name == runtime.ModuleName {
			return m.Inner
		}
	}
	t.Fatalf("no module %s", runtime.ModuleName)
	return nil
}

// TestRuntimeDeclaresEveryName checks each procedure Lower can call: the
// runtime module exports a subroutine of that name whose dummies match
// the call (the value of the Op's type, scalar or assumed-size array,
// intent(in) for a push and intent(out) for a pop, then a default integer
// count); and, the other way round, that Of knows every push and pop the
// module exports, so that a new runtime type cannot go unnoticed.
func TestRuntimeDeclaresEveryName(t *testing.T) {
	mod := runtimeModule(t)
	lowered := map[string]bool{}
	for _, k := range kinds {
		for _, ty := range types {
			for _, array := range []bool{false, true} {
				op := tape.Op{Kind: k, Type: ty, Ref: id("x")}
				if array {
					op.Count = id("n")
				}
				name := op.Name()
				lowered[name] = true
				if err := checkProc(mod.Exported(name), op); err != nil {
					t.Errorf("%s: %v", name, err)
				}
			}
		}
	}
	for _, k := range []tape.Kind{tape.Push, tape.Pop} {
		for _, op := range []tape.Op{
			{Kind: k, Type: tape.Bits, Ref: id("b"), Width: 3},
			{Kind: k, Type: tape.Bits, Ref: id("m"), Count: id("n")},
		} {
			lowered[op.Name()] = true
			if err := checkProc(mod.Exported(op.Name()), op); err != nil {
				t.Errorf("%s: %v", op.Name(), err)
			}
		}
	}
	// checkProc itself, on mismatches.
	for _, tc := range []struct {
		name string
		op   tape.Op
	}{
		{"fadj_push_r8", tape.Op{Kind: tape.Push, Type: tape.R4, Ref: id("x")}},
		{"fadj_push_r8", tape.Op{Kind: tape.Pop, Type: tape.R8, Ref: id("x")}},
		{"fadj_push_r8", tape.Op{Kind: tape.Push, Type: tape.R8, Ref: id("x"), Count: id("n")}},
		{"fadj_snap_pop_l_array", tape.Op{Kind: tape.SnapPop, Type: tape.L, Ref: id("x")}},
		{"fadj_push_r8_array", tape.Op{Kind: tape.Push, Type: tape.R8, Ref: id("x")}},
		{"fadj_tape_reset", tape.Op{Kind: tape.Push, Type: tape.R8, Ref: id("x")}},
		{"fadj_tape_bytes", tape.Op{Kind: tape.Push, Type: tape.R8, Ref: id("x")}},
		{"fadj_push", tape.Op{Kind: tape.Push, Type: tape.R8, Ref: id("x")}},
		{"no_such_name", tape.Op{Kind: tape.Push, Type: tape.R8, Ref: id("x")}},
	} {
		if checkProc(mod.Exported(tc.name), tc.op) == nil {
			t.Errorf("checkProc accepts %s for %v of %v (array %v)", tc.name, tc.op.Kind, tc.op.Type, tc.op.IsArray())
		}
	}
	for name, s := range mod.Exports() {
		if s.Kind != sema.ProcSym || lowered[name] {
			continue
		}
		for _, prefix := range []string{"fadj_push_", "fadj_pop_", "fadj_snap_push_", "fadj_snap_pop_"} {
			if strings.HasPrefix(name, prefix) {
				t.Errorf("the runtime exports %s, which package tape does not know", name)
			}
		}
	}
}

// checkProc reports how the runtime procedure s differs from what the
// call Lower(op) needs.
func checkProc(s *sema.Symbol, op tape.Op) error {
	if s == nil {
		return fmt.Errorf("not exported by the runtime module")
	}
	if s.Kind != sema.ProcSym || !s.Proc.IsSubroutine() {
		return fmt.Errorf("a %v, not a subroutine", s.Kind)
	}
	args := s.Proc.Args
	if want := len(tape.Lower(op).Args); len(args) != want {
		return fmt.Errorf("%d dummies, Lower passes %d arguments", len(args), want)
	}
	v := args[0]
	// A bit record moves a default integer, a bit array default logicals.
	want := op.Type
	if want == tape.Bits && op.IsArray() {
		want = tape.L
	} else if want == tape.Bits {
		want = tape.I4
	}
	if want == tape.Char {
		if v.Type == nil || !v.Type.IsCharacter() {
			return fmt.Errorf("first dummy of type %v, want character", v.Type)
		}
	} else if ty, ok := tape.TypeOf(v.Type); !ok || ty != want {
		return fmt.Errorf("first dummy of type %v, want %v", v.Type, want)
	}
	wantIntent := ast.IntentOut
	if op.Kind.IsPush() {
		wantIntent = ast.IntentIn
	} else if want == tape.Char {
		wantIntent = ast.IntentInOut // a pop needs the length
	}
	if v.Intent != wantIntent {
		return fmt.Errorf("first dummy intent %v, want %v", v.Intent, wantIntent)
	}
	if !op.IsArray() {
		if v.Rank() != 0 {
			return fmt.Errorf("first dummy of rank %d, want a scalar", v.Rank())
		}
		if op.Type == tape.Bits {
			if w := args[1]; w.Rank() != 0 || !w.Type.IsInteger() || w.Type.Kind != 4 || w.Intent != ast.IntentIn {
				return fmt.Errorf("second dummy %s is not a default integer scalar, intent(in)", w.Name)
			}
		}
		return nil
	}
	if v.Rank() != 1 || v.Dims[0].Kind != sema.AssumedSize {
		return fmt.Errorf("first dummy is not an assumed-size array")
	}
	n := args[1]
	if n.Rank() != 0 || !n.Type.IsInteger() || n.Type.Kind != 4 || n.Intent != ast.IntentIn {
		return fmt.Errorf("second dummy %s is not a default integer scalar, intent(in)", n.Name)
	}
	return nil
}

// fortranTypes declares and fills values of each Type in the driver of
// TestLoweredCallsRun: the declaration, and the value of element number
// k (an integer expression).
var fortranTypes = map[tape.Type]struct{ decl, value string }{
	tape.R8:   {"real(8)", "real(k, 8) + 0.25d0"},
	tape.R4:   {"real(4)", "real(k, 4) + 0.5"},
	tape.I4:   {"integer(4)", "int(k, 4) - 7"},
	tape.I8:   {"integer(8)", "int(k, 8) * 3000000000_8"},
	tape.L:    {"logical", "mod(k, 3) == 0"},
	tape.Char: {"character(len=3)", "repeat(achar(97 + mod(k, 26)), 3)"},
}

// TestLoweredCallsRun compiles a program made of what Lower writes, for
// every kind and type, with the runtime module, and runs it: each pop
// restores what its push saved, whether the reference is a scalar, an
// element, a section or a whole array, and the runtime's statistics
// count Type.Bytes per value on the tape or snapshot stack the Kind
// names.
func TestLoweredCallsRun(t *testing.T) {
	t.Parallel()
	fc := gfortrantest.Require(t)
	var b strings.Builder
	b.WriteString("program lowered\n  use fadj_runtime\n  implicit none\n  integer :: k, i, j\n")
	for _, ty := range types {
		ft := fortranTypes[ty]
		fmt.Fprintf(&b, "  %[1]s :: s_%[2]s, r_%[2]s, a_%[2]s(3, 4), b_%[2]s(3, 4)\n", ft.decl, ty)
	}
	line := func(s ast.Stmt) { fmt.Fprintf(&b, "  %s\n", stmtString(t, s)) }
	// eq compares x and y, scalars or arrays.
	eq := func(ty tape.Type, x, y string) string {
		if ty == tape.L {
			return fmt.Sprintf("all([%s .eqv. %s])", x, y)
		}
		return fmt.Sprintf("all([%s == %s])", x, y)
	}
	var want []string
	for _, push := range []tape.Kind{tape.Push, tape.SnapPush} {
		for _, ty := range types {
			ft := fortranTypes[ty]
			s, r, a, bb := "s_"+ty.String(), "r_"+ty.String(), "a_"+ty.String(), "b_"+ty.String()
			fmt.Fprintf(&b, "  k = 1\n  %s = %s\n", s, ft.value)
			fmt.Fprintf(&b, "  do j = 1, 4\n    do i = 1, 3\n      k = 10*i + j\n      %s(i, j) = %s\n    end do\n  end do\n", a, ft.value)
			// The pops' targets start with other values, so that a pop shows.
			fmt.Fprintf(&b, "  k = 99\n  %s = %s\n  %s = %s\n", r, ft.value, bb, ft.value)
			sec := func(name string) ast.Expr {
				return ref(name, &ast.RangeExpr{Lo: lit("1"), Hi: lit("3"), Stride: lit("2")},
					&ast.RangeExpr{Lo: lit("2"), Hi: lit("4")})
			}
			// Pushes from s and a, pops into r and b, checked one by one.
			ops := []struct {
				from, into tape.Op
				check      string
			}{
				{tape.Op{Ref: id(s)}, tape.Op{Ref: id(r)}, eq(ty, r, s)},
				{tape.Op{Ref: id(a), Count: tape.Size(id(a))}, tape.Op{Ref: id(bb), Count: tape.Size(id(bb))}, eq(ty, bb, a)},
				{tape.Op{Ref: sec(a), Count: tape.Size(sec(a))}, tape.Op{Ref: sec(bb), Count: tape.Size(sec(bb))},
					eq(ty, printer.ExprString(sec(bb)), printer.ExprString(sec(a)))},
				{tape.Op{Ref: ref(a, lit("2"), lit("3"))}, tape.Op{Ref: ref(bb, lit("2"), lit("3"))},
					eq(ty, bb+"(2, 3)", a+"(2, 3)")},
			}
			for _, o := range ops {
				o.from.Kind, o.from.Type = push, ty
				line(tape.Lower(o.from))
			}
			for i := len(ops) - 1; i >= 0; i-- {
				o := ops[i]
				o.into.Kind, o.into.Type = push.Inverse(), ty
				line(tape.Lower(o.into))
				name := fmt.Sprintf("%v %v %d", push.Inverse(), ty, i)
				fmt.Fprintf(&b, "  if (.not. %s) then\n    print '(a)', 'FAIL %s'\n  else\n    print '(a)', 'ok %s'\n  end if\n", o.check, name, name)
				want = append(want, "ok "+name)
			}
		}
	}
	// Each Kind's values on its own stacks: 1 + 12 + 6 + 1 values per
	// type and kind.
	// Char values go on the i4 stacks, 3 codes each.
	for _, ty := range types {
		if ty == tape.Char {
			continue
		}
		fmt.Fprintf(&b, "  print '(a, 1x, i0, 1x, i0)', 'bytes %s', fadj_tape_pushed_bytes(fadj_tape_%s), fadj_snap_pushed_bytes(fadj_snap_%s)\n", ty, ty, ty)
		n := 20 * ty.Bytes()
		if ty == tape.I4 {
			n += 20 * 3 * tape.Char.Bytes()
		}
		want = append(want, fmt.Sprintf("bytes %s %d %d", ty, n, n))
	}
	b.WriteString("  print '(a, 1x, l1)', 'empty', fadj_tape_empty() .and. fadj_snap_empty()\nend program lowered\n")
	want = append(want, "empty T")

	dir := t.TempDir()
	files := map[string][]byte{"fadj_runtime.f90": runtime.Module(runtime.ModuleName), "main.f90": []byte(b.String())}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	c := gfortran.Compiler{Path: fc, Flags: []string{"-O0", "-fcheck=all", "-fcheck=no-array-temps", "-std=f2008"}}
	exe := filepath.Join(dir, "lowered")
	if err := c.Build(dir, exe, "fadj_runtime.f90", "main.f90"); err != nil {
		t.Fatalf("%v\n%s", err, b.String())
	}
	out, err := exec.Command(exe).CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	got := strings.Split(strings.TrimSpace(string(out)), "\n")
	for i := range got {
		got[i] = strings.TrimSpace(got[i])
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("output:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

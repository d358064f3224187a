package tape_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/fadj-dev/fadj/generator/ad/tape"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/printer"
	"github.com/fadj-dev/fadj/generator/fortran/token"
	"github.com/fadj-dev/fadj/generator/sema"
)

var (
	kinds = []tape.Kind{tape.Push, tape.Pop, tape.SnapPush, tape.SnapPop}
	types = []tape.Type{tape.R8, tape.R4, tape.I4, tape.I8, tape.L, tape.Char}
)

func id(name string) *ast.Ident { return ast.NewIdent(name) }

// ref builds name(args...): an element or a section.
func ref(name string, args ...ast.Expr) *ast.CallExpr {
	return &ast.CallExpr{Fun: id(name), Args: args}
}

func lit(v string) *ast.BasicLit { return &ast.BasicLit{Kind: token.INT, Value: v} }

func stmtString(t *testing.T, s ast.Stmt) string {
	t.Helper()
	var b bytes.Buffer
	if err := printer.Node(&b, s); err != nil {
		t.Fatal(err)
	}
	return strings.TrimSpace(b.String())
}

// TestLower checks the calls Lower writes, for each kind of reference.
func TestLower(t *testing.T) {
	sec := ref("u", &ast.RangeExpr{Lo: lit("1"), Hi: id("n")}, id("j"))
	for _, tc := range []struct {
		op   tape.Op
		want string
	}{
		{tape.Op{Kind: tape.Push, Type: tape.R8, Ref: id("x")}, "call fadj_push_r8(x)"},
		{tape.Op{Kind: tape.Pop, Type: tape.R4, Ref: ref("v", id("i"))}, "call fadj_pop_r4(v(i))"},
		{tape.Op{Kind: tape.Push, Type: tape.I4, Ref: lit("2")}, "call fadj_push_i4(2)"},
		{tape.Op{Kind: tape.SnapPush, Type: tape.I8, Ref: id("k")}, "call fadj_snap_push_i8(k)"},
		{tape.Op{Kind: tape.SnapPop, Type: tape.L, Ref: id("f")}, "call fadj_snap_pop_l(f)"},
		{tape.Op{Kind: tape.Push, Type: tape.R8, Ref: id("u"), Count: tape.Size(id("u"))},
			"call fadj_push_r8_array(u, size(u))"},
		{tape.Op{Kind: tape.Pop, Type: tape.L, Ref: id("m"), Count: id("n")},
			"call fadj_pop_l_array(m, n)"},
		{tape.Op{Kind: tape.SnapPush, Type: tape.R4, Ref: sec, Count: tape.Size(sec)},
			"call fadj_snap_push_r4_array(u(1:n, j), size(u(1:n, j)))"},
		{tape.Op{Kind: tape.SnapPop, Type: tape.I4, Ref: sec, Count: tape.Size(sec)},
			"call fadj_snap_pop_i4_array(u(1:n, j), size(u(1:n, j)))"},
		{tape.Op{Kind: tape.Push, Type: tape.Bits, Ref: lit("2"), Width: 2}, "call fadj_push_bits(2, 2)"},
		{tape.Op{Kind: tape.Pop, Type: tape.Bits, Ref: id("b"), Width: 31}, "call fadj_pop_bits(b, 31)"},
		{tape.Op{Kind: tape.Push, Type: tape.Bits, Ref: id("m"), Count: tape.Size(id("m"))},
			"call fadj_push_bits_array(m, size(m))"},
	} {
		if got := stmtString(t, tape.Lower(tc.op)); got != tc.want {
			t.Errorf("Lower(%v %v) = %q, want %q", tc.op.Kind, tc.op.Type, got, tc.want)
		}
	}
}

// TestOfInvertsLower lowers every kind, type and form and reads the Op
// back: the same kind and type, and the very Ref and Count nodes.
func TestOfInvertsLower(t *testing.T) {
	names := map[string]bool{}
	for _, k := range kinds {
		for _, ty := range types {
			for _, array := range []bool{false, true} {
				op := tape.Op{Kind: k, Type: ty, Ref: ref("a", id("i"))}
				if array {
					op.Ref = id("a")
					op.Count = tape.Size(op.Ref)
				}
				s := tape.Lower(op)
				got, ok := tape.Of(s)
				if !ok || got != op {
					t.Errorf("Of(Lower(%+v)) = %+v, %v", op, got, ok)
				}
				if names[op.Name()] {
					t.Errorf("two ops lower to %s", op.Name())
				}
				names[op.Name()] = true
				// Upper case, as in hand-written or parsed code.
				s.Name = id(strings.ToUpper(op.Name()))
				if got, ok := tape.Of(s); !ok || got != op {
					t.Errorf("Of(%s) = %+v, %v", stmtString(t, s), got, ok)
				}
			}
		}
	}
	if len(names) != 48 {
		t.Errorf("%d runtime names, want 4 kinds x 6 types x scalar and array", len(names))
	}
	for _, k := range []tape.Kind{tape.Push, tape.Pop} {
		for _, op := range []tape.Op{
			{Kind: k, Type: tape.Bits, Ref: id("b"), Width: 1},
			{Kind: k, Type: tape.Bits, Ref: id("b"), Width: tape.MaxWidth},
			{Kind: k, Type: tape.Bits, Ref: id("m"), Count: id("n")},
		} {
			if got, ok := tape.Of(tape.Lower(op)); !ok || got != op {
				t.Errorf("Of(Lower(%+v)) = %+v, %v", op, got, ok)
			}
		}
	}
}

func TestWidthFor(t *testing.T) {
	for n, want := range map[int]int{0: 1, 1: 1, 2: 1, 3: 2, 4: 2, 5: 3, 8: 3, 9: 4, 1 << 20: 20, 1<<20 + 1: 21, 1 << 31: 31} {
		if got := tape.WidthFor(n); got != want {
			t.Errorf("WidthFor(%d) = %d, want %d", n, got, want)
		}
	}
}

// TestOfRejects checks that Of does not take other statements for
// operations.
func TestOfRejects(t *testing.T) {
	call := func(name string, args ...ast.Expr) *ast.CallStmt {
		return &ast.CallStmt{Name: id(name), Args: args, Parens: true}
	}
	for _, s := range []ast.Stmt{
		nil,
		(*ast.CallStmt)(nil),
		&ast.AssignStmt{Lhs: id("x"), Rhs: id("y")},
		call("foo", id("x")),
		call("fadj_push", id("x")), // the generic, for hand-written code
		call("fadj_ger_r8", id("a"), id("x"), id("y")),
		call("fadj_tape_reset"),
		call("fadj_push_c16", id("z")),         // no such type
		call("fadj_push_r8"),                   // no argument
		call("fadj_push_r8", id("x"), id("n")), // a scalar push with a count
		call("fadj_pop_r8_array", id("a")),     // an array pop without one
		call("fadj_snap_pop_r8_array", id("a"), id("n"), id("m")),
		call("fadj_push_r8", &ast.KeywordArg{Name: id("x"), Value: id("y")}),
		&ast.CallStmt{Name: &ast.SelectorExpr{X: id("t"), Sel: id("fadj_push_r8")}, Args: []ast.Expr{id("x")}},
		call("fadj_push_bits", id("b")),                     // no width
		call("fadj_push_bits", id("b"), id("w")),            // a width not a literal
		call("fadj_pop_bits", id("b"), lit("0")),            // out of 1..31
		call("fadj_pop_bits", id("b"), lit("32")),           // out of 1..31
		call("fadj_snap_push_bits", id("b"), lit("1")),      // no snapshot bits
		call("fadj_push_bits_array", id("m")),               // no count
		call("fadj_push_bits", id("b"), lit("1"), lit("1")), // too many
	} {
		if op, ok := tape.Of(s); ok {
			t.Errorf("Of(%#v) = %+v, true", s, op)
		}
	}
}

func TestTypeOf(t *testing.T) {
	for _, tc := range []struct {
		t    *sema.Type
		want tape.Type
		ok   bool
	}{
		{sema.Real8, tape.R8, true},
		{sema.Real4, tape.R4, true},
		{sema.Int4, tape.I4, true},
		{sema.Int8, tape.I8, true},
		{sema.Logical4, tape.L, true},
		{nil, 0, false},
		{sema.Int2, 0, false},
		{sema.Logical8, 0, false},
		{sema.Complex8, 0, false},
		{&sema.Type{Basic: sema.RealType, Kind: 16}, 0, false},
		{&sema.Type{Basic: sema.CharacterType, Kind: 1, Len: 8}, 0, false},
		{&sema.Type{Basic: sema.DerivedType}, 0, false},
	} {
		got, ok := tape.TypeOf(tc.t)
		if got != tc.want || ok != tc.ok {
			t.Errorf("TypeOf(%v) = %v, %v; want %v, %v", tc.t, got, ok, tc.want, tc.ok)
		}
	}
}

func TestKindsAndTypes(t *testing.T) {
	for _, tc := range []struct {
		k              tape.Kind
		name           string
		inverse        tape.Kind
		push, snapshot bool
	}{
		{tape.Push, "Push", tape.Pop, true, false},
		{tape.Pop, "Pop", tape.Push, false, false},
		{tape.SnapPush, "SnapPush", tape.SnapPop, true, true},
		{tape.SnapPop, "SnapPop", tape.SnapPush, false, true},
	} {
		if tc.k.String() != tc.name || tc.k.Inverse() != tc.inverse || tc.k.IsPush() != tc.push ||
			tc.k.IsSnapshot() != tc.snapshot {
			t.Errorf("%v: String %q, Inverse %v, IsPush %v, IsSnapshot %v", tc.name, tc.k.String(),
				tc.k.Inverse(), tc.k.IsPush(), tc.k.IsSnapshot())
		}
	}
	for _, tc := range []struct {
		t      tape.Type
		suffix string
		bytes  int64
	}{
		{tape.R8, "r8", 8}, {tape.R4, "r4", 4}, {tape.I4, "i4", 4}, {tape.I8, "i8", 8}, {tape.L, "l", 4},
	} {
		if tc.t.String() != tc.suffix || tc.t.Bytes() != tc.bytes {
			t.Errorf("%s: String %q, Bytes %d; want %d", tc.suffix, tc.t.String(), tc.t.Bytes(), tc.bytes)
		}
	}
	op := tape.Op{Kind: tape.SnapPush, Type: tape.I8, Ref: id("u"), Count: id("n")}
	if inv := op.Inverse(); inv.Kind != tape.SnapPop || inv.Type != op.Type || inv.Ref != op.Ref ||
		inv.Count != op.Count || inv.Inverse() != op {
		t.Errorf("Inverse(%+v) = %+v", op, inv)
	}
	if tape.Kind(0).String() != "Kind(0)" || tape.Type(9).String() != "Type(9)" {
		t.Errorf("invalid kind and type print as %q, %q", tape.Kind(0).String(), tape.Type(9).String())
	}
}

// TestInvalid checks that invalid operations panic instead of writing a
// call to a procedure that does not exist.
func TestInvalid(t *testing.T) {
	for name, f := range map[string]func(){
		"Lower without kind": func() { tape.Lower(tape.Op{Type: tape.R8, Ref: id("x")}) },
		"Lower without type": func() { tape.Lower(tape.Op{Kind: tape.Push, Ref: id("x")}) },
		"Lower without ref":  func() { tape.Lower(tape.Op{Kind: tape.Push, Type: tape.R8}) },
		"Inverse of no kind": func() { tape.Kind(0).Inverse() },
		"Bytes of no type":   func() { tape.Type(0).Bytes() },
		"Name of a bad kind": func() { _ = tape.Op{Kind: 7, Type: tape.L}.Name() },
		"Bytes of bits":      func() { tape.Bits.Bytes() },
		"snapshot of bits":   func() { _ = tape.Op{Kind: tape.SnapPush, Type: tape.Bits, Ref: id("b"), Width: 1}.Name() },
		"bits without width": func() { tape.Lower(tape.Op{Kind: tape.Push, Type: tape.Bits, Ref: id("b")}) },
		"bits too wide":      func() { tape.Lower(tape.Op{Kind: tape.Push, Type: tape.Bits, Ref: id("b"), Width: 32}) },
		"width on a real":    func() { tape.Lower(tape.Op{Kind: tape.Push, Type: tape.R8, Ref: id("x"), Width: 1}) },
		"width on an array":  func() { tape.Lower(tape.Op{Kind: tape.Push, Type: tape.Bits, Ref: id("m"), Count: id("n"), Width: 1}) },
		"WidthFor too many":  func() { tape.WidthFor(1<<31 + 1) },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: no panic", name)
				}
			}()
			f()
		}()
	}
}

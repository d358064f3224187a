package printer

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/token"
)

// Trees built by hand, with no positions, as the AD generator builds them.

func id(name string) *ast.Ident { return ast.NewIdent(name) }

func num(v string) *ast.BasicLit {
	k := token.INT
	if strings.ContainsAny(v, ".eEdD") {
		k = token.REAL
	}
	return &ast.BasicLit{Kind: k, Value: v}
}

func str(v string) *ast.BasicLit { return &ast.BasicLit{Kind: token.STRING, Value: v} }

func bin(x ast.Expr, op token.Kind, y ast.Expr) *ast.BinaryExpr {
	return &ast.BinaryExpr{X: x, Op: op, Y: y}
}

func un(op token.Kind, x ast.Expr) *ast.UnaryExpr { return &ast.UnaryExpr{Op: op, X: x} }

func call(f string, args ...ast.Expr) *ast.CallExpr {
	return &ast.CallExpr{Fun: id(f), Args: args}
}

func paren(x ast.Expr) *ast.ParenExpr { return &ast.ParenExpr{X: x} }

var (
	a, b, c, d = id("a"), id("b"), id("c"), id("d")
)

func TestUnprintable(t *testing.T) {
	var buf bytes.Buffer
	err := Node(&buf, &ast.AssignStmt{Lhs: a, Rhs: &ast.BinaryExpr{X: a, Op: token.COMMA, Y: b}})
	if err == nil {
		t.Errorf("bad operator: no error")
	}
	err = Node(&buf, &ast.AssignStmt{Lhs: a})
	if err == nil || !strings.Contains(err.Error(), "expression") {
		t.Errorf("missing expression: err = %v", err)
	}
	err = Node(&buf, &ast.Unit{Kind: ast.SubroutineUnit})
	if err == nil {
		t.Errorf("unit without name: no error")
	}
	if got := ExprString(nil); !strings.Contains(got, "<?") {
		t.Errorf("ExprString(nil) = %q", got)
	}
}

func stmtString(t *testing.T, cfg *Config, s ast.Node) string {
	t.Helper()
	var buf bytes.Buffer
	if err := cfg.Node(&buf, s); err != nil {
		t.Fatalf("Node: %v", err)
	}
	return buf.String()
}

func TestStatements(t *testing.T) {
	i, n := id("i"), id("n")
	x := call("x", i)
	cmt := func(s string) *ast.Comment { return &ast.Comment{Text: s} }
	tests := []struct {
		s    ast.Node
		want string
	}{
		{&ast.AssignStmt{Lhs: x, Rhs: bin(a, token.STAR, x)}, "x(i) = a*x(i)\n"},
		{&ast.AssignStmt{StmtHeader: ast.StmtHeader{Label: 10, Doc: []*ast.Comment{cmt("! doc")}, Line: cmt("! line")}, Lhs: a, Rhs: b},
			"! doc\n10 a = b ! line\n"},
		{&ast.ContinueStmt{StmtHeader: ast.StmtHeader{Label: 40}}, "40 continue\n"},
		{&ast.CallStmt{Name: id("foo")}, "call foo\n"},
		{&ast.CallStmt{Name: id("foo"), Parens: true}, "call foo()\n"},
		{&ast.GotoStmt{Target: &ast.LabelRef{Label: 10}}, "go to 10\n"},
		{&ast.ComputedGotoStmt{Targets: []*ast.LabelRef{{Label: 1}, {Label: 2}}, Expr: i}, "go to (1, 2), i\n"},
		{&ast.ArithIfStmt{Expr: bin(a, token.MINUS, b), Neg: &ast.LabelRef{Label: 1}, Zero: &ast.LabelRef{Label: 2}, Plus: &ast.LabelRef{Label: 3}}, "if (a - b) 1, 2, 3\n"},
		{&ast.IfStmt{Cond: bin(a, token.GT, b), Action: &ast.GotoStmt{Target: &ast.LabelRef{Label: 5}}}, "if (a > b) go to 5\n"},
		{&ast.IOStmt{Keyword: "write", Parens: true, Control: []ast.Expr{num("6"), &ast.LabelRef{Label: 100}}, Items: []ast.Expr{a, b}}, "write(6, 100) a, b\n"},
		{&ast.IOStmt{Keyword: "print", Format: &ast.StarExpr{}, Items: []ast.Expr{str("'x'"), a}}, "print *, 'x', a\n"},
		{&ast.IOStmt{Keyword: "print", Format: &ast.StarExpr{}}, "print *\n"},
		{&ast.IOStmt{Keyword: "rewind", Control: []ast.Expr{num("10")}}, "rewind 10\n"},
		{&ast.IOStmt{Keyword: "read", Parens: true, Control: []ast.Expr{&ast.KeywordArg{Name: id("unit"), Value: num("5")}, &ast.KeywordArg{Name: id("fmt"), Value: &ast.StarExpr{}}, &ast.KeywordArg{Name: id("end"), Value: &ast.LabelRef{Label: 99}}},
			Items: []ast.Expr{&ast.ImpliedDo{Items: []ast.Expr{x}, Var: i, Start: num("1"), Stop: n}}}, "read(unit=5, fmt=*, end=99) (x(i), i = 1, n)\n"},
		{&ast.AllocateStmt{Keyword: "allocate", Objects: []ast.Expr{call("a", n), call("b", &ast.RangeExpr{Lo: num("0"), Hi: n})}, Options: []*ast.KeywordArg{{Name: id("stat"), Value: id("ierr")}}}, "allocate(a(n), b(0:n), stat=ierr)\n"},
		{&ast.AllocateStmt{Keyword: "allocate", Type: &ast.TypeSpec{Kind: ast.Derived, Name: id("circle")}, Objects: []ast.Expr{id("s")}}, "allocate(circle :: s)\n"},
		{&ast.StopStmt{Error: true, Code: num("1")}, "error stop 1\n"},
		{&ast.ReturnStmt{Alt: num("2")}, "return 2\n"},
		{&ast.EntryStmt{Name: id("step"), Args: []*ast.Ident{n, x.Fun.(*ast.Ident)}}, "entry step(n, x)\n"},
		{&ast.EntryStmt{Name: id("g")}, "entry g\n"},
		{&ast.EntryStmt{Name: id("g"), Parens: true, Result: id("r"), Bind: &ast.Bind{Name: str("'g_'")}}, "entry g() result(r) bind(c, name='g_')\n"},
		{&ast.EntryStmt{Name: id("e"), Args: []*ast.Ident{a, id("*")}}, "entry e(a, *)\n"},

		{&ast.PointerAssignStmt{Lhs: id("p"), Rhs: call("null")}, "p => null()\n"},
		{&ast.TypeDecl{Type: &ast.TypeSpec{Kind: ast.Real, Star: num("8")}, Entities: []*ast.Entity{{Name: a}, {Name: b, Dims: []*ast.Dim{{Hi: n}}}}}, "real*8 :: a, b(n)\n"},
		{&ast.TypeDecl{Type: &ast.TypeSpec{Kind: ast.Character, Star: &ast.StarExpr{}}, Entities: []*ast.Entity{{Name: id("s")}}}, "character*(*) :: s\n"},
		{&ast.TypeDecl{Type: &ast.TypeSpec{Kind: ast.Character, Len: &ast.ColonLen{}, LenKeyword: true}, Attrs: []*ast.Attr{{Kind: ast.AttrAllocatable}}, Entities: []*ast.Entity{{Name: id("s")}}}, "character(len=:), allocatable :: s\n"},
		{&ast.TypeDecl{Type: &ast.TypeSpec{Kind: ast.Character}, Entities: []*ast.Entity{{Name: id("c"), CharLen: num("10")}, {Name: id("e"), CharLen: id("n")}}}, "character :: c*10, e*(n)\n"},
		{&ast.TypeDecl{Type: &ast.TypeSpec{Kind: ast.Real, KindSel: id("dp"), KindKeyword: true}, Attrs: []*ast.Attr{{Kind: ast.AttrIntent, Intent: ast.IntentInOut}, {Kind: ast.AttrDimension, Dims: []*ast.Dim{{Colon: true}, {Lo: num("0"), Hi: &ast.StarExpr{}, Colon: true}}}},
			Entities: []*ast.Entity{{Name: a}}}, "real(kind=dp), intent(inout), dimension(:, 0:*) :: a\n"},
		{&ast.TypeDecl{Type: &ast.TypeSpec{Kind: ast.DoublePrecision}, Attrs: []*ast.Attr{{Kind: ast.AttrParameter}}, Entities: []*ast.Entity{{Name: id("pi"), Init: num("3.14d0")}}}, "double precision, parameter :: pi = 3.14d0\n"},
		{&ast.TypeDecl{Type: &ast.TypeSpec{Kind: ast.Derived, Name: id("node")}, Attrs: []*ast.Attr{{Kind: ast.AttrPointer}}, Entities: []*ast.Entity{{Name: id("p"), Init: call("null"), Pointer: true}}}, "type(node), pointer :: p => null()\n"},
		{&ast.AttrStmt{Attr: &ast.Attr{Kind: ast.AttrSave}}, "save\n"},
		{&ast.AttrStmt{Attr: &ast.Attr{Kind: ast.AttrDimension}, Entities: []*ast.Entity{{Name: a, Dims: []*ast.Dim{{Hi: num("10")}}}}}, "dimension :: a(10)\n"},
		{&ast.ParameterStmt{Entities: []*ast.Entity{{Name: n, Init: num("10")}}}, "parameter (n = 10)\n"},
		{&ast.CommonStmt{Blocks: []*ast.CommonBlock{{Entities: []*ast.Entity{{Name: a}}}, {Name: id("blk"), Entities: []*ast.Entity{{Name: b}, {Name: c}}}, {Entities: []*ast.Entity{{Name: d}}}}}, "common a, /blk/ b, c, // d\n"},
		{&ast.DataStmt{Sets: []*ast.DataSet{{Objects: []ast.Expr{a}, Values: []*ast.DataValue{{Repeat: num("3"), Value: num("0.0")}, {Value: un(token.MINUS, num("1.0"))}}}, {Objects: []ast.Expr{b}, Values: []*ast.DataValue{{Value: str("'x'")}}}}}, "data a /3*0.0, -1.0/, b /'x'/\n"},
		{&ast.EquivalenceStmt{Sets: [][]ast.Expr{{a, call("b", num("1"))}, {c, d}}}, "equivalence (a, b(1)), (c, d)\n"},
		{&ast.NamelistStmt{Groups: []*ast.CommonBlock{{Name: id("g"), Entities: []*ast.Entity{{Name: a}}}}}, "namelist /g/ a\n"},
		{&ast.StmtFunction{Name: id("f"), Args: []*ast.Ident{a, b}, Expr: bin(a, token.PLUS, b)}, "f(a, b) = a + b\n"},
		{&ast.FormatStmt{StmtHeader: ast.StmtHeader{Label: 100}, Spec: "(1X, I5, 'a,b')"}, "100 format(1X, I5, 'a,b')\n"},
		{&ast.UseStmt{Module: id("m"), Only: true, Items: []*ast.UseItem{{Name: a}, {Local: b, Name: c}}}, "use m, only: a, b => c\n"},
		{&ast.UseStmt{Module: id("m"), Items: []*ast.UseItem{{Local: b, Name: c}}}, "use m, b => c\n"},
		{&ast.UseStmt{Nature: "intrinsic", Module: id("iso_c_binding"), Only: true}, "use, intrinsic :: iso_c_binding, only:\n"},
		{&ast.ImplicitStmt{None: true}, "implicit none\n"},
		{&ast.ImplicitStmt{Rules: []*ast.ImplicitRule{{Type: &ast.TypeSpec{Kind: ast.Real, Star: num("8")}, Ranges: []ast.LetterRange{{From: 'a', To: 'h'}, {From: 'o', To: 'z'}}}, {Type: &ast.TypeSpec{Kind: ast.Integer}, Ranges: []ast.LetterRange{{From: 'i', To: 'n'}, {From: 'q'}}}}},
			"implicit real*8 (a-h, o-z), integer (i-n, q)\n"},
		{&ast.WhereStmt{Mask: bin(a, token.GT, num("0")), Assign: &ast.AssignStmt{Lhs: a, Rhs: num("0")}}, "where (a > 0) a = 0\n"},
		{&ast.ForallStmt{Specs: []*ast.ForallSpec{{Var: i, Lo: num("1"), Hi: n}}, Mask: bin(x, token.NE, num("0")), Assign: &ast.AssignStmt{Lhs: x, Rhs: num("1")}}, "forall (i = 1:n, x(i) /= 0) x(i) = 1\n"},
	}
	for _, tt := range tests {
		if got := stmtString(t, &Config{}, tt.s); got != tt.want {
			t.Errorf("got\n%s\nwant\n%s", got, tt.want)
		}
	}
}

func TestConstructs(t *testing.T) {
	i, j, n := id("i"), id("j"), id("n")
	assign := func(l, r ast.Expr) *ast.AssignStmt { return &ast.AssignStmt{Lhs: l, Rhs: r} }
	// DO 10 I = 1, N / DO 10 J = 1, N / A(I,J) = 0 / 10 CONTINUE
	f77 := &ast.DoConstruct{TermLabel: 10, Var: i, Start: num("1"), Stop: n, Body: []ast.Stmt{
		&ast.DoConstruct{TermLabel: 10, Var: j, Start: num("1"), Stop: n, Step: num("2"), Body: []ast.Stmt{
			assign(call("a", i, j), num("0")),
			&ast.ContinueStmt{StmtHeader: ast.StmtHeader{Label: 10}},
		}},
	}}
	want := `do i = 1, n
  do j = 1, n, 2
    a(i, j) = 0
    10 continue
  end do
end do
`
	if got := stmtString(t, &Config{}, f77); got != want {
		t.Errorf("F77 DO: got\n%s\nwant\n%s", got, want)
	}

	ifc := &ast.IfConstruct{Name: id("chk"), StmtHeader: ast.StmtHeader{Label: 30}, Branches: []*ast.IfBranch{
		{Cond: bin(a, token.GT, b), Body: []ast.Stmt{assign(a, b)}},
		{Cond: bin(a, token.LT, b), Name: id("chk"), Head: ast.StmtHeader{Doc: []*ast.Comment{{Text: "! less"}}}, Body: []ast.Stmt{assign(b, a)}},
		{Name: id("chk"), Body: []ast.Stmt{&ast.DoConstruct{While: bin(a, token.LT, b), Body: []ast.Stmt{assign(a, bin(a, token.PLUS, num("1")))}, End: ast.EndStmt{StmtHeader: ast.StmtHeader{Label: 20}}}}},
	}, End: ast.EndStmt{StmtHeader: ast.StmtHeader{Line: &ast.Comment{Text: "! done"}}}}
	want = `30 chk: if (a > b) then
  a = b
! less
else if (a < b) then chk
  b = a
else chk
  do while (a < b)
    a = a + 1
  20 end do
end if chk ! done
`
	if got := stmtString(t, &Config{}, ifc); got != want {
		t.Errorf("IF: got\n%s\nwant\n%s", got, want)
	}

	sel := &ast.SelectCase{Selector: i, Cases: []*ast.CaseBlock{
		{Values: []ast.Expr{num("1"), &ast.RangeExpr{Lo: num("3"), Hi: num("5")}, &ast.RangeExpr{Lo: num("7")}}, Body: []ast.Stmt{assign(a, num("1"))}},
		{Default: true},
	}}
	want = `select case (i)
case (1, 3:5, 7:)
  a = 1
case default
end select
`
	if got := stmtString(t, &Config{Indent: 2}, sel); got != want {
		t.Errorf("SELECT: got\n%s\nwant\n%s", got, want)
	}

	where := &ast.WhereConstruct{Branches: []*ast.WhereBranch{
		{Mask: bin(a, token.GT, num("0")), Body: []ast.Stmt{assign(b, a)}},
		{Mask: bin(a, token.LT, num("0")), Body: []ast.Stmt{assign(b, un(token.MINUS, a))}},
		{Body: []ast.Stmt{assign(b, num("0"))}},
	}}
	want = `where (a > 0)
    b = a
elsewhere (a < 0)
    b = -a
elsewhere
    b = 0
end where
`
	if got := stmtString(t, &Config{Indent: 4}, where); got != want {
		t.Errorf("WHERE: got\n%s\nwant\n%s", got, want)
	}

	unit := &ast.Unit{Kind: ast.FunctionUnit, Name: id("f"), Prefix: []*ast.Keyword{{Name: "pure"}},
		Type: &ast.TypeSpec{Kind: ast.Real, KindSel: num("8")}, Args: []*ast.Ident{a}, Result: id("r"),
		Decls: []ast.Stmt{&ast.TypeDecl{Type: &ast.TypeSpec{Kind: ast.Real, KindSel: num("8")}, Attrs: []*ast.Attr{{Kind: ast.AttrIntent, Intent: ast.IntentIn}}, Entities: []*ast.Entity{{Name: a}}}},
		Body:  []ast.Stmt{assign(id("r"), bin(a, token.POW, num("2")))},
		Procs: []*ast.Unit{
			{Kind: ast.SubroutineUnit, Name: id("s1")},
			{Kind: ast.SubroutineUnit, Name: id("s2"), Args: []*ast.Ident{a, {Name: "*"}}},
		},
	}
	want = `pure real(8) function f(a) result(r)
  real(8), intent(in) :: a
  r = a**2
contains
  subroutine s1
  end subroutine s1

  subroutine s2(a, *)
  end subroutine s2
end function f
`
	if got := stmtString(t, &Config{}, unit); got != want {
		t.Errorf("unit: got\n%s\nwant\n%s", got, want)
	}

	iface := &ast.InterfaceBlock{Generic: &ast.GenericSpec{Kind: "operator", Op: "+"}, Members: []ast.Node{
		&ast.ProcedureStmt{Module: true, Names: []*ast.Ident{a, b}},
		&ast.Unit{Kind: ast.FunctionUnit, Name: id("g"), Type: &ast.TypeSpec{Kind: ast.Integer}},
	}}
	want = `interface operator(+)
  module procedure a, b
  integer function g()
  end function g
end interface operator(+)
`
	if got := stmtString(t, &Config{}, iface); got != want {
		t.Errorf("interface: got\n%s\nwant\n%s", got, want)
	}

	td := &ast.TypeDef{Name: id("pt"), Attrs: []*ast.Attr{{Kind: ast.AttrPublic}}, Extends: id("base"), Sequence: &ast.StmtHeader{},
		Components: []*ast.TypeDecl{{Type: &ast.TypeSpec{Kind: ast.Real}, Entities: []*ast.Entity{{Name: id("x"), Init: num("0.0")}}}}}
	want = `type, public, extends(base) :: pt
  sequence
  real :: x = 0.0
end type pt
`
	if got := stmtString(t, &Config{}, td); got != want {
		t.Errorf("type: got\n%s\nwant\n%s", got, want)
	}

	fc := &ast.ForallConstruct{Name: id("fa"), Specs: []*ast.ForallSpec{{Var: i, Lo: num("1"), Hi: n, Stride: num("2")}}, Body: []ast.Stmt{assign(call("a", i), num("0"))}}
	want = `fa: forall (i = 1:n:2)
  a(i) = 0
end forall fa
`
	if got := stmtString(t, &Config{}, fc); got != want {
		t.Errorf("forall: got\n%s\nwant\n%s", got, want)
	}
	dc := &ast.DoConstruct{Concurrent: []*ast.ForallSpec{{Var: i, Lo: num("1"), Hi: n}, {Var: j, Lo: num("1"), Hi: n}}, Body: []ast.Stmt{assign(call("a", i, j), num("0"))}}
	want = `do concurrent (i = 1:n, j = 1:n)
  a(i, j) = 0
end do
`
	if got := stmtString(t, &Config{}, dc); got != want {
		t.Errorf("do concurrent: got\n%s\nwant\n%s", got, want)
	}
}

func TestFile(t *testing.T) {
	f := &ast.File{Units: []*ast.Unit{
		{Kind: ast.ModuleUnit, Name: id("m"), StmtHeader: ast.StmtHeader{BlankBefore: true, Doc: []*ast.Comment{{Text: "! module m"}}}},
		{Kind: ast.ProgramUnit, StmtHeader: ast.StmtHeader{Doc: []*ast.Comment{{Text: "! main"}, {Text: ""}, {Text: "no bang"}}},
			Body: []ast.Stmt{&ast.IOStmt{Keyword: "print", Format: &ast.StarExpr{}, Items: []ast.Expr{str("'hi'")}}}},
		{Kind: ast.BlockDataUnit},
	}, Trailing: []*ast.Comment{{Text: "! end of file"}}}
	want := `! module m
module m
end module m

  ! main

  ! no bang
  print *, 'hi'
end program

block data
end block data
! end of file
`
	var buf bytes.Buffer
	if err := Fprint(&buf, f); err != nil {
		t.Fatal(err)
	}
	if buf.String() != want {
		t.Errorf("got\n%s\nwant\n%s", buf.String(), want)
	}
}

func TestLineBreaking(t *testing.T) {
	// A long sum breaks after an operator, continuation lines are
	// indented two levels deeper, nothing exceeds the limit.
	var terms ast.Expr = id("x1")
	for k := 2; k <= 60; k++ {
		terms = bin(terms, token.PLUS, bin(id("coef"), token.STAR, call("x", num(itoa(k)))))
	}
	s := &ast.AssignStmt{StmtHeader: ast.StmtHeader{Label: 12345}, Lhs: id("total"), Rhs: terms}
	got := stmtString(t, &Config{}, s)
	checkLines(t, got, 132)
	if !strings.HasPrefix(got, "12345 total = x1 + coef*x(2) + ") || !strings.Contains(got, " &\n    coef*x(") {
		t.Errorf("unexpected layout:\n%s", got)
	}
	if j := strings.ReplaceAll(got, " &\n    ", " "); j != "12345 "+ExprString(s.Lhs)+" = "+ExprString(terms)+"\n" {
		t.Errorf("joined lines differ:\n%s", j)
	}

	// A long string is split inside, with & on both sides.
	long := "'" + strings.Repeat("abcdefghij", 30) + "'"
	p := &ast.IOStmt{Keyword: "print", Format: &ast.StarExpr{}, Items: []ast.Expr{str(long), a}}
	got = stmtString(t, &Config{}, p)
	checkLines(t, got, 132)
	lines := strings.Split(strings.TrimSuffix(got, "\n"), "\n")
	if len(lines) != 3 || !strings.HasSuffix(lines[0], "&") || !strings.HasPrefix(lines[1], "    &") {
		t.Errorf("string split:\n%s", got)
	}
	joined := lines[0][:len(lines[0])-1] + lines[1][5:len(lines[1])-1] + lines[2][5:]
	if joined != "print *, "+long+", a" {
		t.Errorf("string split joins to\n%s", joined)
	}

	// A string with doubled quotes is never split between them.
	q := "'" + strings.Repeat("''", 100) + "'"
	got = stmtString(t, &Config{LineLength: 41}, &ast.AssignStmt{Lhs: a, Rhs: str(q)})
	checkLines(t, got, 41)
	for _, l := range strings.Split(got, "\n") {
		l = strings.TrimLeft(l, " &")
		if strings.HasSuffix(l, "&") && strings.Count(strings.TrimSuffix(l, "&"), "'")%2 != 0 {
			// 'a = ' + opening quote + pairs: an odd count is fine on the first line only
			if !strings.HasPrefix(l, "a = '") {
				t.Errorf("split between doubled quotes: %q", l)
			}
		}
	}

	// A line comment that does not fit goes before the statement.
	c := &ast.AssignStmt{Lhs: a, Rhs: b, StmtHeader: ast.StmtHeader{Line: &ast.Comment{Text: "! " + strings.Repeat("z", 140)}}}
	got = stmtString(t, &Config{}, c)
	if !strings.HasPrefix(got, "! zzz") || !strings.HasSuffix(got, "\na = b\n") {
		t.Errorf("long line comment:\n%s", got)
	}

	// FORMAT: breaks after commas outside strings and Hollerith.
	spec := "(" + strings.Repeat("1X, 'a, b', 5H,,,,,, ", 12) + "I5)"
	got = stmtString(t, &Config{}, &ast.FormatStmt{StmtHeader: ast.StmtHeader{Label: 100}, Spec: spec})
	checkLines(t, got, 132)
	for _, l := range strings.Split(got, "\n") {
		if strings.HasSuffix(l, "5H, &") || strings.HasSuffix(l, "'a, &") {
			t.Errorf("bad FORMAT break: %q", l)
		}
	}
}

func checkLines(t *testing.T, s string, max int) {
	t.Helper()
	for _, l := range strings.Split(s, "\n") {
		if len(l) > max {
			t.Errorf("line of %d characters: %q", len(l), l)
		}
	}
}

func itoa(k int) string {
	if k < 10 {
		return string(rune('0' + k))
	}
	return itoa(k/10) + string(rune('0'+k%10))
}

// TestGeneratedProgram prints a program built by hand, with no positions
// anywhere, and checks that gfortran accepts it and that it prints the
// same after a round trip through the parser.
func TestGeneratedProgram(t *testing.T) {
	x, y, z := id("x"), id("y"), id("z")
	p, q := id("p"), id("q")
	add := func(l, r ast.Expr) ast.Expr { return bin(l, token.PLUS, r) }
	sub := func(l, r ast.Expr) ast.Expr { return bin(l, token.MINUS, r) }
	mul := func(l, r ast.Expr) ast.Expr { return bin(l, token.STAR, r) }
	div := func(l, r ast.Expr) ast.Expr { return bin(l, token.SLASH, r) }
	pow := func(l, r ast.Expr) ast.Expr { return bin(l, token.POW, r) }
	neg := func(e ast.Expr) ast.Expr { return un(token.MINUS, e) }
	not := func(e ast.Expr) ast.Expr { return un(token.NOT, e) }
	arith := []ast.Expr{
		mul(add(x, y), z), sub(x, sub(y, z)), div(x, mul(y, z)), pow(pow(x, y), z), pow(neg(x), num("2")),
		mul(x, neg(y)), sub(x, neg(y)), neg(add(x, y)), add(x, add(y, z)), pow(x, neg(y)), div(x, div(y, z)),
		neg(neg(x)), mul(neg(x), y), call("sin", add(x, mul(y, pow(z, num("2"))))),
	}
	logic := []ast.Expr{
		not(bin(p, token.AND, q)), bin(bin(p, token.OR, q), token.AND, p), not(not(p)),
		bin(bin(x, token.LT, y), token.EQV, bin(y, token.LT, z)), bin(not(p), token.EQV, q),
		bin(p, token.NEQV, bin(p, token.EQV, q)),
	}
	var body []ast.Stmt
	for _, e := range arith {
		body = append(body, &ast.AssignStmt{Lhs: x, Rhs: e})
	}
	for _, e := range logic {
		body = append(body, &ast.AssignStmt{Lhs: p, Rhs: e})
	}
	// A long statement and a long string.
	var long ast.Expr = x
	for k := 0; k < 40; k++ {
		long = add(long, mul(y, add(z, num("1.5"))))
	}
	body = append(body,
		&ast.AssignStmt{Lhs: z, Rhs: long},
		&ast.IOStmt{Keyword: "print", Format: &ast.StarExpr{}, Items: []ast.Expr{str("'" + strings.Repeat("it''s long ", 30) + "'"), x, p}},
		&ast.DoConstruct{TermLabel: 10, Var: id("i"), Start: num("1"), Stop: num("3"), Body: []ast.Stmt{
			&ast.DoConstruct{TermLabel: 10, Var: id("j"), Start: num("1"), Stop: num("3"), Body: []ast.Stmt{
				&ast.AssignStmt{Lhs: x, Rhs: add(x, num("1.0"))},
				&ast.ContinueStmt{StmtHeader: ast.StmtHeader{Label: 10}},
			}},
		}},
	)
	realT := &ast.TypeSpec{Kind: ast.Real}
	prog := &ast.File{Units: []*ast.Unit{{
		Kind: ast.ProgramUnit, Name: id("generated"),
		Decls: []ast.Stmt{
			&ast.ImplicitStmt{None: true},
			&ast.TypeDecl{Type: realT, Entities: []*ast.Entity{{Name: x, Init: num("1.0")}, {Name: y, Init: num("2.0")}, {Name: z, Init: num("3.0")}}},
			&ast.TypeDecl{Type: &ast.TypeSpec{Kind: ast.Logical}, Entities: []*ast.Entity{{Name: p, Init: &ast.BasicLit{Kind: token.LOGICAL, Value: ".true."}}, {Name: q}}},
			&ast.TypeDecl{Type: &ast.TypeSpec{Kind: ast.Integer}, Entities: []*ast.Entity{{Name: id("i")}, {Name: id("j")}}},
		},
		Body: body,
	}}}
	var buf bytes.Buffer
	if err := Fprint(&buf, prog); err != nil {
		t.Fatal(err)
	}
	out := buf.Bytes()
	checkLines(t, string(out), 132)
	checkIdempotent(t, "generated.f90", out)
	if _, err := exec.LookPath("gfortran"); err != nil {
		t.Skip("gfortran not found")
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "gen.f90"), out, 0o644); err != nil {
		t.Fatal(err)
	}
	runGfortran(t, dir, "-fsyntax-only", "gen.f90")
}

// TestNewConstructs covers BLOCK, ASSOCIATE, DO CONCURRENT with a mask
// and derived types with type-bound procedures, built by hand.
func TestNewConstructs(t *testing.T) {
	i, j, n, x := id("i"), id("j"), id("n"), id("x")
	assign := func(l, r ast.Expr) *ast.AssignStmt { return &ast.AssignStmt{Lhs: l, Rhs: r} }
	cmt := func(s string) *ast.Comment { return &ast.Comment{Text: s} }
	realT := &ast.TypeSpec{Kind: ast.Real}
	tests := []struct {
		name string
		s    ast.Node
		want string
	}{
		{"block", &ast.BlockConstruct{
			Decls: []ast.Stmt{&ast.TypeDecl{Type: realT, Entities: []*ast.Entity{{Name: x, Dims: []*ast.Dim{{Hi: n}}}}}},
			Body:  []ast.Stmt{assign(x, num("0.0"))},
		}, `block
  real :: x(n)
  x = 0.0
end block
`},
		{"named block with comments and labels", &ast.BlockConstruct{
			StmtHeader: ast.StmtHeader{Label: 10, Doc: []*ast.Comment{cmt("! scratch space")}, Line: cmt("! opens")},
			Name:       id("work"),
			Decls:      []ast.Stmt{&ast.TypeDecl{Type: &ast.TypeSpec{Kind: ast.Integer}, Entities: []*ast.Entity{{Name: j}}}},
			Body: []ast.Stmt{
				assign(j, num("1")),
				&ast.IfStmt{Cond: bin(j, token.GT, n), Action: &ast.ExitStmt{Construct: id("work")}},
				&ast.BlockConstruct{Name: id("inner"), Body: []ast.Stmt{assign(j, num("2"))}},
			},
			End: ast.EndStmt{StmtHeader: ast.StmtHeader{Label: 20, Doc: []*ast.Comment{cmt("! closing")}, Line: cmt("! closes")}},
		}, `! scratch space
10 work: block ! opens
  integer :: j
  j = 1
  if (j > n) exit work
  inner: block
    j = 2
  end block inner
! closing
20 end block work ! closes
`},
		{"empty block", &ast.BlockConstruct{}, "block\nend block\n"},
		{"associate", &ast.AssociateConstruct{
			Assocs: []*ast.Association{{Name: a, Selector: &ast.SelectorExpr{X: id("p"), Sel: x}}, {Name: b, Selector: call("size", id("v"))}},
			Body:   []ast.Stmt{assign(c, bin(a, token.SLASH, b))},
		}, `associate (a => p%x, b => size(v))
  c = a/b
end associate
`},
		{"named associate", &ast.AssociateConstruct{
			StmtHeader: ast.StmtHeader{Line: cmt("! alias")},
			Name:       id("al"),
			Assocs:     []*ast.Association{{Name: a, Selector: bin(b, token.PLUS, c)}},
			Body: []ast.Stmt{&ast.AssociateConstruct{Assocs: []*ast.Association{{Name: d, Selector: bin(num("2"), token.STAR, a)}},
				Body: []ast.Stmt{&ast.IOStmt{Keyword: "print", Format: &ast.StarExpr{}, Items: []ast.Expr{d}}}}},
			End: ast.EndStmt{StmtHeader: ast.StmtHeader{Label: 30}},
		}, `al: associate (a => b + c) ! alias
  associate (d => 2*a)
    print *, d
  end associate
30 end associate al
`},
		{"do concurrent with mask", &ast.DoConstruct{
			Concurrent: []*ast.ForallSpec{{Var: i, Lo: num("1"), Hi: n}},
			Mask:       bin(call("a", i), token.GT, num("0")),
			Body:       []ast.Stmt{assign(call("a", i), call("sqrt", call("a", i)))},
		}, `do concurrent (i = 1:n, a(i) > 0)
  a(i) = sqrt(a(i))
end do
`},
		{"named do concurrent with mask", &ast.DoConstruct{
			Name:       id("g"),
			Concurrent: []*ast.ForallSpec{{Var: i, Lo: num("1"), Hi: n, Stride: num("2")}, {Var: j, Lo: num("1"), Hi: n}},
			Mask:       bin(bin(i, token.NE, j), token.AND, bin(call("a", i), token.GT, num("0"))),
			Body:       []ast.Stmt{assign(call("b", i, j), num("1"))},
		}, `g: do concurrent (i = 1:n:2, j = 1:n, i /= j .and. a(i) > 0)
  b(i, j) = 1
end do g
`},
		{"type-bound procedures", &ast.TypeDef{
			Name:       id("circle"),
			Extends:    id("shape"),
			Components: []*ast.TypeDecl{{Type: realT, Entities: []*ast.Entity{{Name: id("r"), Init: num("1.0")}}}},
			Contains:   &ast.StmtHeader{Line: cmt("! bindings")},
			Bindings: []*ast.TypeBoundProc{
				{Keyword: "procedure", DColon: true, Bindings: []*ast.Binding{{Name: id("area"), Targets: []*ast.Ident{id("circle_area")}}}},
				{Keyword: "procedure", Attrs: []*ast.Keyword{{Name: "pass(self)"}}, Bindings: []*ast.Binding{{Name: id("f")}}},
				{Keyword: "procedure", Interface: id("iface"), Attrs: []*ast.Keyword{{Name: "deferred"}}, DColon: true,
					Bindings: []*ast.Binding{{Name: id("g")}}},
				{Keyword: "procedure", Attrs: []*ast.Keyword{{Name: "NOPASS"}, {Name: "non_overridable"}}, Bindings: []*ast.Binding{
					{Name: id("h"), Targets: []*ast.Ident{id("h_impl")}}, {Name: id("k")}}},
				{StmtHeader: ast.StmtHeader{Doc: []*ast.Comment{cmt("! operators")}}, Keyword: "generic", Attrs: []*ast.Keyword{{Name: "public"}}, DColon: true,
					Bindings: []*ast.Binding{{Generic: &ast.GenericSpec{Kind: "operator", Op: "+"}, Targets: []*ast.Ident{id("add")}}}},
				{Keyword: "generic", Bindings: []*ast.Binding{{Generic: &ast.GenericSpec{Kind: "assignment", Op: "="}, Targets: []*ast.Ident{id("assign_c")}}}},
				{Keyword: "GENERIC", Bindings: []*ast.Binding{{Name: id("combine"), Targets: []*ast.Ident{id("add"), id("scale")}}}},
				{Keyword: "final", Bindings: []*ast.Binding{{Name: id("cleanup")}, {Name: id("cleanup_array")}}},
			},
			End: ast.EndStmt{StmtHeader: ast.StmtHeader{Line: cmt("! circle")}},
		}, `type, extends(shape) :: circle
  real :: r = 1.0
contains ! bindings
  procedure :: area => circle_area
  procedure, pass(self) :: f
  procedure(iface), deferred :: g
  procedure, nopass, non_overridable :: h => h_impl, k
  ! operators
  generic, public :: operator(+) => add
  generic :: assignment(=) => assign_c
  generic :: combine => add, scale
  final :: cleanup, cleanup_array
end type circle ! circle
`},
		{"procedure declaration", &ast.ProcDecl{Interface: id("residual"), Attrs: []*ast.Attr{{Kind: ast.AttrIntent, Intent: ast.IntentIn}, {Kind: ast.AttrOptional}},
			DColon: true, Entities: []*ast.Entity{{Name: id("f")}, {Name: id("g")}}}, "procedure(residual), intent(in), optional :: f, g\n"},
		{"procedure declaration without interface", &ast.ProcDecl{Entities: []*ast.Entity{{Name: id("h")}}}, "procedure() :: h\n"},
		{"import", &ast.ImportStmt{Names: []*ast.Ident{id("wp"), id("n")}}, "import :: wp, n\n"},
		{"bare import", &ast.ImportStmt{}, "import\n"},
		{"bindings without CONTAINS header", &ast.TypeDef{
			Name:     id("t"),
			Bindings: []*ast.TypeBoundProc{{Keyword: "procedure", Bindings: []*ast.Binding{{Name: id("p")}}}},
		}, `type :: t
contains
  procedure :: p
end type t
`},
		{"empty binding part", &ast.TypeDef{Name: id("t"), Contains: &ast.StmtHeader{},
			Components: []*ast.TypeDecl{{Type: &ast.TypeSpec{Kind: ast.Integer}, Entities: []*ast.Entity{{Name: n}}}}}, `type :: t
  integer :: n
contains
end type t
`},
		{"lone binding statement", &ast.TypeBoundProc{StmtHeader: ast.StmtHeader{Label: 5}, Keyword: "final", Bindings: []*ast.Binding{{Name: id("f")}}},
			"5 final :: f\n"},
	}
	for _, tt := range tests {
		if got := stmtString(t, &Config{}, tt.s); got != tt.want {
			t.Errorf("%s: got\n%s\nwant\n%s", tt.name, got, tt.want)
		}
	}

	// A long ASSOCIATE header is broken after a comma.
	var assocs []*ast.Association
	for k := 1; k <= 12; k++ {
		assocs = append(assocs, &ast.Association{Name: id("alias_" + itoa(k)), Selector: call("some_array", num(itoa(k)))})
	}
	got := stmtString(t, &Config{}, &ast.AssociateConstruct{Assocs: assocs, Body: []ast.Stmt{assign(a, id("alias_1"))}})
	checkLines(t, got, 132)
	if !strings.HasPrefix(got, "associate (alias_1 => some_array(1), ") || !strings.Contains(got, ", &\n    alias_") ||
		!strings.HasSuffix(got, "some_array(12))\n  a = alias_1\nend associate\n") {
		t.Errorf("long ASSOCIATE:\n%s", got)
	}
}

func TestNewConstructErrors(t *testing.T) {
	tests := []struct {
		name string
		s    ast.Node
	}{
		{"associate without associations", &ast.AssociateConstruct{}},
		{"nil association", &ast.AssociateConstruct{Assocs: []*ast.Association{nil}}},
		{"association without selector", &ast.AssociateConstruct{Assocs: []*ast.Association{{Name: a}}}},
		{"mask without concurrent", &ast.DoConstruct{Mask: a}},
		{"binding without keyword", &ast.TypeBoundProc{Bindings: []*ast.Binding{{Name: a}}}},
		{"unknown keyword", &ast.TypeBoundProc{Keyword: "method", Bindings: []*ast.Binding{{Name: a}}}},
		{"no bindings", &ast.TypeBoundProc{Keyword: "procedure"}},
		{"nil binding", &ast.TypeBoundProc{Keyword: "procedure", Bindings: []*ast.Binding{nil}}},
		{"generic without targets", &ast.TypeBoundProc{Keyword: "generic", Bindings: []*ast.Binding{{Name: a}}}},
		{"final with targets", &ast.TypeBoundProc{Keyword: "final", Bindings: []*ast.Binding{{Name: a, Targets: []*ast.Ident{b}}}}},
		{"procedure with two targets", &ast.TypeBoundProc{Keyword: "procedure", Bindings: []*ast.Binding{{Name: a, Targets: []*ast.Ident{b, c}}}}},
		{"generic spec in procedure", &ast.TypeBoundProc{Keyword: "procedure", Bindings: []*ast.Binding{{Generic: &ast.GenericSpec{Kind: "operator", Op: "+"}, Targets: []*ast.Ident{b}}}}},
		{"interface on final", &ast.TypeBoundProc{Keyword: "final", Interface: a, Bindings: []*ast.Binding{{Name: b}}}},
		{"nil binding statement", &ast.TypeDef{Name: a, Bindings: []*ast.TypeBoundProc{nil}}},
		{"typed nil binding statement", (*ast.TypeBoundProc)(nil)},
		{"nil block", (*ast.BlockConstruct)(nil)},
		{"nil associate", (*ast.AssociateConstruct)(nil)},
		{"block as IF action", &ast.IfStmt{Cond: a, Action: &ast.BlockConstruct{}}},
		{"binding as IF action", &ast.IfStmt{Cond: a, Action: &ast.TypeBoundProc{Keyword: "final", Bindings: []*ast.Binding{{Name: b}}}}},
	}
	for _, tt := range tests {
		var buf bytes.Buffer
		if err := Node(&buf, tt.s); err == nil {
			t.Errorf("%s: no error, printed\n%s", tt.name, buf.String())
		}
	}
}

// TestGeneratedConstructs prints a program using the constructs above,
// built by hand, checks that it prints the same after a round trip
// through the parser and that gfortran accepts it.
func TestGeneratedConstructs(t *testing.T) {
	i, n, x, v, s := id("i"), id("n"), id("x"), id("v"), id("self")
	realT := &ast.TypeSpec{Kind: ast.Real}
	intT := &ast.TypeSpec{Kind: ast.Integer}
	classT := &ast.TypeSpec{Kind: ast.Class, Name: id("vec")}
	typeT := &ast.TypeSpec{Kind: ast.Derived, Name: id("vec")}
	inArg := []*ast.Attr{{Kind: ast.AttrIntent, Intent: ast.IntentIn}}
	decl := func(ts *ast.TypeSpec, attrs []*ast.Attr, names ...*ast.Ident) *ast.TypeDecl {
		d := &ast.TypeDecl{Type: ts, Attrs: attrs}
		for _, nm := range names {
			d.Entities = append(d.Entities, &ast.Entity{Name: nm})
		}
		return d
	}
	sel := func(x ast.Expr, name string) ast.Expr { return &ast.SelectorExpr{X: x, Sel: id(name)} }
	norm := &ast.Unit{Kind: ast.FunctionUnit, Type: realT, Name: id("vec_norm"), Args: []*ast.Ident{s},
		Decls: []ast.Stmt{decl(classT, inArg, s)},
		Body:  []ast.Stmt{&ast.AssignStmt{Lhs: id("vec_norm"), Rhs: call("sqrt", bin(bin(sel(s, "x"), token.POW, num("2")), token.PLUS, bin(sel(s, "y"), token.POW, num("2"))))}}}
	add := &ast.Unit{Kind: ast.FunctionUnit, Type: typeT, Name: id("vec_add"), Args: []*ast.Ident{a, b},
		Decls: []ast.Stmt{decl(classT, inArg, a, b)},
		Body:  []ast.Stmt{&ast.AssignStmt{Lhs: id("vec_add"), Rhs: call("vec", bin(sel(a, "x"), token.PLUS, sel(b, "x")), bin(sel(a, "y"), token.PLUS, sel(b, "y")))}}}
	fin := &ast.Unit{Kind: ast.SubroutineUnit, Name: id("vec_final"), Args: []*ast.Ident{s},
		Decls: []ast.Stmt{decl(typeT, []*ast.Attr{{Kind: ast.AttrIntent, Intent: ast.IntentInOut}}, s)},
		Body:  []ast.Stmt{&ast.AssignStmt{Lhs: sel(s, "x"), Rhs: num("0.0")}}}
	mod := &ast.Unit{Kind: ast.ModuleUnit, Name: id("vectors"),
		Decls: []ast.Stmt{
			&ast.ImplicitStmt{None: true},
			&ast.TypeDef{Name: id("vec"),
				Components: []*ast.TypeDecl{{Type: realT, Entities: []*ast.Entity{{Name: id("x"), Init: num("0.0")}, {Name: id("y"), Init: num("0.0")}}}},
				Contains:   &ast.StmtHeader{},
				Bindings: []*ast.TypeBoundProc{
					{Keyword: "procedure", Attrs: []*ast.Keyword{{Name: "pass(self)"}}, Bindings: []*ast.Binding{{Name: id("norm"), Targets: []*ast.Ident{id("vec_norm")}}}},
					{Keyword: "procedure", Attrs: []*ast.Keyword{{Name: "private"}}, Bindings: []*ast.Binding{{Name: id("vec_add")}}},
					{Keyword: "generic", Attrs: []*ast.Keyword{{Name: "public"}}, Bindings: []*ast.Binding{{Generic: &ast.GenericSpec{Kind: "operator", Op: "+"}, Targets: []*ast.Ident{id("vec_add")}}}},
					{Keyword: "final", Bindings: []*ast.Binding{{Name: id("vec_final")}}},
				}},
		},
		Contains: &ast.StmtHeader{},
		Procs:    []*ast.Unit{norm, add, fin},
	}
	prog := &ast.Unit{Kind: ast.ProgramUnit, Name: id("generated_constructs"),
		Decls: []ast.Stmt{
			&ast.UseStmt{Module: id("vectors")},
			&ast.ImplicitStmt{None: true},
			&ast.TypeDecl{Type: intT, Attrs: []*ast.Attr{{Kind: ast.AttrParameter}}, Entities: []*ast.Entity{{Name: n, Init: num("5")}}},
			decl(intT, nil, i),
			&ast.TypeDecl{Type: realT, Entities: []*ast.Entity{{Name: x, Dims: []*ast.Dim{{Hi: n}}}}},
			decl(typeT, nil, v),
		},
		Body: []ast.Stmt{
			&ast.AssignStmt{Lhs: x, Rhs: &ast.ArrayConstructor{Brackets: true, Items: []ast.Expr{&ast.ImpliedDo{Items: []ast.Expr{call("real", bin(i, token.MINUS, num("3")))}, Var: i, Start: num("1"), Stop: n}}}},
			&ast.DoConstruct{Name: id("pos"), Concurrent: []*ast.ForallSpec{{Var: i, Lo: num("1"), Hi: n}}, Mask: bin(call("x", i), token.GT, num("0.0")),
				Body: []ast.Stmt{&ast.AssignStmt{Lhs: call("x", i), Rhs: call("sqrt", call("x", i))}}},
			&ast.BlockConstruct{Name: id("scratch"),
				Decls: []ast.Stmt{&ast.TypeDecl{Type: realT, Entities: []*ast.Entity{{Name: id("t"), Dims: []*ast.Dim{{Hi: n}}}}}},
				Body: []ast.Stmt{
					&ast.AssignStmt{Lhs: id("t"), Rhs: bin(num("2.0"), token.STAR, x)},
					&ast.IfStmt{Cond: bin(call("sum", id("t")), token.LT, num("0.0")), Action: &ast.ExitStmt{Construct: id("scratch")}},
					&ast.IOStmt{Keyword: "print", Format: &ast.StarExpr{}, Items: []ast.Expr{call("sum", id("t"))}},
				}},
			&ast.AssignStmt{Lhs: v, Rhs: bin(call("vec", num("3.0"), num("4.0")), token.PLUS, call("vec", num("1.0"), num("1.0")))},
			&ast.AssociateConstruct{Name: id("al"), Assocs: []*ast.Association{{Name: id("len"), Selector: &ast.CallExpr{Fun: sel(v, "norm")}}, {Name: id("first"), Selector: call("x", num("1"))}},
				Body: []ast.Stmt{&ast.IOStmt{Keyword: "print", Format: &ast.StarExpr{}, Items: []ast.Expr{id("len"), id("first")}}}},
		},
	}
	var buf bytes.Buffer
	if err := Fprint(&buf, &ast.File{Units: []*ast.Unit{mod, prog}}); err != nil {
		t.Fatal(err)
	}
	out := buf.Bytes()
	checkLines(t, string(out), 132)
	checkIdempotent(t, "generated_constructs.f90", out)
	for _, want := range []string{
		"  contains\n    procedure, pass(self) :: norm => vec_norm\n",
		"    generic, public :: operator(+) => vec_add\n    final :: vec_final\n  end type vec\n",
		"  pos: do concurrent (i = 1:n, x(i) > 0.0)\n",
		"  scratch: block\n    real :: t(n)\n",
		"  end block scratch\n",
		"  al: associate (len => v%norm(), first => x(1))\n    print *, len, first\n  end associate al\n",
	} {
		if !bytes.Contains(out, []byte(want)) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if _, err := exec.LookPath("gfortran"); err != nil {
		t.Skip("gfortran not found")
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "gen.f90"), out, 0o644); err != nil {
		t.Fatal(err)
	}
	runGfortran(t, dir, "-fsyntax-only", "gen.f90")
}

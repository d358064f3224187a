package parser

import (
	_ "strings"
	"testing"

	"github.com/fadj-dev/fadj/generator/diag"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/source"
)

func parse(t testing.TB, name, src string) (*ast.File, error) {
	t.Helper()
	return ParseFile(source.NewFileSet(), name, []byte(src), Config{})
}

func firstErr(err error) string {
	if err == nil {
		return ""
	}
	l := append(diag.List(nil), err.(diag.List)...)
	l.Sort()
	return l[0].Error()
}

var exprTests = []struct{ src, want string }{
	{"a", "a"},
	{"1", "1"},
	{"1.5d0", "1.5d0"},
	{"2.5_dp", "2.5_dp"},
	{"'it''s'", "'it''s'"},
	{".true.", ".true."},
	{"z'ff'", "z'ff'"},
	{"a + b * c", "(+ a (* b c))"},
	{"a - b - c", "(- (- a b) c)"},
	{"a / b / c", "(/ (/ a b) c)"},
	{"a ** b ** c", "(** a (** b c))"},
	{"-a**2", "(- (** a 2))"},
	{"-a*b", "(- (* a b))"},
	{"-a + b", "(+ (- a) b)"},
	{"+a", "(+ a)"},
	{"a * -b", "(* a (- b))"},
	{"a ** -2", "(** a (- 2))"},
	{"2.0 ** -1 * 4.0", "(* (** 2.0 (- 1)) 4.0)"},
	{"a * -b ** 2", "(* a (- (** b 2)))"},
	{"a - -b", "(- a (- b))"},
	{"a .and. b .or. c", "(.or. (.and. a b) c)"},
	{"a .or. b .and. c", "(.or. a (.and. b c))"},
	{".not. a .and. b", "(.and. (.not. a) b)"},
	{".not. a == b", "(.not. (== a b))"},
	{"a .eqv. b .neqv. c", "(.neqv. (.eqv. a b) c)"},
	{"a < b .and. c >= d", "(.and. (< a b) (>= c d))"},
	{"a .lt. b", "(< a b)"},
	{"a // b // c", "(// (// a b) c)"},
	{"a // b == c", "(== (// a b) c)"},
	{"a + b == c * d", "(== (+ a b) (* c d))"},
	{"x .myop. y + 1", "(.myop. x (+ y 1))"},
	{".inv. x + 1", "(+ (.inv. x) 1)"},
	{"(a + b) * c", "(* (paren (+ a b)) c)"},
	{"(1.0, 2.0)", "(cmplx 1.0 2.0)"},
	{"(-1.0, 2.5_dp)", "(cmplx (- 1.0) 2.5_dp)"},
	{"(/ 1, 2, 3 /)", "(/ 1 2 3 /)"},
	{"(/ a/b, c /)", "(/ (/ a b) c /)"},
	{"(/ (i*i, i=1,5) /)", "(/ (impl ((* i i)) i 1 5) /)"},
	{"[1, 2, 3]", "[ 1 2 3]"},
	{"[real(8) :: 1, 2]", "[real(8) :: 1 2]"},
	{"[character(len=3) :: 'a', 'bcd']", "[character(len=3) :: 'a' 'bcd']"},
	{"[integer ::]", "[integer ::]"},
	{"[(real(i), i = 1, n, 2)]", "[ (impl (real(i)) i 1 n 2)]"},
	{"[((a(i,j), i=1,n), j=1,m)]", "[ (impl ((impl (a(i j)) i 1 n)) j 1 m)]"},
	{"f(x, dim=1)", "f(x dim=1)"},
	{"f()", "f()"},
	{"a%b%c(1)%d", "a%b%c(1)%d"},
	{"a(i)%b", "a(i)%b"},
	{"s(i:j)", "s((: i j))"},
	{"a(k)(1:3)", "a(k)((: 1 3))"},
	{"x(:)", "x((: _ _))"},
	{"x(::2)", "x((: _ _ 2))"},
	{"x(2:)", "x((: 2 _))"},
	{"x(:n)", "x((: _ n))"},
	{"a(2:n:2, j)", "a((: 2 n 2) j)"},
	{"a(1::2)", "a((: 1 _ 2))"},
	{"'abcdefgh'(3:5)", "'abcdefgh'((: 3 5))"},
	{"10 + x", "(+ 10 x)"},
	{"a .and. .not. b", "(.and. a (.not. b))"},
}

func TestParseExpr(t *testing.T) {
	for _, tt := range exprTests {
		x, err := ParseExpr(tt.src)
		if err != nil {
			t.Errorf("%q: %v", tt.src, err)
			continue
		}
		if got := dumpExpr(x); got != tt.want {
			t.Errorf("%q:\n got %s\nwant %s", tt.src, got, tt.want)
		}
	}
}

func TestParseExprErrors(t *testing.T) {
	for _, tt := range []struct{ src, want string }{
		{"", "<expr>:1:1: expected expression, found end of input"},
		{"a +", "<expr>:1:4: expected expression, found end of statement"},
		{"(a, b, c)", "<expr>:1:9: expected implied DO control (var = start, stop) before ')'"},
		{"f(a", "<expr>:1:4: expected ')', found end of statement"},
		{"a b", "<expr>:1:3: expected end of expression, found 'b'"},
		{"[1, 2", "<expr>:1:6: expected ']', found end of statement"},
	} {
		_, err := ParseExpr(tt.src)
		if got := firstErr(err); got != tt.want {
			src := tt.src
			if len(src) > 200 {
				src = src[:200] + "..."
			}
			t.Errorf("%q:\n got %s\nwant %s", src, got, tt.want)
		}
	}
}

func stmtsOf(t *testing.T, src string) string {
	t.Helper()
	f, err := parse(t, "x.f90", "program t\n"+src+"\nend program t\n")
	if err != nil {
		t.Errorf("%q: %v", src, err)
		return ""
	}
	if len(f.Units) != 1 {
		t.Errorf("%q: %d units", src, len(f.Units))
		return ""
	}
	u := f.Units[0]
	return dumpStmts(append(append([]ast.Stmt(nil), u.Decls...), u.Body...))
}

func TestStmts(t *testing.T) {
	for _, tt := range stmtTests {
		if got := stmtsOf(t, tt.src); got != tt.want {
			t.Errorf("%q:\n got %s\nwant %s", tt.src, got, tt.want)
		}
	}
}

func TestFiles(t *testing.T) {
	for _, tt := range fileTests {
		f, err := parse(t, tt.name, tt.src)
		if err != nil {
			t.Errorf("%q: %v", tt.src, err)
			continue
		}
		if got := dumpFile(f); got != tt.want {
			t.Errorf("%q:\n got %s\nwant %s", tt.src, got, tt.want)
		}
	}
}

func TestErrors(t *testing.T) {
	if len(errorTests) < 40 {
		t.Fatalf("only %d error tests", len(errorTests))
	}
	for _, tt := range errorTests {
		_, err := parse(t, tt.name, tt.src)
		if got := firstErr(err); got != tt.want {
			src := tt.src
			if len(src) > 200 {
				src = src[:200] + "..."
			}
			t.Errorf("%q:\n got %s\nwant %s", src, got, tt.want)
		}
	}
}

func TestCommentsAndHeaders(t *testing.T) {
	src := `! file doc
program p

  ! before x
  x = 1 ! after x
  if (x > 0) then ! then
    y = 1
  ! before else
  else
    y = 2
  end if ! endif
  do 10 i = 1, 3
10 y = y + i
  ! trailing
end program p
! after all
`
	fset := source.NewFileSet()
	f, err := ParseFile(fset, "x.f90", []byte(src), Config{})
	if err != nil {
		t.Fatal(err)
	}
	u := f.Units[0]
	if len(u.Doc) != 1 || u.Doc[0].Text != "! file doc" {
		t.Errorf("unit doc = %v", u.Doc)
	}
	if fset.Position(u.Start).String() != "x.f90:2:1" {
		t.Errorf("unit start %v", fset.Position(u.Start))
	}
	as := u.Body[0].(*ast.AssignStmt)
	if len(as.Doc) != 1 || as.Doc[0].Text != "! before x" || !as.BlankBefore || as.Line == nil || as.Line.Text != "! after x" {
		t.Errorf("assign header = %+v", as.StmtHeader)
	}
	ic := u.Body[1].(*ast.IfConstruct)
	if ic.Line == nil || ic.Line.Text != "! then" || ic.Branches[0].Head.Line != ic.Line {
		t.Errorf("if header = %+v", ic.StmtHeader)
	}
	if len(ic.Branches) != 2 || len(ic.Branches[1].Head.Doc) != 1 || ic.Branches[1].Head.Doc[0].Text != "! before else" {
		t.Errorf("else head = %+v", ic.Branches[1].Head)
	}
	if ic.End.Line == nil || ic.End.Line.Text != "! endif" || ic.End.Keyword != "if" || fset.Position(ic.End.Start).String() != "x.f90:11:3" {
		t.Errorf("end if = %+v", ic.End)
	}
	do := u.Body[2].(*ast.DoConstruct)
	if do.TermLabel != 10 || do.End.Start.IsValid() || len(do.Body) != 1 {
		t.Errorf("labelled do = %+v", do)
	}
	if h := do.Body[0].Header(); h.Label != 10 || fset.Position(h.LabelPos).String() != "x.f90:13:1" || fset.Position(h.Start).String() != "x.f90:13:4" {
		t.Errorf("terminal statement header = %+v", h)
	}
	if len(u.End.Doc) != 1 || u.End.Doc[0].Text != "! trailing" || u.End.Name == nil || u.End.Name.Name != "p" {
		t.Errorf("end program = %+v", u.End)
	}
	if len(f.Trailing) != 1 || f.Trailing[0].Text != "! after all" {
		t.Errorf("trailing = %v", f.Trailing)
	}
	if f.Form != ast.FreeForm || f.Name != "x.f90" {
		t.Errorf("file = %s %v", f.Name, f.Form)
	}
}

func TestMainWithoutProgram(t *testing.T) {
	fset := source.NewFileSet()
	f, err := ParseFile(fset, "x.f", []byte("C hello\n      X = 1\n      IF (X .GT. 0) Y = 2\n      END\n"), Config{})
	if err != nil {
		t.Fatal(err)
	}
	u := f.Units[0]
	if u.Start.IsValid() || u.Name != nil || u.Kind != ast.ProgramUnit {
		t.Errorf("main = %+v", u.StmtHeader)
	}
	if fset.Position(u.Pos()).String() != "x.f:2:7" {
		t.Errorf("main pos %v", fset.Position(u.Pos()))
	}
	is := u.Body[1].(*ast.IfStmt)
	if fset.Position(is.Action.Header().Start).String() != "x.f:3:21" {
		t.Errorf("action start %v", fset.Position(is.Action.Header().Start))
	}
	if len(u.Body[0].Header().Doc) != 1 || u.Body[0].Header().Doc[0].Text != "! hello" {
		t.Errorf("doc %v", u.Body[0].Header().Doc)
	}
}

func TestFormOf(t *testing.T) {
	for name, want := range map[string]ast.SourceForm{
		"a.f": ast.FixedForm, "a.for": ast.FixedForm, "a.f77": ast.FixedForm, "a.ftn": ast.FixedForm,
		"a.F": ast.FixedForm, "a.FOR": ast.FixedForm, "a.F77": ast.FixedForm, "a.FTN": ast.FixedForm,
		"a.f90": ast.FreeForm, "a.f95": ast.FreeForm, "a.f03": ast.FreeForm, "a.f08": ast.FreeForm,
		"a.F90": ast.FreeForm, "a.F95": ast.FreeForm, "a.F03": ast.FreeForm, "a.F08": ast.FreeForm,
		"a": ast.FreeForm, "a.txt": ast.FreeForm, "dir.f/a.f90": ast.FreeForm,
	} {
		if got := FormOf(name); got != want {
			t.Errorf("FormOf(%q) = %v, want %v", name, got, want)
		}
	}
	fixed := ast.FixedForm
	f, err := ParseFile(source.NewFileSet(), "a.f90", []byte("      X = 1\n      END\n"), Config{Form: &fixed})
	if err != nil || f.Form != ast.FixedForm {
		t.Errorf("Config.Form: %v %v", f.Form, err)
	}
}

func TestInclude(t *testing.T) {
	cfg := Config{
		Include: func(name string, pos source.Position) (string, []byte, error) {
			return name, []byte("real :: y\n"), nil
		},
		Defines: map[string]string{"N": "3"},
	}
	f, err := ParseFile(source.NewFileSet(), "x.F90", []byte("program p\ninclude 'y.inc'\nx = N\nend\n"), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if got := dumpFile(f); got != "(program p decls{(decl real :: y)} body{(= x 3)} end)" {
		t.Errorf("got %s", got)
	}
}

package printer

import (
	"bytes"
	"context"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/parser"
	"github.com/fadj-dev/fadj/generator/fortran/token"
	"github.com/fadj-dev/fadj/generator/source"
)

var update = flag.Bool("update", false, "update golden files")

// parsePrint parses src (its form taken from the name) and prints it.
func parsePrint(t *testing.T, name string, src []byte) []byte {
	t.Helper()
	f, err := parser.ParseFile(source.NewFileSet(), name, src, parser.Config{})
	if err != nil {
		t.Fatalf("parse %s: %v", name, err)
	}
	var buf bytes.Buffer
	if err := Fprint(&buf, f); err != nil {
		t.Fatalf("print %s: %v", name, err)
	}
	return buf.Bytes()
}

// checkIdempotent parses the printed text out again as free form and
// checks that it prints the same.
func checkIdempotent(t *testing.T, name string, out []byte) {
	t.Helper()
	again := parsePrint(t, name+".reprint.f90", out)
	if !bytes.Equal(again, out) {
		t.Errorf("not idempotent: printing the output again gives a difference at\n%s", firstDiff(out, again))
	}
}

func checkLineLength(t *testing.T, out []byte) {
	t.Helper()
	for i, l := range bytes.Split(out, []byte("\n")) {
		if len(l) > 132 {
			t.Errorf("line %d has %d characters", i+1, len(l))
		}
	}
}

// firstDiff shows the first differing line of a and b.
func firstDiff(a, b []byte) string {
	al := strings.Split(string(a), "\n")
	bl := strings.Split(string(b), "\n")
	for i := 0; i < len(al) || i < len(bl); i++ {
		var x, y string
		if i < len(al) {
			x = al[i]
		}
		if i < len(bl) {
			y = bl[i]
		}
		if x != y || i >= len(al) || i >= len(bl) {
			return "line " + itoa(i+1) + ":\n  want: " + x + "\n  got:  " + y
		}
	}
	return "(none)"
}

func isFixed(name string) bool { return parser.FormOf(name) == ast.FixedForm }

// gfortranArgs returns the flags for compiling the free-form print of name.
func gfortranArgs(name string) []string {
	if isFixed(name) {
		return []string{"-std=legacy", "-ffree-form"}
	}
	return []string{"-ffree-form"}
}

func runGfortran(t *testing.T, dir string, args ...string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "gfortran", args...)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("gfortran %s: %v\n%s", strings.Join(args, " "), err, out)
	}
}

func TestGolden(t *testing.T) {
	var inputs []string
	for _, pat := range []string{"testdata/*.f", "testdata/*.f90"} {
		m, err := filepath.Glob(pat)
		if err != nil {
			t.Fatal(err)
		}
		inputs = append(inputs, m...)
	}
	if len(inputs) == 0 {
		t.Fatal("no inputs in testdata")
	}
	_, errGfortran := exec.LookPath("gfortran")
	for _, in := range inputs {
		in := in
		base := filepath.Base(in)
		t.Run(base, func(t *testing.T) {
			t.Parallel()
			src, err := os.ReadFile(in)
			if err != nil {
				t.Fatal(err)
			}
			out := parsePrint(t, in, src)
			golden := strings.TrimSuffix(in, filepath.Ext(in)) + ".golden"
			if *update {
				if err := os.WriteFile(golden, out, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test -update to create it)", err)
			}
			if !bytes.Equal(out, want) {
				t.Errorf("output differs from %s at\n%s", golden, firstDiff(want, out))
			}
			checkLineLength(t, out)
			checkIdempotent(t, base, out)
			if errGfortran != nil {
				t.Skip("gfortran not found")
			}
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, "golden.f90"), want, 0o644); err != nil {
				t.Fatal(err)
			}
			args := append(gfortranArgs(in), "-fsyntax-only", "golden.f90")
			runGfortran(t, dir, args...)
		})
	}
}

// TestCorpusRoundTrip parses every program of the corpus, prints it as
// free form, checks that printing is idempotent, then compiles and runs
// the printed program and compares its output with the expected one.
func TestCorpusRoundTrip(t *testing.T) {
	dir := filepath.Join("..", "testdata", "corpus")
	var files []string
	for _, pat := range []string{"*.f", "*.f90", "*.f03", "*.f08"} {
		m, err := filepath.Glob(filepath.Join(dir, pat))
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, m...)
	}
	if len(files) == 0 {
		t.Skip("no corpus files")
	}
	_, errGfortran := exec.LookPath("gfortran")
	for _, file := range files {
		file := file
		base := filepath.Base(file)
		t.Run(base, func(t *testing.T) {
			t.Parallel()
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			f, err := parser.ParseFile(source.NewFileSet(), file, src, parser.Config{})
			if err != nil {
				if strings.Contains(err.Error(), "not supported") {
					t.Skipf("parser: %v", err)
				}
				t.Fatalf("parse: %v", err)
			}
			var buf bytes.Buffer
			if err := Fprint(&buf, f); err != nil {
				t.Fatalf("print: %v", err)
			}
			out := buf.Bytes()
			checkLineLength(t, out)
			checkIdempotent(t, base, out)
			if errGfortran != nil {
				t.Skip("gfortran not found")
			}
			want, err := os.ReadFile(strings.TrimSuffix(file, filepath.Ext(file)) + ".out")
			if err != nil {
				t.Fatal(err)
			}
			tmp := t.TempDir()
			prog := filepath.Join(tmp, "prog")
			if err := os.WriteFile(filepath.Join(tmp, "prog.f90"), out, 0o644); err != nil {
				t.Fatal(err)
			}
			args := append([]string{"-O0"}, gfortranArgs(base)...)
			runGfortran(t, tmp, append(args, "prog.f90", "-o", prog)...)
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			cmd := exec.CommandContext(ctx, prog)
			cmd.Dir = tmp
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			if err := cmd.Run(); err != nil {
				t.Fatalf("run: %v\n%s", err, stderr.Bytes())
			}
			if !bytes.Equal(stdout.Bytes(), want) {
				t.Errorf("output differs at\n%s", firstDiff(want, stdout.Bytes()))
			}
		})
	}
}

func TestParenthesisation(t *testing.T) {
	add := func(x, y ast.Expr) ast.Expr { return bin(x, token.PLUS, y) }
	sub := func(x, y ast.Expr) ast.Expr { return bin(x, token.MINUS, y) }
	mul := func(x, y ast.Expr) ast.Expr { return bin(x, token.STAR, y) }
	div := func(x, y ast.Expr) ast.Expr { return bin(x, token.SLASH, y) }
	pow := func(x, y ast.Expr) ast.Expr { return bin(x, token.POW, y) }
	neg := func(x ast.Expr) ast.Expr { return un(token.MINUS, x) }
	not := func(x ast.Expr) ast.Expr { return un(token.NOT, x) }
	and := func(x, y ast.Expr) ast.Expr { return bin(x, token.AND, y) }
	or := func(x, y ast.Expr) ast.Expr { return bin(x, token.OR, y) }
	eq := func(x, y ast.Expr) ast.Expr { return bin(x, token.EQ, y) }
	lt := func(x, y ast.Expr) ast.Expr { return bin(x, token.LT, y) }
	cat := func(x, y ast.Expr) ast.Expr { return bin(x, token.CONCAT, y) }
	eqv := func(x, y ast.Expr) ast.Expr { return bin(x, token.EQV, y) }
	defb := func(x, y ast.Expr) ast.Expr { return &ast.BinaryExpr{X: x, Op: token.DEFOP, OpLit: ".cross.", Y: y} }
	defu := func(x ast.Expr) ast.Expr { return &ast.UnaryExpr{Op: token.DEFOP, OpLit: ".neg.", X: x} }

	tests := []struct {
		x    ast.Expr
		want string
	}{
		{add(a, b), "a + b"},
		{add(a, mul(b, c)), "a + b*c"},
		{mul(add(a, b), c), "(a + b)*c"},
		{mul(c, add(a, b)), "c*(a + b)"},
		{add(add(a, b), c), "a + b + c"},
		{add(a, add(b, c)), "a + (b + c)"},
		{sub(sub(a, b), c), "a - b - c"},
		{sub(a, sub(b, c)), "a - (b - c)"},
		{sub(a, add(b, c)), "a - (b + c)"},
		{mul(mul(a, b), c), "a*b*c"},
		{mul(a, mul(b, c)), "a*(b*c)"},
		{div(a, mul(b, c)), "a/(b*c)"},
		{div(mul(a, b), c), "a*b/c"},
		{div(a, div(b, c)), "a/(b/c)"},
		{pow(a, pow(b, c)), "a**b**c"},
		{pow(pow(a, b), c), "(a**b)**c"},
		{pow(neg(a), num("2")), "(-a)**2"},
		{neg(pow(a, num("2"))), "-a**2"},
		{pow(a, neg(b)), "a**(-b)"},
		{pow(a, mul(b, c)), "a**(b*c)"},
		{mul(pow(a, b), c), "a**b*c"},
		{mul(a, pow(b, c)), "a*b**c"},
		{neg(a), "-a"},
		{neg(add(a, b)), "-(a + b)"},
		{neg(mul(a, b)), "-a*b"},
		{neg(neg(a)), "-(-a)"},
		{add(neg(a), b), "-a + b"},
		{mul(neg(a), b), "(-a)*b"},
		{mul(a, neg(b)), "a*(-b)"},
		{sub(a, neg(b)), "a - (-b)"},
		{add(a, neg(b)), "a + (-b)"},
		{div(a, neg(b)), "a/(-b)"},
		{mul(a, num("-2.0")), "a*(-2.0)"},
		{pow(num("-2"), a), "(-2)**a"},
		{neg(num("-1")), "-(-1)"},
		{eq(a, neg(b)), "a == -b"},
		{eq(neg(a), b), "-a == b"},
		{lt(add(a, b), mul(c, d)), "a + b < c*d"},
		{eq(lt(a, b), c), "(a < b) == c"},
		{eq(a, lt(b, c)), "a == (b < c)"},
		{and(lt(a, b), lt(c, d)), "a < b .and. c < d"},
		{or(and(a, b), c), "a .and. b .or. c"},
		{and(or(a, b), c), "(a .or. b) .and. c"},
		{and(a, or(b, c)), "a .and. (b .or. c)"},
		{or(a, or(b, c)), "a .or. (b .or. c)"},
		{not(a), ".not. a"},
		{not(and(a, b)), ".not. (a .and. b)"},
		{not(not(a)), ".not. (.not. a)"},
		{not(eq(a, b)), ".not. a == b"},
		{and(not(a), not(b)), ".not. a .and. .not. b"},
		{eq(not(a), b), "(.not. a) == b"},
		{eqv(or(a, b), and(c, d)), "a .or. b .eqv. c .and. d"},
		{and(eqv(a, b), c), "(a .eqv. b) .and. c"},
		{cat(cat(a, b), c), "a // b // c"},
		{cat(a, cat(b, c)), "a // (b // c)"},
		{eq(cat(a, b), c), "a // b == c"},
		{cat(add(a, b), c), "a + b // c"},
		{mul(cat(a, b), c), "(a // b)*c"},
		{defb(a, add(b, c)), "a .cross. b + c"},
		{add(defb(a, b), c), "(a .cross. b) + c"},
		{defb(defb(a, b), c), "a .cross. b .cross. c"},
		{defb(a, defb(b, c)), "a .cross. (b .cross. c)"},
		{defu(a), ".neg. a"},
		{defu(add(a, b)), ".neg. (a + b)"},
		{defu(call("f", a)), ".neg. f(a)"},
		{defu(defu(a)), ".neg. (.neg. a)"},
		{pow(defu(a), b), ".neg. a**b"},
		{mul(a, defu(b)), "a*.neg. b"},
		// parentheses written in the tree are kept, none are doubled
		{mul(paren(add(a, b)), c), "(a + b)*c"},
		{paren(paren(a)), "((a))"},
		{add(a, paren(mul(b, c))), "a + (b*c)"},
		{neg(paren(a)), "-(a)"},
		// OpLit spelling
		{&ast.BinaryExpr{X: a, Op: token.EQ, OpLit: ".EQ.", Y: b}, "a .EQ. b"},
		{&ast.BinaryExpr{X: a, Op: token.AND, OpLit: ".AND.", Y: &ast.UnaryExpr{Op: token.NOT, OpLit: ".NOT.", X: b}}, "a .AND. .NOT. b"},
		// primaries
		{call("f", add(a, b), neg(c)), "f(a + b, -c)"},
		{&ast.SelectorExpr{X: call("p", num("1")), Sel: id("x")}, "p(1)%x"},
		{&ast.CallExpr{Fun: &ast.SelectorExpr{X: a, Sel: b}, Args: []ast.Expr{&ast.RangeExpr{}}}, "a%b(:)"},
		{&ast.CallExpr{Fun: call("s", num("1")), Args: []ast.Expr{&ast.RangeExpr{Lo: num("2"), Hi: num("4")}}}, "s(1)(2:4)"},
		{call("a", &ast.RangeExpr{Stride: num("2")}), "a(::2)"},
		{call("a", &ast.RangeExpr{Lo: add(a, num("1"))}, &ast.RangeExpr{Hi: b, Stride: neg(num("1"))}), "a(a + 1:, :b:-1)"},
		{call("f", &ast.KeywordArg{Name: id("kind"), Value: id("dp")}), "f(kind=dp)"},
		{call("sub", a, &ast.StarExpr{Label: 10}), "sub(a, *10)"},
		{&ast.ComplexLit{Re: num("1.0"), Im: neg(num("2.0"))}, "(1.0, -2.0)"},
		{&ast.ArrayConstructor{Items: []ast.Expr{num("1"), num("2")}}, "(/ 1, 2 /)"},
		{&ast.ArrayConstructor{Brackets: true, Items: []ast.Expr{num("1"), num("2")}}, "[1, 2]"},
		{&ast.ArrayConstructor{Brackets: true, Type: &ast.TypeSpec{Kind: ast.Real, KindSel: num("8")}}, "[real(8) ::]"},
		{&ast.ArrayConstructor{Type: &ast.TypeSpec{Kind: ast.Derived, Name: id("pt")}, Items: []ast.Expr{a}}, "(/ pt :: a /)"},
		{&ast.ArrayConstructor{Brackets: true, Items: []ast.Expr{&ast.ImpliedDo{Items: []ast.Expr{mul(id("i"), num("2"))}, Var: id("i"), Start: num("1"), Stop: id("n"), Step: num("2")}}}, "[(i*2, i = 1, n, 2)]"},
	}
	for _, tt := range tests {
		got := ExprString(tt.x)
		if got != tt.want {
			t.Errorf("got %q, want %q", got, tt.want)
		}
		// The printed text parses back to the same tree (parentheses aside).
		if back, err := parser.ParseExpr(got); err != nil {
			t.Errorf("ParseExpr(%q): %v", got, err)
		} else if sx, sb := shape(tt.x), shape(back); sx != sb {
			t.Errorf("%q parses as %s, want %s", got, sb, sx)
		}
		var buf bytes.Buffer
		if err := Node(&buf, tt.x); err != nil || buf.String() != tt.want {
			t.Errorf("Node: got %q, %v; want %q", buf.String(), err, tt.want)
		}
	}
}

// shape writes the structure of an expression as an S-expression,
// leaving out parentheses.
func shape(x ast.Expr) string {
	switch x := x.(type) {
	case *ast.ParenExpr:
		return shape(x.X)
	case *ast.BinaryExpr:
		return "(" + opName(x.Op, x.OpLit) + " " + shape(x.X) + " " + shape(x.Y) + ")"
	case *ast.UnaryExpr:
		return "(" + opName(x.Op, x.OpLit) + " " + shape(x.X) + ")"
	case *ast.BasicLit:
		if v := x.Value; v != "" && (v[0] == '-' || v[0] == '+') {
			return "(" + v[:1] + " " + v[1:] + ")"
		}
		return x.Value
	case *ast.Ident:
		return strings.ToLower(x.Name)
	default:
		return ExprString(x)
	}
}

func opName(k token.Kind, lit string) string {
	if k == token.DEFOP {
		return strings.ToLower(lit)
	}
	return k.String()
}

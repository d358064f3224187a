package deriv

import (
	"flag"
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
)

var update = flag.Bool("update", false, "rewrite the generated tables of docs/derivatives.md")

const docFile = "../../../docs/derivatives.md"

const (
	beginGen = "<!-- BEGIN GENERATED TABLES (go test ./generator/ad/deriv -run TestDocTables -update) -->"
	endGen   = "<!-- END GENERATED TABLES -->"
)

// TestDocTables checks that the tables of docs/derivatives.md are those
// the rules print: the documentation cannot drift from the code.
func TestDocTables(t *testing.T) {
	b, err := os.ReadFile(docFile)
	if err != nil {
		t.Fatal(err)
	}
	doc := string(b)
	i, j := strings.Index(doc, beginGen), strings.Index(doc, endGen)
	if i < 0 || j < i {
		t.Fatalf("%s: no generated section markers", docFile)
	}
	want := doc[:i+len(beginGen)] + "\n" + docTables(t) + doc[j:]
	if want == doc {
		return
	}
	if *update {
		if err := os.WriteFile(docFile, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("%s is out of date: run go test ./generator/ad/deriv -run TestDocTables -update", docFile)
}

// docArgs returns the operands to show a rule with: the dummy argument
// names, real(8) unless the argument is integer, logical or complex.
func docArgs(r *Rule) [][]Operand {
	named := func(names ...string) []Operand {
		var os []Operand
		for _, n := range names {
			t := r8
			switch n {
			case "n", "i":
				t = i4
			case "mask":
				t = l4
			case "z":
				t = c8
			}
			os = append(os, Operand{X: ast.NewIdent(n), Type: t})
		}
		return os
	}
	switch r.Name {
	case "atan":
		return [][]Operand{named("x"), named("y", "x")}
	case "max", "min":
		return [][]Operand{named("a1", "a2"), named("a1", "a2", "a3")}
	case "real", "dble":
		return [][]Operand{named("a"), named("z")}
	case "abs":
		return [][]Operand{named("a"), named("z")}
	case "cmplx":
		return [][]Operand{named("x", "y")}
	case "aimag", "conjg":
		return [][]Operand{named("z")}
	case "nearest":
		return [][]Operand{named("x", "s")}
	}
	var names []string
	for _, a := range r.Args {
		if a == "kind" {
			break
		}
		names = append(names, a)
	}
	return [][]Operand{named(names...)}
}

func callText(name string, args []Operand) string {
	var s []string
	for _, a := range args {
		s = append(s, str(a.X))
	}
	return name + "(" + strings.Join(s, ", ") + ")"
}

func code(s string) string { return "`" + s + "`" }

// cell escapes the pipes of a table cell.
func cell(s string) string { return strings.ReplaceAll(s, "|", "\\|") }

func docTables(t *testing.T) string {
	var b strings.Builder
	w := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	rules := Rules()

	w("\n### Elemental intrinsics\n\n")
	w("Arguments are real(8) (`z` complex(8), `n`, `i` integer, `mask` logical); ")
	w("\"with result r\" is the partial when the caller passes the call's value `r`.\n\n")
	w("| call | class | partials | notes |\n| --- | --- | --- | --- |\n")
	for _, r := range rules {
		if r.Name != r.Generic || r.Form != Elemental || !r.Differentiable() {
			continue
		}
		for _, args := range docArgs(r) {
			p, err := Intrinsic(r.Name, args, nil)
			if err != nil {
				t.Errorf("%s: %v", r.Name, err)
				continue
			}
			pr, _ := Intrinsic(r.Name, args, ast.NewIdent("r"))
			var cells []string
			for i, e := range p {
				if e == nil {
					continue
				}
				c := "∂/∂" + str(args[i].X) + " = " + code(str(e))
				if s := str(pr[i]); s != str(e) {
					c += " (with result r: " + code(s) + ")"
				}
				cells = append(cells, c)
			}
			w("| %s | %s | %s | %s |\n", code(callText(r.Name, args)), r.Class, strings.Join(cells, "<br>"), cell(r.Note))
		}
	}

	w("\n### Piecewise-constant intrinsics (partials nil)\n\n")
	var pc []string
	for _, r := range rules {
		if r.Name == r.Generic && r.Class == Constant {
			pc = append(pc, code(r.Name))
		}
	}
	w("%s.\n", strings.Join(pc, ", "))

	w("\n### Array intrinsics and conjg (Tangent and Adjoint)\n\n")
	w("`x`, `a`, `b` are real(8) arrays (rank in the first column), `s` a scalar or an array, `xd`... their tangents, ")
	w("`rb` the adjoint of the result; the adjoint column is what Adjoint returns to add to each argument's adjoint.\n\n")
	w("| call | tangent | adjoints | notes |\n| --- | --- | --- | --- |\n")
	type form struct {
		name  string
		ranks string
		args  []Operand
	}
	A := func(n string, rank int) Operand { return Operand{X: ast.NewIdent(n), Type: r8, Rank: rank} }
	I := func(n string) Operand { return Operand{X: ast.NewIdent(n), Type: i4} }
	L := func(n string, rank int) Operand { return Operand{X: ast.NewIdent(n), Type: l4, Rank: rank} }
	forms := []form{
		{"sum", "x(:)", []Operand{A("x", 1)}},
		{"sum", "x(:,:)", []Operand{A("x", 2), I("dim")}},
		{"sum", "x(:,:)", []Operand{A("x", 2), {}, L("mask", 2)}},
		{"product", "x(:)", []Operand{A("x", 1)}},
		{"product", "x(:,:)", []Operand{A("x", 2), I("dim")}},
		{"maxval", "x(:)", []Operand{A("x", 1)}},
		{"maxval", "x(:,:)", []Operand{A("x", 2)}},
		{"maxval", "x(:,:)", []Operand{A("x", 2), I("dim"), L("mask", 2)}},
		{"minval", "x(:)", []Operand{A("x", 1), {}, L("mask", 1)}},
		{"norm2", "x(:)", []Operand{A("x", 1)}},
		{"norm2", "x(:,:)", []Operand{A("x", 2), I("dim")}},
		{"dot_product", "a(:), b(:)", []Operand{A("a", 1), A("b", 1)}},
		{"matmul", "a(:,:), b(:,:)", []Operand{A("a", 2), A("b", 2)}},
		{"matmul", "a(:,:), b(:)", []Operand{A("a", 2), A("b", 1)}},
		{"matmul", "a(:), b(:,:)", []Operand{A("a", 1), A("b", 2)}},
		{"transpose", "x(:,:)", []Operand{A("x", 2)}},
		{"spread", "s", []Operand{A("s", 1), I("dim"), I("n")}},
		{"reshape", "s(:), pad(:)", []Operand{A("s", 1), I("shape"), A("pad", 1)}},
		{"reshape", "s(:)", []Operand{A("s", 1), I("shape"), {}, {X: mustParse("[2, 1]"), Type: i4, Rank: 1}}},
		{"cshift", "x(:,:)", []Operand{A("x", 2), I("shift"), I("dim")}},
		{"eoshift", "x(:,:), b(:)", []Operand{A("x", 2), I("shift"), A("b", 1), I("dim")}},
		{"pack", "x(:), v(:)", []Operand{A("x", 1), L("mask", 1), A("v", 1)}},
		{"unpack", "v(:), f(:)", []Operand{A("v", 1), L("mask", 1), A("f", 1)}},
		{"conjg", "z", []Operand{{X: ast.NewIdent("z"), Type: c8}}},
	}
	for _, f := range forms {
		var td []ast.Expr
		for _, a := range f.args {
			if a.float() {
				td = append(td, ast.NewIdent(str(a.X)+"d"))
			} else {
				td = append(td, nil)
			}
		}
		tan, err := Tangent(f.name, f.args, td, nil)
		if err != nil {
			t.Errorf("%s: %v", f.name, err)
			continue
		}
		adj, err := Adjoint(f.name, f.args, ast.NewIdent("rb"), nil)
		if err != nil {
			t.Errorf("%s: %v", f.name, err)
			continue
		}
		var as []string
		for i, e := range adj {
			if e != nil {
				as = append(as, str(f.args[i].X)+"b += "+code(str(e)))
			}
		}
		var shown []string
		for _, a := range f.args {
			if a.X == nil {
				continue
			}
			s := str(a.X)
			if (s == "mask" || s == "pad") && len(shown) > 0 {
				s = s + "=" + s
			}
			if strings.HasPrefix(s, "[") {
				s = "order=" + s
			}
			shown = append(shown, s)
		}
		r, _ := Lookup(f.name)
		w("| %s, %s | %s | %s | %s |\n", code(f.name+"("+strings.Join(shown, ", ")+")"), f.ranks, code(str(tan)),
			strings.Join(as, "<br>"), cell(r.Note))
	}

	w("\n### Specific names\n\n")
	w("They follow the rule of their generic intrinsic, with the fixed result type of the specific name ")
	w("(the integer ones, like `iabs` and `max0`, are piecewise constant).\n\n")
	bygen := map[string][]string{}
	for _, r := range rules {
		if r.Name != r.Generic {
			bygen[r.Generic] = append(bygen[r.Generic], code(r.Name))
		}
	}
	var gens []string
	for g := range bygen {
		gens = append(gens, g)
	}
	sort.Strings(gens)
	w("| generic | specific names |\n| --- | --- |\n")
	for _, g := range gens {
		w("| %s | %s |\n", code(g), strings.Join(bygen[g], ", "))
	}

	w("\n### Passive intrinsics (no derivative)\n\n")
	var ps []string
	for _, r := range rules {
		if r.Class == Passive {
			ps = append(ps, code(r.Name))
		}
	}
	w("%s.\n\n", strings.Join(ps, ", "))
	return b.String()
}

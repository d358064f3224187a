// Package loops finds the DO loops a spec names without editing the
// source: by construct name, by control variable ("do it") or as a DO
// WHILE ("do while", for checkpointed loops), by the label
// of the DO statement or of the statement ending it, or by the line of
// the DO statement, each optionally within one routine. Fixed-point
// loops and checkpointed loops (each iteration, or binomial schedules)
// use it.
package loops

import (
	"fmt"
	"sort"
	"strings"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
	"github.com/fadj-dev/fadj/generator/source"
)

// Ref is how a spec names a loop. Empty fields and zeros match any loop;
// a Ref with none set matches none.
type Ref struct {
	Routine string // lower case
	Name    string // construct name, lower case
	Var     string // control variable, lower case
	Label   int    // label of the DO statement or its terminal statement
	At      int    // line of the DO statement
	While   bool   // a DO WHILE ("do while")
}

func (r Ref) empty() bool {
	return r.Name == "" && r.Var == "" && r.Label == 0 && r.At == 0 && !r.While
}

// Loop is a DO loop found, with the routine holding it.
type Loop struct {
	Do      *ast.DoConstruct
	Unit    *ast.Unit
	Routine *sema.Symbol
	Pos     source.Position
}

// Find returns the loops of prog that r names, in source order.
func Find(prog *sema.Program, r Ref) []Loop {
	if r.empty() {
		return nil
	}
	var out []Loop
	var unit func(u *ast.Unit)
	unit = func(u *ast.Unit) {
		var routine *sema.Symbol
		if sc := prog.Info.ScopeOf(u); sc != nil {
			routine = sc.Symbol
		}
		if r.Routine == "" || routine != nil && routine.Name == r.Routine {
			ast.Inspect(&ast.Unit{Body: u.Body}, func(n ast.Node) bool {
				if d, ok := n.(*ast.DoConstruct); ok && r.matches(prog, d) {
					out = append(out, Loop{Do: d, Unit: u, Routine: routine, Pos: prog.Fset.Position(d.StmtHeader.Start)})
				}
				return true
			})
		}
		for _, p := range u.Procs {
			unit(p)
		}
	}
	for _, f := range prog.Files {
		for _, u := range f.Units {
			unit(u)
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i].Pos, out[j].Pos
		if a.Filename != b.Filename {
			return a.Filename < b.Filename
		}
		return a.Offset < b.Offset
	})
	return out
}

func (r Ref) matches(prog *sema.Program, d *ast.DoConstruct) bool {
	if d.Concurrent != nil {
		return false
	}
	if r.Name != "" && (d.Name == nil || !strings.EqualFold(d.Name.Name, r.Name)) {
		return false
	}
	if r.Var != "" && (d.Var == nil || !strings.EqualFold(d.Var.Name, r.Var)) {
		return false
	}
	if r.While && d.While == nil {
		return false
	}
	if r.Label != 0 && d.Label != r.Label && d.TermLabel != r.Label {
		return false
	}
	if r.At != 0 && prog.Fset.Position(d.StmtHeader.Start).Line != r.At {
		return false
	}
	return true
}

// Describe is r as messages name it: "'relax' in picard", "'do it' at
// line 12", "labelled 10".
func (r Ref) Describe() string {
	var parts []string
	switch {
	case r.Name != "":
		parts = append(parts, fmt.Sprintf("'%s'", r.Name))
	case r.Var != "":
		parts = append(parts, fmt.Sprintf("'do %s'", r.Var))
	case r.While:
		parts = append(parts, "'do while'")
	}
	if r.Label != 0 {
		parts = append(parts, fmt.Sprintf("labelled %d", r.Label))
	}
	if r.At != 0 {
		parts = append(parts, fmt.Sprintf("at line %d", r.At))
	}
	if r.Routine != "" {
		parts = append(parts, "in "+r.Routine)
	}
	return strings.Join(parts, " ")
}

// IndexUsedOutside reports whether name (an index of a FORALL or DO
// CONCURRENT, a construct entity there) names the routine's variable
// anywhere in body outside the FORALL and DO CONCURRENT constructs that
// take it as index and the DO loops on it (do e = 1, n sets it before
// its body reads it, mesh_private_generic), and the implied DOs on it. If not, the variable's value need not be kept
// around those constructs when they become DO nests: nothing reads it,
// and saving it would read it undefined.
func IndexUsedOutside(body []ast.Stmt, name string) bool {
	used := false
	indexes := func(specs []*ast.ForallSpec) bool {
		for _, sp := range specs {
			if sp.Var != nil && strings.EqualFold(sp.Var.Name, name) {
				return true
			}
		}
		return false
	}
	for _, s := range body {
		ast.Inspect(s, func(n ast.Node) bool {
			if used {
				return false
			}
			switch n := n.(type) {
			case *ast.ForallStmt:
				return !indexes(n.Specs)
			case *ast.ForallConstruct:
				return !indexes(n.Specs)
			case *ast.DoConstruct:
				if n.Concurrent == nil && n.Var != nil && strings.EqualFold(n.Var.Name, name) && !names(name, n.Start, n.Stop, n.Step) {
					return false // do e = 1, n defines e before its body reads it
				}
				return !indexes(n.Concurrent)
			case *ast.ImpliedDo:
				// An array constructor's (w = [(i*dz, i = 1, nz)]) is a
				// construct entity; an I/O list's sets it first.
				return !strings.EqualFold(n.Var.Name, name) || names(name, n.Start, n.Stop, n.Step)
			case *ast.Ident:
				used = strings.EqualFold(n.Name, name)
			}
			return true
		})
	}
	return used
}

// names reports whether one of xs names the variable name.
func names(name string, xs ...ast.Expr) bool {
	found := false
	for _, x := range xs {
		if x == nil {
			continue
		}
		ast.Inspect(x, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && strings.EqualFold(id.Name, name) {
				found = true
			}
			return !found
		})
	}
	return found
}

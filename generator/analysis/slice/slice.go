// Package slice is backward program slicing over a statement list, with
// the set functions of Giering and Kaminski's Efficient Recomputation
// Algorithm (ERA, "Generating recomputations in reverse mode AD"):
//
//   - KILL(list): the variables a statement of list may overwrite;
//   - USE(list): the variables list reads before possibly overwriting them
//     (upward exposed);
//   - GEN(list): the variables list surely defines whole and does not
//     overwrite afterwards;
//   - SLICE(list, vars): the subsequence of list that computes the values
//     vars have at its end, from USE of that subsequence.
//
// Variables are whole variables (an element assignment a(i) = .. defines
// a only in part: it is in KILL, not in GEN). Calls and function
// references may define their arguments and the globals their callees
// define (package modref).
//
// A slice is of the direct statements of the list: an assignment whose
// value it needs is taken, and an assignment of a variable defined in part
// (an element) keeps that variable needed, and so does a logical IF whose
// action is such an assignment (it may not run). A CALL the Slicer's Recall
// accepts (one that can run again: it writes only its arguments) is taken
// too, as a definition in part of each variable it may define, reading
// what the callee may read. A statement that may define a
// needed variable and is not a plain assignment (another CALL, a READ, a nested
// construct, an assignment referencing a user function, or to a pointer,
// target or equivalenced variable, which may alias another) stops
// the slice: Result.Blocker names it and Reason says why, and the caller
// must then get the value otherwise (by storing it).
package slice

import (
	"fmt"
	"sort"

	"github.com/fadj-dev/fadj/generator/analysis/modref"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Set is a set of variables.
type Set = modref.Set

// Slicer slices the statement lists of one procedure.
type Slicer struct {
	Info   *sema.Info
	ModRef *modref.Result
	Scope  *sema.Scope // the procedure's
	// Recall, if set, reports whether a slice may hold call statement c:
	// the caller runs it again to recompute what it defines.
	Recall func(c *ast.CallStmt) bool
}

// Result is a slice of a list.
type Result struct {
	// Stmts are the indices in the list of the statements of the slice,
	// in order.
	Stmts []int
	// Use, Kill and Gen are USE, KILL and GEN of the slice.
	Use, Kill, Gen Set
	// Blocker, if not nil, is the statement that may define a needed
	// variable and cannot be sliced (Reason says why); the other fields
	// are then those of the part sliced after it.
	Blocker ast.Stmt
	Reason  string
}

// Kill returns KILL(list): what a statement of list may define.
func (s *Slicer) Kill(list []ast.Stmt) Set {
	return s.ModRef.Defines(list, s.Scope)
}

// Use returns USE(list): the variables list may read before it surely
// overwrites them.
func (s *Slicer) Use(list []ast.Stmt) Set {
	use := Set{}
	for i := len(list) - 1; i >= 0; i-- {
		if v := s.wholeDef(list[i]); v != nil {
			delete(use, v)
		}
		for v := range s.Reads(list[i]) {
			use[v] = true
		}
	}
	return use
}

// Gen returns GEN(list): the variables a direct assignment of list defines
// whole and no later statement of list may define.
func (s *Slicer) Gen(list []ast.Stmt) Set {
	gen := Set{}
	killedAfter := Set{}
	for i := len(list) - 1; i >= 0; i-- {
		if v := s.wholeDef(list[i]); v != nil && !killedAfter[v] {
			gen[v] = true
		}
		for v := range s.Kill(list[i : i+1]) {
			killedAfter[v] = true
		}
	}
	return gen
}

// Slice returns SLICE(list, vars).
func (s *Slicer) Slice(list []ast.Stmt, vars Set) *Result {
	need := Set{}
	for v := range vars {
		need[v] = true
	}
	r := &Result{Kill: Set{}, Gen: Set{}}
	for i := len(list) - 1; i >= 0; i-- {
		st := list[i]
		var hit []*sema.Symbol
		for v := range s.Kill(list[i : i+1]) {
			if need[v] {
				hit = append(hit, v)
			}
		}
		if len(hit) == 0 {
			continue
		}
		if why := s.unsliceable(st); why != "" {
			sort.Slice(hit, func(a, b int) bool { return hit[a].Name < hit[b].Name })
			r.Blocker, r.Reason = st, fmt.Sprintf("%s may define '%s'", why, hit[0].Name)
			break
		}
		r.Stmts = append(r.Stmts, i)
		v := s.wholeDef(st)
		if v != nil {
			delete(need, v)
			if !r.Kill[v] {
				r.Gen[v] = true
			}
		}
		for k := range s.Kill(list[i : i+1]) {
			r.Kill[k] = true
		}
		for u := range s.Reads(st) {
			need[u] = true
		}
	}
	sort.Ints(r.Stmts)
	r.Use = s.Use(pick(list, r.Stmts))
	return r
}

func pick(list []ast.Stmt, idx []int) []ast.Stmt {
	out := make([]ast.Stmt, len(idx))
	for i, j := range idx {
		out[i] = list[j]
	}
	return out
}

// unsliceable says why statement st cannot be part of a slice, or "".
func (s *Slicer) unsliceable(st ast.Stmt) string {
	st = s.Info.Unsegmented(st) // (an assignment in segments)
	if is, ok := st.(*ast.IfStmt); ok {
		if _, ok := is.Action.(*ast.AssignStmt); ok && !s.callsUser(is) {
			return s.unsliceable(is.Action)
		}
		return "a logical IF"
	}
	if c, ok := st.(*ast.CallStmt); ok && s.Recall != nil && s.Recall(c) {
		return ""
	}
	as, ok := st.(*ast.AssignStmt)
	if !ok {
		return kindOf(st)
	}
	if s.callsUser(as) {
		return "an assignment referencing a user function"
	}
	b := s.base(as.Lhs)
	if b == nil {
		return "an assignment to a component or substring"
	}
	if b.Attrs.Has(sema.AttrPointer) || b.Attrs.Has(sema.AttrTarget) || b.Attrs.Has(sema.AttrEquivalence) {
		return "an assignment to a pointer, target or equivalenced variable"
	}
	return ""
}

func kindOf(st ast.Stmt) string {
	switch st := st.(type) {
	case *ast.CallStmt:
		return "a CALL"
	case *ast.IOStmt:
		return "an I/O statement"
	case *ast.DoConstruct:
		return "a DO loop"
	case *ast.IfConstruct, *ast.SelectCase:
		return "a branch"
	default:
		return fmt.Sprintf("a %T", st)
	}
}

// wholeDef returns the variable st surely defines whole: the left side of
// a plain assignment to a scalar or a whole array, or nil.
func (s *Slicer) wholeDef(st ast.Stmt) *sema.Symbol {
	st = s.Info.Unsegmented(st)
	as, ok := st.(*ast.AssignStmt)
	if !ok {
		return nil
	}
	id, ok := as.Lhs.(*ast.Ident)
	if !ok {
		return nil
	}
	v := s.Info.ObjectOf(id)
	if v == nil || v.Kind != sema.VarSym || v.Attrs.Has(sema.AttrAllocatable) || v.Attrs.Has(sema.AttrPointer) {
		return nil // an allocatable one may be reallocated: not "whole" for a slice
	}
	return v
}

// Reads returns the variables statement st may read: for an assignment,
// those of its right side and of the subscripts of its left side; for
// another statement, every variable it references.
func (s *Slicer) Reads(st ast.Stmt) Set {
	st = s.Info.Unsegmented(st)
	out := Set{}
	add := func(n ast.Node) {
		ast.Inspect(n, func(m ast.Node) bool {
			if id, ok := m.(*ast.Ident); ok {
				if v := s.Info.ObjectOf(id); v != nil && v.Kind == sema.VarSym && !v.Attrs.Has(sema.AttrParameter) {
					out[v] = true
				}
			}
			return true
		})
	}
	if c, isCall := st.(*ast.CallStmt); isCall && s.ModRef != nil {
		// What the callee may read (arguments and globals), and the
		// variables of argument expressions and subscripts; not an
		// argument it only defines.
		for v := range s.ModRef.Call(c, s.Scope).Uses {
			out[v] = true
		}
		for _, a := range c.Args {
			if k, ok := a.(*ast.KeywordArg); ok {
				a = k.Value
			}
			if _, whole := a.(*ast.Ident); !whole {
				add(a)
			}
		}
		return out
	}
	as, ok := st.(*ast.AssignStmt)
	if !ok {
		add(st)
		return out
	}
	add(as.Rhs)
	switch l := as.Lhs.(type) {
	case *ast.Ident:
	case *ast.CallExpr:
		for _, a := range l.Args {
			add(a)
		}
	default:
		add(l)
	}
	return out
}

// base returns the variable of an assignment's left side, a name or an
// array element or section, or nil.
func (s *Slicer) base(x ast.Expr) *sema.Symbol {
	switch x := x.(type) {
	case *ast.Ident:
		return s.Info.ObjectOf(x)
	case *ast.CallExpr:
		if c, ok := s.Info.Calls[x]; ok && c.Kind == sema.ArrayElement {
			if id, ok := x.Fun.(*ast.Ident); ok {
				return s.Info.ObjectOf(id)
			}
		}
	}
	return nil
}

// callsUser reports whether st references a user function.
func (s *Slicer) callsUser(st ast.Stmt) bool {
	found := false
	ast.Inspect(st, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok {
			if k, ok := s.Info.Calls[c]; ok && k.Kind == sema.FunctionCall && !k.IsIntrinsic() {
				found = true
			}
		}
		return !found
	})
	return found
}

// Names returns the names of the variables of set, sorted.
func Names(set Set) []string {
	var out []string
	for v := range set {
		out = append(out, v.Name)
	}
	sort.Strings(out)
	return out
}

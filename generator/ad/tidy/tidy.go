// Package tidy cleans generated derivative code after generation, as one
// pass over the printed units rather than special cases in the
// generators: what it removes is what a generator leaves behind when a
// later decision (a dead primal statement, a recomputed temporary, a
// reversed loop) makes an earlier one unnecessary. The result compiles
// without the warnings gfortran -Wall -Wextra gives for such leftovers.
//
// In each subroutine and function (and their internal procedures):
//
//   - a local variable no statement names is not declared;
//   - a statement label nothing refers to is dropped, and a CONTINUE
//     left without a label with it;
//   - a dummy argument declared intent(out) that no statement names
//     becomes intent(inout): the routine leaves the caller's value as
//     it is, which intent(out) would make undefined;
//   - x = 0 directly followed by x = x + e becomes x = e;
//   - increments of one element in a run of assignments are summed in
//     one statement (increments.go);
//   - x = x + e becomes x = e where the scalar x is known zero, as a
//     loop temporary's adjoint zeroed at the end of each iteration
//     (accumulators.go);
//   - a = 0 of a local array goes when the loop nest after it sets each
//     element before reading it (zero_arrays.go);
//   - x = 0 where an earlier x = 0 of the same list holds goes, and
//     x = 0 directly followed by x = e that does not read x (zeros.go);
//   - x = 0 (or an element) of a local nothing reads afterwards goes
//     (final.go);
//   - an IF construct whose branches are all empty goes, when its
//     conditions call nothing (an array element cannot be told from a
//     function reference by its form: any parenthesis keeps it);
//   - runs of whole-array statements over arrays of one explicit shape
//     are computed in one loop nest over the elements (fuse.go);
//   - a generated array that its first assignment allocates is
//     allocated with zero size on entry (allocations.go: gfortran 11
//     and 12 warn otherwise).
//
// A variable named as its subroutine or as a subroutine it calls
// (MITgcm's cg2d_b beside CG2D_b) is renamed fadj_<name> (clash.go).
//
// Across the file, a subroutine that only the file calls loses the dummy
// arguments nothing names, and its calls the matching actual arguments
// (arguments.go); a private module procedure nothing calls goes
// (private.go).
//
// It decides from names alone (Fortran's, case-insensitive), without
// the semantic information: a name that appears anywhere else in the
// unit or in its internal procedures counts as used, so that it never
// removes what a host-associated or equivalenced name may need.
package tidy

import (
	"strings"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/token"
)

// File tidies every procedure of f in place. The subroutines named in
// public keep all their dummy arguments (see unusedArguments): they are
// the entry points users call.
func File(f *ast.File, public ...string) {
	procNameClashes(f) // clash.go
	for _, u := range f.Units {
		unit(u)
	}
	keep := map[string]bool{}
	for _, n := range public {
		keep[strings.ToLower(n)] = true
	}
	unusedPrivateProcs(f)
	if unusedArguments(f, keep) {
		// A dummy passed on only to a dropped argument is unused now
		// (an EXTERNAL DERIVS that RKDUMB passes to RK4, whose calls of
		// DERIVS became calls of DERIVS_d), and so is a local passed only
		// to one.
		for unusedArguments(f, keep) {
		}
		for _, u := range f.Units {
			locals(u)
		}
	}
}

func locals(u *ast.Unit) {
	for _, p := range u.Procs {
		locals(p)
	}
	if u.Kind == ast.SubroutineUnit || u.Kind == ast.FunctionUnit {
		for unusedLocals(u, names(u)) {
		}
	}
}

func unit(u *ast.Unit) {
	for _, p := range u.Procs {
		unit(p)
	}
	if u.Kind != ast.SubroutineUnit && u.Kind != ast.FunctionUnit {
		return
	}
	u.Body = emptyIfs(deadZeroStores(u.Body))
	unusedLabels(u)
	repeatedZeros(u)
	overwrittenZeros(u)
	finalZeros(u)
	mergeIncrements(u)     // increments.go: after the zero stores of dead adjoints go
	zeroedAccumulators(u)  // accumulators.go
	zeroedArrays(u)        // zero_arrays.go
	fuseArrayStatements(u) // fuse.go
	// A local named only in the bounds of another unused one is unused
	// once that one goes.
	for unusedLocals(u, names(u)) {
	}
	unsetIntentOut(u)
	firstAllocations(u)
}

// names counts the occurrences of each name (lower case) in u: its
// header, declarations, body and internal procedures.
func names(n ast.Node) map[string]int {
	m := map[string]int{}
	ast.Inspect(n, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			m[strings.ToLower(id.Name)]++
		}
		return true
	})
	return m
}

// unusedLocals removes the entities of type declarations that nothing
// else in u names: not a dummy, not the result, not named in another
// declaration (a bound, a COMMON or SAVE statement) or statement. It
// reports whether it removed one.
func unusedLocals(u *ast.Unit, uses map[string]int) bool {
	keep := map[string]bool{}
	if u.Name != nil {
		keep[strings.ToLower(u.Name.Name)] = true // a function's result
	}
	if u.Result != nil {
		keep[strings.ToLower(u.Result.Name)] = true
	}
	for _, a := range u.Args {
		keep[strings.ToLower(a.Name)] = true
	}
	var removed bool
	u.Decls, removed = withoutEntities(u.Decls, func(td *ast.TypeDecl, n string) bool {
		return !hasAttr(td, ast.AttrParameter) && !keep[n] && uses[n] <= 1
	})
	if dimensionOnly(u, keep, uses) {
		removed = true
	}
	if !removed && unusedParameters(u, uses) { // params.go
		removed = true
	}
	return removed
}

// dimensionOnly removes from the DIMENSION statements of u the locals
// that nothing else names (F77's implicitly typed DIMENSION DYM(NMAX) of
// a routine whose backward sweep does not use it), and a statement left
// without entities; it reports whether it removed one.
func dimensionOnly(u *ast.Unit, keep map[string]bool, uses map[string]int) bool {
	removed := false
	var out []ast.Stmt
	for _, s := range u.Decls {
		as, ok := s.(*ast.AttrStmt)
		if !ok || as.Attr == nil || as.Attr.Kind != ast.AttrDimension {
			out = append(out, s)
			continue
		}
		var ents []*ast.Entity
		for _, e := range as.Entities {
			if n := strings.ToLower(e.Name.Name); keep[n] || uses[n] > 1 {
				ents = append(ents, e)
			}
		}
		if len(ents) < len(as.Entities) {
			removed = true
			if len(ents) == 0 {
				continue
			}
			c := *as
			c.Entities = ents
			as = &c
		}
		out = append(out, as)
	}
	u.Decls = out
	return removed
}

// withoutEntities removes from the type declarations of decls the
// entities drop says to (name in lower case), and a declaration left
// without entities; it reports whether it removed one. Declarations are
// cloned, not changed: generated code shares them with the source's.
func withoutEntities(decls []ast.Stmt, drop func(td *ast.TypeDecl, name string) bool) ([]ast.Stmt, bool) {
	removed := false
	var out []ast.Stmt
	for _, s := range decls {
		td, ok := s.(*ast.TypeDecl)
		if !ok {
			out = append(out, s)
			continue
		}
		var ents []*ast.Entity
		for _, e := range td.Entities {
			if !drop(td, strings.ToLower(e.Name.Name)) {
				ents = append(ents, e)
			}
		}
		if len(ents) < len(td.Entities) {
			removed = true
			if len(ents) == 0 {
				continue
			}
			td = clone(td)
			td.Entities = ents
		}
		out = append(out, td)
	}
	return out, removed
}

func hasAttr(td *ast.TypeDecl, k ast.AttrKind) bool {
	for _, a := range td.Attrs {
		if a.Kind == k {
			return true
		}
	}
	return false
}

// unsetIntentOut makes inout the intent(out) dummies that no executable
// statement names, in a type declaration of their own intent.
func unsetIntentOut(u *ast.Unit) {
	body := names(&ast.Unit{Body: u.Body, Procs: u.Procs})
	for i, s := range u.Decls {
		td, ok := s.(*ast.TypeDecl)
		if !ok {
			continue
		}
		unset := true
		for _, e := range td.Entities {
			if body[strings.ToLower(e.Name.Name)] > 0 {
				unset = false
			}
		}
		for j, a := range td.Attrs {
			if unset && a.Kind == ast.AttrIntent && a.Intent == ast.IntentOut {
				td = clone(td)
				td.Attrs = append([]*ast.Attr(nil), td.Attrs...)
				td.Attrs[j] = clone(a)
				td.Attrs[j].Intent = ast.IntentInOut
				u.Decls[i] = td
			}
		}
	}
}

// emptyIfs removes the IF constructs of list, and of the lists nested
// in it, whose branches are all empty and whose conditions call nothing.
func emptyIfs(list []ast.Stmt) []ast.Stmt {
	var out []ast.Stmt
	for _, s := range list {
		s = nested(s, emptyIfs)
		if ic, ok := s.(*ast.IfConstruct); ok && ic.Label == 0 && emptyBranches(ic) {
			continue
		}
		out = append(out, s)
	}
	return out
}

func emptyBranches(ic *ast.IfConstruct) bool {
	for _, b := range ic.Branches {
		if len(b.Body) > 0 || b.Cond != nil && calls(b.Cond) {
			return false
		}
	}
	return true
}

// calls reports whether x holds a parenthesised reference: a function
// call, or an array element, which its form does not tell apart.
func calls(x ast.Expr) bool {
	found := false
	ast.Inspect(x, func(n ast.Node) bool {
		if _, ok := n.(*ast.CallExpr); ok {
			found = true
		}
		return !found
	})
	return found
}

// deadZeroStores rewrites x = 0 followed by x = x + e into x = e, in list
// and the lists nested in it.
func deadZeroStores(list []ast.Stmt) []ast.Stmt {
	var out []ast.Stmt
	for i := 0; i < len(list); i++ {
		s := nested(list[i], deadZeroStores)
		if i+1 < len(list) {
			if merged := mergeZero(s, list[i+1]); merged != nil {
				out = append(out, merged)
				i++
				continue
			}
		}
		out = append(out, s)
	}
	return out
}

// mergeZero returns x = e for s: x = 0 and next: x = x + e, else nil.
func mergeZero(s, next ast.Stmt) ast.Stmt {
	a, ok1 := s.(*ast.AssignStmt)
	b, ok2 := next.(*ast.AssignStmt)
	if !ok1 || !ok2 || a.Label != 0 || b.Label != 0 || !isZeroLit(a.Rhs) || ast.Key(a.Lhs) != ast.Key(b.Lhs) {
		return nil
	}
	sum, ok := b.Rhs.(*ast.BinaryExpr)
	if !ok || sum.Op != token.PLUS || ast.Key(sum.X) != ast.Key(a.Lhs) {
		return nil
	}
	// e must not read x (x = x + x*c is not x = x*c), nor its subscripts'
	// variables change: compare by names.
	lhs := names(a.Lhs)
	for n := range names(sum.Y) {
		if lhs[n] > 0 {
			return nil
		}
	}
	b = clone(b)
	b.Rhs = sum.Y
	b.StmtHeader.Doc = append(append([]*ast.Comment(nil), a.StmtHeader.Doc...), b.StmtHeader.Doc...)
	b.StmtHeader.BlankBefore = a.StmtHeader.BlankBefore
	return b
}

// isZeroLit reports whether x is a literal zero: 0, 0.0, 0.0_8, 0.0d0.
func isZeroLit(x ast.Expr) bool {
	l, ok := x.(*ast.BasicLit)
	if !ok || (l.Kind != token.INT && l.Kind != token.REAL) {
		return false
	}
	v := strings.ToLower(l.Value)
	if i := strings.IndexByte(v, '_'); i >= 0 {
		v = v[:i]
	}
	v = strings.NewReplacer("d", "e").Replace(v)
	if i := strings.IndexByte(v, 'e'); i >= 0 {
		v = v[:i]
	}
	return strings.Trim(v, "0.") == "" && v != ""
}

package adjoint

import (
	"strings"

	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/ad/tape"
	"github.com/fadj-dev/fadj/generator/diag"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Allocatable arrays in the snapshots of checkpointed loops and regions.
//
// A snapshot of an allocatable array holds its values only, size(w) of
// them: the allocation is the same when the snapshot is restored, as
// long as the checkpoint does not change it: the steps do not ALLOCATE
// or DEALLOCATE it, pass it to a procedure that may, nor assign to the
// whole of it a value of a shape that may differ (which would
// reallocate it). When one of them may, the snapshot holds its
// allocation too (snap_realloc.go). The allocation
// may still change after the loop: the backward sweep restores it
// (alloc.go) before it reaches the loop's. The saves of an array not
// allocated (a step that never defines it) are skipped: they run in
// IF (allocated(w)), the same when taken and when restored.

// allocSnapOp returns the snapshot op of allocatable v, which the steps
// body of checkpoint what define or read.
func (g *gen) allocSnapOp(v *sema.Symbol, body []ast.Stmt, what string) (snapOp, error) {
	ref := g.allocName(v) // (a module variable the routine does not see, or hides: a renamed USE)
	if v.Attrs.Has(sema.AttrPointer) || ref == nil {
		return snapOp{}, notSupported("allocatable or pointer variable '%s' defined by '%s', reversed jointly", v.Name, what)
	}
	typ, ok := tape.TypeOf(v.Type)
	if v.Type != nil && v.Type.IsCharacter() {
		typ, ok = tape.Char, true // its codes: snap_chars.go
	}
	if ct, _, isC := complexKind(v.Type); isC && ref != nil {
		// Its parts, saved with the allocation (alloc_comp_complex.go).
		op := snapOp{Op: tape.Op{Type: ct, Ref: ref}, realloc: true, rank: v.Rank(), cplx: v.Type}
		return op, g.reallocLocals(v.Rank())
	}
	if !ok {
		return snapOp{}, notSupported("variable '%s' of type %s defined by %s: no tape for it", v.Name, v.Type, what)
	}
	op := snapOp{Op: tape.Op{Type: typ, Ref: ref}, guard: decl.Allocated(ast.NewIdent(ref.Name))}
	if v.Rank() > 0 {
		op.Count = tape.Size(ref)
	}
	if g.keepsAllocation(v, body, what) != nil {
		// The snapshot holds its allocation too (snap_realloc.go).
		op.guard, op.realloc, op.rank = nil, true, v.Rank()
		return op, g.reallocLocals(v.Rank())
	}
	return op, nil
}

// keepsAllocation rejects, at its place, a statement of body that may
// change the allocation of v.
func (g *gen) keepsAllocation(v *sema.Symbol, body []ast.Stmt, what string) error {
	var bad ast.Stmt
	var why string
	walkStmts(body, func(st ast.Stmt) {
		if bad != nil {
			return
		}
		switch st := st.(type) {
		case *ast.AllocateStmt:
			for _, o := range st.Objects {
				if _, s, _ := g.allocObject(o); s == v {
					bad, why = st, strings.ToUpper(st.Keyword)+" of"
				}
			}
		case *ast.AssignStmt:
			if g.wholeAllocatable(st.Lhs) == v && !g.sameShape(st.Rhs, v) {
				bad, why = st, "assignment that may reallocate"
			}
		case *ast.CallStmt:
			for _, r := range decl.Reallocated(g.info, st, g.modref().Call(st, g.scope)) {
				if r == v {
					bad, why = st, "call that may reallocate"
				}
			}
			// MOVE_ALLOC moves an allocation from one array to another.
			if from, to, ok := decl.MoveAllocArgs(g.info, st); ok && (g.baseSym(from) == v || g.baseSym(to) == v) {
				bad, why = st, "MOVE_ALLOC of"
			}
		}
	})
	if bad == nil {
		return nil
	}
	return diag.At(g.fset, bad.Pos(), notSupported("%s allocatable '%s' in a step of %s, whose snapshots hold its values only", why, v.Name, what))
}

// shapeKeeping lists the elemental intrinsics (and CSHIFT, EOSHIFT)
// whose result has the shape of their array arguments.
var shapeKeeping = map[string]bool{
	"abs": true, "sqrt": true, "exp": true, "log": true, "log10": true, "sin": true, "cos": true,
	"tan": true, "sinh": true, "cosh": true, "tanh": true, "asin": true, "acos": true, "atan": true,
	"atan2": true, "max": true, "min": true, "sign": true, "mod": true, "modulo": true, "real": true,
	"dble": true, "int": true, "nint": true, "floor": true, "ceiling": true, "merge": true,
	"cshift": true, "eoshift": true,
}

// sameShape reports whether rhs, assigned to the whole of allocatable
// v, cannot reallocate it: a scalar, or an elementwise expression with
// v itself, whole, among its array operands (conformable with it); not
// if v is a character of deferred length, which takes rhs's length.
func (g *gen) sameShape(rhs ast.Expr, v *sema.Symbol) bool {
	if deferredLen(v) { // char_alloc.go
		return false
	}
	if g.info.Rank(rhs) == 0 {
		return true
	}
	switch x := rhs.(type) {
	case *ast.Ident:
		return g.info.ObjectOf(x) == v
	case *ast.ParenExpr:
		return g.sameShape(x.X, v)
	case *ast.UnaryExpr:
		return g.info.Operators[x] == nil && g.sameShape(x.X, v)
	case *ast.BinaryExpr:
		if g.info.Operators[x] != nil {
			return false
		}
		return (g.info.Rank(x.X) > 0 && g.sameShape(x.X, v)) || (g.info.Rank(x.Y) > 0 && g.sameShape(x.Y, v))
	case *ast.CallExpr:
		c, ok := g.info.Calls[x]
		id, isID := x.Fun.(*ast.Ident)
		if !ok || !c.IsIntrinsic() || !isID || !shapeKeeping[strings.ToLower(id.Name)] {
			return false
		}
		for _, a := range x.Args {
			if k, ok := a.(*ast.KeywordArg); ok {
				a = k.Value
			}
			if g.info.Rank(a) > 0 && g.sameShape(a, v) {
				return true
			}
		}
	}
	return false
}

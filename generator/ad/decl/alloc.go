package decl

import (
	"github.com/fadj-dev/fadj/generator/ad/deriv"
	"github.com/fadj-dev/fadj/generator/analysis/modref"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/token"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Allocatable variables and their derivatives (shadows).
//
// The derivative of an active allocatable variable x is an allocatable
// x_d (or x_b) of the same type, kind and rank. The code keeps one
// invariant wherever the primal code runs or is reversed: the shadow is
// allocated exactly when x is, with x's bounds. ALLOCATE and DEALLOCATE
// of x are followed by those of the shadow (allocated zero: the
// derivative of values nothing computed yet); an intrinsic assignment
// to the whole of x, which may reallocate it, realigns the shadow; and
// a shadow the caller owns (an allocatable dummy's, a module
// variable's) is aligned on entry: allocated zero if x is allocated and
// it is not, deallocated if x is not allocated. So a caller may leave
// the shadow unallocated to mean a zero derivative.

// IsAllocatable reports whether s is an allocatable variable.
func IsAllocatable(s *sema.Symbol) bool {
	return s != nil && s.Kind == sema.VarSym && s.Attrs.Has(sema.AttrAllocatable)
}

// ShadowEntity returns the entity declaring the shadow name of
// allocatable s: name(:, ...), one colon a dimension.
func ShadowEntity(s *sema.Symbol, name string) *ast.Entity {
	e := &ast.Entity{Name: ast.NewIdent(name)}
	for range s.Dims {
		e.Dims = append(e.Dims, &ast.Dim{Colon: true})
	}
	return e
}

// Bounds returns lbound(x) and ubound(x), nil for a scalar (rank 0).
func Bounds(x ast.Expr, rank int) (lo, hi ast.Expr) {
	if rank == 0 {
		return nil, nil
	}
	return deriv.Call("lbound", x), deriv.Call("ubound", x)
}

// Allocated returns allocated(x).
func Allocated(x ast.Expr) ast.Expr { return deriv.Call("allocated", x) }

// Not returns .not. x.
func Not(x ast.Expr) ast.Expr {
	return &ast.UnaryExpr{Op: token.NOT, OpLit: ".not.", X: x}
}

// Or returns x .or. y.
func Or(x, y ast.Expr) ast.Expr {
	return &ast.BinaryExpr{X: x, Op: token.OR, OpLit: ".or.", Y: y}
}

// Deallocate returns DEALLOCATE(x).
func Deallocate(x ast.Expr) ast.Stmt {
	return &ast.AllocateStmt{Keyword: "deallocate", Objects: []ast.Expr{x}}
}

// AllocateMold returns ALLOCATE(shadow, MOLD=x): shadow gets x's bounds.
func AllocateMold(shadow, x ast.Expr) ast.Stmt {
	return &ast.AllocateStmt{Keyword: "allocate", Objects: []ast.Expr{shadow},
		Options: []*ast.KeywordArg{deriv.Kw("mold", x)}}
}

// If returns IF (cond) THEN body END IF.
func If(cond ast.Expr, body ...ast.Stmt) ast.Stmt {
	if len(body) == 1 {
		if _, ok := body[0].(*ast.AllocateStmt); ok {
			return &ast.IfStmt{Cond: cond, Action: body[0]}
		}
	}
	return &ast.IfConstruct{Branches: []*ast.IfBranch{{Cond: cond, Body: body}}, End: ast.EndStmt{Keyword: "if"}}
}

// IfElse returns IF (cond) THEN then ELSE els END IF.
func IfElse(cond ast.Expr, then, els []ast.Stmt) ast.Stmt {
	return &ast.IfConstruct{Branches: []*ast.IfBranch{{Cond: cond, Body: then}, {Body: els}},
		End: ast.EndStmt{Keyword: "if"}}
}

// OtherBounds returns any(lbound(a) /= lo) .or. any(ubound(a) /= hi).
func OtherBounds(a, lo, hi ast.Expr) ast.Expr {
	ne := func(f string, b ast.Expr) ast.Expr {
		return deriv.Call("any", &ast.BinaryExpr{X: deriv.Call(f, a), Op: token.NE, OpLit: "/=", Y: b})
	}
	return Or(ne("lbound", lo), ne("ubound", hi))
}

// Realign returns the statements giving allocatable obj the bounds lo
// and hi (rank-one integer arrays), keeping it if it has them already:
//
//	if (allocated(obj)) then
//	  if (any(lbound(obj) /= lo) .or. any(ubound(obj) /= hi)) deallocate(obj)
//	end if
//	if (.not. allocated(obj)) then
//	  alloc
//	end if
//
// For a scalar (lo and hi nil) only the allocation is checked.
func Realign(obj, lo, hi ast.Expr, alloc ...ast.Stmt) []ast.Stmt {
	if lo == nil {
		return []ast.Stmt{If(Not(Allocated(obj)), alloc...)}
	}
	return []ast.Stmt{
		If(Allocated(obj), If(OtherBounds(obj, lo, hi), Deallocate(obj))),
		If(Not(Allocated(obj)), alloc...),
	}
}

// Follow returns the statement making shadow follow the allocation of
// x: allocated with x's bounds (set by zeroStmt when newly allocated,
// or always if always) when x is allocated, else deallocated. It aligns
// a shadow the caller owns on entry (always when the value on entry is
// passive), and the adjoint of a variable whose allocation the backward
// sweep restored.
func Follow(x, shadow ast.Expr, rank int, zeroStmt ast.Stmt, always bool) ast.Stmt {
	return FollowLike(x, shadow, rank, nil, zeroStmt, always)
}

// FollowLike is Follow for a variable of type t (AllocateLike).
func FollowLike(x, shadow ast.Expr, rank int, t *sema.Type, zeroStmt ast.Stmt, always bool) ast.Stmt {
	alloc := []ast.Stmt{AllocateMold(shadow, x)}
	if t != nil {
		alloc = []ast.Stmt{AllocateLike(shadow, x, t, rank)}
	}
	if !always {
		alloc = append(alloc, zeroStmt)
	}
	lo, hi := Bounds(x, rank)
	then := Realign(shadow, lo, hi, alloc...)
	if always {
		then = append(then, zeroStmt)
	}
	return IfElse(Allocated(x), then, []ast.Stmt{If(Allocated(shadow), Deallocate(shadow))})
}

// MoveAllocArgs returns the FROM and TO arguments of CALL s if it calls
// the intrinsic MOVE_ALLOC, with their variables.
func MoveAllocArgs(info *sema.Info, s *ast.CallStmt) (from, to ast.Expr, ok bool) {
	c, isCall := info.CallStmts[s]
	id, isID := s.Name.(*ast.Ident)
	if !isCall || !isID || !c.IsIntrinsic() || id.Lower() != "move_alloc" || len(s.Args) != 2 {
		return nil, nil, false
	}
	var args [2]ast.Expr
	for i, a := range s.Args {
		kw, isKw := a.(*ast.KeywordArg)
		switch {
		case !isKw:
			args[i] = a
		case kw.Name.Lower() == "to":
			args[1] = kw.Value
		default:
			args[0] = kw.Value
		}
	}
	return args[0], args[1], wholeAllocatable(args[0]) && wholeAllocatable(args[1])
}

// wholeAllocatable reports whether x names a whole variable (v) or a
// whole component (v%c, p%s%c, of an element too: col%layers(k)%t,
// derived_elems.go): the forms MOVE_ALLOC's arguments take.
func wholeAllocatable(x ast.Expr) bool {
	switch x := x.(type) {
	case *ast.Ident:
		return true
	case *ast.SelectorExpr:
		if c, ok := x.X.(*ast.CallExpr); ok {
			return wholeAllocatable(c.Fun)
		}
		return wholeAllocatable(x.X)
	}
	return false
}

// Reallocated returns the allocatable variables CALL s (of what mc
// says it may read and define) may reallocate: whole allocatable
// actual arguments of allocatable dummies that are not intent(in), and
// module allocatables the callee, or one it calls, may define. The
// derivative code restores or realigns their allocation around the
// call.
func Reallocated(info *sema.Info, s *ast.CallStmt, mc *modref.Call) []*sema.Symbol {
	seen := map[*sema.Symbol]bool{}
	var out []*sema.Symbol
	add := func(v *sema.Symbol) {
		if IsAllocatable(v) && !seen[v] {
			seen[v] = true
			out = append(out, v)
		}
	}
	for _, a := range mc.Args {
		if _, whole := a.Expr.(*ast.Ident); whole && a.Dummy != nil && IsAllocatable(a.Dummy) && a.Dummy.Intent != ast.IntentIn {
			add(a.Var)
		}
	}
	if c := info.CallStmts[s]; c.Proc != nil && c.Proc.Proc != nil && c.Proc.Proc.Unit != nil && !c.IsIntrinsic() {
		for _, v := range modref.Set(mc.Globals).Sorted() {
			if IsAllocatable(v) && DefinesGlobal(info, c.Proc.Proc.Unit, v) {
				add(v)
			}
		}
	}
	return out
}

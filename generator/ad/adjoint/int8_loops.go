package adjoint

import (
	"strconv"

	"github.com/fadj-dev/fadj/generator/ad/deriv"
	"github.com/fadj-dev/fadj/generator/ad/tape"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/token"
	"github.com/fadj-dev/fadj/generator/sema"
)

// DO variables of another integer kind (`integer(int64) :: i`, as codes
// counting beyond 2**31 elements declare them). The tape records the
// index with its own kind (fadj_push_i8), and a loop whose bounds are
// recorded keeps them in locals of the index's kind (fadj_lo_i8, ...),
// converted with int(x, kind): a default integer would overflow where
// the loop does not. Trip counts stay default integers.

// doVarType returns the type of DO construct s's variable, or nil.
func (g *gen) doVarType(s *ast.DoConstruct) *sema.Type {
	v := g.info.ObjectOf(s.Var)
	if v == nil || v.Type == nil || !v.Type.IsInteger() {
		return nil
	}
	return v.Type
}

// checkDoVar rejects a DO variable not a default integer, where the
// reversal assumes one (checkpointed and OpenMP loops).
func (g *gen) checkDoVar(s *ast.DoConstruct) error {
	if t := g.doVarType(s); t == nil || t.Kind != 4 {
		return notSupported("DO variable '%s' not a default integer in reverse mode", s.Var.Name)
	}
	return nil
}

// checkIndexKind rejects a DO variable the tape cannot record (plain
// loops, reversed by stmts.go).
func (g *gen) checkIndexKind(s *ast.DoConstruct) error {
	if _, ok := tape.TypeOf(g.doVarType(s)); !ok {
		return notSupported("DO variable '%s' not an integer of kind 4 or 8 in reverse mode", s.Var.Name)
	}
	return nil
}

// pushDoVar and popDoVar record the DO variable of s with its kind.
func (g *gen) pushDoVar(s *ast.DoConstruct) ast.Stmt {
	t, _ := tape.TypeOf(g.doVarType(s))
	return tapePush(t, s.Var)
}

func (g *gen) popDoVar(s *ast.DoConstruct) ast.Stmt {
	t, _ := tape.TypeOf(g.doVarType(s))
	return tapePop(t, s.Var)
}

// boundLocal declares the local prefix+l.d holding a bound of loop l, of
// its index's kind: the default integer's names stay as they were.
func (g *gen) boundLocal(prefix string, l *loop) (*ast.Ident, error) {
	t := g.doVarType(l.s)
	if t == nil || t.Kind == 4 {
		return g.local(prefix+l.d, intType)
	}
	return g.local(prefix+"_i"+strconv.Itoa(t.Kind)+l.d, t)
}

// asIndexKind is bound x of loop s converted to its index's kind.
func (g *gen) asIndexKind(s *ast.DoConstruct, x ast.Expr) ast.Expr {
	t := g.doVarType(s)
	if t == nil || t.Kind == 4 {
		return g.asInt(x)
	}
	if _, lit := x.(*ast.BasicLit); lit {
		return x // converted on assignment
	}
	if xt := g.info.TypeOf(x); xt != nil && xt.IsInteger() && xt.Kind == t.Kind {
		return x
	}
	return &ast.CallExpr{Fun: ast.NewIdent("int"), Args: []ast.Expr{x, deriv.Int(t.Kind)}}
}

// indexZero returns 0 of the kind of integer type t (0_8 for kind 8):
// max(trips, 0) must have arguments of one kind.
func indexZero(t *sema.Type) ast.Expr {
	if t == nil || !t.IsInteger() || t.Kind == 4 || t.Kind == 0 {
		return deriv.Int(0)
	}
	return &ast.BasicLit{Kind: token.INT, Value: "0_" + strconv.Itoa(t.Kind)}
}

// zeroOfKind returns 0 of the largest integer kind among the types of
// xs (the bounds of a loop: their trip count has that kind).
func (g *gen) zeroOfKind(xs ...ast.Expr) ast.Expr {
	var big *sema.Type
	for _, x := range xs {
		if t := g.info.TypeOf(x); t != nil && t.IsInteger() && (big == nil || t.Kind > big.Kind) {
			big = t
		}
	}
	return indexZero(big)
}

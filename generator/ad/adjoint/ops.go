package adjoint

import (
	"github.com/fadj-dev/fadj/generator/ad/deriv"
	"github.com/fadj-dev/fadj/generator/ad/tape"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
)

// Tape operations, as values lowered by package tape: the generator
// never spells a runtime name, and passes recognise its operations with
// tape.Of.

// tapePush and tapePop save and restore scalar ref on the tape of type t.
func tapePush(t tape.Type, ref ast.Expr) ast.Stmt {
	return tape.Lower(tape.Op{Kind: tape.Push, Type: t, Ref: ref})
}

func tapePop(t tape.Type, ref ast.Expr) ast.Stmt {
	return tape.Lower(tape.Op{Kind: tape.Pop, Type: t, Ref: ref})
}

// tapePushArray and tapePopArray save and restore array ref, of n elements.
func tapePushArray(t tape.Type, ref, n ast.Expr) ast.Stmt {
	return tape.Lower(tape.Op{Kind: tape.Push, Type: t, Ref: ref, Count: n})
}

func tapePopArray(t tape.Type, ref, n ast.Expr) ast.Stmt {
	return tape.Lower(tape.Op{Kind: tape.Pop, Type: t, Ref: ref, Count: n})
}

// pushInt and popInt record a default integer: a trip count, a loop
// bound.
func pushInt(ref ast.Expr) ast.Stmt { return tapePush(tape.I4, ref) }
func popInt(ref ast.Expr) ast.Stmt  { return tapePop(tape.I4, ref) }

// pushChoice records v, one of n choices 0..n-1 (a branch taken, a jump
// marker), on the bit tape in the fewest bits n needs; popChoice(ref, n)
// pops it into the default integer ref. A push and its pop must be
// written with the same n.
func pushChoice(v ast.Expr, n int) ast.Stmt {
	return tape.Lower(tape.Op{Kind: tape.Push, Type: tape.Bits, Ref: v, Width: tape.WidthFor(n)})
}

func popChoice(ref ast.Expr, n int) ast.Stmt {
	return tape.Lower(tape.Op{Kind: tape.Pop, Type: tape.Bits, Ref: ref, Width: tape.WidthFor(n)})
}

// pushBranch records branch number i of n.
func pushBranch(i, n int) ast.Stmt { return pushChoice(deriv.Int(i), n) }

// typeSpec is the declaration type of the values of a tape.
func typeSpec(t tape.Type) *ast.TypeSpec {
	switch t {
	case tape.R8:
		return &ast.TypeSpec{Kind: ast.Real, KindSel: deriv.Int(8)}
	case tape.R4:
		return &ast.TypeSpec{Kind: ast.Real, KindSel: deriv.Int(4)}
	case tape.I4:
		return &ast.TypeSpec{Kind: ast.Integer}
	case tape.I8:
		return &ast.TypeSpec{Kind: ast.Integer, KindSel: deriv.Int(8)}
	case tape.L:
		return &ast.TypeSpec{Kind: ast.Logical}
	}
	return nil
}

// popOf returns the (lower-case) name of the variable st pops from the
// tape, if st is a tape pop.
func popOf(st ast.Stmt) (string, bool) {
	op, ok := tape.Of(st)
	if !ok || op.Kind != tape.Pop {
		return "", false
	}
	return refName(op.Ref), true
}

package sema

import (
	"strings"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/token"
)

// presentOnly returns the optional dummies cond tests the presence of
// when it is nothing but such tests (present(flux), present(a) .and.
// present(b)), else nil.
func (w *intentWalker) presentOnly(cond ast.Expr) []*Symbol {
	for {
		p, ok := cond.(*ast.ParenExpr)
		if !ok {
			break
		}
		cond = p.X
	}
	switch x := cond.(type) {
	case *ast.BinaryExpr:
		if x.Op != token.AND {
			return nil
		}
		a, b := w.presentOnly(x.X), w.presentOnly(x.Y)
		if a == nil || b == nil {
			return nil
		}
		return append(a, b...)
	case *ast.CallExpr:
		f, ok := x.Fun.(*ast.Ident)
		if !ok || !strings.EqualFold(f.Name, "present") || len(x.Args) != 1 {
			return nil
		}
		if c, ok := w.info.Calls[x]; !ok || !c.IsIntrinsic() {
			return nil // a user's function named present
		}
		id, ok := x.Args[0].(*ast.Ident)
		if !ok {
			return nil
		}
		if d := w.info.ObjectOf(id); d != nil && d.IsDummy() && d.Attrs.Has(AttrOptional) {
			return []*Symbol{d}
		}
	}
	return nil
}

// keepPresent adds to entry, the state when a branch guarded by cond is
// skipped, what the branch defined of the optional dummies cond tests
// the presence of: the branch is skipped for them only when they are
// absent, and an absent dummy is never read (physics schemes zero an
// optional diagnostic under IF (PRESENT(flux)) and accumulate into it
// under the same test: no read before the write, no warning).
func (w *intentWalker) keepPresent(cond ast.Expr, entry defState) {
	for _, d := range w.presentOnly(cond) {
		if w.must[d] > entry[d] {
			entry[d] = w.must[d]
		}
	}
}

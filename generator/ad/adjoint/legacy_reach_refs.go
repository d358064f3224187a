package adjoint

import (
	"github.com/fadj-dev/fadj/generator/analysis/tbr"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// reachRefs returns refs, the saves of jointly reversed call s, with a
// whole assumed-size array (which has no size to save) replaced by what
// the callee reaches of it from the elements the call passes
// (legacy_reach.go), each saved on its own; one the call names otherwise
// (whole, in a subscript, in an expression argument), or whose reach is
// not known, stays whole, for saveOp to reject at the call.
func (g *gen) reachRefs(s *ast.CallStmt, refs []tbr.Ref) []tbr.Ref {
	var out []tbr.Ref
	for _, r := range refs {
		if r.Expr != nil || !isAssumedSize(r.Var) {
			out = append(out, r)
			continue
		}
		if secs := g.reachSaves(s, r.Var); secs != nil {
			out = append(out, secs...)
			continue
		}
		out = append(out, r)
	}
	return out
}

// reachSaves returns the saves of what call s reaches of assumed-size
// array v, nil if not known.
func (g *gen) reachSaves(s *ast.CallStmt, v *sema.Symbol) []tbr.Ref {
	var out []tbr.Ref
	mc := g.modref().Call(s, g.scope)
	for _, a := range mc.Args {
		if a.Var != v {
			continue
		}
		sec := g.callSection(s, a.Expr, v, a.Dummy)
		if sec == nil {
			return nil
		}
		out = append(out, tbr.Ref{Expr: sec, Var: v})
	}
	for _, a := range s.Args {
		if kw, ok := a.(*ast.KeywordArg); ok {
			a = kw.Value
		}
		ce, isElem := a.(*ast.CallExpr)
		if isElem && g.baseSym(a) == v {
			for _, sub := range ce.Args {
				if refsVar(g.info, sub, v) {
					return nil
				}
			}
			continue
		}
		if id, isID := a.(*ast.Ident); isID && g.info.ObjectOf(id) == v {
			continue // the whole b, from its first element (firstElement)
		}
		if refsVar(g.info, a, v) {
			return nil // b(k)*2
		}
	}
	return out
}

func isAssumedSize(v *sema.Symbol) bool {
	return len(v.Dims) > 0 && v.Dims[len(v.Dims)-1].Kind == sema.AssumedSize
}

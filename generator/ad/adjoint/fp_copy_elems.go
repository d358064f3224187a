package adjoint

import (
	"strings"

	"github.com/fadj-dev/fadj/generator/diag"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/printer"
)

// A state array the body assigns whole from a local that takes the
// state's own values element by element (a Jacobi sweep: tn(1) = t(1);
// tn(n) = t(n); the interior of tn; t = tn, fixedpoint_mask_copy.go for
// the whole copy tn = t): φ is the identity at the copied elements, a
// parameter of the loop there. The marks start at 1 (an element the
// iteration does not copy is defined by it, as by a whole assignment),
// a copy marks its element 0, another assignment of the local marks its
// elements 1 again, in the order the recording sweep runs them. (Taken
// as whole before, the copied elements' adjoints grew with each adjoint
// iteration: a wrong gradient, dot-product error 0.35.)

// copiesElems reports whether list (the recording sweep up to t = via)
// copies an element of name into via at its top level.
func copiesElems(list []ast.Stmt, via, name string) bool {
	for _, st := range list {
		if a, ok := st.(*ast.AssignStmt); ok && ownCopy(a, via, name) {
			return true
		}
	}
	return false
}

// initialMark is the value the marks of part p start from in the
// recording sweep.
func initialMark(p *fpPart) string {
	if p.viaElems {
		return "1"
	}
	return "0"
}

// elemMark returns the mark v of the elements assignment a (to an
// element of the copy) assigns.
func elemMark(a *ast.AssignStmt, p *fpPart, v string) *ast.AssignStmt {
	_, subs, _ := lhsPath(a.Lhs)
	args := make([]ast.Expr, len(subs))
	for i, s := range subs {
		args[i] = ast.Clone(s)
	}
	return &ast.AssignStmt{Lhs: &ast.CallExpr{Fun: ast.NewIdent(p.mark), Args: args}, Rhs: parseExpr(v)}
}

// nestedCopy rejects a state array the body assigns whole from a local
// (t = tn) that also takes some of the state's own elements (tn(1) =
// t(1), or tn(i) = t(i) in a DO loop) where the marks do not follow them:
// not both at the body's top level (an inner solve's copies seen from an
// outer fixed-point loop). Taken as whole, the copied elements' adjoints
// would grow with each adjoint iteration: a wrong gradient.
func (fp *fpCode) nestedCopy(p *fpPart, f []ast.Stmt) error {
	if p.via != "" || p.kind == fpNone || p.path != "" || p.rank == 0 {
		return nil
	}
	name := strings.ToLower(p.v.Name)
	vias := map[string]bool{}
	ast.Inspect(&ast.Unit{Body: f}, func(n ast.Node) bool {
		if a, ok := n.(*ast.AssignStmt); ok && isName(a.Lhs, name) {
			if x, ok := a.Rhs.(*ast.Ident); ok {
				vias[strings.ToLower(x.Name)] = true
			}
		}
		return true
	})
	var bad *ast.AssignStmt
	ast.Inspect(&ast.Unit{Body: f}, func(n ast.Node) bool {
		if a, ok := n.(*ast.AssignStmt); ok && bad == nil && vias[baseName(a.Lhs)] && ownCopy(a, baseName(a.Lhs), name) {
			bad = a
		}
		return bad == nil
	})
	if bad == nil {
		if whole := wholeCopyInLoop(f, vias, name); whole != nil {
			return diag.At(fp.g.fset, whole.Pos(), notSupported("'%s' copies '%s', state of fixed-point loop %s, in a DO loop of the body, which then assigns the state from the copy: the marks follow such a copy only at the body's top level (an inner solve's copy seen from an outer fixed-point loop)", printer.ExprString(whole.Lhs), p.v.Name, fp.d.Name))
		}
		return nil
	}
	return diag.At(fp.g.fset, bad.Pos(), notSupported("'%s' copies elements of '%s', state of fixed-point loop %s, which the loop's body then assigns from it: the element marks follow such copies only at the body's top level (the copied elements map to themselves)", printer.ExprString(bad.Lhs), p.v.Name, fp.d.Name))
}

// wholeCopyInLoop returns an assignment via = name (a whole copy of the
// state into a local the body assigns the state from) inside a DO loop
// of body: an inner Jacobi solve's tn = t; interior; t = tn, seen from
// an outer fixed-point loop, gave a wrong gradient (dot-product error
// 0.35), where the same copy at the body's top level (fp_nested_calls'
// unew = u) is right.
func wholeCopyInLoop(body []ast.Stmt, vias map[string]bool, name string) *ast.AssignStmt {
	var found *ast.AssignStmt
	ast.Inspect(&ast.Unit{Body: body}, func(n ast.Node) bool {
		do, ok := n.(*ast.DoConstruct)
		if !ok || found != nil {
			return found == nil
		}
		ast.Inspect(&ast.Unit{Body: do.Body}, func(m ast.Node) bool {
			if a, ok := m.(*ast.AssignStmt); ok && found == nil {
				if x, ok := a.Rhs.(*ast.Ident); ok && vias[baseName(a.Lhs)] && isName(a.Lhs, baseName(a.Lhs)) &&
					strings.EqualFold(x.Name, name) {
					found = a
				}
			}
			return found == nil
		})
		return false
	})
	return found
}

package inline

import (
	"strings"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/printer"
	"github.com/fadj-dev/fadj/generator/sema"
)

// FixedPointExits moves the exit of each of loops (the fixed-point loops
// of a spec) to the end of its body when the body writes it as solvers
// often do, the update copied into the converged branch:
//
//	do it = 1, maxit                     do it = 1, maxit
//	  xn = phi(x, p)                       xn = phi(x, p)
//	  res = maxval(abs(xn - x))            res = maxval(abs(xn - x))
//	  if (res < tol) then          =>      x = xn
//	    x = xn                             if (res < tol) exit
//	    exit                             end do
//	  end if
//	  x = xn
//	end do
//
// Both paths run the same assignments, so they can run before the test
// when they define nothing it reads. The fixed-point adjoint needs the
// exit between two complete iterations (generator/analysis/fixedpoint).
// Only assignments qualify, without labels; anything else is left for
// the analysis to report.
func FixedPointExits(info *sema.Info, loops []*ast.DoConstruct) {
	for _, d := range loops {
		fixedPointExit(info, d)
		fixedPointRotate(info, d) // an exit in the middle (fixedpoint_rotate.go)
	}
}

func fixedPointExit(info *sema.Info, d *ast.DoConstruct) {
	end := len(d.Body)
	for end > 0 {
		if _, ok := d.Body[end-1].(*ast.ContinueStmt); !ok {
			break
		}
		end--
	}
	for i := end - 1; i >= 0; i-- {
		ifc, ok := d.Body[i].(*ast.IfConstruct)
		if !ok {
			continue
		}
		tail := d.Body[i+1 : end]
		if !copiedExit(info, d, ifc, tail) {
			return
		}
		exit := ifc.Branches[0].Body[len(tail)]
		test := &ast.IfStmt{Cond: ifc.Branches[0].Cond, Action: exit}
		test.Start = ifc.Start
		body := append(append(append([]ast.Stmt{}, d.Body[:i]...), tail...), test)
		d.Body = append(body, d.Body[end:]...)
		return
	}
}

// copiedExit reports whether IF construct ifc of loop d is IF (c) THEN,
// the assignments of tail, EXIT of d, END IF, tail defining nothing c
// reads.
func copiedExit(info *sema.Info, d *ast.DoConstruct, ifc *ast.IfConstruct, tail []ast.Stmt) bool {
	if len(ifc.Branches) != 1 || ifc.Branches[0].Cond == nil || ifc.Label != 0 || len(tail) == 0 {
		return false
	}
	b := ifc.Branches[0].Body
	if len(b) != len(tail)+1 {
		return false
	}
	e, ok := b[len(tail)].(*ast.ExitStmt)
	if !ok || e.Label != 0 || e.Construct != nil && (d.Name == nil || !strings.EqualFold(d.Name.Name, e.Construct.Name)) {
		return false
	}
	defined := map[*sema.Symbol]bool{}
	for k, s := range tail {
		as, ok := s.(*ast.AssignStmt)
		if !ok || as.Label != 0 || b[k].Header().Label != 0 || printed(s) != printed(b[k]) {
			return false
		}
		if v := baseSymbol(info, as.Lhs); v != nil {
			defined[v] = true
		}
	}
	reads := false
	ast.Inspect(ifc.Branches[0].Cond, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && defined[info.ObjectOf(id)] {
			reads = true
		}
		return !reads
	})
	return !reads
}

func printed(s ast.Stmt) string {
	var b strings.Builder
	if err := printer.Node(&b, s); err != nil {
		return "?" + err.Error()
	}
	return b.String()
}

// baseSymbol returns the variable at the root of designator x.
func baseSymbol(info *sema.Info, x ast.Expr) *sema.Symbol {
	for {
		switch y := x.(type) {
		case *ast.Ident:
			return info.ObjectOf(y)
		case *ast.CallExpr:
			x = y.Fun
		case *ast.SelectorExpr:
			x = y.X
		case *ast.ParenExpr:
			x = y.X
		default:
			return nil
		}
	}
}

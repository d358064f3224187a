package inline

import (
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/token"
	"github.com/fadj-dev/fadj/generator/sema"
)

// ConstructorSegments rewrites an assignment to a rank-1 array whose
// right side combines array constructors of scalars and sections by
// elemental operations (a periodic stencil's neighbours)
//
//	f = nu*([u(n), u(1:n-1)] - 2*u + [u(2:n), u(1)])
//
// into one assignment per segment of the array on which each
// constructor is one of its items:
//
//	if (n >= 2) then
//	  f(1) = nu*(u(n) - 2*u(1) + u(2))
//	  f(2:n - 1) = nu*(u(1:n - 2) - 2*u(2:n - 1) + u(3:n))
//	  f(n) = nu*(u(n - 1) - 2*u(n) + u(1))
//	else
//	  f = nu*([u(n), u(1:n-1)] - 2*u + [u(2:n), u(1)])
//	end if
//
// Each element is computed by the same operations on the same values, so
// the values are the same to the bit; but no constructor is built.
// gfortran builds each on the heap: it made the steps of such a stencil
// two to three times slower, in the generated forward and backward
// sweeps as in the primal, and the adjoint of a constructor needs
// temporaries of its own. The segments' ends are sums of the items'
// lengths, linear forms in the integers of the bounds (ctor_forms.go);
// where their order depends on those integers' values (1 <= n - 1
// above), the IF tests it and the statement runs as written otherwise.
//
// An assignment is rewritten when its left side is a variable or a
// section with one stride-1 range, of no POINTER, that its right side
// does not name; an ALLOCATABLE whole array only while it has the
// constructors' size (else the assignment reallocates it: an outer IF
// on its allocation runs it as written). Its right
// side's arrays are constructors without a type or implied DO, whole
// arrays and such sections, combined by intrinsic operations and
// elemental intrinsics, and its scalars call no user function; all its
// constructors have the same length form. cshift(a, k) of such an array
// by a constant k is the constructor [a(k+1:), a(:k)] (ctor_items.go):
// gfortran's cshift, which builds its result too, made the same step 1.7
// times slower than in segments. The WHEREs' assignments, a
// labelled assignment (a GO TO's target or a DO's end), DO CONCURRENT
// and procedures with OpenMP directives are left alone.
func ConstructorSegments(prog *sema.Program) {
	if prog == nil || prog.Info == nil {
		return
	}
	for _, f := range prog.Files {
		for _, u := range f.Units {
			ctorSegments(prog.Info, u)
		}
	}
}

func ctorSegments(info *sema.Info, u *ast.Unit) {
	for _, p := range u.Procs {
		ctorSegments(info, p)
	}
	if u.Kind != ast.SubroutineUnit && u.Kind != ast.FunctionUnit || info.Scopes[u] == nil || !hasCtor(u) || hasOmp(u) {
		return
	}
	w := newWhereLoops(info, u)
	u.Body = w.segmentList(u.Body)
}

// hasCtor reports whether u's body has an array constructor or a
// cshift (most procedures have none: no further walk).
func hasCtor(u *ast.Unit) bool {
	return hasCtorIn(&ast.Unit{Body: u.Body})
}

// isCtor reports whether n is an array constructor or, by its name, a
// reference of cshift (scan tells).
func isCtor(n ast.Node) bool {
	switch n := n.(type) {
	case *ast.ArrayConstructor:
		return true
	case *ast.CallExpr:
		id, ok := n.Fun.(*ast.Ident)
		return ok && id.Lower() == "cshift"
	}
	return false
}

// segmentList returns list with its qualifying assignments (nested in
// IF, DO, SELECT CASE and BLOCK constructs too) rewritten.
func (w *whereLoops) segmentList(list []ast.Stmt) []ast.Stmt {
	var out []ast.Stmt
	for _, s := range list {
		switch s := s.(type) {
		case *ast.AssignStmt:
			if segs := w.segmented(s); segs != nil {
				out = append(out, segs...)
				continue
			}
		case *ast.IfConstruct:
			for _, b := range s.Branches {
				b.Body = w.segmentList(b.Body)
			}
		case *ast.DoConstruct:
			if len(s.Concurrent) == 0 {
				if s.Var != nil {
					w.doVars = append(w.doVars, w.info.ObjectOf(s.Var))
				}
				s.Body = w.segmentList(s.Body)
				if s.Var != nil {
					w.doVars = w.doVars[:len(w.doVars)-1]
				}
			}
		case *ast.SelectCase:
			for _, c := range s.Cases {
				c.Body = w.segmentList(c.Body)
			}
		case *ast.BlockConstruct:
			s.Body = w.segmentList(s.Body)
		}
		out = append(out, s)
	}
	return out
}

// onDoVar reports whether an atom of c names the control variable of a
// DO loop around the statement: gfortran's -Wdo-subscript would warn of
// the segments' subscripts in the iterations the IF keeps them from
// (f(1:m) = [u(m), u(1:m-1)] for m = 1, n: u(m - 1) at m = 1), so such a
// statement stays as written.
func (c *ctorSeg) onDoVar() bool {
	for _, a := range c.atoms {
		named := false
		ast.Inspect(a, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				for _, v := range c.w.doVars {
					named = named || v != nil && c.w.info.ObjectOf(id) == v
				}
			}
			return !named
		})
		if named {
			return true
		}
	}
	return false
}

// segOperand is a rank-1 operand of the assignment: a constructor, or a
// designator (one item).
type segOperand struct {
	items []segItem
	offs  []linForm // the items' offsets: offs[i] before item i, the last the length
	ctor  bool
}

// segItem is an item of a constructor or a designator.
type segItem struct {
	scalar ast.Expr // a scalar item; else:
	name   ast.Expr // the array: *ast.Ident or *ast.SelectorExpr
	sym    *sema.Symbol
	args   []ast.Expr // its subscripts, nil for the whole array
	dim    int        // the subscript that ranges
	lo     linForm    // the subscript of the first element
	call   sema.Call  // its reference's classification
	n      linForm    // the number of elements
}

// ctorSeg is the analysis of one assignment.
type ctorSeg struct {
	w     *whereLoops
	atoms map[string]ast.Expr
	ops   map[ast.Expr]*segOperand
	ctors []*segOperand
	lhs   *segOperand
	chain []linForm // the segments' ends in order, from 0 to the length
}

// segmented returns the statements replacing as, or nil if it does not
// qualify.
func (w *whereLoops) segmented(as *ast.AssignStmt) []ast.Stmt {
	if as.Label != 0 || w.info.Rank(as.Lhs) != 1 || !hasCtorIn(as.Rhs) {
		return nil
	}
	c := &ctorSeg{w: w, atoms: map[string]ast.Expr{}, ops: map[ast.Expr]*segOperand{}}
	base := baseSymbol(w.info, as.Lhs)
	if base == nil || c.names(as.Rhs, base) {
		return nil
	}
	lhs, ok := c.designator(as.Lhs)
	if !ok || !c.scan(as.Rhs) || len(c.ctors) == 0 {
		return nil
	}
	c.lhs = &segOperand{items: []segItem{lhs}, offs: []linForm{constForm(0), lhs.n}}
	conds, ok := c.order()
	if !ok || c.onDoVar() {
		return nil
	}
	var allocated ast.Expr
	if id, whole := as.Lhs.(*ast.Ident); whole && lhs.sym.Attrs&sema.AttrAllocatable != 0 {
		// Only while it has the constructors' size, which is asked
		// under an IF of its own (.and. may evaluate both operands).
		allocated = w.logicalInquiry("allocated", w.info.Clone(id))
		size := w.intrinsic("size", w.info.Clone(id))
		conds = append([]ast.Expr{&ast.BinaryExpr{X: size, Op: token.EQ, OpLit: "==", Y: w.formExpr(c.length(), c.atoms)}}, conds...)
	}
	if len(conds) == 0 {
		return nil // (lengths all constant: gfortran builds the constructors on the stack)
	}
	var segs []ast.Stmt
	for j := 0; j+1 < len(c.chain); j++ {
		a := &ast.AssignStmt{Lhs: c.segment(c.lhs, j), Rhs: c.rebuild(as.Rhs, j)}
		a.Start, a.Line = as.Start, as.Line
		segs = append(segs, a)
	}
	cond := conds[0]
	for _, x := range conds[1:] {
		cond = &ast.BinaryExpr{X: cond, Op: token.AND, OpLit: ".and.", Y: x}
	}
	doc, blank := as.Doc, as.BlankBefore
	as.Doc, as.BlankBefore = nil, false
	ifc := &ast.IfConstruct{Branches: []*ast.IfBranch{{Cond: cond, Body: segs}, {Body: []ast.Stmt{as}}}, End: ast.EndStmt{Keyword: "if"}}
	ifc.Start = as.Start
	if allocated != nil {
		again := &ast.AssignStmt{Lhs: w.info.Clone(as.Lhs), Rhs: w.info.Clone(as.Rhs)}
		again.Start, again.Line = as.Start, as.Line
		ifc = &ast.IfConstruct{Branches: []*ast.IfBranch{{Cond: allocated, Body: []ast.Stmt{ifc}}, {Body: []ast.Stmt{again}}}, End: ast.EndStmt{Keyword: "if"}}
		ifc.Start = as.Start
	}
	ifc.Doc, ifc.BlankBefore = doc, blank
	if w.info.Segmented == nil {
		w.info.Segmented = map[*ast.IfConstruct]*ast.AssignStmt{}
	}
	w.info.Segmented[ifc] = as
	return []ast.Stmt{ifc}
}

func hasCtorIn(x ast.Node) bool {
	found := false
	ast.Inspect(x, func(n ast.Node) bool {
		found = found || isCtor(n)
		return !found
	})
	return found
}

// names reports whether x names variable base, or reads a POINTER.
func (c *ctorSeg) names(x ast.Expr, base *sema.Symbol) bool {
	found := false
	ast.Inspect(x, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if s := c.w.info.ObjectOf(id); s == base || s != nil && s.Attrs&sema.AttrPointer != 0 {
				found = true
			}
		}
		return !found
	})
	return found
}

// length returns the constructors' length form.
func (c *ctorSeg) length() linForm {
	return c.ctors[0].offs[len(c.ctors[0].offs)-1]
}

// order sets c.chain, the constructors' offsets in order, and returns
// the conditions under which that is their order, or false if they
// cannot be ordered so.
func (c *ctorSeg) order() ([]ast.Expr, bool) {
	n := c.length()
	chain := []linForm{constForm(0), n}
	for _, op := range c.ctors {
		if !op.offs[len(op.offs)-1].equal(n) {
			return nil, false // (the standard makes them equal: spelt otherwise)
		}
		for _, o := range op.offs {
			if c.pos(chain, o) < 0 {
				chain = append(chain, o)
			}
		}
	}
	sortForms(chain)
	if !chain[0].equal(constForm(0)) || !chain[len(chain)-1].equal(n) || len(chain) > 9 {
		return nil, false
	}
	for _, op := range c.ctors {
		for i, it := range op.items {
			p, q := c.pos(chain, op.offs[i]), c.pos(chain, op.offs[i+1])
			if q < p || it.scalar != nil && q != p+1 {
				return nil, false
			}
		}
	}
	var conds []ast.Expr
	for j := 0; j+1 < len(chain); j++ {
		d := chain[j+1].minus(chain[j])
		if v, ok := d.constant(); ok {
			if v <= 0 {
				return nil, false
			}
			continue
		}
		conds = append(conds, c.w.nonNegative(d, c.atoms))
	}
	c.chain = chain
	return conds, true
}

func sortForms(f []linForm) {
	for i := 1; i < len(f); i++ { // (at most nine)
		for j := i; j > 0 && f[j].less(f[j-1]); j-- {
			f[j], f[j-1] = f[j-1], f[j]
		}
	}
}

// pos returns the index in chain of the form equal to o, or -1.
func (c *ctorSeg) pos(chain []linForm, o linForm) int {
	for i, f := range chain {
		if f.equal(o) {
			return i
		}
	}
	return -1
}

// scan reports whether right side x qualifies, recording its rank-1
// operands.
func (c *ctorSeg) scan(x ast.Expr) bool {
	info := c.w.info
	if info.Rank(x) == 0 {
		return c.pureScalar(x)
	}
	switch y := x.(type) {
	case *ast.ParenExpr:
		return c.scan(y.X)
	case *ast.UnaryExpr:
		return info.Operators[y] == nil && c.scan(y.X)
	case *ast.BinaryExpr:
		return info.Operators[y] == nil && c.scan(y.X) && c.scan(y.Y)
	case *ast.ArrayConstructor:
		return c.ctor(y)
	case *ast.Ident, *ast.SelectorExpr:
		return c.operand(y)
	case *ast.CallExpr:
		k, known := info.Calls[y]
		switch {
		case !known:
			return false
		case k.Kind == sema.ArrayElement:
			return c.operand(y)
		case k.Kind == sema.FunctionCall && k.IsIntrinsic() && k.Proc.Name == "cshift":
			return c.cshift(y)
		case k.Kind != sema.FunctionCall || !k.IsIntrinsic() || k.Proc.Proc.Intrinsic == nil || !k.Proc.Proc.Intrinsic.Elemental:
			return false
		}
		for _, a := range y.Args {
			if kw, ok := a.(*ast.KeywordArg); ok {
				a = kw.Value
			}
			if !c.scan(a) {
				return false
			}
		}
		return true
	}
	return false
}

func (c *ctorSeg) operand(x ast.Expr) bool {
	it, ok := c.designator(x)
	if ok {
		c.ops[x] = &segOperand{items: []segItem{it}, offs: []linForm{constForm(0), it.n}}
	}
	return ok
}

// ctor records constructor x as an operand if it qualifies.
func (c *ctorSeg) ctor(x *ast.ArrayConstructor) bool {
	if x.Type != nil || len(x.Items) == 0 {
		return false
	}
	op := &segOperand{ctor: true, offs: []linForm{constForm(0)}}
	for _, item := range x.Items {
		var it segItem
		switch r := c.w.info.Rank(item); {
		case r == 0:
			if _, isDo := item.(*ast.ImpliedDo); isDo || !c.pureScalar(item) {
				return false
			}
			it = segItem{scalar: item, n: constForm(1)}
		case r == 1:
			var ok bool
			if it, ok = c.designator(item); !ok {
				return false
			}
		default:
			return false
		}
		op.items = append(op.items, it)
		op.offs = append(op.offs, op.offs[len(op.offs)-1].plus(it.n))
	}
	c.ops[x] = op
	c.ctors = append(c.ctors, op)
	return true
}

// pureScalar reports whether scalar x calls no user function and has no
// constructor or implied DO.
func (c *ctorSeg) pureScalar(x ast.Expr) bool {
	ok := true
	ast.Inspect(x, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			if k, known := c.w.info.Calls[n]; !known || k.Kind == sema.FunctionCall && !k.IsIntrinsic() {
				ok = false
			}
		case *ast.ArrayConstructor, *ast.ImpliedDo:
			ok = false
		case *ast.BinaryExpr:
			ok = ok && c.w.info.Operators[n] == nil
		case *ast.UnaryExpr:
			ok = ok && c.w.info.Operators[n] == nil
		}
		return ok
	})
	return ok
}

// Unsegment puts back the assignments ConstructorSegments split in the
// bodies of loops: the fixed-point loops, whose analysis and adjoint
// iteration take the state's definitions as written.
func Unsegment(info *sema.Info, loops []*ast.DoConstruct) {
	if len(info.Segmented) == 0 {
		return
	}
	var list func([]ast.Stmt) []ast.Stmt
	list = func(l []ast.Stmt) []ast.Stmt {
		for i, s := range l {
			if ifc, ok := s.(*ast.IfConstruct); ok && info.Segmented[ifc] != nil {
				as := info.Segmented[ifc]
				as.Doc, as.BlankBefore = ifc.Doc, ifc.BlankBefore
				delete(info.Segmented, ifc)
				l[i] = as
				continue
			}
			ast.Inspect(s, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.IfConstruct:
					for _, b := range n.Branches {
						b.Body = list(b.Body)
					}
				case *ast.DoConstruct:
					n.Body = list(n.Body)
				case *ast.SelectCase:
					for _, c := range n.Cases {
						c.Body = list(c.Body)
					}
				case *ast.BlockConstruct:
					n.Body = list(n.Body)
				default:
					return true
				}
				return false
			})
		}
		return l
	}
	for _, d := range loops {
		d.Body = list(d.Body)
	}
}

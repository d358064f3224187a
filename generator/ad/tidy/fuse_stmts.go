package tidy

import (
	"strings"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/token"
	"github.com/fadj-dev/fadj/generator/intrinsic"
)

// declared is what fuseArrayStatements knows of a unit's names from its
// specification part alone.
type declared struct {
	arrays  map[string]*arrayDecl    // explicit-shape arrays that may be fused
	scalars map[string]*ast.TypeSpec // scalars of an intrinsic type
	known   map[string]bool          // every name the unit declares in any way
	// visible: dummies and COMMON variables, whose storage the caller
	// may share: a scalar dummy can be an element of an array dummy
	// (call scale(p(2:n), n-1, e) with e => u(2)).
	visible map[string]bool
}

type arrayDecl struct {
	rank  int
	shape string // ast.Key of the bounds, the lower ones written 1 if omitted
	ts    *ast.TypeSpec
}

// unitDecls reads u's declarations. A name declared in more than one
// way (a DIMENSION, POINTER or EXTERNAL statement, COMMON with bounds,
// EQUIVALENCE, an interface, a USE) is neither an array nor a scalar
// here: the type declaration alone would misdescribe it.
func unitDecls(u *ast.Unit) *declared {
	d := &declared{arrays: map[string]*arrayDecl{}, scalars: map[string]*ast.TypeSpec{}, known: map[string]bool{},
		visible: map[string]bool{}}
	for _, a := range u.Args {
		d.visible[strings.ToLower(a.Name)] = true
	}
	bad := map[string]bool{}
	seen := map[string]int{}
	lower := func(id *ast.Ident) string { return strings.ToLower(id.Name) }
	for _, s := range u.Decls {
		switch s := s.(type) {
		case *ast.TypeDecl:
			for _, e := range s.Entities {
				n := lower(e.Name)
				d.known[n] = true
				seen[n]++
				d.typeDecl(s, e, n, bad)
			}
			continue
		case *ast.AttrStmt:
			for _, e := range s.Entities {
				d.known[lower(e.Name)] = true
				if !harmlessAttr(s.Attr.Kind) || e.Dims != nil {
					bad[lower(e.Name)] = true
				}
			}
			continue
		case *ast.CommonStmt:
			for _, b := range s.Blocks {
				for _, e := range b.Entities {
					d.visible[lower(e.Name)] = true
					if e.Dims != nil {
						bad[lower(e.Name)] = true
					}
				}
			}
			continue
		case *ast.ParameterStmt, *ast.DataStmt, *ast.ImplicitStmt, *ast.FormatStmt:
			continue
		}
		// Anything else (EQUIVALENCE, interfaces, procedure and USE
		// statements, statement functions, NAMELIST): every name in it
		// is spoken for.
		ast.Inspect(s, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				d.known[lower(id)] = true
				bad[lower(id)] = true
			}
			return true
		})
	}
	for _, p := range u.Procs {
		if p.Name != nil {
			d.known[lower(p.Name)] = true
			bad[lower(p.Name)] = true
		}
	}
	for n := range d.arrays {
		if bad[n] || seen[n] > 1 {
			delete(d.arrays, n)
		}
	}
	for n := range d.scalars {
		if bad[n] || seen[n] > 1 {
			delete(d.scalars, n)
		}
	}
	return d
}

// typeDecl records entity e (name n) of declaration s.
func (d *declared) typeDecl(s *ast.TypeDecl, e *ast.Entity, n string, bad map[string]bool) {
	switch s.Type.Kind {
	case ast.Character, ast.Derived, ast.Class:
		bad[n] = true
		return
	}
	dims := e.Dims
	for _, a := range s.Attrs {
		switch a.Kind {
		case ast.AttrDimension:
			if dims == nil {
				dims = a.Dims
			}
		case ast.AttrPointer, ast.AttrAllocatable, ast.AttrParameter, ast.AttrVolatile, ast.AttrAsynchronous,
			ast.AttrExternal, ast.AttrIntrinsic, ast.AttrBind:
			bad[n] = true
			return
		}
	}
	if e.Pointer || e.CharLen != nil {
		bad[n] = true
		return
	}
	if dims == nil {
		d.scalars[n] = s.Type
		return
	}
	var key strings.Builder
	for _, dim := range dims {
		if dim.Hi == nil {
			bad[n] = true // assumed or deferred shape
			return
		}
		if _, star := dim.Hi.(*ast.StarExpr); star {
			bad[n] = true // assumed size
			return
		}
		lo := "1"
		if dim.Lo != nil {
			lo = ast.Key(dim.Lo)
		}
		key.WriteString(lo + ":" + ast.Key(dim.Hi) + ",")
	}
	d.arrays[n] = &arrayDecl{rank: len(dims), shape: key.String(), ts: s.Type}
}

// harmlessAttr reports whether an attribute statement leaves what a type
// declaration says of a name's shape and storage as it is.
func harmlessAttr(k ast.AttrKind) bool {
	switch k {
	case ast.AttrIntent, ast.AttrSave, ast.AttrOptional, ast.AttrValue, ast.AttrTarget, ast.AttrPublic,
		ast.AttrPrivate, ast.AttrProtected, ast.AttrContiguous:
		return true
	}
	return false
}

// stmtFacts describe a statement that may join a run.
type stmtFacts struct {
	shape   string          // the shape of its whole arrays
	lhs     string          // the array it assigns, "" for a reduction
	elems   map[string]bool // arrays it names by element
	sum     *ast.CallExpr   // a reduction's SUM
	sumType *ast.TypeSpec   // the type of its elements
	// visibleReads are the visible scalars read in the loop;
	// assignsVisible, whether the array it assigns is visible.
	visibleReads   map[string]bool
	assignsVisible bool
}

// classify returns the facts of s, or false if s cannot join a run: an
// unlabelled assignment to a whole array, or WHERE statement, whose
// expressions are elementwise over whole arrays of the left side's
// shape, or an assignment to a scalar with one SUM of such an
// expression.
func (d *declared) classify(s ast.Stmt) (*stmtFacts, bool) {
	if s.Header().Label != 0 {
		return nil, false
	}
	var mask ast.Expr
	asg, ok := s.(*ast.AssignStmt)
	if w, isWhere := s.(*ast.WhereStmt); isWhere {
		asg, mask, ok = w.Assign, w.Mask, true
	}
	if !ok {
		return nil, false
	}
	id, ok := asg.Lhs.(*ast.Ident)
	if !ok {
		return nil, false
	}
	n := strings.ToLower(id.Name)
	if a := d.arrays[n]; a != nil {
		c := &collector{d: d, shape: a.shape, elems: map[string]bool{}, reads: map[string]bool{}}
		if !c.expr(asg.Rhs) || (mask != nil && !c.expr(mask)) || c.elems[n] {
			return nil, false
		}
		return &stmtFacts{shape: a.shape, lhs: n, elems: c.elems, visibleReads: c.reads, assignsVisible: d.visible[n]}, true
	}
	if d.scalars[n] == nil || mask != nil {
		return nil, false
	}
	return d.reductionFacts(asg.Rhs)
}

// reductionFacts classifies the right side of s = ... sum(e) ...
func (d *declared) reductionFacts(rhs ast.Expr) (*stmtFacts, bool) {
	sums := sumCalls(rhs, d)
	if len(sums) != 1 || len(sums[0].Args) != 1 {
		return nil, false
	}
	sum := sums[0]
	if _, kw := sum.Args[0].(*ast.KeywordArg); kw {
		return nil, false
	}
	c := &collector{d: d, elems: map[string]bool{}, reads: map[string]bool{}, typed: true}
	if !c.expr(sum.Args[0]) || c.shape == "" {
		return nil, false
	}
	ts, ok := c.sumType()
	if !ok {
		return nil, false
	}
	// The rest is evaluated after the loop: scalars only.
	rest := &collector{d: d, elems: c.elems, scalarOnly: true}
	if !rest.expr(replaceSum(ast.Clone(rhs), &ast.BasicLit{Kind: token.INT, Value: "0"})) {
		return nil, false
	}
	return &stmtFacts{shape: c.shape, elems: c.elems, sum: sum, sumType: ts, visibleReads: c.reads}, true
}

// collector checks that an expression is elementwise and gathers the
// arrays it names.
type collector struct {
	d          *declared
	shape      string          // the shape of the whole arrays ("" until one is met)
	elems      map[string]bool // arrays named by element
	scalarOnly bool            // no whole array may appear (a subscript)
	reads      map[string]bool // visible scalars read, if not nil
	// typed: gather the operands' types and the literals (sumType).
	typed   bool
	arrays  []*ast.TypeSpec
	scalars []*ast.TypeSpec
	lits    []*ast.BasicLit
}

func (c *collector) expr(x ast.Expr) bool {
	switch x := x.(type) {
	case *ast.Ident:
		return c.ident(strings.ToLower(x.Name))
	case *ast.BasicLit:
		c.lits = append(c.lits, x)
		return true
	case *ast.UnaryExpr:
		return x.Op != token.DEFOP && c.expr(x.X)
	case *ast.BinaryExpr:
		return x.Op != token.DEFOP && c.expr(x.X) && c.expr(x.Y)
	case *ast.ParenExpr:
		return c.expr(x.X)
	case *ast.CallExpr:
		return c.call(x)
	}
	return false
}

func (c *collector) ident(n string) bool {
	if a := c.d.arrays[n]; a != nil {
		if c.scalarOnly || (c.shape != "" && a.shape != c.shape) {
			return false
		}
		c.shape = a.shape
		c.arrays = append(c.arrays, a.ts)
		return true
	}
	ts := c.d.scalars[n]
	c.scalars = append(c.scalars, ts)
	if c.reads != nil && c.d.visible[n] {
		c.reads[n] = true
	}
	return ts != nil
}

// call accepts an element of a fusable array with scalar subscripts, or
// an elemental intrinsic the unit does not redeclare.
func (c *collector) call(x *ast.CallExpr) bool {
	id, ok := x.Fun.(*ast.Ident)
	if !ok {
		return false
	}
	n := strings.ToLower(id.Name)
	if a := c.d.arrays[n]; a != nil {
		if len(x.Args) != a.rank {
			return false
		}
		sub := &collector{d: c.d, elems: c.elems, scalarOnly: true, reads: c.reads}
		for _, arg := range x.Args {
			if !sub.expr(arg) {
				return false
			}
		}
		c.elems[n] = true
		c.scalars = append(c.scalars, a.ts)
		if c.reads != nil && c.d.visible[n] {
			c.reads["("+n] = true // an element of a visible array: see run.accepts
		}
		return true
	}
	if c.d.known[n] || !elementalIntrinsic(n, c.typed) {
		return false
	}
	for _, arg := range x.Args {
		if kw, ok := arg.(*ast.KeywordArg); ok {
			arg = kw.Value
		}
		if !c.expr(arg) {
			return false
		}
	}
	return true
}

// sumType returns the type of a typed expression's values: that of its
// whole arrays, a real or integer type, when every other operand is of
// that type or an integer, and no literal raises the kind (a real
// literal in an integer sum, a kind suffix, a d exponent outside double
// precision).
func (c *collector) sumType() (*ast.TypeSpec, bool) {
	if len(c.arrays) == 0 {
		return nil, false
	}
	ts := c.arrays[0]
	switch ts.Kind {
	case ast.Real, ast.DoublePrecision, ast.Integer:
	default:
		return nil, false
	}
	key := typeKey(ts)
	for _, a := range c.arrays {
		if typeKey(a) != key {
			return nil, false
		}
	}
	for _, s := range c.scalars {
		if typeKey(s) != key && (s.Kind != ast.Integer || ts.Kind == ast.Integer) {
			return nil, false
		}
	}
	for _, l := range c.lits {
		v := strings.ToLower(l.Value)
		switch {
		case l.Kind == token.INT && !strings.Contains(v, "_"):
		case l.Kind == token.REAL && ts.Kind != ast.Integer && !strings.ContainsAny(v, "_q") &&
			(!strings.Contains(v, "d") || isDouble(ts)):
		default:
			return nil, false
		}
	}
	return ts, true
}

// isDouble reports whether ts is double precision, real(8) or real*8.
func isDouble(ts *ast.TypeSpec) bool {
	if ts.Kind == ast.DoublePrecision {
		return true
	}
	k := ts.KindSel
	if k == nil {
		k = ts.Star
	}
	l, ok := k.(*ast.BasicLit)
	return ts.Kind == ast.Real && ok && l.Value == "8"
}

// sameTypeIntrinsics return a result of their arguments' type: the only
// intrinsics a typed expression may call.
var sameTypeIntrinsics = map[string]bool{
	"abs": true, "sqrt": true, "exp": true, "log": true, "log10": true, "sin": true, "cos": true, "tan": true,
	"asin": true, "acos": true, "atan": true, "sinh": true, "cosh": true, "tanh": true, "max": true, "min": true,
	"sign": true, "mod": true, "modulo": true, "dim": true, "hypot": true, "erf": true, "erfc": true,
}

// elementalIntrinsic reports whether n is an elemental intrinsic
// function (of a result type like its arguments', if typed).
func elementalIntrinsic(n string, typed bool) bool {
	f, ok := intrinsic.Lookup(n)
	if !ok || (f.Form != intrinsic.Elemental && f.Form != intrinsic.ElementalLinear) {
		return false
	}
	return !typed || (f.Name == f.Generic && sameTypeIntrinsics[n])
}

func typeKey(ts *ast.TypeSpec) string {
	k := ts.Kind.String()
	if ts.KindSel != nil {
		k += "(" + ast.Key(ts.KindSel) + ")"
	}
	if ts.Star != nil {
		k += "*" + ast.Key(ts.Star)
	}
	return k
}

// sumCalls returns the references to the intrinsic SUM in x.
func sumCalls(x ast.Expr, d *declared) []*ast.CallExpr {
	var out []*ast.CallExpr
	ast.Inspect(x, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok {
			if id, ok := c.Fun.(*ast.Ident); ok && strings.EqualFold(id.Name, "sum") && !d.known["sum"] {
				out = append(out, c)
			}
		}
		return true
	})
	return out
}

// replaceSum returns x with its SUM reference replaced by acc (x is of
// the forms collector accepts, with one SUM).
func replaceSum(x ast.Expr, acc ast.Expr) ast.Expr {
	switch y := x.(type) {
	case *ast.CallExpr:
		if id, ok := y.Fun.(*ast.Ident); ok && strings.EqualFold(id.Name, "sum") {
			return acc
		}
		for i, a := range y.Args {
			y.Args[i] = replaceSum(a, acc)
		}
	case *ast.UnaryExpr:
		y.X = replaceSum(y.X, acc)
	case *ast.BinaryExpr:
		y.X, y.Y = replaceSum(y.X, acc), replaceSum(y.Y, acc)
	case *ast.ParenExpr:
		y.X = replaceSum(y.X, acc)
	case *ast.KeywordArg:
		y.Value = replaceSum(y.Value, acc)
	}
	return x
}

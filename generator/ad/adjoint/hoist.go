package adjoint

import (
	"github.com/fadj-dev/fadj/generator/ad/tape"
	"github.com/fadj-dev/fadj/generator/analysis/liveness"
	"strconv"
	"strings"

	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/ad/deriv"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/token"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Recording an array once per loop.
//
// The TBR analysis records an array element overwritten in a loop at each
// iteration: a push in the forward sweep and a pop in the backward sweep,
// each a call into the runtime. When the backward sweep of the loop never
// reads the array, the elements can be restored all at once after it: the
// forward sweep pushes the section of the array the loop overwrites, once,
// before the loop, and the backward sweep pops it after reversing the loop.
// After the reversed loop both ways leave every element as it was before
// the loop; inside it nothing reads them. (Gauss-Seidel sweeps, whose
// adjoints read the values they overwrite, keep their element records.)
//
// The section is the hull of the subscripts over the loops: a subscript
// v + e, v - e or v, with v the index of a DO loop of step 1 or -1 whose bounds
// the routine never changes and e invariant in the loop, spans
// lo + e : hi + e; a subscript invariant in the loop is kept, and so is a
// section subscript with invariant or omitted bounds (t(:, k) spans
// t(:, lo:hi)). The
// assignment must run in every iteration (no IF, CASE or DO WHILE around it
// within the loop), so that the ends of the hull are elements the loop
// writes and the section is in bounds. An array recorded whole in the loop
// is pushed whole; records of one array with different hulls push the whole
// array. A loop with jumps keeps its records. saveSection and bufferScalar
// handle arrays the backward loop reads and scalars.

// record is a push of an array (element, section or whole) in the forward
// sweep of a loop.
type record struct {
	stmt  *ast.CallStmt
	typ   tape.Type
	arg   ast.Expr
	loops []*ast.DoConstruct // the DO loops around it, the outermost first
	cond  bool               // under an IF, CASE or DO WHILE within the loop
	conds []branchOf         // those constructs, the outermost first
	body  []ast.Stmt         // the forward body of the innermost of loops
}

// branchOf is a branch of an IF construct or a case of a SELECT CASE in the
// forward sweep (stmt the construct, n its index); a DO WHILE has n -1.
type branchOf struct {
	stmt ast.Stmt
	n    int
}

// hoistRecords moves the array records of loop s out of it where that is
// right (see above and saveSection): it returns what to run before the
// loop and after its backward loop, the loop's forward and backward bodies f
// and b without the records moved, and what to run after the loop and
// before its backward loop.
func (g *gen) hoistRecords(s *ast.DoConstruct, f, b []ast.Stmt) (pre, post, nf, nb, after, before []ast.Stmt) {
	if g.tbr == nil || hasJump(s.Body) || len(g.jumps.byLoop[s]) > 0 {
		return nil, nil, f, b, nil, nil
	}
	var bits *tapeCopy // the branch choices (hoist_bits.go)
	if bf, bb, c, ok := g.bufferBranches(s, f, b); ok {
		f, b, bits = bf, bb, c
	}
	recs, order := g.loopRecords(s, f)
	moved := map[ast.Stmt]bool{}
	movedSyms := map[string]bool{}
	saved := map[string]*ast.Ident{} // by array: the copy its pops read
	buffered := map[string]*buffer{}
	var savePre, savePost, saveBwdPre, saveBwdPost []ast.Stmt
	// A copy goes on the tape after the loop, above what the loop
	// records, in the order of the arrays; it comes off in reverse.
	keep := func(c *tapeCopy) {
		savePre = append(savePre, c.pre...)
		savePost = append(c.post, savePost...)
		saveBwdPre = append(saveBwdPre, c.bwdPre...)
		saveBwdPost = append(saveBwdPost, c.bwdPost...)
	}
	for _, a := range order {
		rs := recs[a]
		if g.reallocatedIn(s.Body, a) {
			continue // it may not exist before the loop (alloc.go)
		}
		if a.Rank() == 0 {
			if bf, ok := g.bufferScalar(a, rs, b); ok {
				for _, r := range rs {
					moved[r.stmt] = true
				}
				buffered[strings.ToLower(a.Name)] = bf
				keep(&bf.tapeCopy)
			}
			continue
		}
		if g.reads(b, a, len(rs)) {
			if sv, ok := g.saveSection(s, a, rs, b); ok {
				moved[rs[0].stmt] = true
				saved[strings.ToLower(a.Name)] = sv.name
				keep(sv)
			}
			continue
		}
		sec, ok := g.hull(s, a, rs)
		if !ok {
			continue
		}
		for _, r := range rs {
			moved[r.stmt] = true
		}
		movedSyms[strings.ToLower(a.Name)] = true
		typ := rs[0].typ
		if isElement(sec) {
			// One element the loop overwrites again and again
			// (w(m) = w(m) + ... in a loop over j).
			pre = append(pre, tapePush(typ, sec))
			post = append([]ast.Stmt{tapePop(typ, sec)}, post...)
			continue
		}
		n := tape.Size(sec)
		pre = append(pre, tapePushArray(typ, sec, n))
		post = append([]ast.Stmt{tapePopArray(typ, sec, n)}, post...)
	}
	if bits != nil {
		keep(bits)
	}
	if len(moved) == 0 && bits == nil {
		return nil, nil, f, b, nil, nil
	}
	nf = replaceStmts(f, func(st ast.Stmt) ast.Stmt {
		if c, ok := st.(*ast.CallStmt); ok && moved[st] {
			if bf := buffered[refName(c.Args[0])]; bf != nil {
				return &ast.AssignStmt{Lhs: bf.slot(), Rhs: c.Args[0]}
			}
		}
		return nil
	})
	nf = dropStmts(nf, func(st ast.Stmt) bool { return moved[st] })
	nb = dropStmts(b, func(st ast.Stmt) bool {
		name, ok := popOf(st)
		return ok && movedSyms[name]
	})
	if len(saved) > 0 || len(buffered) > 0 || bits != nil {
		nb = replaceStmts(nb, func(st ast.Stmt) ast.Stmt {
			if _, ok := popOf(st); !ok {
				return nil
			}
			c := st.(*ast.CallStmt)
			if bf := buffered[refName(c.Args[0])]; bf != nil {
				return &ast.AssignStmt{Lhs: c.Args[0], Rhs: bf.slot()}
			}
			sv := saved[refName(c.Args[0])]
			el, ok := c.Args[0].(*ast.CallExpr)
			if sv == nil || !ok {
				return nil
			}
			return &ast.AssignStmt{Lhs: el, Rhs: &ast.CallExpr{Fun: sv, Args: el.Args}}
		})
		// The saved copies go on the tape after the loop, above what
		// it records, and come off before its backward loop.
		pre = append(pre, savePre...)
		post = append(saveBwdPost, post...)
		return pre, post, nf, nb, savePost, saveBwdPre
	}
	return pre, post, nf, nb, nil, nil
}

// loopRecords returns the records of the forward body f of loop s, by
// array (or scalar), in the order of their first record.
func (g *gen) loopRecords(s *ast.DoConstruct, f []ast.Stmt) (map[*sema.Symbol][]record, []*sema.Symbol) {
	var outer []*ast.DoConstruct
	if s.Var != nil {
		outer = append(outer, s)
	}
	recs := map[*sema.Symbol][]record{}
	var order []*sema.Symbol
	var walk func(list []ast.Stmt, loops []*ast.DoConstruct, conds []branchOf, body []ast.Stmt)
	walk = func(list []ast.Stmt, loops []*ast.DoConstruct, conds []branchOf, body []ast.Stmt) {
		under := func(st ast.Stmt, n int) []branchOf {
			return append(append([]branchOf{}, conds...), branchOf{st, n})
		}
		for _, st := range list {
			switch st := st.(type) {
			case *ast.CallStmt:
				op, ok := tape.Of(st)
				// Bit records (branches, jump markers) stay on the bit
				// tape: a buffer would hold them in 4 bytes each.
				if !ok || op.Kind != tape.Push || op.Type == tape.Bits {
					continue
				}
				a := g.refSym(op.Ref)
				if a == nil {
					continue
				}
				if recs[a] == nil {
					order = append(order, a)
				}
				recs[a] = append(recs[a], record{stmt: st, typ: op.Type, arg: op.Ref,
					loops: append([]*ast.DoConstruct{}, loops...), cond: len(conds) > 0, conds: conds, body: body})
			case *ast.DoConstruct:
				if st.Var == nil {
					walk(st.Body, loops, under(st, -1), body)
				} else {
					walk(st.Body, append(loops, st), conds, st.Body)
				}
			case *ast.IfConstruct:
				for i, br := range st.Branches {
					walk(br.Body, loops, under(st, i), body)
				}
			case *ast.SelectCase:
				for i, c := range st.Cases {
					walk(c.Body, loops, under(st, i), body)
				}
			}
		}
	}
	walk(f, outer, nil, f)
	return recs, order
}

// tapeCopy is a local array that goes on the tape in one piece after a
// loop instead of its records: a copy of a section (saveSection) or a
// buffer of a scalar's values (bufferScalar).
type tapeCopy struct {
	name *ast.Ident
	// pre runs before the loop, post after it; bwdPre before the
	// backward loop, bwdPost after it.
	pre, post, bwdPre, bwdPost []ast.Stmt
}

// saveSection handles an array whose elements a loop overwrites one by one
// and whose backward loop reads it (a Gauss-Seidel sweep): when the loop
// assigns the array in one statement only, an element per iteration, each
// element once (a subscript per loop index, v + e or v - e, every loop index
// used), the value recorded before the assignment is always the value
// before the loop. The forward sweep then copies the section into an
// allocatable array before the loop and pushes the copy after it; the
// backward sweep pops it before the backward loop, which restores each
// element from it instead of from the tape.
func (g *gen) saveSection(s *ast.DoConstruct, a *sema.Symbol, rs []record, b []ast.Stmt) (*tapeCopy, bool) {
	if len(rs) != 1 || rs[0].cond || g.countPops(b, a) != 1 {
		return nil, false
	}
	r := rs[0]
	el, ok := r.arg.(*ast.CallExpr)
	if !ok || len(el.Args) != a.Rank() || g.assignsOf(s.Body, a) != 1 {
		return nil, false
	}
	// Every loop index once, in a subscript of its own; the other
	// subscripts are sections the loops do not move (t(:, k)).
	used := map[*sema.Symbol]bool{}
	for _, sub := range el.Args {
		if r, ok := sub.(*ast.RangeExpr); ok {
			if r.Stride != nil || r.Lo != nil && !g.invariantIn(s, r.Lo) || r.Hi != nil && !g.invariantIn(s, r.Hi) {
				return nil, false
			}
			continue
		}
		v := indexOf(sub)
		if v == nil {
			return nil, false
		}
		sym := g.info.ObjectOf(v)
		if sym == nil || used[sym] {
			return nil, false
		}
		used[sym] = true
	}
	for _, l := range r.loops {
		if !used[g.info.ObjectOf(l.Var)] {
			return nil, false
		}
	}
	sec, ok := g.hull(s, a, rs)
	if !ok {
		return nil, false
	}
	c, ok := sec.(*ast.CallExpr)
	if !ok {
		return nil, false
	}
	var dims []ast.Expr
	for d, x := range c.Args {
		r, ok := x.(*ast.RangeExpr)
		if !ok {
			return nil, false
		}
		// The copy has the array's bounds where the section has.
		if r.Lo == nil || r.Hi == nil {
			r = &ast.RangeExpr{Lo: r.Lo, Hi: r.Hi}
			if r.Lo == nil {
				r.Lo = deriv.Call("lbound", ast.Clone(el.Fun), deriv.Int(d+1))
			}
			if r.Hi == nil {
				r.Hi = deriv.Call("ubound", ast.Clone(el.Fun), deriv.Int(d+1))
			}
		}
		dims = append(dims, r)
	}
	if fewTrips(dims) {
		return nil, false
	}
	id, cp, ok := g.saveArray("fadj_save", &ast.TypeSpec{Kind: ast.Real, KindSel: deriv.Int(a.Type.Kind)}, dims, r.typ)
	if !ok {
		return nil, false
	}
	cp.pre = append(cp.pre, &ast.AssignStmt{Lhs: id, Rhs: sec})
	return &cp, true
}

// buffer is a local array holding, per iteration of a loop nest, the
// value of a scalar its forward sweep records (bufferScalar).
type buffer struct {
	tapeCopy
	index []ast.Expr // the loop indices, the innermost first
}

// slot is the buffer's element of the current iteration.
func (bf *buffer) slot() ast.Expr {
	return &ast.CallExpr{Fun: bf.name, Args: bf.index}
}

// bufferScalar handles a scalar recorded in a loop nest once per
// iteration (a temporary overwritten each time round): by one record
// outside any IF, or by one in each branch of an IF construct with an
// ELSE (or a SELECT CASE with a DEFAULT) that is outside any other, in
// loops of step 1 or -1 whose bounds the routine never changes. The forward
// sweep keeps the values in an allocatable array indexed by the loop
// indices, pushed after the loop in one piece; the backward sweep pops it
// before the backward loop and reads the values from it: a store and a load
// per iteration instead of two calls into the runtime. (Not for fewer than
// 16 iterations of literal bounds: the ALLOCATE would cost more.)
func (g *gen) bufferScalar(x *sema.Symbol, rs []record, b []ast.Stmt) (*buffer, bool) {
	loops := rs[0].loops
	if len(loops) == 0 || g.countPops(b, x) != len(rs) {
		return nil, false
	}
	if _, ok := rs[0].arg.(*ast.Ident); !ok {
		return nil, false
	}
	for _, r := range rs {
		if len(r.loops) != len(loops) {
			return nil, false
		}
		for i := range loops {
			if r.loops[i] != loops[i] {
				return nil, false
			}
		}
	}
	// One record per iteration.
	if len(rs) == 1 {
		if len(rs[0].conds) > 0 {
			return nil, false
		}
	} else {
		c := rs[0].conds
		if len(c) != 1 || c[0].n < 0 {
			return nil, false
		}
		seen := map[int]bool{}
		for _, r := range rs {
			if len(r.conds) != 1 || r.conds[0].stmt != c[0].stmt || seen[r.conds[0].n] {
				return nil, false
			}
			seen[r.conds[0].n] = true
		}
		switch st := c[0].stmt.(type) {
		case *ast.IfConstruct:
			n := len(st.Branches)
			if n != len(rs) || st.Branches[n-1].Cond != nil {
				return nil, false
			}
		case *ast.SelectCase:
			def := false
			for _, cs := range st.Cases {
				def = def || cs.Default
			}
			if !def || len(st.Cases) != len(rs) {
				return nil, false
			}
		default:
			return nil, false
		}
		// The construct runs in every iteration: it is directly in the
		// innermost loop's body, or under no IF.
		if !inBody(rs[0].body, c[0].stmt) {
			return nil, false
		}
	}
	dims, index, ok := g.bufferShape(loops)
	if !ok {
		return nil, false
	}
	ts := typeSpec(rs[0].typ)
	if ts == nil {
		return nil, false
	}
	_, cp, ok := g.saveArray("fadj_save", ts, dims, rs[0].typ)
	if !ok {
		return nil, false
	}
	return &buffer{tapeCopy: cp, index: index}, true
}

// allocatedCopy is the tapeCopy of allocatable array id of bounds dims,
// recorded on the tape of type typ: allocated before the loop, pushed
// and deallocated after it; allocated and popped before the backward
// loop, deallocated after it.
func allocatedCopy(id *ast.Ident, dims []ast.Expr, typ tape.Type) tapeCopy {
	alloc := &ast.AllocateStmt{Keyword: "allocate", Objects: []ast.Expr{&ast.CallExpr{Fun: id, Args: dims}}}
	dealloc := &ast.AllocateStmt{Keyword: "deallocate", Objects: []ast.Expr{id}}
	n := &ast.CallExpr{Fun: ast.NewIdent("size"), Args: []ast.Expr{id}}
	return tapeCopy{
		name:    id,
		pre:     []ast.Stmt{alloc},
		post:    []ast.Stmt{tapePushArray(typ, id, n), dealloc},
		bwdPre:  []ast.Stmt{alloc, tapePopArray(typ, id, n)},
		bwdPost: []ast.Stmt{dealloc},
	}
}

// fewTrips reports whether the ranges dims, all of literal bounds, hold
// fewer than 16 elements together: too few for an ALLOCATE to pay off.
func fewTrips(dims []ast.Expr) bool {
	n := 1
	for _, d := range dims {
		r := d.(*ast.RangeExpr)
		lo, ok1 := intValue(r.Lo)
		hi, ok2 := intValue(r.Hi)
		if !ok1 || !ok2 {
			return false
		}
		n *= max(hi-lo+1, 0)
	}
	return n < 16
}

// intValue returns the value of an integer literal, possibly negated.
func intValue(x ast.Expr) (int, bool) {
	if u, ok := x.(*ast.UnaryExpr); ok && u.Op == token.MINUS {
		v, ok := intValue(u.X)
		return -v, ok
	}
	l, ok := x.(*ast.BasicLit)
	if !ok || l.Kind != token.INT {
		return 0, false
	}
	v, err := strconv.Atoi(l.Value)
	return v, err == nil
}

// allocatable declares a new allocatable local array prefix<n> of type ts
// and rank, or returns nil if the name is taken.
func (g *gen) allocatable(prefix string, ts *ast.TypeSpec, rank int) *ast.Ident {
	dims := make([]*ast.Dim, rank)
	for i := range dims {
		dims[i] = &ast.Dim{Colon: true}
	}
	return g.saveDecl(prefix, ts, dims, []*ast.Attr{{Kind: ast.AttrAllocatable}})
}

// saveDecl declares a new local array prefix<n> of type ts, bounds dims
// and attributes attrs, or returns nil if the name is taken.
func (g *gen) saveDecl(prefix string, ts *ast.TypeSpec, dims []*ast.Dim, attrs []*ast.Attr) *ast.Ident {
	g.nsave++
	name := prefix + strconv.Itoa(g.nsave)
	if g.scope.LookupLocal(name) != nil {
		return nil
	}
	e := &ast.Entity{Name: ast.NewIdent(name), Dims: dims}
	g.decls = append(g.decls, &ast.TypeDecl{Type: ts, Attrs: attrs, DColon: true, Entities: []*ast.Entity{e}})
	return ast.NewIdent(name)
}

// inBody reports whether st is a statement of list itself.
func inBody(list []ast.Stmt, st ast.Stmt) bool {
	for _, x := range list {
		if x == st {
			return true
		}
	}
	return false
}

// indexOf returns the identifier v of a subscript v, v + e, e + v or
// v - e (whether v is a loop index is for the caller to see), or nil.
func indexOf(sub ast.Expr) *ast.Ident {
	switch x := sub.(type) {
	case *ast.Ident:
		return x
	case *ast.BinaryExpr:
		if id, ok := x.X.(*ast.Ident); ok && (x.OpLit == "+" || x.OpLit == "-") {
			return id
		}
		if id, ok := x.Y.(*ast.Ident); ok && x.OpLit == "+" {
			return id
		}
	}
	return nil
}

// countPops counts the pops of array a in the backward sweep b.
func (g *gen) countPops(b []ast.Stmt, a *sema.Symbol) int {
	name := strings.ToLower(a.Name)
	n := 0
	for _, st := range b {
		ast.Inspect(st, func(x ast.Node) bool {
			if st, ok := x.(ast.Stmt); ok {
				if of, ok := popOf(st); ok && of == name {
					n++
				}
			}
			return true
		})
	}
	return n
}

// assignsOf counts the assignments to (elements of) a in list; a CALL or
// READ that may define a counts as two.
func (g *gen) assignsOf(list []ast.Stmt, a *sema.Symbol) int {
	n := 0
	for _, st := range list {
		ast.Inspect(st, func(x ast.Node) bool {
			switch x := x.(type) {
			case *ast.AssignStmt:
				if g.baseSym(x.Lhs) == a {
					n++
				}
			case *ast.CallStmt, *ast.IOStmt:
				if decl.Assigns(g.info, []ast.Stmt{x.(ast.Stmt)}, a) {
					n += 2
				}
			}
			return true
		})
	}
	return n
}

// refSym returns the variable designated by x, a reference of the body or
// one the generator wrote (a section of a record moved out of an inner
// loop), or nil.
func (g *gen) refSym(x ast.Expr) *sema.Symbol {
	if s := g.baseSym(x); s != nil {
		return s
	}
	c, ok := x.(*ast.CallExpr)
	if !ok {
		return nil
	}
	id, ok := c.Fun.(*ast.Ident)
	if !ok {
		return nil
	}
	if s := g.scope.Lookup(id.Lower()); s != nil && s.Kind == sema.VarSym && s.Rank() == len(c.Args) {
		return s
	}
	return nil
}

// refName is the lower-case name of the variable designated by x (an
// identifier or an element or section of one), "" otherwise.
func refName(x ast.Expr) string {
	if c, ok := x.(*ast.CallExpr); ok {
		x = c.Fun
	}
	if id, ok := x.(*ast.Ident); ok {
		return strings.ToLower(id.Name)
	}
	return ""
}

// reads reports whether the backward sweep b reads array a anywhere but
// in its npops pops (by name: generated code is not resolved).
func (g *gen) reads(b []ast.Stmt, a *sema.Symbol, npops int) bool {
	name := strings.ToLower(a.Name)
	mentions := 0
	for _, st := range b {
		ast.Inspect(st, func(n ast.Node) bool {
			if st, ok := n.(ast.Stmt); ok {
				if of, ok := popOf(st); ok && of == name {
					return false
				}
			}
			if id, ok := n.(*ast.Ident); ok && strings.ToLower(id.Name) == name {
				mentions++
			}
			return true
		})
	}
	return mentions > 0 || g.countPops(b, a) != npops || g.readsAlias(b, a) // pointer_hoist_alias.go
}

// hull returns the section of a that covers the records rs of loop s, or
// false if there is none (see above).
func (g *gen) hull(s *ast.DoConstruct, a *sema.Symbol, rs []record) (ast.Expr, bool) {
	whole := func() (ast.Expr, bool) {
		for _, d := range a.Dims {
			if d.Kind == sema.AssumedSize {
				return nil, false
			}
		}
		return ast.NewIdent(a.Name), true
	}
	var sec ast.Expr
	for _, r := range rs {
		var x ast.Expr
		switch arg := r.arg.(type) {
		case *ast.Ident:
			return whole()
		case *ast.CallExpr:
			if r.cond {
				return nil, false
			}
			c := &ast.CallExpr{Fun: ast.NewIdent(a.Name)}
			for _, sub := range arg.Args {
				y, ok := g.span(s, r.loops, sub)
				if !ok {
					return nil, false
				}
				c.Args = append(c.Args, y)
			}
			x = c
		default:
			return nil, false
		}
		if sec != nil && !ast.Equal(sec, x) {
			return whole()
		}
		sec = x
	}
	return sec, sec != nil
}

// isElement reports whether a hull is one array element: no subscript
// is a range.
func isElement(sec ast.Expr) bool {
	c, ok := sec.(*ast.CallExpr)
	if !ok {
		return false
	}
	for _, x := range c.Args {
		if _, ok := x.(*ast.RangeExpr); ok {
			return false
		}
	}
	return true
}

// spanEnd returns the lower (low) or upper end of the span of bound x of
// a section subscript over the loops; nil for an omitted bound.
func (g *gen) spanEnd(s *ast.DoConstruct, loops []*ast.DoConstruct, x ast.Expr, low bool) (ast.Expr, bool) {
	if x == nil {
		return nil, true
	}
	y, ok := g.span(s, loops, x)
	if !ok {
		return nil, false
	}
	if r, isRange := y.(*ast.RangeExpr); isRange {
		if low {
			return r.Lo, true
		}
		return r.Hi, true
	}
	return y, true
}

// span returns the subscript (or section subscript) covering sub over the
// loops (the outermost first; all inside s or s itself).
func (g *gen) span(s *ast.DoConstruct, loops []*ast.DoConstruct, sub ast.Expr) (ast.Expr, bool) {
	if r, ok := sub.(*ast.RangeExpr); ok {
		if r.Stride != nil {
			return nil, false
		}
		// An omitted bound (t(:, k), t(2:, k)) stays omitted: the
		// array's own.
		lo, ok1 := g.spanEnd(s, loops, r.Lo, true)
		hi, ok2 := g.spanEnd(s, loops, r.Hi, false)
		if !ok1 || !ok2 {
			return nil, false
		}
		return &ast.RangeExpr{Lo: lo, Hi: hi}, true
	}
	if g.invariantIn(s, sub) {
		return sub, true
	}
	// v, v + e, e + v, v - e.
	var v *ast.Ident
	var rest ast.Expr
	neg := false
	switch x := sub.(type) {
	case *ast.Ident:
		v = x
	case *ast.BinaryExpr:
		switch x.OpLit {
		case "+":
			if id, ok := x.X.(*ast.Ident); ok && g.invariantIn(s, x.Y) {
				v, rest = id, x.Y
			} else if id, ok := x.Y.(*ast.Ident); ok && g.invariantIn(s, x.X) {
				v, rest = id, x.X
			}
		case "-":
			if id, ok := x.X.(*ast.Ident); ok && g.invariantIn(s, x.Y) {
				v, rest, neg = id, x.Y, true
			}
		}
	}
	if v == nil {
		return nil, false
	}
	sym := g.info.ObjectOf(v)
	for _, l := range loops {
		if g.info.ObjectOf(l.Var) != sym || sym == nil {
			continue
		}
		lo, hi := l.Start, l.Stop
		switch {
		case l.Step == nil || isOne(l.Step):
		case isMinusOne(l.Step):
			lo, hi = hi, lo
		default:
			return nil, false
		}
		if !g.invariant(lo) || !g.invariant(hi) {
			return nil, false
		}
		end := func(b ast.Expr) ast.Expr {
			x, okx := b.(*ast.BasicLit)
			y, oky := rest.(*ast.BasicLit)
			if okx && oky && x.Kind == token.INT && y.Kind == token.INT {
				m, err1 := strconv.Atoi(x.Value)
				n, err2 := strconv.Atoi(y.Value)
				if err1 == nil && err2 == nil {
					if neg {
						n = -n
					}
					return deriv.Int(m + n)
				}
			}
			switch {
			case rest == nil:
				return b
			case neg:
				return deriv.Sub(b, rest)
			}
			return deriv.Add(b, rest)
		}
		return &ast.RangeExpr{Lo: end(lo), Hi: end(hi)}, true
	}
	return nil, false
}

// invariantIn reports whether x keeps its value through loop s: it calls no
// user function and no statement of s may define its variables (s's index
// included).
func (g *gen) invariantIn(s *ast.DoConstruct, x ast.Expr) bool {
	if g.callsUser(x) {
		return false
	}
	ok := true
	ast.Inspect(x, func(n ast.Node) bool {
		id, isID := n.(*ast.Ident)
		if !isID || !ok {
			return ok
		}
		v := g.info.ObjectOf(id)
		if v == nil {
			ok = false
			return false
		}
		if v.Kind != sema.VarSym || v.Attrs.Has(sema.AttrParameter) {
			return true
		}
		if (s.Var != nil && g.info.ObjectOf(s.Var) == v) || decl.Assigns(g.info, s.Body, v) ||
			(isGlobal(v) && g.sh.written[decl.Canon(v)]) {
			ok = false
		}
		return ok
	})
	return ok
}

var hasJump = liveness.HasJump

// replaceStmts returns list with the statements for which repl returns a
// statement replaced by it, also in the bodies of the constructs in it.
func replaceStmts(list []ast.Stmt, repl func(ast.Stmt) ast.Stmt) []ast.Stmt {
	return expandStmts(list, func(st ast.Stmt) []ast.Stmt {
		if r := repl(st); r != nil {
			return []ast.Stmt{r}
		}
		return nil
	})
}

// dropStmts returns list without the statements drop reports, also from
// the bodies of the constructs in it (which are the generator's own copies).
func dropStmts(list []ast.Stmt, drop func(ast.Stmt) bool) []ast.Stmt {
	var out []ast.Stmt
	for _, st := range list {
		if drop(st) {
			continue
		}
		switch st := st.(type) {
		case *ast.DoConstruct:
			st.Body = dropStmts(st.Body, drop)
		case *ast.IfConstruct:
			for _, br := range st.Branches {
				br.Body = dropStmts(br.Body, drop)
			}
		case *ast.SelectCase:
			for _, c := range st.Cases {
				c.Body = dropStmts(c.Body, drop)
			}
		}
		out = append(out, st)
	}
	return out
}

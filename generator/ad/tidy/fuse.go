package tidy

import (
	"sort"
	"strconv"
	"strings"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/token"
)

// fuseArrayStatements computes runs of consecutive whole-array
// statements over arrays of the same declared shape in one loop nest
// over the elements, instead of one pass over memory per statement:
//
//	f_b = f_b + dt*u_b              do fadj_e1 = lbound(f_b, 1), ubound(f_b, 1)
//	r_b = r_b + dt*u_b       =>       f_b(fadj_e1) = f_b(fadj_e1) + dt*u_b(fadj_e1)
//	where (m) r_b = 0                 r_b(fadj_e1) = r_b(fadj_e1) + dt*u_b(fadj_e1)
//	                                  if (m(fadj_e1)) r_b(fadj_e1) = 0
//	                                end do
//
// The backward sweep is made of such runs (an adjoint statement per
// primal one, each a pass), and so are the steps a checkpointed loop
// runs again; gfortran gives every array statement its own loop. A run
// may end with a scalar s = ... sum(e) ... whose e is elementwise over
// the same shape: the sum is accumulated in the loop, in the order SUM
// takes the elements, and s assigned after it.
//
// Fusing is exact (the same operations on each element, in the same
// order) when every array a statement names is whole, of the same
// explicit shape, and not named otherwise (an element, a section) in
// the run: element i of every statement then reads only elements i,
// which the earlier statements have finished and the later ones not
// yet touched. So a run holds only arrays declared in the unit with
// explicit bounds written alike (not ALLOCATABLE, POINTER, assumed
// shape or size, nor given a shape or storage by another specification
// statement: DIMENSION, COMMON with bounds, EQUIVALENCE), scalars
// declared in the unit,
// literals, intrinsic operators and elemental intrinsic functions. A
// labelled statement ends a run, and constructs whose names are local
// (BLOCK, ASSOCIATE), masked (WHERE, FORALL) or concurrent (DO
// CONCURRENT) are left alone, as are units with OpenMP or other "!$"
// directives, where the new loop variables would be shared.
func fuseArrayStatements(u *ast.Unit) {
	if hasDirectives(u) || hasEntries(u) {
		return
	}
	d := unitDecls(u)
	if len(d.arrays) == 0 {
		return
	}
	fz := &fuser{decls: d, used: names(u)}
	u.Body = fz.list(u.Body)
	u.Decls = append(u.Decls, fz.newDecls...)
}

// fuser holds the unit's declarations and the variables it adds.
type fuser struct {
	decls    *declared
	used     map[string]int
	index    []*ast.Ident          // fadj_e1, fadj_e2, ... by loop depth
	sums     map[string]*ast.Ident // accumulators by type
	copied   map[string]*ast.Ident // copies of visible scalars by name
	rename   map[string]string     // the copies the loop being built reads
	newDecls []ast.Stmt
}

// run is a run of fusable statements being collected.
type run struct {
	shape    string // ast.Key of the bounds, "" before the first statement
	first    string // the first left side, whose bounds the loops take
	stmts    []ast.Stmt
	assigned map[string]bool // arrays the run assigns
	elems    map[string]bool // arrays the run names by element
	// visible: the run assigns a visible array; reads, the visible
	// scalars it reads in the loop.
	visible bool
	reads   map[string]bool
}

func (fz *fuser) list(list []ast.Stmt) []ast.Stmt {
	var out []ast.Stmt
	r := &run{}
	flush := func() {
		out = append(out, fz.loop(r)...)
		r = &run{}
	}
	for _, s := range list {
		s = fz.nested(s)
		st, ok := fz.decls.classify(s)
		if !ok {
			flush()
			out = append(out, s)
			continue
		}
		if !r.accepts(st) {
			flush()
			if !r.accepts(st) {
				out = append(out, s)
				continue
			}
		}
		r.add(s, st)
		if st.sum != nil {
			flush() // a reduction ends its run
		}
	}
	flush()
	return out
}

// nested fuses the runs in the blocks of IF, DO (not DO CONCURRENT)
// and SELECT CASE constructs.
func (fz *fuser) nested(s ast.Stmt) ast.Stmt {
	switch n := s.(type) {
	case *ast.IfConstruct, *ast.SelectCase:
		return nested(s, fz.list) // labels.go
	case *ast.DoConstruct:
		if n.Concurrent == nil {
			return nested(s, fz.list)
		}
	}
	return s
}

// accepts reports whether st may join r.
func (r *run) accepts(st *stmtFacts) bool {
	if r.shape != "" && st.shape != r.shape {
		return false
	}
	if r.shape == "" && st.sum != nil {
		return false // a reduction alone gains nothing
	}
	for n := range st.elems {
		if r.assigned[n] {
			return false
		}
	}
	if r.visible && len(st.visibleReads) > 0 {
		// The scalar may be an element an earlier statement defined.
		return false
	}
	if (r.visible || st.assignsVisible) && (hasElement(r.reads) || hasElement(st.visibleReads)) {
		// An element of a visible array, which gfortran reads once per
		// statement, as a scalar, may be one of a visible array the run
		// assigns; there is no copy for it.
		return false
	}
	return st.lhs == "" || !r.elems[st.lhs]
}

func (r *run) add(s ast.Stmt, st *stmtFacts) {
	if r.shape == "" {
		r.shape, r.first = st.shape, st.lhs
		r.assigned, r.elems, r.reads = map[string]bool{}, map[string]bool{}, map[string]bool{}
	}
	r.stmts = append(r.stmts, s)
	r.visible = r.visible || st.assignsVisible
	for n := range st.visibleReads {
		r.reads[n] = true
	}
	if st.lhs != "" {
		r.assigned[st.lhs] = true
	}
	for n := range st.elems {
		r.elems[n] = true
	}
}

// loop returns the statements of r: as they are when there are fewer
// than two, else one loop nest over the elements.
func (fz *fuser) loop(r *run) []ast.Stmt {
	if len(r.stmts) < 2 || allConstant(r.stmts) {
		return r.stmts
	}
	a := fz.decls.arrays[r.first]
	rank := a.rank
	idx := make([]ast.Expr, rank)
	for k := range idx {
		idx[k] = ast.NewIdent(fz.indexVar(k).Name)
	}
	var body, after []ast.Stmt
	var init ast.Stmt
	copies := fz.copies(r)
	defer func() { fz.rename = nil }()
	var doc []*ast.Comment
	blank := false
	for i, s := range r.stmts {
		s = ast.Clone(s)
		if i == 0 {
			// The comment lines above the run go above the loop.
			h := s.Header()
			doc, blank = h.Doc, h.BlankBefore
			h.Doc, h.BlankBefore = nil, false
		}
		if asg, ok := s.(*ast.AssignStmt); ok {
			if st, _ := fz.decls.classify(asg); st != nil && st.sum != nil {
				init, body, after = fz.reduction(asg, st, idx, body)
				continue
			}
		}
		body = append(body, fz.elementOf(s, idx))
	}
	var nest ast.Stmt
	for k := 0; k < rank; k++ { // the first subscript innermost
		bound := func(fn string) ast.Expr {
			return &ast.CallExpr{Fun: ast.NewIdent(fn), Args: []ast.Expr{ast.NewIdent(r.first), intLit(k + 1)}}
		}
		do := &ast.DoConstruct{Var: ast.NewIdent(fz.indexVar(k).Name), Start: bound("lbound"), Stop: bound("ubound"),
			Body: body, End: ast.EndStmt{Keyword: "do"}}
		nest, body = do, []ast.Stmt{do}
	}
	out := copies
	if init != nil {
		out = append(out, init)
	}
	out = append(out, nest)
	out = append(out, after...)
	out[0].Header().Doc, out[0].Header().BlankBefore = doc, blank
	return out
}

// hasElement reports whether reads holds an element of a visible array
// (keyed "(name").
func hasElement(reads map[string]bool) bool {
	for n := range reads {
		if strings.HasPrefix(n, "(") {
			return true
		}
	}
	return false
}

// copies returns the statements copying the visible scalars r reads
// into locals before its loop, when r assigns a visible array, and has
// the loop read the copies: each statement then reads the value it
// would have read as written, before any element is assigned (accepts
// ends a run before a statement reading one after a visible array was
// assigned).
func (fz *fuser) copies(r *run) []ast.Stmt {
	if !r.visible || len(r.reads) == 0 {
		return nil
	}
	var names []string
	for n := range r.reads {
		names = append(names, n)
	}
	sort.Strings(names)
	if fz.copied == nil {
		fz.copied = map[string]*ast.Ident{}
	}
	fz.rename = map[string]string{}
	var out []ast.Stmt
	for _, n := range names {
		c := fz.copied[n]
		if c == nil {
			c = fz.fresh("fadj_c_" + n)
			fz.copied[n] = c
			fz.newDecls = append(fz.newDecls, &ast.TypeDecl{Type: ast.Clone(fz.decls.scalars[n]), DColon: true,
				Entities: []*ast.Entity{{Name: ast.NewIdent(c.Name)}}})
		}
		fz.rename[n] = c.Name
		out = append(out, &ast.AssignStmt{Lhs: ast.NewIdent(c.Name), Rhs: ast.NewIdent(n)})
	}
	return out
}

// renamed returns x (a subscript) reading the copies of fz.rename.
func (fz *fuser) renamed(x ast.Expr) ast.Expr {
	switch x := x.(type) {
	case *ast.Ident:
		if c, ok := fz.rename[strings.ToLower(x.Name)]; ok {
			return ast.NewIdent(c)
		}
	case *ast.UnaryExpr:
		x.X = fz.renamed(x.X)
	case *ast.BinaryExpr:
		x.X, x.Y = fz.renamed(x.X), fz.renamed(x.Y)
	case *ast.ParenExpr:
		x.X = fz.renamed(x.X)
	case *ast.KeywordArg:
		x.Value = fz.renamed(x.Value)
	case *ast.CallExpr:
		for i, a := range x.Args {
			x.Args[i] = fz.renamed(a)
		}
	}
	return x
}

// allConstant reports whether every statement of a run assigns a
// literal: each is a memset, which no loop beats.
func allConstant(list []ast.Stmt) bool {
	for _, s := range list {
		a, ok := s.(*ast.AssignStmt)
		if !ok {
			return false
		}
		x := a.Rhs
		if u, ok := x.(*ast.UnaryExpr); ok {
			x = u.X
		}
		if _, ok := x.(*ast.BasicLit); !ok {
			return false
		}
	}
	return true
}

// elementOf returns s (an assignment or WHERE statement of the run) on
// element idx.
func (fz *fuser) elementOf(s ast.Stmt, idx []ast.Expr) ast.Stmt {
	switch s := s.(type) {
	case *ast.AssignStmt:
		s.Lhs = fz.subscript(s.Lhs, idx)
		s.Rhs = fz.subscript(s.Rhs, idx)
		return s
	case *ast.WhereStmt:
		a := s.Assign
		a.Lhs = fz.subscript(a.Lhs, idx)
		a.Rhs = fz.subscript(a.Rhs, idx)
		return &ast.IfStmt{StmtHeader: s.StmtHeader, Cond: fz.subscript(s.Mask, idx), Action: a}
	}
	panic("tidy: not a fusable statement")
}

// reduction splits s: lhs = ... sum(e) ... into the accumulator's
// initialisation, its increment by e on element idx (appended to body)
// and s with the accumulator in place of the sum.
func (fz *fuser) reduction(s *ast.AssignStmt, st *stmtFacts, idx []ast.Expr, body []ast.Stmt) (ast.Stmt, []ast.Stmt, []ast.Stmt) {
	acc := fz.sumVar(st.sumType)
	init := &ast.AssignStmt{Lhs: ast.NewIdent(acc.Name), Rhs: intLit(0)}
	e := fz.subscript(ast.Clone(st.sum.Args[0]), idx)
	inc := &ast.AssignStmt{Lhs: ast.NewIdent(acc.Name),
		Rhs: &ast.BinaryExpr{X: ast.NewIdent(acc.Name), Op: token.PLUS, OpLit: "+", Y: e}}
	s.Rhs = replaceSum(s.Rhs, ast.NewIdent(acc.Name))
	return init, append(body, inc), []ast.Stmt{s}
}

// subscript returns x with every whole array of the run subscripted by
// idx (x is of the forms classify accepts).
func (fz *fuser) subscript(x ast.Expr, idx []ast.Expr) ast.Expr {
	switch x := x.(type) {
	case *ast.Ident:
		if fz.decls.arrays[strings.ToLower(x.Name)] != nil {
			args := make([]ast.Expr, len(idx))
			for i, e := range idx {
				args[i] = ast.Clone(e)
			}
			return &ast.CallExpr{Fun: x, Args: args}
		}
		return fz.renamed(x)
	case *ast.UnaryExpr:
		x.X = fz.subscript(x.X, idx)
	case *ast.BinaryExpr:
		x.X, x.Y = fz.subscript(x.X, idx), fz.subscript(x.Y, idx)
	case *ast.ParenExpr:
		x.X = fz.subscript(x.X, idx)
	case *ast.KeywordArg:
		x.Value = fz.subscript(x.Value, idx)
	case *ast.CallExpr:
		// An elemental intrinsic's arguments; an element of an array
		// the run does not assign has scalar subscripts, left as they
		// are.
		_, elem := fz.decls.arrays[strings.ToLower(x.Fun.(*ast.Ident).Name)]
		for i, a := range x.Args {
			if elem {
				x.Args[i] = fz.renamed(a)
			} else {
				x.Args[i] = fz.subscript(a, idx)
			}
		}
	}
	return x
}

func intLit(v int) ast.Expr {
	return &ast.BasicLit{Kind: token.INT, Value: strconv.Itoa(v)}
}

// indexVar returns the loop variable of depth k, declaring it.
func (fz *fuser) indexVar(k int) *ast.Ident {
	for len(fz.index) <= k {
		id := fz.fresh("fadj_e" + strconv.Itoa(len(fz.index)+1))
		fz.index = append(fz.index, id)
		fz.newDecls = append(fz.newDecls, &ast.TypeDecl{Type: &ast.TypeSpec{Kind: ast.Integer}, DColon: true,
			Entities: []*ast.Entity{{Name: ast.NewIdent(id.Name)}}})
	}
	return fz.index[k]
}

// sumVar returns the accumulator of type ts, declaring it.
func (fz *fuser) sumVar(ts *ast.TypeSpec) *ast.Ident {
	key := typeKey(ts)
	if fz.sums == nil {
		fz.sums = map[string]*ast.Ident{}
	}
	if id := fz.sums[key]; id != nil {
		return id
	}
	id := fz.fresh("fadj_sum" + strconv.Itoa(len(fz.sums)+1))
	fz.sums[key] = id
	fz.newDecls = append(fz.newDecls, &ast.TypeDecl{Type: ast.Clone(ts), DColon: true,
		Entities: []*ast.Entity{{Name: ast.NewIdent(id.Name)}}})
	return id
}

// fresh returns name, or name with a suffix, that u does not use.
func (fz *fuser) fresh(name string) *ast.Ident {
	n := name
	for i := 1; fz.used[n] > 0; i++ {
		n = name + "_" + strconv.Itoa(i)
	}
	fz.used[n]++
	return ast.NewIdent(n)
}

// hasEntries reports whether u has ENTRY statements, whose dummies'
// bounds are evaluated at another entry than the others'.
func hasEntries(u *ast.Unit) bool {
	found := false
	ast.Inspect(u, func(n ast.Node) bool {
		if _, ok := n.(*ast.EntryStmt); ok {
			found = true
		}
		return !found
	})
	return found
}

// hasDirectives reports whether u has a "!$" line: OpenMP, OpenACC or
// conditional compilation.
func hasDirectives(u *ast.Unit) bool {
	found := false
	check := func(h *ast.StmtHeader) {
		for _, c := range append(h.Doc, h.Line) {
			if c != nil && strings.HasPrefix(strings.TrimSpace(c.Text), "!$") {
				found = true
			}
		}
	}
	check(&u.StmtHeader)
	check(&u.End.StmtHeader)
	ast.Inspect(u, func(n ast.Node) bool {
		if s, ok := n.(ast.Stmt); ok {
			check(s.Header())
		}
		switch n := n.(type) {
		case *ast.IfConstruct:
			for _, b := range n.Branches {
				check(&b.Head)
			}
			check(&n.End.StmtHeader)
		case *ast.SelectCase:
			for _, c := range n.Cases {
				check(&c.Head)
			}
			check(&n.End.StmtHeader)
		case *ast.DoConstruct:
			check(&n.End.StmtHeader)
		case *ast.WhereConstruct:
			check(&n.End.StmtHeader)
		case *ast.BlockConstruct:
			check(&n.End.StmtHeader)
		}
		return !found
	})
	return found
}

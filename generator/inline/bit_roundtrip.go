package inline

import (
	"strings"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/token"
	"github.com/fadj-dev/fadj/generator/sema"
)

// BitRoundTrips keeps a real value whose bits a procedure parks in an
// integer of the same size, and takes back as a real, in a real
// variable too:
//
//	i = transfer(x, i)          fadj_bits_i = x
//	                            i = transfer(fadj_bits_i, i)
//	y = x + transfer(i, x)      y = x + fadj_bits_i
//
// The round trip is a copy, bit for bit, and its derivative the
// identity, which a derivative cannot follow through the integer. The
// rewrite takes an integer local i that only such assignments define and
// that is read back only by transfer(i, mold) of that real type, or in
// comparisons. The transfers left to integers then carry no derivative:
// they are marked in Info.PassiveBits, as are those compared directly
// (if (transfer(x, 0_8) == nanbits)), which package deriv would reject
// otherwise.
func BitRoundTrips(prog *sema.Program) {
	if prog == nil || prog.Info == nil {
		return
	}
	for _, f := range prog.Files {
		for _, u := range f.Units {
			bitRoundTrips(prog.Info, u)
		}
	}
}

func bitRoundTrips(info *sema.Info, u *ast.Unit) {
	for _, p := range u.Procs {
		bitRoundTrips(info, p)
	}
	if u.Kind != ast.SubroutineUnit && u.Kind != ast.FunctionUnit || info.Scopes[u] == nil || !hasTransfer(info, u) {
		return
	}
	if info.PassiveBits == nil {
		info.PassiveBits = map[*ast.CallExpr]bool{}
	}
	b := &bitTrips{info: info, w: newWhereLoops(info, u)}
	for _, v := range b.containers(u) {
		b.rewrite(u, v)
	}
	b.markCompared(u)
}

type bitTrips struct {
	info *sema.Info
	w    *whereLoops
}

// isTransfer reports whether x is a reference of the intrinsic transfer,
// returning its source and mold (nil without a positional or keyword
// one) and whether it has a SIZE.
func isTransfer(info *sema.Info, x ast.Node) (c *ast.CallExpr, src, mold ast.Expr, size bool) {
	c, ok := x.(*ast.CallExpr)
	if !ok {
		return nil, nil, nil, false
	}
	k, ok := info.Calls[c]
	id, isID := c.Fun.(*ast.Ident)
	if !ok || k.Kind != sema.FunctionCall || !k.IsIntrinsic() || !isID || !strings.EqualFold(id.Name, "transfer") {
		return nil, nil, nil, false
	}
	for i, a := range c.Args {
		name := ""
		if kw, ok := a.(*ast.KeywordArg); ok {
			name, a = strings.ToLower(kw.Name.Name), kw.Value
		} else {
			name = []string{"source", "mold", "size"}[min(i, 2)]
		}
		switch name {
		case "source":
			src = a
		case "mold":
			mold = a
		case "size":
			size = true
		}
	}
	return c, src, mold, size
}

func hasTransfer(info *sema.Info, u *ast.Unit) bool {
	found := false
	ast.Inspect(&ast.Unit{Body: u.Body}, func(n ast.Node) bool {
		if c, _, _, _ := isTransfer(info, n); c != nil {
			found = true
		}
		return !found
	})
	return found
}

// containers returns the integer locals of u that only hold a real's
// bits: every definition is v = transfer(x, mold) with x a real scalar of
// v's size, every other reference a transfer(v, mold) back to that real
// type or an operand of a comparison; at least one comes back.
func (b *bitTrips) containers(u *ast.Unit) []*sema.Symbol {
	type state struct {
		real *sema.Type
		back bool
		bad  bool
	}
	st := map[*sema.Symbol]*state{}
	get := func(v *sema.Symbol) *state {
		if st[v] == nil {
			st[v] = &state{}
		}
		return st[v]
	}
	var order []*sema.Symbol
	seen := map[*ast.Ident]bool{}
	ast.Inspect(&ast.Unit{Body: u.Body}, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if id, ok := n.Lhs.(*ast.Ident); ok {
				if v := b.local(id); v != nil {
					seen[id] = true
					s := get(v)
					order = append(order, v)
					c, src, _, size := isTransfer(b.info, n.Rhs)
					t := b.info.TypeOf(src)
					if c == nil || size || src == nil || !t.IsReal() || b.info.Rank(src) != 0 || t.Kind != v.Type.Kind ||
						s.real != nil && s.real.Kind != t.Kind {
						s.bad = true
					} else {
						s.real = t
					}
				}
			}
		case *ast.CallExpr:
			if c, src, mold, size := isTransfer(b.info, n); c != nil {
				if id, ok := mold.(*ast.Ident); ok {
					seen[id] = true // (read for its type only)
				}
				if id, ok := src.(*ast.Ident); ok {
					if v := b.local(id); v != nil {
						seen[id] = true
						t := b.info.TypeOf(mold)
						s := get(v)
						if size || mold == nil || !t.IsReal() || b.info.Rank(mold) != 0 || t.Kind != v.Type.Kind {
							s.bad = true
						}
						s.back = true
					}
				}
			}
		case *ast.BinaryExpr:
			if isRelational(n.Op) {
				for _, x := range []ast.Expr{n.X, n.Y} {
					if id, ok := x.(*ast.Ident); ok {
						seen[id] = true
					}
				}
			}
		case *ast.Ident:
			if v := b.local(n); v != nil && !seen[n] {
				get(v).bad = true // another reference: a call may define it
			}
		}
		return true
	})
	var out []*sema.Symbol
	done := map[*sema.Symbol]bool{}
	for _, v := range order {
		if s := st[v]; !done[v] && !s.bad && s.back && s.real != nil {
			out = append(out, v)
		}
		done[v] = true
	}
	return out
}

// local returns the symbol of id when it is an integer scalar local of
// the procedure that nothing else can reach.
func (b *bitTrips) local(id *ast.Ident) *sema.Symbol {
	v := b.info.ObjectOf(id)
	if v == nil || v.Kind != sema.VarSym || v.Owner != b.w.scope || !v.Type.IsInteger() || v.Rank() != 0 || v.IsDummy() ||
		v.Attrs&(sema.AttrPointer|sema.AttrTarget|sema.AttrSave|sema.AttrData|sema.AttrEquivalence|sema.AttrInCommon|
			sema.AttrVolatile|sema.AttrResult) != 0 {
		return nil
	}
	return v
}

func isRelational(op token.Kind) bool {
	switch op {
	case token.EQ, token.NE, token.LT, token.LE, token.GT, token.GE:
		return true
	}
	return false
}

// rewrite keeps container v's real in fadj_bits_<v>.
func (b *bitTrips) rewrite(u *ast.Unit, v *sema.Symbol) {
	var shadow *sema.Symbol
	var list func([]ast.Stmt) []ast.Stmt
	list = func(l []ast.Stmt) []ast.Stmt {
		var out []ast.Stmt
		for _, s := range l {
			for _, inner := range bodies(s) { // fixedpoint_rotate.go
				*inner = list(*inner)
			}
			b.replaceBack(s, v, func() *sema.Symbol { return shadow })
			as, ok := s.(*ast.AssignStmt)
			if id, isID := assignedIdent(as, ok); isID && b.info.ObjectOf(id) == v {
				c, src, _, _ := isTransfer(b.info, as.Rhs)
				if shadow == nil {
					shadow = b.w.temp("fadj_bits_"+v.Name, b.info.TypeOf(src), nil, 0)
				}
				keep := &ast.AssignStmt{StmtHeader: as.StmtHeader, Lhs: b.w.use(shadow), Rhs: src}
				as.StmtHeader = ast.StmtHeader{}
				setSource(c, b.w.use(shadow))
				b.info.PassiveBits[c] = true
				out = append(out, keep, as)
				continue
			}
			out = append(out, s)
		}
		return out
	}
	// The shadow is declared at the first definition, which the walk
	// meets before any reference back in the source order of a sound
	// program; a reference back before it is left to the checks.
	u.Body = list(u.Body)
}

// replaceBack replaces in statement s (not in its nested statement
// lists) each transfer(v, mold) by the shadow.
func (b *bitTrips) replaceBack(s ast.Stmt, v *sema.Symbol, shadow func() *sema.Symbol) {
	ast.Apply(s, func(cur *ast.Cursor) bool {
		if cur.Node() != ast.Node(s) {
			if _, isStmt := cur.Node().(ast.Stmt); isStmt {
				if _, action := s.(*ast.IfStmt); !action {
					return false
				}
			}
		}
		c, src, _, _ := isTransfer(b.info, cur.Node())
		if c == nil {
			return true
		}
		if id, ok := src.(*ast.Ident); ok && b.info.ObjectOf(id) == v && shadow() != nil {
			cur.Replace(b.w.use(shadow()))
			return false
		}
		return true
	}, nil)
}

// markCompared marks the transfers of u an operand of a comparison is.
func (b *bitTrips) markCompared(u *ast.Unit) {
	ast.Inspect(&ast.Unit{Body: u.Body}, func(n ast.Node) bool {
		if e, ok := n.(*ast.BinaryExpr); ok && isRelational(e.Op) {
			for _, x := range []ast.Expr{e.X, e.Y} {
				if c, _, _, _ := isTransfer(b.info, x); c != nil {
					b.info.PassiveBits[c] = true
				}
			}
		}
		return true
	})
}

// assignedIdent returns the variable assignment as defines whole.
func assignedIdent(as *ast.AssignStmt, ok bool) (*ast.Ident, bool) {
	if !ok {
		return nil, false
	}
	id, isID := as.Lhs.(*ast.Ident)
	return id, isID
}

// setSource puts x as the source argument of transfer reference c.
func setSource(c *ast.CallExpr, x ast.Expr) {
	for i, a := range c.Args {
		if kw, ok := a.(*ast.KeywordArg); ok {
			if strings.EqualFold(kw.Name.Name, "source") {
				kw.Value = x
				return
			}
			continue
		}
		if i == 0 {
			c.Args[0] = x
			return
		}
	}
}

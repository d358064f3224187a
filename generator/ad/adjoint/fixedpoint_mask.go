package adjoint

import (
	"fmt"
	"strings"

	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/ad/tape"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// State the body defines only in part.
//
// The adjoint iteration w̄ ← z̄_orig + w̄·∂φ/∂z holds for the state the
// body defines. A part of a state variable it leaves as it is (the
// boundary values of a Jacobi sweep over the interior, t(2:n-1) = ...;
// the conductivity component g%k of a derived-type state g whose g%t
// the body solves for) is a parameter of the loop: ∂φ/∂z is the
// identity there, so its adjoint, passed through by each sweep with the
// contributions added, would grow without bound, and zeroing the whole
// state's adjoint after the loop would drop its incoming adjoint and the
// contributions the parameters sweep made to it. So each part of the
// state (a variable, or a real component of a derived-type variable) is
//
//   - whole: the body assigns all of it at its top level (x = xnew);
//     as before;
//   - none: the body never defines it: its adjoint is reset to zero
//     before each update, which adds z̄_orig back (so the change measured
//     is zero), and it is not zeroed after the loop;
//   - partial: else. The recording sweep marks, in a real(8) array
//     of its shape, the elements it assigns (the same subscripts, under
//     the same IF, WHERE and FORALL headers, before each assignment), and pushes
//     the mark above the loop's tape mark; the adjoint pops it, resets the
//     unmarked elements before each update, and zeroes only the marked
//     ones after the loop.
//
// A part assigned in a form the marks do not follow (a section of an
// array of derived type, through an ASSOCIATE name) is
// taken as whole, and so is a scalar the body may assign; calls:
// fixedpoint_mask_calls.go.

type fpPartKind int

const (
	fpWhole fpPartKind = iota
	fpNone
	fpPartial
)

// fpPart is a part of state variable v: path "" (v itself) or the path
// of a real component ("%t").
type fpPart struct {
	v     *sema.Symbol
	path  string
	rank  int
	alloc bool
	kind  fpPartKind
	mark  string // the mark's local, partial only
	via   string // the copy it is assigned from (fixedpoint_mask_copy.go)
	// viaElems: the copy takes the state's own values element by element
	// (tn(1) = t(1)), its other elements counted as assigned (fp_copy_elems.go).
	viaElems bool
	// callMarks are the marks after the call of callee that defines
	// part of it (fixedpoint_mask_callee.go).
	callMarks []ast.Stmt
	callee    string
	callErr   error // the rejection if the marks cannot be placed
}

// partsOf returns the parts of state variable v.
func (fp *fpCode) partsOf(v *sema.Symbol) []*fpPart {
	if fp.parts == nil {
		fp.parts = map[*sema.Symbol][]*fpPart{}
	}
	if ps, ok := fp.parts[v]; ok {
		return ps
	}
	var ps []*fpPart
	if decl.IsDerived(v.Type) {
		ls, _ := fp.leaves(v) // derivedFixed checked them
		for _, l := range ls {
			ps = append(ps, &fpPart{v: v, path: l.path, rank: l.rank, alloc: l.alloc})
		}
	} else {
		ps = []*fpPart{{v: v, rank: v.Rank()}}
	}
	fp.parts[v] = ps
	return ps
}

// classifyParts classifies the parts of the state by the recording
// sweep f and, for its calls, the primal statements body it records.
func (fp *fpCode) classifyParts(f, body []ast.Stmt) error {
	for _, v := range fp.state {
		for _, p := range fp.partsOf(v) {
			k, err := fp.callKind(p, body) // fixedpoint_mask_calls.go
			if err != nil {
				return err
			}
			if p.callMarks != nil {
				if _, n := markCall(f, p.callee, p.callMarks); n != 1 {
					return p.callErr
				}
			}
			p.kind = worst(fp.classify(p, f), k)
			if err := fp.nestedCopy(p, f); err != nil { // fp_copy_elems.go
				return err
			}
			if p.rank == 0 && p.path == "" && k != fpWhole {
				if err := fp.condScalar(strings.ToLower(v.Name), body); err != nil { // fixedpoint_cond.go
					return err
				}
			}
		}
	}
	return nil
}

// allWhole reports whether the body defines all of state variable v.
func (fp *fpCode) allWhole(v *sema.Symbol) bool {
	for _, p := range fp.partsOf(v) {
		if p.kind != fpWhole {
			return false
		}
	}
	return true
}

// markParts returns recording sweep f with the marks of the partial
// parts of the state, their pushes (after the tape mark) and pops
// (before its pop).
func (fp *fpCode) markParts(f []ast.Stmt) (out, push, pop []ast.Stmt) {
	for _, v := range fp.state {
		for _, p := range fp.partsOf(v) {
			if p.kind != fpPartial {
				continue
			}
			p.mark = fp.markName(p)
			fp.g.decls = append(fp.g.decls, parseDecls(fmt.Sprintf("real(8), allocatable :: %s%s", p.mark, colons(p.rank)))...)
			f = append(parseStmts(allocMark(p, v.Name+p.path)+"\n"+p.mark+" = "+initialMark(p)), markAssigns(f, p)...)
			if p.callMarks != nil {
				f, _ = markCall(f, p.callee, p.callMarks) // fixedpoint_mask_callee.go
			}
			op := tape.Op{Kind: tape.Push, Type: tape.R8, Ref: ast.NewIdent(p.mark), Count: tape.Size(ast.NewIdent(p.mark))}
			push = append(push, tape.Lower(op))
			zb := fp.g.aname(v) + p.path
			q := parseStmts(allocMark(p, zb))
			pop = append(append(q, tape.Lower(op.Inverse())), pop...)
		}
	}
	return f, push, pop
}

// allocMark allocates the mark of part p with the bounds of x (empty
// if x is an ALLOCATABLE component not allocated).
func allocMark(p *fpPart, x string) string {
	m := p.mark
	s := fmt.Sprintf("if (allocated(%s)) deallocate(%s)\n", m, m)
	if !p.alloc {
		return s + fmt.Sprintf("allocate(%s%s)", m, boundsOf(x, p.rank))
	}
	empty := "(" + strings.TrimSuffix(strings.Repeat("1:0,", p.rank), ",") + ")"
	return s + fmt.Sprintf("if (allocated(%s)) then\nallocate(%s%s)\nelse\nallocate(%s%s)\nend if", x, m, boundsOf(x, p.rank), m, empty)
}

// colons is the deferred shape (:,:) of rank r.
func colons(r int) string {
	return "(" + strings.TrimSuffix(strings.Repeat(":,", r), ",") + ")"
}

// boundsOf is the shape (lbound(x,1):ubound(x,1), ...) of x, of rank r.
func boundsOf(x string, r int) string {
	var b []string
	for d := 1; d <= r; d++ {
		b = append(b, fmt.Sprintf("lbound(%s,%d):ubound(%s,%d)", x, d, x, d))
	}
	return "(" + strings.Join(b, ", ") + ")"
}

// classify returns how recording sweep f defines part p.
func (fp *fpCode) classify(p *fpPart, f []ast.Stmt) fpPartKind {
	name := strings.ToLower(p.v.Name)
	if p.via = fp.copyVia(p, f); p.via != "" { // fixedpoint_mask_copy.go
		return fpPartial
	}
	for _, st := range f {
		if a, ok := st.(*ast.AssignStmt); ok && baseName(a.Lhs) == name {
			if path, subs, ok := lhsPath(a.Lhs); ok && subs == nil && covers(path, p.path) {
				return fpWhole
			}
		}
	}
	kind := fpNone
	var visit func(list []ast.Stmt)
	visit = func(list []ast.Stmt) {
		for _, st := range list {
			switch s := st.(type) {
			case *ast.AssignStmt:
				kind = worst(kind, assignKind(s, name, p.path))
				continue
			case *ast.IfStmt:
				if a, ok := s.Action.(*ast.AssignStmt); ok {
					kind = worst(kind, assignKind(a, name, p.path))
					continue
				}
			case *ast.WhereStmt:
				kind = worst(kind, assignKind(s.Assign, name, p.path))
				continue
			case *ast.ForallStmt:
				if a, ok := s.Assign.(*ast.AssignStmt); ok {
					kind = worst(kind, assignKind(a, name, p.path))
					continue
				}
			case *ast.CallStmt:
				continue // the runtime's records and restores; the others: callKind
			case *ast.DoConstruct, *ast.IfConstruct, *ast.SelectCase, *ast.WhereConstruct, *ast.ForallConstruct, *ast.BlockConstruct:
				rewriteBlocks(st, func(l []ast.Stmt) []ast.Stmt { visit(l); return l })
				continue
			}
			if stmtMentions(st, name) && !fadjAllocation(st) { // fixedpoint_nest.go
				kind = fpWhole // a call, an ASSOCIATE, a READ...: taken as whole
			}
		}
	}
	visit(f)
	if kind == fpPartial && p.rank == 0 {
		return fpWhole // a scalar assigned at all (under an IF too: as before)
	}
	return kind
}

// worst combines the kinds of two definitions: whole over partial over
// none.
func worst(a, b fpPartKind) fpPartKind {
	if a == fpWhole || b == fpWhole {
		return fpWhole
	}
	if a == fpPartial || b == fpPartial {
		return fpPartial
	}
	return fpNone
}

// assignKind is how assignment a defines part path of variable name.
func assignKind(a *ast.AssignStmt, name, path string) fpPartKind {
	if baseName(a.Lhs) != name {
		return fpNone
	}
	lp, _, ok := lhsPath(a.Lhs)
	if !ok {
		return fpWhole
	}
	if !covers(lp, path) && !covers(path, lp) {
		return fpNone
	}
	return fpPartial
}

// stmtMentions reports whether st names variable name.
func stmtMentions(st ast.Stmt, name string) bool {
	found := false
	ast.Inspect(st, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && strings.EqualFold(id.Name, name) {
			found = true
		}
		return !found
	})
	return found
}

// covers reports whether component path outer holds path inner (or is
// it): "" holds all, "%a" holds "%a%b".
func covers(outer, inner string) bool {
	return outer == inner || strings.HasPrefix(inner, outer+"%")
}

// lhsPath returns the component path of left side x ("%t" for g%t(i))
// and the subscripts of its last part; ok false if a part other than the
// last has subscripts.
func lhsPath(x ast.Expr) (path string, subs []ast.Expr, ok bool) {
	first := true
	for {
		switch e := x.(type) {
		case *ast.Ident:
			return path, subs, true
		case *ast.CallExpr:
			if !first {
				return "", nil, false
			}
			subs, x = e.Args, e.Fun
		case *ast.SelectorExpr:
			path = "%" + strings.ToLower(e.Sel.Name) + path
			x = e.X
		default:
			return "", nil, false
		}
		first = false
	}
}

// markAssigns returns list with, before each assignment to part p, the
// mark of the elements it assigns, under the same IF, WHERE or FORALL.
func markAssigns(list []ast.Stmt, p *fpPart) []ast.Stmt {
	name := strings.ToLower(p.v.Name)
	mark := func(a *ast.AssignStmt) *ast.AssignStmt {
		if m, ok := viaMark(a, p); ok { // fixedpoint_mask_copy.go
			return m
		}
		if assignKind(a, name, p.path) != fpPartial {
			return nil
		}
		_, subs, _ := lhsPath(a.Lhs)
		var lhs ast.Expr = ast.NewIdent(p.mark)
		if subs != nil {
			args := make([]ast.Expr, len(subs))
			for i, s := range subs {
				args[i] = ast.Clone(s)
			}
			lhs = &ast.CallExpr{Fun: lhs, Args: args}
		}
		return &ast.AssignStmt{Lhs: lhs, Rhs: parseExpr("1")}
	}
	var out []ast.Stmt
	for _, st := range list {
		switch s := st.(type) {
		case *ast.AssignStmt:
			if m := mark(s); m != nil {
				out = append(out, m)
			}
		case *ast.IfStmt:
			if a, ok := s.Action.(*ast.AssignStmt); ok {
				if m := mark(a); m != nil {
					out = append(out, &ast.IfStmt{Cond: ast.Clone(s.Cond), Action: m})
				}
			}
		case *ast.WhereStmt:
			if m := mark(s.Assign); m != nil {
				out = append(out, &ast.WhereStmt{Mask: ast.Clone(s.Mask), Assign: m})
			}
		case *ast.ForallStmt:
			if a, ok := s.Assign.(*ast.AssignStmt); ok {
				if m := mark(a); m != nil {
					f := ast.Clone(s)
					f.StmtHeader, f.Assign = ast.StmtHeader{}, m
					out = append(out, f)
				}
			}
		default:
			rewriteBlocks(st, func(l []ast.Stmt) []ast.Stmt { return markAssigns(l, p) })
		}
		out = append(out, st)
	}
	return out
}

// passThrough returns the resets, before the update, of the adjoints of
// the parts of state variable v the body does not define.
func (fp *fpCode) passThrough(v *sema.Symbol) []string {
	zb := fp.g.aname(v)
	var out []string
	for _, p := range fp.partsOf(v) {
		switch p.kind {
		case fpNone:
			out = append(out, ifAllocated(fpLeaf{path: p.path, alloc: p.alloc}, zb, []string{zb + p.path + " = 0"})...)
		case fpPartial:
			out = append(out, fmt.Sprintf("where (%s < 0.5d0) %s%s = 0", p.mark, zb, p.path))
		}
	}
	return out
}

// zeroPart returns the zeroing after the loop of the adjoint of part p
// of a state variable, adjoint zb: the parts the body defines.
func zeroPart(p *fpPart, zb string) []string {
	switch p.kind {
	case fpNone:
		return nil
	case fpPartial:
		return []string{fmt.Sprintf("where (%s > 0.5d0) %s%s = 0", p.mark, zb, p.path)}
	}
	return ifAllocated(fpLeaf{path: p.path, alloc: p.alloc}, zb, []string{zb + p.path + " = 0"})
}

// markName is the name of the mark array of part p.
func (fp *fpCode) markName(p *fpPart) string {
	return fmt.Sprintf("fadj_fpz%s_%s%s", fp.k, p.v.Name, strings.ReplaceAll(p.path, "%", "_"))
}

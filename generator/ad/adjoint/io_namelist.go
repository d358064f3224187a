package adjoint

import (
	"fmt"
	"strings"

	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/ad/tape"
	"github.com/fadj-dev/fadj/generator/analysis/activity"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
)

// namelistRead returns, for a NAMELIST READ s of active real members,
// the statements around it that tell the elements it set
// (decl.NamelistBefore/After), the push of their masks, and the
// backward sweep's pops and zeroing of the adjoints of those elements.
func (g *gen) namelistRead(s *ast.IOStmt) (before, after, bwd []ast.Stmt, err error) {
	var zeros []ast.Stmt
	for _, m := range g.namelistMembers(s) {
		v := m.Sym
		if !decl.NamelistSentinelOK(v) {
			return nil, nil, nil, notSupported("NAMELIST READ into active '%s' in reverse mode (only real and complex variables and arrays of kind 4 or 8)", v.Name)
		}
		if !references(g.decls, m.Copy) {
			g.decls = append(g.decls, parseDecls(decl.NamelistDecls(m))...)
		}
		before = append(before, parseStmts(decl.NamelistBefore(m))...)
		after = append(after, parseStmts(decl.NamelistAfter(m))...)
		op := tape.Op{Kind: tape.Push, Type: tape.L, Ref: ast.NewIdent(m.Mask)}
		if v.Rank() > 0 {
			op.Count = tape.Size(ast.NewIdent(m.Mask))
		}
		after = append(after, tape.Lower(op))
		q := append(parseStmts(decl.NamelistAllocMask(m)), tape.Lower(op.Inverse()))
		bwd = append(q, bwd...)
		zeros = append(zeros, parseStmts(decl.NamelistZero(m, g.aname(v)))...)
	}
	return before, after, append(bwd, zeros...), nil
}

// namelistMembers returns the active members of the group NAMELIST READ
// s names, with the names of their copies and masks (after the line of
// the READ: one READ per line).
func (g *gen) namelistMembers(s *ast.IOStmt) []decl.NamelistMember {
	if s.Keyword != "read" {
		return nil
	}
	var out []decl.NamelistMember
	line := g.fset.Position(s.Pos()).Line
	for _, l := range activity.NamelistLeaves(g.pa, s) {
		v := g.baseSym(l.X)
		if v == nil || !g.hasAdj(v) {
			continue
		}
		n := strings.ToLower(v.Name)
		out = append(out, decl.NamelistMember{Sym: v, Copy: fmt.Sprintf("fadj_nl%d_%s", line, n), Mask: fmt.Sprintf("fadj_nlm%d_%s", line, n)})
	}
	return out
}

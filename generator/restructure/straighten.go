package restructure

import "github.com/fadj-dev/fadj/generator/fortran/ast"

// straighten undoes the scrambling of straight-line code by GO TOs (a
// block placed after the code that jumps to it, as translators and old
// editors leave it): an unconditional GO TO l whose label is referenced
// by that GO TO only, where the block at l is entered by no fall-through
// (the statement before it always jumps) and leaves by a jump of its own,
// is replaced by the block; a GO TO to the next statement is deleted.
// Execution order is unchanged, and the backward GO TOs such code holds
// without being a loop are gone.
func (r *rewriter) straighten(list []ast.Stmt) []ast.Stmt {
	for _, s := range list {
		r.straightenNested(s)
	}
	for changed := true; changed; {
		changed = false
		for i, s := range list {
			g, ok := s.(*ast.GotoStmt)
			if !ok {
				continue
			}
			l := g.Target.Label
			if i+1 < len(list) && list[i+1].Header().Label == l {
				list = replaceGoto(list, i, i+1, i+1)
				changed = true
				break
			}
			if refs(r.root)[l] != 1 {
				continue
			}
			b, e := blockAt(list, l)
			if b < 0 || (i >= b && i < e) {
				continue
			}
			list = replaceGoto(list, i, b, e)
			changed = true
			break
		}
	}
	return list
}

// blockAt returns the block [b, e) of list starting at the statement
// labelled l: entered only by jumps (the statement before it always
// jumps) and ending with its first statement that always jumps; b is -1
// if there is none.
func blockAt(list []ast.Stmt, l int) (b, e int) {
	for k, s := range list {
		if s.Header().Label != l {
			continue
		}
		if k == 0 || !jumps(list[k-1]) {
			return -1, 0
		}
		if _, ok := s.(*ast.FormatStmt); ok {
			return -1, 0
		}
		for j := k; j < len(list); j++ {
			if jumps(list[j]) {
				return k, j + 1
			}
		}
		return -1, 0
	}
	return -1, 0
}

// jumps reports whether s always transfers control elsewhere.
func jumps(s ast.Stmt) bool {
	switch s.(type) {
	case *ast.GotoStmt, *ast.ReturnStmt, *ast.StopStmt, *ast.ExitStmt, *ast.CycleStmt:
		return true
	}
	return false
}

// replaceGoto returns list with the GO TO at i replaced by the block
// [b, e) (moved from where it was; empty when it is the next statement).
// A label of the GO TO stays on a CONTINUE.
func replaceGoto(list []ast.Stmt, i, b, e int) []ast.Stmt {
	var out []ast.Stmt
	block := list[b:e]
	for k := 0; k < len(list); k++ {
		switch {
		case k == i:
			if h := list[i].Header(); h.Label != 0 {
				c := &ast.ContinueStmt{}
				c.StmtHeader = *h
				out = append(out, c)
			}
			out = append(out, block...)
		case k >= b && k < e:
		default:
			out = append(out, list[k])
		}
	}
	return out
}

// straightenNested straightens the statement lists of construct s.
func (r *rewriter) straightenNested(s ast.Stmt) {
	switch s := s.(type) {
	case *ast.IfConstruct:
		for _, b := range s.Branches {
			b.Body = r.straighten(b.Body)
		}
	case *ast.SelectCase:
		for _, c := range s.Cases {
			c.Body = r.straighten(c.Body)
		}
	case *ast.DoConstruct:
		s.Body = r.straighten(s.Body)
	case *ast.BlockConstruct:
		s.Body = r.straighten(s.Body)
	case *ast.AssociateConstruct:
		s.Body = r.straighten(s.Body)
	}
}

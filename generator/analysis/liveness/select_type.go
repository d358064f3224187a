package liveness

import "github.com/fadj-dev/fadj/generator/fortran/ast"

// selectType is the live set before a SELECT TYPE: the union of its
// blocks', and what is live after it when no CLASS DEFAULT may skip them
// all.
func (l *analyzer) selectType(s *ast.SelectType, after Set) Set {
	in := Set{}
	hasDefault := false
	for _, g := range s.Guards {
		for k := range l.list(g.Body, after) {
			in[k] = true
		}
		hasDefault = hasDefault || g.Kind == ast.ClassDefault
	}
	if !hasDefault {
		for k := range after {
			in[k] = true
		}
	}
	l.reads(in, s.Selector)
	return in
}

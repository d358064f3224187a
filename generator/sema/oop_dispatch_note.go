package sema

import (
	"fmt"
	"sort"
	"strings"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
)

// DispatchNote returns, for the designator fun (obj%b) of a reference
// bound at run time (Info.Dispatched), the words the generators' messages
// give it: which binding of which declared type, and the procedures the
// extensions bind it to ("binding 'phi' of CLASS(limiter) (minmod binds
// minmod_phi, smooth binds smooth_phi)"); "" for any other designator.
// The derivative of such a reference is that of the procedure the
// object's dynamic type binds, which fadj does not dispatch yet.
func (info *Info) DispatchNote(fun ast.Expr) string {
	if !info.Dispatched[fun] {
		return ""
	}
	sel, ok := fun.(*ast.SelectorExpr)
	if !ok {
		return ""
	}
	t := info.TypeOf(sel.X)
	if t == nil || t.Derived == nil {
		return ""
	}
	name := strings.ToLower(sel.Sel.Name)
	var by []string
	for _, s := range info.Defs {
		if s == nil || s.Kind != TypeSym || !extends(s, t.Derived) {
			continue
		}
		if b := s.Binding(name); b != nil && b.Kind == BindingSym && b.Parent == s {
			if p := bindingTarget(b); p != nil {
				by = append(by, fmt.Sprintf("%s binds %s", s.Name, p.Name))
			}
		}
	}
	sort.Strings(by)
	note := fmt.Sprintf("binding '%s' of CLASS(%s)", name, t.Derived.Name)
	if len(by) > 0 {
		note += " (" + strings.Join(by, ", ") + ")"
	}
	return note
}

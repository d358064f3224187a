package sema

import "github.com/fadj-dev/fadj/generator/fortran/ast"

// outComponent reports whether component x (of an ALLOCATE object) is an
// allocatable subobject of a dummy declared intent(out), reached through
// no pointer component: the compiler deallocates it on entry (F2008
// 6.7.3.2), so allocating it does not read the dummy's state, as it does
// for another dummy (allocated on entry, the ALLOCATE would fail): an
// init routine's allocate(g%area(n)) defines part of g.
func (w *intentWalker) outComponent(x *ast.SelectorExpr) bool {
	var e ast.Expr = x
	for {
		switch y := e.(type) {
		case *ast.SelectorExpr:
			if c := w.info.ObjectOf(y.Sel); c == nil || c.Kind != ComponentSym || c.Attrs&AttrPointer != 0 {
				return false
			}
			e = y.X
		case *ast.CallExpr:
			c, ok := w.info.Calls[y]
			if !ok || c.Kind != ArrayElement {
				return false
			}
			e = y.Fun
		case *ast.Ident:
			s := w.info.ObjectOf(y)
			return s != nil && s.Kind == VarSym && s.IsDummy() && s.Selector == nil && s.Attrs&AttrPointer == 0 &&
				(s.DeclaredIntent == ast.IntentOut || s.DeclaredIntent == ast.IntentNone && s.Intent == ast.IntentOut)
		default:
			return false
		}
	}
}

// resetOnEntry reports whether an intent(out) dummy of type t is given
// values on entry by the compiler: a derived type with ALLOCATABLE
// components (deallocated) or default initialization (applied), at any
// depth through components that are not pointers (F2018 8.5.10). Its
// declaration is then trusted: an intent(inout) derivative would skip
// that, and allocate(flux%up(n)) would find it allocated by the last
// call.
func resetOnEntry(t *Type, depth int) bool {
	if t == nil || !t.IsDerived() || t.Derived == nil || depth > 8 {
		return false
	}
	for _, c := range t.Derived.Components {
		if c.Kind != ComponentSym || c.Attrs&AttrPointer != 0 {
			continue
		}
		if c.Attrs&AttrAllocatable != 0 || c.Init != nil || resetOnEntry(c.Type, depth+1) {
			return true
		}
	}
	return false
}

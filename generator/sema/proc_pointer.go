package sema

import (
	"github.com/fadj-dev/fadj/generator/fortran/ast"
)

// Procedure pointers and procedure pointer components.
//
// Modern models keep them in their infrastructure (an error reporter
// in a settings reader, a callback registry) beside the physics they
// differentiate. They are checked here as far as their use as
// procedures goes: calls through them take their interface, pointer
// assignments need a procedure, a procedure pointer or null() on the
// right. A component has no data type (Invalid), so that no other check
// treats it as data, and it is not among the type's Components, which
// the generators lay out. The analyses do not follow them: ReachedOnly
// rejects each reference in a procedure a target calls.

// ProcComponent returns the procedure pointer component name of the
// derived type s, or nil.
func (s *Symbol) ProcComponent(name string) *Symbol {
	for _, c := range s.ProcComponents {
		if c.Name == name {
			return c
		}
	}
	return nil
}

// procComponents declares the procedure pointer components of td in
// the derived type sym.
func (c *checker) procComponents(sc *Scope, sym *Symbol, td *ast.TypeDef) {
	if sym.Parent != nil {
		sym.ProcComponents = append(sym.ProcComponents, sym.Parent.ProcComponents...)
	}
	for _, pc := range td.ProcComponents {
		var iface *Proc
		if is := c.procInterface(sc, pc.Interface); is != nil {
			iface = is.Proc
		}
		private := td.PrivateStmt != nil
		for _, a := range pc.Attrs {
			switch a.Name {
			case "private":
				private = true
			case "public":
				private = false
			}
		}
		for _, e := range pc.Entities {
			if e == nil || e.Name == nil {
				continue
			}
			cn := c.name(e.Name)
			if prev := sym.Component(cn); prev != nil {
				c.errorf(e.Name.NamePos, "component '%s' is already declared at %s", cn, c.where(prev.Pos, e.Name.NamePos))
				continue
			}
			if prev := sym.ProcComponent(cn); prev != nil {
				c.errorf(e.Name.NamePos, "component '%s' is already declared at %s", cn, c.where(prev.Pos, e.Name.NamePos))
				continue
			}
			comp := &Symbol{Name: cn, Kind: ComponentSym, Pos: e.Name.NamePos, Type: Invalid, ArgIndex: -1,
				Attrs: AttrPointer, Parent: sym, Owner: sc, declared: true, PrivateComp: private,
				Proc: pointerProc(iface), Init: e.Init}
			if e.Init != nil {
				c.procTarget(e.Init)
			}
			c.def(e.Name, comp)
			sym.ProcComponents = append(sym.ProcComponents, comp)
		}
	}
}

// procInterface returns the procedure id names in PROCEDURE(id), nil
// (reported) if it has no explicit interface or id is nil.
func (c *checker) procInterface(sc *Scope, id *ast.Ident) *Symbol {
	if id == nil {
		return nil
	}
	sym := c.lookup(sc, c.name(id))
	if sym == nil || sym.Kind != ProcSym || sym.Proc == nil || sym.Proc.Interface == nil && sym.Proc.Unit == nil {
		c.errorf(id.NamePos, "'%s' is not a procedure with an explicit interface", id.Name)
		return nil
	}
	c.use(id, sym)
	return sym
}

// adoptInterface gives procedure p the interface of iface.
func adoptInterface(p, iface *Proc) {
	p.Form, p.Interface, p.Scope, p.Args, p.Result = iface.Form, iface.Interface, iface.Scope, iface.Args, iface.Result
	if iface.Interface == nil {
		p.Interface = iface.Unit
	}
}

// pointerProc is the Proc of a procedure pointer of interface iface
// (nil: implicit).
func pointerProc(iface *Proc) *Proc {
	p := &Proc{Kind: ProcPointer}
	if iface != nil {
		adoptInterface(p, iface)
	}
	return p
}

// procPointerName returns the procedure pointer x names, or nil.
func (c *checker) procPointerName(x ast.Expr) *Symbol {
	id, ok := x.(*ast.Ident)
	if !ok {
		return nil
	}
	sym := c.lookup(c.scope, c.name(id))
	if sym == nil || sym.Kind != ProcSym || sym.Proc == nil || sym.Proc.Kind != ProcPointer {
		return nil
	}
	return sym
}

// procPointerAssign checks p => target where p is a procedure pointer
// (a name; a component is checked by the caller, which learns it from
// the left side's reference); it reports whether s was one.
func (c *checker) procPointerAssign(s *ast.PointerAssignStmt) bool {
	sym := c.procPointerName(s.Lhs)
	if sym == nil {
		return false
	}
	c.use(s.Lhs.(*ast.Ident), sym)
	c.procTarget(s.Rhs)
	return true
}

// procTarget checks the right side of a procedure pointer assignment or
// initialisation: null(), a procedure or a procedure pointer.
func (c *checker) procTarget(x ast.Expr) {
	switch x := x.(type) {
	case *ast.Ident:
		r := c.ref(x, refActual)
		if !r.proc && r.t.valid() {
			c.errorf(x.NamePos, "the target of procedure pointer assignment must be a procedure, not '%s'", x.Name)
		}
	case *ast.SelectorExpr:
		c.ref(x, refValue)
	default:
		c.expr(x)
	}
}

// procPointer makes sym, declared by PROCEDURE(iface), POINTER, a
// procedure pointer.
func (c *checker) procPointer(sym *Symbol, e *ast.Entity, iface *Proc) {
	if sym.Kind != VarSym && sym.Kind != ProcSym || len(sym.Dims) > 0 {
		c.errorf(e.Name.NamePos, "'%s' cannot be a procedure pointer", sym.Name)
		return
	}
	sym.Kind = ProcSym
	sym.Type = nil
	sym.Proc = pointerProc(iface)
	sym.Attrs |= AttrPointer
	if e.Init != nil {
		sym.Init = e.Init
		c.procTarget(e.Init)
	}
}

package check

import (
	"cmp"
	"fmt"
	"strings"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/printer"
	"github.com/fadj-dev/fadj/generator/sema"
)

// An external subroutine with assumed-shape dummies cannot be called
// without an explicit interface: the driver writes interface blocks for
// it and for its generated tangent and adjoint, from their declarations.

// hasAssumedShape reports whether a dummy of proc is assumed-shape or
// allocatable or a pointer: a call needs an explicit interface.
func hasAssumedShape(proc *sema.Symbol) bool {
	for _, d := range proc.Proc.Args {
		if d != nil && (len(d.Dims) > 0 && d.Dims[0].Kind == sema.AssumedShape || d.Attrs.Has(sema.AttrAllocatable) || d.Attrs.Has(sema.AttrPointer)) {
			return true
		}
	}
	return false
}

// setupInterface declares the interface of an external setup routine
// whose dummies need one (assumed-shape or allocatable).
func setupInterface(p *Program, su *sema.Symbol) error {
	if su == nil || su.Proc == nil || su.Module() != nil || !hasAssumedShape(su) {
		return nil
	}
	body, err := interfaceBody(su)
	if err != nil {
		return fmt.Errorf("the driver cannot write the interface of the setup routine %s: %v", su.Name, err)
	}
	decls := []string{"interface"}
	for _, l := range body {
		decls = append(decls, "  "+l)
	}
	p.Decls = append(p.Decls, append(decls, "end interface")...)
	return nil
}

// interfaceBody writes the interface body of subroutine proc, or says
// why it cannot.
func interfaceBody(proc *sema.Symbol) ([]string, error) {
	var names, decls, uses []string
	dummies := map[string]bool{}
	for _, d := range proc.Proc.Args {
		if d == nil {
			return nil, fmt.Errorf("an alternate return")
		}
		dummies[d.Name] = true
	}
	for _, d := range proc.Proc.Args {
		names = append(names, d.Name)
		if d.Type == nil {
			return nil, fmt.Errorf("'%s' has no type", d.Name)
		}
		var ts string
		switch {
		case d.Type.IsReal() || d.Type.IsComplex() || d.Type.IsInteger() || d.Type.IsLogical():
			ts = typeSpec(d.Type)
		case d.Type.IsDerived() && !d.Type.Class && d.Type.Derived != nil && d.Type.Derived.Module() != nil:
			ts = "type(" + d.Type.Derived.Name + ")"
			uses = append(uses, fmt.Sprintf("use %s, only: %s", d.Type.Derived.Module().Name, d.Type.Derived.Name))
		default:
			return nil, fmt.Errorf("'%s' is %s", d.Name, d.Type)
		}
		if d.Intent != ast.IntentNone {
			ts += ", intent(" + d.Intent.String() + ")"
		}
		if d.Attrs.Has(sema.AttrOptional) {
			ts += ", optional"
		}
		if d.Attrs.Has(sema.AttrPointer) {
			ts += ", pointer"
		}
		if d.Attrs.Has(sema.AttrAllocatable) {
			ts += ", allocatable"
		}
		var dims []string
		for _, dim := range d.Dims {
			lo, ok1 := boundText(dim.Lo, dummies)
			hi, ok2 := boundText(dim.Hi, dummies)
			switch {
			case !ok1 || !ok2:
				return nil, fmt.Errorf("a bound of '%s' is not made of constants and arguments", d.Name)
			case dim.Kind == sema.AssumedShape:
				dims = append(dims, lo+":")
			case dim.Kind == sema.AssumedSize:
				dims = append(dims, cmp.Or(lo, "1")+":*")
			case dim.Kind == sema.ExplicitShape:
				dims = append(dims, cmp.Or(lo, "1")+":"+hi)
			case dim.Kind == sema.DeferredShape && (d.Attrs.Has(sema.AttrAllocatable) || d.Attrs.Has(sema.AttrPointer)):
				dims = append(dims, ":")
			default:
				return nil, fmt.Errorf("'%s' has a deferred shape", d.Name)
			}
		}
		dim := ""
		if len(dims) > 0 {
			dim = "(" + strings.Join(dims, ", ") + ")"
		}
		decls = append(decls, fmt.Sprintf("  %s :: %s%s", ts, d.Name, dim))
	}
	out := []string{fmt.Sprintf("subroutine %s(%s)", proc.Name, strings.Join(names, ", "))}
	for _, u := range uses {
		out = append(out, "  "+u)
	}
	out = append(out, "  implicit none")
	out = append(out, decls...)
	return append(out, fmt.Sprintf("end subroutine %s", proc.Name)), nil
}

// boundIntrinsics may appear in a bound the driver writes.
var boundIntrinsics = map[string]bool{"size": true, "min": true, "max": true, "mod": true, "lbound": true, "ubound": true, "dim": true}

// boundText writes a bound made of constants, dummies and intrinsics.
func boundText(b sema.Bound, dummies map[string]bool) (string, bool) {
	switch {
	case b.Const:
		return fmt.Sprint(b.Value), true
	case b.Expr == nil:
		return "", true
	}
	ok := true
	ast.Inspect(b.Expr, func(n ast.Node) bool {
		if id, is := n.(*ast.Ident); is && !dummies[id.Lower()] && !boundIntrinsics[id.Lower()] {
			ok = false
		}
		return ok
	})
	return printer.ExprString(b.Expr), ok
}

// externalInterfaces declares, for an external subroutine target with
// assumed-shape dummies, the interfaces of it and of its generated
// external tangent and adjoint.
func externalInterfaces(p *Program, sym *sema.Symbol, gen *genCode) error {
	procs := []*sema.Symbol{sym}
	for _, name := range []string{p.Tangent, p.Adjoint} {
		if name == "" || gen.info == nil {
			continue
		}
		if s := gen.info.Global.Lookup(strings.ToLower(name)); s != nil && s.Proc != nil && s.Proc.Unit != nil {
			procs = append(procs, s)
		}
	}
	decls := []string{"interface"}
	for _, s := range procs {
		body, err := interfaceBody(s)
		if err != nil {
			return fmt.Errorf("the driver cannot write the interface of %s: %v", s.Name, err)
		}
		for _, l := range body {
			decls = append(decls, "  "+l)
		}
	}
	p.Decls = append(p.Decls, append(decls, "end interface")...)
	return nil
}

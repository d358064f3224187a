package check

import (
	"fmt"
	"strings"

	"github.com/fadj-dev/fadj/config"
	"github.com/fadj-dev/fadj/generator/bind"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Derived-type arguments (docs/derivedtypes.md). The derivative routines
// take a derived-type argument's derivative as one argument of the same
// type. The driver declares the argument and its copies with the type
// (a Record Arg) and treats each real or complex component at any depth
// as a variable of its own (a Leaf Arg named p%a%b): it reads its base
// value, perturbs it, seeds and prints its derivatives, as for a real
// argument; its driver names are components of the record's (fadj0_p%a,
// fadjd_p%a). The other components (integer, logical, character) are not
// set: a check.setup routine sets them.

// leafArg is a component Arg with the component it stands for, and
// its record (an array of records makes its scalar components arrays
// of its shape: cells%e).
type leafArg struct {
	arg  *Arg
	comp *sema.Symbol
	rec  *Arg
	sym  *sema.Symbol // the record's variable
	arr  *sema.Symbol // the array component of derived type it is under, if any
}

// recordArg makes a, for dummy d of derived type, a Record and returns
// the leaves of its real and complex components.
func recordArg(p *Program, t *config.Target, bt *bind.Target, d *sema.Symbol, a *Arg) ([]leafArg, error) {
	dt := d.Type
	// A CLASS(t) dummy gets a TYPE(t) actual (the generator rejects
	// an active polymorphic one of a type the program extends).
	if dt.Derived == nil {
		return nil, cannot(t, d, "not supported yet: a CLASS(*) argument")
	}
	// (The generator rejects an active POINTER of derived type.)
	if d.Attrs.Has(sema.AttrPointer) {
		return nil, cannot(t, d, "not supported yet: a pointer of derived type")
	}
	array := len(d.Dims) > 0
	m := dt.Derived.Module()
	if m == nil {
		return nil, cannot(t, d, fmt.Sprintf("its type '%s' is not defined in a module the driver can use", dt.Derived.Name))
	}
	p.Uses = append(p.Uses, fmt.Sprintf("use %s, only: %s", m.Name, dt.Derived.Name))
	a.Class, a.Type = Record, "type("+dt.Derived.Name+")"
	a.ptrComps = hasPointerComp(dt.Derived, 0) // pointer.go
	a.Independent, a.Dependent, a.Preset, a.OutOnly = false, false, false, false
	var out []leafArg
	// arr is the array component of derived type the walk is under
	// (s%layers of type(layer_t) :: layers(3)): the scalar components
	// below it are arrays of its shape (s%layers%t), as those of an
	// array of records are of the record's.
	var walk func(ts *sema.Symbol, path string, depth int, arr *sema.Symbol) error
	walk = func(ts *sema.Symbol, path string, depth int, arr *sema.Symbol) error {
		for _, c := range ts.Components {
			if c.Kind != sema.ComponentSym || c.Type == nil {
				continue
			}
			cp := path + "%" + c.Name
			if p.private[c.Pos] {
				// The setup routine sets it (private.go).
				if names(bt.Independents, d, cp) || names(bt.Dependents, d, cp) {
					return cannot(t, d, "not supported yet: PRIVATE component '"+cp+"' as an independent or dependent (the driver cannot name it)")
				}
				continue
			}
			switch {
			case c.Type.IsFloat():
				// An allocatable one is allocated by the driver
				// (alloc.go).
				// A POINTER one too (pointer.go). An array component
				// of a rank-1 array of records is reached element by
				// element (leafloop.go).
				loop := array && arr == nil && len(d.Dims) == 1 && len(c.Dims) > 0
				if (array || arr != nil) && (len(c.Dims) > 0 && !loop || c.Attrs.Has(sema.AttrAllocatable) || c.Attrs.Has(sema.AttrPointer)) {
					return cannot(t, d, "not supported yet: array, allocatable or pointer component '"+cp+"' of an array of derived type (an array component only of a rank-1 array)")
				}
				l := &Arg{Name: d.Name + cp, Class: Float, Size: 1, Leaf: true, Global: d.Name + cp,
					Complex: c.Type.IsComplex(), Type: typeSpec(c.Type), Kind: c.Type.Kind,
					Independent: names(bt.Independents, d, cp), Dependent: names(bt.Dependents, d, cp),
					InSection: sections(bt.Independents, d, cp), OutSection: sections(bt.Dependents, d, cp)}
				if loop {
					if l.InSection != "" || l.OutSection != "" {
						return cannot(t, d, "not supported yet: a section of array component '"+cp+"' of an array of derived type (name it whole)")
					}
					l.loopRec, l.loopPath = d.Name, cp
				}
				out = append(out, leafArg{arg: l, comp: c, rec: a, sym: d, arr: arr})
			case c.Type.IsDerived() && c.Type.Derived != nil && !c.Type.Class && depth < 8:
				if !hasFloatComp(c.Type.Derived, 0) {
					continue
				}
				switch {
				case c.Attrs.Has(sema.AttrAllocatable) || c.Attrs.Has(sema.AttrPointer):
					return cannot(t, d, "not supported yet: allocatable or pointer component '"+cp+"' of derived type")
				case len(c.Dims) > 0 && (array || arr != nil):
					return cannot(t, d, "not supported yet: array component '"+cp+"' of derived type in an array of derived type")
				case len(c.Dims) > 0:
					if err := walk(c.Type.Derived, cp, depth+1, c); err != nil {
						return err
					}
				default:
					if err := walk(c.Type.Derived, cp, depth+1, arr); err != nil {
						return err
					}
				}
			}
		}
		return nil
	}
	if err := walk(dt.Derived, "", 0, nil); err != nil {
		return nil, err
	}
	a.InSection, a.OutSection = "", "" // its leaves'
	return out, nil
}

// names reports whether list names component path cp of d: d whole, or
// a component at or above cp.
func names(list []bind.Var, d *sema.Symbol, cp string) bool {
	for _, v := range list {
		if v.Symbol != d {
			continue
		}
		p := ""
		if len(v.Ref.Path) > 0 {
			p = "%" + strings.ToLower(strings.Join(v.Ref.Path, "%"))
		}
		if cp == p || strings.HasPrefix(cp, p+"%") {
			return true
		}
	}
	return false
}

// shapeLeaf sizes leaf l: the shape of its record if that is an array
// (shaped first), else its component's.
func shapeLeaf(t *config.Target, l leafArg, env *boundEnv) error {
	if (len(l.sym.Dims) > 0 || l.sym.Attrs.Has(sema.AttrAllocatable) || l.sym.Attrs.Has(sema.AttrPointer)) && !l.rec.shaped {
		l.rec.shaped = true
		if err := shape(t, l.sym, l.rec, env); err != nil {
			return err
		}
	}
	switch {
	case l.arg.loopRec != "":
		// The elements' components, one record after another
		// (leafloop.go).
		c := &Arg{Size: 1}
		if err := shape(t, l.comp, c, env); err != nil {
			return err
		}
		l.arg.Dims, l.arg.Size = l.rec.Dims, l.rec.Size*c.Size
		return nil
	case len(l.sym.Dims) > 0:
		l.arg.Dims, l.arg.Size = l.rec.Dims, l.rec.Size
		return nil
	case l.arr != nil:
		return shape(t, l.arr, l.arg, env)
	}
	return shape(t, l.comp, l.arg, env)
}

// sections returns the subscripts of the sections of component cp of
// d that list names (several joined by ";"), "" if it names cp whole (or
// d, or a component above cp) or names none of it.
func sections(list []bind.Var, d *sema.Symbol, cp string) string {
	var secs []string
	for _, v := range list {
		if v.Symbol != d {
			continue
		}
		p := ""
		if len(v.Ref.Path) > 0 {
			p = "%" + strings.ToLower(strings.Join(v.Ref.Path, "%"))
		}
		switch {
		case v.Ref.Section == "" && (cp == p || strings.HasPrefix(cp, p+"%")):
			return ""
		case v.Ref.Section != "" && cp == p:
			secs = append(secs, strings.Join(strings.Fields(v.Ref.Section), ""))
		}
	}
	return strings.Join(secs, ";")
}

// bindLeaves names the derivatives of the leaves of the Record arguments
// that have them (tangent, or adjoint if adj).
func bindLeaves(p *Program, adj bool) {
	rec := map[string]*Arg{}
	for _, a := range p.Args {
		if a.Class == Record {
			rec[a.Name] = a
		}
	}
	for _, a := range p.Args {
		if !a.Leaf {
			continue
		}
		base, path, _ := strings.Cut(a.Name, "%")
		r := rec[base]
		switch {
		case r == nil:
		case adj && r.AdjActive:
			a.BName = "fadjb_" + base + "%" + path
		case !adj && r.Active:
			a.DName = "fadjd_" + base + "%" + path
		}
	}
}

// globalRecord makes the Record Arg of a module variable s of derived
// type the spec names (whole or by components: physics::p%logk) and
// its leaves, as for an argument: every real or complex component gets
// a base value, its derivative (a component of the generated module's
// p_d or p_b, bindGlobalLeaves) is seeded if the spec names it and
// zeroed before every call otherwise.
func globalRecord(p *Program, t *config.Target, bt *bind.Target, s *sema.Symbol) (*Arg, []leafArg, error) {
	m := s.Module()
	if m == nil {
		return nil, nil, cannotAt(s, "not supported yet by fadj check: '%s' of %s: a derived-type variable that is not a module variable", s.Name, t.Routine)
	}
	a := &Arg{Name: s.Name, Size: 1, Global: m.Name + "::" + s.Name}
	leaves, err := recordArg(p, t, bt, s, a)
	if err != nil {
		return nil, nil, err
	}
	p.Uses = append(p.Uses, fmt.Sprintf("use %s, only: %s", m.Name, s.Name))
	return a, leaves, nil
}

// bindGlobalLeaves names the derivatives of the leaves of module
// variables of derived type: components of the record's derivative
// (tangent, or adjoint if adj), if it has one.
func bindGlobalLeaves(p *Program, adj bool) {
	rec := map[string]*Arg{}
	for _, a := range p.Args {
		if a.Class == Record && a.Global != "" {
			rec[a.Name] = a
		}
	}
	for _, a := range p.Args {
		if !a.Leaf {
			continue
		}
		base, path, _ := strings.Cut(a.Name, "%")
		r := rec[base]
		switch {
		case r == nil:
		case adj && r.BName != "":
			a.BName = r.BName + "%" + path
		case !adj && r.DName != "":
			a.DName = r.DName + "%" + path
		}
	}
}

// hasFloatComp reports whether type ts has a real or complex component
// at any depth.
func hasFloatComp(ts *sema.Symbol, depth int) bool {
	for _, c := range ts.Components {
		switch {
		case c.Kind != sema.ComponentSym || c.Type == nil:
		case c.Type.IsFloat():
			return true
		case c.Type.IsDerived() && c.Type.Derived != nil && depth < 8 && hasFloatComp(c.Type.Derived, depth+1):
			return true
		}
	}
	return false
}

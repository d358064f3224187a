package check

import (
	"fmt"
	"sort"
	"strings"

	"github.com/fadj-dev/fadj/config"
	"github.com/fadj-dev/fadj/generator/diag"
	"github.com/fadj-dev/fadj/generator/fortran/parser"
	"github.com/fadj-dev/fadj/generator/sema"
	"github.com/fadj-dev/fadj/generator/suggest"
)

// Allocatable variables the driver sets (docs/check.md, "Allocatable
// variables"): an allocatable real or complex component of a
// derived-type argument or module variable (s%h), an allocatable module
// array, an allocatable dummy (declared allocatable with its
// derivatives, declareAllocDummy). The driver allocates them, and their copies and derivatives,
// with the bounds check.shapes gives (default: every dimension 1:10, the
// last one sized by a list in check.inputs, as for an assumed-shape
// dummy) before it reads the check point, and stops if the setup
// routine leaves them with other bounds.

// deferredShape sizes allocatable a (symbol d): it reports false if d is
// not allocatable with a deferred shape.
//
// It sizes an assumed-shape dummy too when check.shapes gives its shape
// (its bounds in the routine are its declaration's: only the extents
// matter).
func deferredShape(t *config.Target, d *sema.Symbol, a *Arg, env *boundEnv) (bool, error) {
	// A POINTER the driver allocates, as an allocatable: its target is
	// its own (pointer.go).
	ptr := d.Attrs.Has(sema.AttrPointer)
	sh := env.spec.Check.ShapeFor(a.Name)
	assumed := d.IsDummy() && len(d.Dims) > 0 && sh != nil
	for _, dim := range d.Dims {
		assumed = assumed && dim.Kind == sema.AssumedShape
	}
	if !d.Attrs.Has(sema.AttrAllocatable) && !ptr && !assumed {
		return false, nil
	}
	for _, dim := range d.Dims {
		if dim.Kind != sema.DeferredShape && !assumed {
			return false, nil
		}
	}
	a.Alloc, a.AssumedShape, a.Pointer = !assumed, assumed, ptr && !assumed
	if sh != nil {
		var dims []string
		size := 1
		for _, dim := range sh.Dims {
			lo, hi, ok := shapeDim(dim, env)
			if !ok {
				var l diag.List
				l.Addf(dim.Pos, "check.shapes: cannot evaluate '%s' of '%s': expected an extent or 'lo:hi' of integer literals, integer arguments and integer module variables (or components) that check.inputs gives or that have an initial value", dim.Text, a.Name)
				env.errs = append(env.errs, l...)
				continue
			}
			size *= max(hi-lo+1, 0)
			dims = append(dims, fmt.Sprintf("%d:%d", lo, hi))
		}
		if len(sh.Dims) != len(d.Dims) {
			var l diag.List
			l.Addf(sh.Pos, "check.shapes: '%s' of %s has rank %d, the shape %d dimensions", a.Name, t.Routine, len(d.Dims), len(sh.Dims))
			env.errs = append(env.errs, l...)
		}
		a.Size, a.Dims = a.Size*size, dims
		return true, nil
	}
	a.DefaultShape = true
	for i := range d.Dims {
		n := DefaultInt
		if in := env.spec.Check.InputFor(a.Name); in != nil && in.List && i == len(d.Dims)-1 && len(in.Values)%a.Size == 0 {
			n = len(in.Values) / a.Size
		}
		a.Size *= n
		a.Dims = append(a.Dims, fmt.Sprintf("1:%d", n))
	}
	return true, nil
}

// shapeDim evaluates one dimension of check.shapes: "hi" or "lo:hi".
func shapeDim(dim config.ShapeDim, env *boundEnv) (lo, hi int, ok bool) {
	eval := func(s string) (int, bool) {
		x, err := parser.ParseExpr(strings.TrimSpace(s))
		if err != nil {
			return 0, false
		}
		return env.eval(x)
	}
	l, h, two := strings.Cut(dim.Text, ":")
	if !two {
		hi, ok = eval(l)
		return 1, hi, ok
	}
	lo, ok1 := eval(l)
	hi, ok2 := eval(h)
	return lo, hi, ok1 && ok2
}

// allocNames are the driver's names of the variables it allocates for
// allocatable a: the variable, its copies and its derivatives.
func (p *Program) allocNames(a *Arg) []string {
	if a.Class == Record && a.Global == "" {
		// A dummy of derived type: the driver passes both derivatives.
		return []string{a.Name, "fadjd_" + a.Name, "fadjb_" + a.Name}
	}
	if !a.Leaf && a.Global == "" {
		// A dummy: the driver's copies are explicit-shape.
		return nonEmpty(a.Name, a.dname(), a.bname())
	}
	if !a.Leaf {
		// A module array: likewise.
		return nonEmpty(a.Name, a.DName, a.BName)
	}
	base, _, _ := strings.Cut(a.Name, "%")
	var rec *Arg
	for _, r := range p.Args {
		if r.Class == Record && r.Name == base {
			rec = r
		}
	}
	if rec == nil {
		return nil
	}
	names := []string{a.Name}
	for _, c := range []string{"fadj0_", "fadjv_", "fadjw_"} {
		names = append(names, c+a.Name)
	}
	if rec.Global == "" {
		names = append(names, "fadjd_"+a.Name, "fadjb_"+a.Name)
	} else {
		names = append(names, nonEmpty(a.DName, a.BName)...)
	}
	return names
}

func nonEmpty(names ...string) []string {
	var out []string
	for _, n := range names {
		if n != "" {
			out = append(out, n)
		}
	}
	return out
}

// writeAllocs allocates the allocatable variables the driver sets.
func (p *Program) writeAllocs(pf func(string, ...any)) {
	for _, a := range p.Args {
		if !a.Alloc {
			continue
		}
		dims := ""
		if len(a.Dims) > 0 {
			dims = "(" + strings.Join(a.Dims, ", ") + ")"
		}
		for _, n := range p.allocNames(a) {
			if !a.pointerName(n) {
				pf("  if (allocated(%s)) deallocate(%s)", n, n)
			}
			pf("  allocate(%s%s)", n, dims)
		}
	}
}

// writeShapeChecks stops the driver if the setup routine left an
// allocatable variable unallocated or with other bounds than the
// driver's.
func (p *Program) writeShapeChecks(pf func(string, ...any)) {
	for _, a := range p.Args {
		if !a.Alloc {
			continue
		}
		msg := fmt.Sprintf("    write(0, '(a)') 'fadj check: the setup routine %s left %s unallocated or with other bounds than (%s), which the driver allocated it with: give them in check.shapes'", p.Setup, a.Name, strings.Join(a.Dims, ", "))
		pf("  if (.not. %s(%s)) then", a.allocTest(), a.Name)
		pf("%s", msg)
		pf("    stop 1")
		if len(a.Dims) > 0 {
			var lo, hi []string
			for _, d := range a.Dims {
				l, h, _ := strings.Cut(d, ":")
				lo, hi = append(lo, l), append(hi, h)
			}
			pf("  else if (any(lbound(%s) /= [%s]) .or. any(ubound(%s) /= [%s])) then", a.Name, strings.Join(lo, ", "), a.Name, strings.Join(hi, ", "))
			pf("%s", msg)
			pf("    stop 1")
		}
		pf("  end if")
	}
}

// maskName is the driver's name part for the section masks of a (a
// component's path joined by __).
func (a *Arg) maskName() string {
	return strings.ReplaceAll(a.Name, "%", "__")
}

// unusedShapes reports the check.shapes entries that name no allocatable
// variable fadj check sets (if all, the targets bound without errors).
func unusedShapes(spec *config.Spec, allocs map[string]bool, all bool) diag.List {
	var l diag.List
	var names []string
	for n, ok := range allocs {
		if ok {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	for _, sh := range spec.Check.Shapes {
		if !allocs[sh.Name] && all {
			l.Addf(sh.Pos, "check.shapes: '%s' is not an allocatable or assumed-shape variable fadj check sets (an allocatable or assumed-shape argument, or an allocatable module variable or component, that a target names)%s", sh.Name, suggest.Hint(sh.Name, names))
		}
	}
	return l
}

// writeCallChecks stops the driver if the call of routine left an
// allocatable independent or dependent unallocated or with other
// bounds than the driver's: its values and derivatives would not line
// up with the check point's.
func (p *Program) writeCallChecks(pf func(string, ...any), routine string) {
	for _, a := range p.Args {
		if !a.Alloc || !a.Independent && !a.Dependent {
			continue
		}
		msg := fmt.Sprintf("      write(0, '(a)') 'fadj check: %s left %s unallocated or with other bounds than (%s), which the driver allocated it with: its derivatives cannot be compared; give check.shapes the bounds it keeps (and check.inputs or check.setup the sizes it reads)'", routine, a.Name, strings.Join(a.Dims, ", "))
		pf("    if (.not. %s(%s)) then", a.allocTest(), a.Name)
		pf("%s", msg)
		pf("      stop 1")
		if len(a.Dims) > 0 {
			var lo, hi []string
			for _, d := range a.Dims {
				l, h, _ := strings.Cut(d, ":")
				lo, hi = append(lo, l), append(hi, h)
			}
			pf("    else if (any(lbound(%s) /= [%s]) .or. any(ubound(%s) /= [%s])) then", a.Name, strings.Join(lo, ", "), a.Name, strings.Join(hi, ", "))
			pf("%s", msg)
			pf("      stop 1")
		}
		pf("    end if")
	}
}

// defaultShapesHint names, for a check program that failed, the
// allocatable variables the driver allocated with its default bounds:
// a model indexing them to its own size runs out of them.
func (p *Program) defaultShapesHint() string {
	var names []string
	for _, a := range p.Args {
		if a.Alloc && a.DefaultShape && len(a.Dims) > 0 {
			names = append(names, a.Name+"("+strings.Join(a.Dims, ", ")+")")
		}
	}
	hint := ""
	if len(names) > 0 {
		hint = "\nnote: the driver allocated " + strings.Join(names, ", ") + " with its default bounds: if the model indexes them beyond, give their bounds in check.shapes (docs/check.md, \"Allocatable variables\")"
	}
	if len(p.unsetAllocs) > 0 {
		hint += "\nnote: the driver leaves the allocatable module variables " + strings.Join(p.unsetAllocs, ", ") + " as they are (unallocated unless the program allocates them): if the model reads them, name them in check.shapes (and check.inputs), or allocate them in a check.setup routine"
	}
	return hint
}

// unsetAllocatables lists the public allocatable real, complex or
// derived-type module variables of the program that the driver does not
// set (not in args), for the hint of a check program that failed.
func unsetAllocatables(info *sema.Info, args []*Arg) []string {
	set := map[string]bool{}
	for _, a := range args {
		if a.Global != "" && !a.Leaf {
			set[a.Global] = true
		}
	}
	var out []string
	for _, m := range info.Modules {
		if m.Inner == nil {
			continue
		}
		for _, s := range m.Inner.Symbols() {
			if s.Kind != sema.VarSym || s.Type == nil || !s.Attrs.Has(sema.AttrAllocatable) || s.Attrs.Has(sema.AttrPrivate) ||
				m.Inner.DefaultPrivate() && !s.Attrs.Has(sema.AttrPublic) ||
				!(s.Type.IsReal() || s.Type.IsComplex() || s.Type.IsDerived()) || set[m.Name+"::"+s.Name] {
				continue
			}
			out = append(out, m.Name+"::"+s.Name)
		}
	}
	sort.Strings(out)
	return out
}

// declareAllocDummy declares, ALLOCATABLE (POINTER), the names of allocatable
// dummy a that the driver passes (a, its derivatives) and returns the
// others (its copies), which are explicit-shape.
func (p *Program) declareAllocDummy(pf func(string, ...any), a *Arg, names []string) []string {
	passed := map[string]bool{a.Name: true, a.dname(): true, a.bname(): true}
	if a.Class == Record {
		passed = map[string]bool{a.Name: true, "fadjd_" + a.Name: true, "fadjb_" + a.Name: true}
	}
	var alloc, rest []string
	for _, n := range names {
		if passed[n] {
			alloc = append(alloc, n)
		} else {
			rest = append(rest, n)
		}
	}
	deferred := "(" + strings.TrimSuffix(strings.Repeat(":, ", len(a.Dims)), ", ") + ")"
	if len(a.Dims) == 0 {
		deferred = ""
	}
	for i := range alloc {
		alloc[i] += deferred
	}
	attr := "allocatable"
	if a.Pointer {
		attr = "pointer"
	}
	pf("  %s, %s :: %s", a.Type, attr, strings.Join(alloc, ", "))
	return rest
}

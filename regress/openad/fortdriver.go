package main

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// DriverInput is what WriteDriver needs to know about a case.
type DriverInput struct {
	Adjoint      Signature // the generated adjoint of the head routine
	Head         string
	Params       Params
	Point        Point
	Independents []string // pragma order
	Dependents   []string
	// Globals are the variables the generated modules declare (the
	// adjoints x_b of module variables); Modules are those modules, which
	// the driver uses (each uses its original module).
	Globals map[string]Dummy
	Modules []string
}

// An active argument of head as our driver passes it: the variable v_name
// of Size elements (1-D, or a scalar when Scalar), at Offset in the
// flattened vector of independents or dependents, the Jacobian's columns
// and rows in pragma order.
type active struct {
	Dummy
	Size   int
	Scalar bool
	Offset int
	HasAdj bool
	Actual string // the OpenAD driver's actual argument; "" for a global
	Global bool   // a module variable: the driver uses it and its adjoint by name
}

// ref is the driver's variable for a: our v_x for a dummy, the module
// variable itself for a global.
func (a active) ref() string {
	if a.Global {
		return a.Name
	}
	return "v_" + a.Name
}

var actualRE = regexp.MustCompile(`^(\w+)(?:\((\d+)\))?$`)

// WriteDriver writes our Fortran driver program. Like the suite's
// driver_adm_split.f90 it sets the point and, for each dependent component
// i, calls the adjoint once with a unit seed on y_i; the adjoints of the
// independents are then row i of the Jacobian. fadj's adjoints are
// increment-style (see generator/ad/adjoint): the adjoints of inputs are
// accumulated and those of outputs consumed, so every adjoint is zeroed
// before each call and the arguments are reset to the point. Independents
// and dependents are flattened in pragma order. The driver also computes
// central finite differences of the original routine (lines D(i,k)=), a
// check of its own for cases whose reference is missing or suspect. It
// prints the Jacobian column by column as the suite's drivers do.
func WriteDriver(in DriverInput) (string, error) {
	dummies, hasAdj := splitAdjoints(in.Adjoint.Args)
	if len(dummies) != len(in.Point.Actuals) {
		return "", fmt.Errorf("driver: %s has %d arguments, the OpenAD driver passes %d", in.Head, len(dummies), len(in.Point.Actuals))
	}
	role := map[string]string{}
	for _, v := range in.Independents {
		role[v] = "x"
	}
	for _, v := range in.Dependents {
		if role[v] != "" {
			return "", fmt.Errorf("driver: %s is both independent and dependent", v)
		}
		role[v] = "y"
	}
	byName := map[string]int{}
	for i, d := range dummies {
		byName[d.Name] = i
	}
	layout := func(names []string, total int, what string) ([]active, error) {
		var out []active
		off := 0
		for _, v := range names {
			var a active
			if i, ok := byName[v]; ok {
				d := dummies[i]
				a = active{Dummy: d, Offset: off, HasAdj: hasAdj[d.Name], Actual: in.Point.Actuals[i]}
			} else if g, ok := in.Adjoint.CommonVars[v+"_b"]; ok {
				a = active{Dummy: Dummy{Name: v, Type: g.Type, Dims: g.Dims}, Offset: off, HasAdj: true, Actual: v, Global: true}
			} else if g, ok := in.Globals[v+"_b"]; ok {
				a = active{Dummy: Dummy{Name: v, Type: g.Type, Dims: g.Dims}, Offset: off, HasAdj: true, Actual: v, Global: true}
			} else {
				return nil, fmt.Errorf("driver: %s %s is neither an argument of %s nor a module variable with an adjoint", what, v, in.Head)
			}
			d := a.Dummy
			switch size, ok := Size(d.Dims); {
			case d.Dims == "":
				a.Size, a.Scalar = 1, true
			case len(names) == 1:
				a.Size = total // the generic driver: x(n), y(m)
			case ok:
				a.Size = size
			default:
				return nil, fmt.Errorf("driver: size of %s (%s) not known", v, d.Dims)
			}
			off += a.Size
			out = append(out, a)
		}
		if off != total {
			return nil, fmt.Errorf("driver: the %ss have %d elements, params.conf says %d", what, off, total)
		}
		return out, nil
	}
	xs, err := layout(in.Independents, in.Params.N, "independent")
	if err != nil {
		return "", err
	}
	ys, err := layout(in.Dependents, in.Params.M, "dependent")
	if err != nil {
		return "", err
	}

	// The values of the independents: what the OpenAD driver gives the
	// variable it passes.
	var setPoint []string
	for _, a := range xs {
		m := actualRE.FindStringSubmatch(a.Actual)
		if m == nil {
			return "", fmt.Errorf("driver: actual argument %q for %s", a.Actual, a.Name)
		}
		val, ok := in.Point.Sets[m[1]]
		if !ok {
			return "", fmt.Errorf("driver: the OpenAD driver gives %s no value", m[1])
		}
		elem := func(j int) (string, error) { // value of element j of the OpenAD variable
			if e, ok := val.Elem[j]; ok {
				return e, nil
			}
			if val.Array {
				return fmt.Sprintf("%s(%d)", val.Whole, j), nil
			}
			if val.Whole != "" {
				return val.Whole, nil
			}
			return "", fmt.Errorf("driver: the OpenAD driver gives %s(%d) no value", m[1], j)
		}
		switch {
		case m[2] != "": // an element passed to a scalar dummy
			j, _ := strconv.Atoi(m[2])
			e, err := elem(j)
			if err != nil {
				return "", err
			}
			if !a.Scalar {
				return "", fmt.Errorf("driver: array element %s passed to array %s", a.Actual, a.Name)
			}
			setPoint = append(setPoint, fmt.Sprintf("%s = %s", a.ref(), e))
		case a.Scalar: // the whole variable, or its first element (x(1) passed as x)
			e, err := elem(1)
			if val.Whole != "" && !val.Array {
				e, err = val.Whole, nil
			}
			if err != nil {
				return "", err
			}
			setPoint = append(setPoint, fmt.Sprintf("%s = %s", a.ref(), e))
		default:
			for j := 1; j <= a.Size; j++ {
				e, err := elem(j)
				if err != nil {
					return "", err
				}
				setPoint = append(setPoint, fmt.Sprintf("%s(%d) = %s", a.ref(), j, e))
			}
		}
	}

	var b strings.Builder
	p := func(format string, args ...any) { fmt.Fprintf(&b, format+"\n", args...) }
	p("! Written by regress/openad: the adjoint %s row by row, and central differences of %s.", in.Adjoint.Name, in.Head)
	p("program fadj_openad_driver")
	for _, u := range in.Point.Uses {
		p("  %s", u)
	}
	for _, m := range in.Modules {
		p("  use %s", m)
	}
	p("  implicit none")
	if assumedShape(in.Adjoint.Args) {
		// Assumed-shape dummies need explicit interfaces.
		p("  interface")
		for _, r := range []struct {
			name string
			args []Dummy
		}{{in.Adjoint.Name, in.Adjoint.Args}, {in.Head, dummies}} {
			var names []string
			for _, d := range r.args {
				names = append(names, d.Name)
			}
			p("    subroutine %s(%s)", r.name, strings.Join(names, ", "))
			for _, d := range r.args {
				if d.Dims != "" {
					p("      %s, dimension(%s) :: %s", explicitKind(d.Type), d.Dims, d.Name)
				} else {
					p("      %s :: %s", explicitKind(d.Type), d.Name)
				}
			}
			p("    end subroutine %s", r.name)
		}
		p("  end interface")
	}
	// n and m are fadj_n and fadj_m: a case may have a module named m.
	p("  integer, parameter :: fadj_n = %d, fadj_m = %d", in.Params.N, in.Params.M)
	p("  double precision :: x0(fadj_n), jac(fadj_m, fadj_n), fdjac(fadj_m, fadj_n), fadj_x(fadj_n), fadj_xp(fadj_n), fadj_yp(fadj_m), fadj_ym(fadj_m), fadj_h")
	p("  integer :: i, k, fadj_row")
	for _, c := range in.Adjoint.Commons {
		p("  %s", c)
	}
	for _, d := range in.Point.Decls {
		p("  %s", d)
	}
	for _, a := range append(append([]active{}, xs...), ys...) {
		if a.Global {
			continue
		}
		t := explicitKind(a.Type)
		if a.Scalar {
			p("  %s :: v_%s, v_%s_b", t, a.Name, a.Name)
		} else {
			p("  %s :: v_%s(%d), v_%s_b(%d)", t, a.Name, a.Size, a.Name, a.Size)
		}
	}
	p("  x0 = 0")
	for _, s := range in.Point.Setup {
		p("  %s", renameNM(s))
	}
	for _, s := range setPoint {
		p("  %s", renameNM(s))
	}
	p("  call fadj_getx(fadj_x)")

	// The call arguments: ours for the active ones, the OpenAD driver's
	// (literals, helper variables) for the others.
	var primal, adjoint []string
	for i, d := range dummies {
		switch role[d.Name] {
		case "x", "y":
			primal = append(primal, "v_"+d.Name)
			adjoint = append(adjoint, "v_"+d.Name)
			if hasAdj[d.Name] {
				adjoint = append(adjoint, "v_"+d.Name+"_b")
			}
		default:
			if hasAdj[d.Name] {
				return "", fmt.Errorf("driver: argument %s of %s is active but not marked by a pragma", d.Name, in.Head)
			}
			primal = append(primal, renameNM(in.Point.Actuals[i]))
			adjoint = append(adjoint, renameNM(in.Point.Actuals[i]))
		}
	}
	p("  do fadj_row = 1, fadj_m")
	p("    call fadj_setx(fadj_x)")
	for _, a := range xs {
		if a.HasAdj {
			p("    %s_b = 0", a.ref())
		}
	}
	for _, a := range ys {
		if !a.HasAdj {
			continue
		}
		p("    %s_b = 0", a.ref())
		if a.Scalar {
			p("    if (fadj_row == %d) %s_b = 1", a.Offset+1, a.ref())
		} else {
			p("    if (fadj_row > %d .and. fadj_row <= %d) %s_b(fadj_row - %d) = 1", a.Offset, a.Offset+a.Size, a.ref(), a.Offset)
		}
	}
	p("    call %s(%s)", in.Adjoint.Name, strings.Join(adjoint, ", "))
	p("    jac(fadj_row, :) = 0")
	for _, a := range xs {
		if !a.HasAdj {
			continue
		}
		if a.Scalar {
			p("    jac(fadj_row, %d) = %s_b", a.Offset+1, a.ref())
		} else {
			p("    jac(fadj_row, %d:%d) = %s_b", a.Offset+1, a.Offset+a.Size, a.ref())
		}
	}
	p("  end do")
	p("  do k = 1, fadj_n")
	p("    fadj_h = 1.0D-6*max(1.0D0, abs(fadj_x(k)))")
	p("    fadj_xp = fadj_x")
	p("    fadj_xp(k) = fadj_x(k) + fadj_h")
	p("    call fadj_setx(fadj_xp)")
	p("    call %s(%s)", in.Head, strings.Join(primal, ", "))
	p("    call fadj_gety(fadj_yp)")
	p("    fadj_xp(k) = fadj_x(k) - fadj_h")
	p("    call fadj_setx(fadj_xp)")
	p("    call %s(%s)", in.Head, strings.Join(primal, ", "))
	p("    call fadj_gety(fadj_ym)")
	p("    fdjac(:, k) = (fadj_yp - fadj_ym)/(2*fadj_h)")
	p("  end do")
	p("  do k = 1, fadj_n")
	p("    do i = 1, fadj_m")
	p("      write(*, '(A,I3,A,I3,A,ES26.17E3)') 'F(', i, ',', k, ')=', jac(i, k)")
	p("    end do")
	p("  end do")
	p("  do k = 1, fadj_n")
	p("    do i = 1, fadj_m")
	p("      write(*, '(A,I3,A,I3,A,ES26.17E3)') 'D(', i, ',', k, ')=', fdjac(i, k)")
	p("    end do")
	p("  end do")
	p("contains")
	flat := func(name string, as []active, set bool) {
		p("  subroutine %s(v)", name)
		p("    double precision :: v(:)")
		for _, a := range as {
			lhs, rhs := a.ref(), fmt.Sprintf("v(%d)", a.Offset+1)
			if !a.Scalar {
				rhs = fmt.Sprintf("v(%d:%d)", a.Offset+1, a.Offset+a.Size)
			}
			if set {
				p("    %s = %s", lhs, rhs)
			} else {
				p("    %s = %s", rhs, lhs)
			}
		}
		if set { // the dependents start at zero, as in the suite's drivers
			for _, a := range ys {
				p("    %s = 0", a.ref())
			}
		}
		p("  end subroutine %s", name)
	}
	flat("fadj_setx", xs, true)
	flat("fadj_getx", xs, false)
	flat("fadj_gety", ys, false)
	p("end program fadj_openad_driver")
	if in.Point.Extra != "" {
		p("%s", in.Point.Extra)
	}
	return b.String(), nil
}

// splitAdjoints separates the original dummies of an adjoint signature
// from the adjoints fadj puts right after them (x, x_b).
func splitAdjoints(args []Dummy) (orig []Dummy, hasAdj map[string]bool) {
	hasAdj = map[string]bool{}
	for i := 0; i < len(args); i++ {
		orig = append(orig, args[i])
		if i+1 < len(args) && args[i+1].Name == args[i].Name+"_b" {
			hasAdj[args[i].Name] = true
			i++
		}
	}
	return orig, hasAdj
}

// explicitKind spells a type with its kind, so that the variables our
// driver passes keep the kind of head's dummies when the driver is built
// with -fdefault-real-8 (see Harness.Run).
func explicitKind(t string) string {
	switch strings.ToLower(strings.Join(strings.Fields(t), " ")) {
	case "real":
		return "real(4)"
	case "double precision", "doubleprecision":
		return "real(8)"
	case "complex":
		return "complex(4)"
	case "double complex", "doublecomplex":
		return "complex(8)"
	}
	return t
}

var nmRE = regexp.MustCompile(`(?i)\b([nm])\b`)

// renameNM renames the OpenAD driver's n and m (from params.conf) to ours
// in a statement copied from it. Character constants are left alone.
func renameNM(s string) string {
	if strings.ContainsAny(s, "'\"") {
		return s
	}
	return nmRE.ReplaceAllStringFunc(s, func(v string) string { return "fadj_" + strings.ToLower(v) })
}

// assumedShape reports whether a dummy has assumed shape (":").
func assumedShape(args []Dummy) bool {
	for _, d := range args {
		for _, b := range splitTop(d.Dims) {
			if lo, hi, ok := strings.Cut(b, ":"); ok && strings.TrimSpace(hi) == "" && !strings.Contains(lo, "*") {
				return true
			}
		}
	}
	return false
}

package main

import (
	"fmt"
	"strings"
)

// DriverInput is what WriteDriver needs to know about a case.
type DriverInput struct {
	Adjoint      *Signature // the generated adjoint of the head routine; nil if fadj wrote none
	Head         string
	Params       Params
	Point        Point
	Independents []string // pragma order
	Dependents   []string
}

// WriteDriver writes our Fortran driver program. Like the suite's
// driver_adm_split.f90 it sets x = x0 and, for each dependent component
// i, calls the adjoint once with a unit seed on y_i; the adjoint of x is
// then row i of the Jacobian. fadj's adjoints are increment-style (see
// generator/ad/adjoint): the adjoints of inputs are accumulated and those
// of outputs consumed, so every adjoint is zeroed before each call and x
// and y are reset to the point. It prints the Jacobian as the suite's
// drivers do, column by column, with ES format.
func WriteDriver(in DriverInput) (string, error) {
	if len(in.Independents) != 1 || len(in.Dependents) != 1 {
		return "", fmt.Errorf("driver: %d independents and %d dependents; only one of each is handled",
			len(in.Independents), len(in.Dependents))
	}
	xName, yName := in.Independents[0], in.Dependents[0]
	if xName == yName {
		return "", fmt.Errorf("driver: %s is both independent and dependent", xName)
	}
	var b strings.Builder
	p := func(format string, args ...any) { fmt.Fprintf(&b, format+"\n", args...) }
	p("! Written by regress/openad for case head routine %s.", in.Head)
	p("program fadj_openad_driver")
	p("  implicit none")
	p("  integer, parameter :: n = %d, m = %d", in.Params.N, in.Params.M)
	p("  double precision :: x0(n), jac(m, n)")
	p("  integer :: i, k, fadj_row")
	if in.Adjoint == nil {
		// fadj found y passive with respect to x: the Jacobian is zero.
		p("  jac = 0")
	} else {
		dummies, hasAdj := splitAdjoints(in.Adjoint.Args)
		if len(dummies) != len(in.Point.Actuals) {
			return "", fmt.Errorf("driver: %s has %d arguments, the suite's driver passes %d", in.Adjoint.Name, len(dummies), len(in.Point.Actuals))
		}
		var actuals []string
		var xd, yd *Dummy
		for i, a := range in.Point.Actuals {
			d := dummies[i]
			switch a {
			case "x":
				xd = &dummies[i]
				p("  %s :: v_x(n), v_x_b(n)", d.Type)
				actuals = append(actuals, "v_x")
				if hasAdj[d.Name] {
					actuals = append(actuals, "v_x_b")
				}
			case "y":
				yd = &dummies[i]
				p("  %s :: v_y(m), v_y_b(m)", d.Type)
				actuals = append(actuals, "v_y")
				if hasAdj[d.Name] {
					actuals = append(actuals, "v_y_b")
				}
			default:
				if hasAdj[d.Name] {
					return "", fmt.Errorf("driver: argument %s (passed %s) is active", d.Name, a)
				}
				actuals = append(actuals, a)
			}
		}
		if xd.Name != xName || yd.Name != yName {
			return "", fmt.Errorf("driver: the pragmas mark %s and %s, the driver passes x to %s and y to %s", xName, yName, xd.Name, yd.Name)
		}
		for _, s := range in.Point.Init {
			p("  %s", s)
		}
		p("  do fadj_row = 1, m")
		p("    v_x = x0")
		p("    v_y = 0")
		if hasAdj[xd.Name] {
			p("    v_x_b = 0")
		}
		if hasAdj[yd.Name] {
			p("    v_y_b = 0")
			p("    v_y_b(fadj_row) = 1")
		}
		p("    call %s(%s)", in.Adjoint.Name, strings.Join(actuals, ", "))
		if hasAdj[xd.Name] {
			p("    jac(fadj_row, :) = v_x_b")
		} else {
			p("    jac(fadj_row, :) = 0")
		}
		p("  end do")
	}
	p("  do k = 1, n")
	p("    do i = 1, m")
	p("      write(*, '(A,I3,A,I3,A,ES26.17E3)') 'F(', i, ',', k, ')=', jac(i, k)")
	p("    end do")
	p("  end do")
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

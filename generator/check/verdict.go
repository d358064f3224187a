package check

import (
	"fmt"
	"math"
	"strings"

	"github.com/fadj-dev/fadj/config"
)

// Defaults for single precision (a target with real(4) variables). With
// ε ≈ 6e-8 the central difference's rounding error ε/h and truncation
// error h² balance near h = 5e-3; the double-precision step 1e-7 gives
// noise of order 1 (issue 15). Rounding in a long computation makes f
// itself uncertain by some 1e-5 relative, which the step turns into
// FD errors near 1e-2; the kernel single_precision measures 3.6e-5
// and, in the dot product, 1.4e-7.
const (
	singleFDStep       = 5e-3
	singleFDTolerance  = 1e-2
	singleDotTolerance = 1e-5
)

// tolerances are the step and tolerances a target is checked with.
type tolerances struct {
	fdStep, fd, dot float64
	// defaulted lists the keys given single-precision defaults, as
	// "fd_step 5e-3".
	defaulted []string
}

// tolerancesFor returns the spec's fd_step, fd_tolerance and
// dot_tolerance, with the defaults of single precision for keys the
// spec leaves out when some real or complex variable of the target is
// real(4).
func tolerancesFor(c *config.Check, p *Program) tolerances {
	t := tolerances{fdStep: c.FDStep, fd: c.FDTolerance, dot: c.DotTolerance}
	single := false
	for _, a := range p.Args {
		if a.Class != IntParam && a.Kind == 4 {
			single = true
		}
	}
	if !single {
		return t
	}
	for _, k := range []struct {
		set  bool
		name string
		val  *float64
		def  float64
	}{
		{c.FDStepPos.IsValid(), "fd_step", &t.fdStep, singleFDStep},
		{c.FDTolerancePos.IsValid(), "fd_tolerance", &t.fd, singleFDTolerance},
		{c.DotTolerancePos.IsValid(), "dot_tolerance", &t.dot, singleDotTolerance},
	} {
		if !k.set {
			*k.val = k.def
			t.defaulted = append(t.defaulted, fmt.Sprintf("%s %.0e", k.name, k.def))
		}
	}
	return t
}

// primalProblem says why the primal's values at the check point (base,
// the dependents in the driver's order) make the check meaningless: a
// value that is NaN or infinite. It returns "" when they are finite.
func primalProblem(p *Program, base []float64) string {
	bad, at := "", ""
	i := 0
	for _, a := range p.Args {
		if !a.Dependent {
			continue
		}
		n := a.Size
		if a.Complex {
			n *= 2
		}
		for k := 0; k < n && i < len(base); k, i = k+1, i+1 {
			if b := nonFinite(base[i : i+1]); b != "" && bad == "" {
				bad, at = b, a.Name
				if a.Size > 1 {
					elem := k
					if a.Complex {
						elem /= 2
					}
					at = fmt.Sprintf("%s, element %d", a.Name, elem+1)
				}
			}
		}
	}
	if bad == "" {
		return ""
	}
	name := at
	if name == resultName || strings.HasPrefix(name, resultName+",") {
		name = "the function's result" + strings.TrimPrefix(name, resultName)
	}
	msg := fmt.Sprintf("the primal returned %s at the check point (%s): no derivative can be checked there", bad, name)
	if p.Setup == "" {
		var random []string
		for _, a := range p.Args {
			if a.Class == Float && a.Value == nil && !a.OutOnly {
				random = append(random, a.Name)
			}
		}
		if len(random) > 0 {
			msg += fmt.Sprintf("; %s got random values in [0.25, 0.75]: set the check point with check.inputs or check.setup (docs/check.md, \"The check point\")", strings.Join(random, ", "))
		}
	}
	return msg
}

// nonFinite returns "NaN" or "Inf" for the first such value of the
// vectors, "" if all are finite.
func nonFinite(vecs ...[]float64) string {
	for _, v := range vecs {
		for _, x := range v {
			switch {
			case math.IsNaN(x):
				return "NaN"
			case math.IsInf(x, 0):
				return "Inf"
			}
		}
	}
	return ""
}

// zeroDerivatives flags derivatives that are zero in every sample: a
// dependent whose J·xd (tangent, else finite differences) is, and an
// independent whose adjoint Jᵀ·yb is. Both tests pass on them with
// error 0, which says nothing: most often a dependent that does not
// depend on the independents, or a wrong variable in the spec.
func zeroDerivatives(t *config.Target, p *Program, samples []sample) []string {
	var warns []string
	segments := func(pick func(*Arg) bool) (names []string, lens []int) {
		for _, a := range p.Args {
			if pick(a) {
				n := a.Size
				if a.Complex {
					n *= 2
				}
				name := a.Name
				if name == resultName {
					name = t.Name
				}
				names, lens = append(names, name), append(lens, n)
			}
		}
		return
	}
	// zero reports, per segment, whether vec(s) is zero in every sample.
	zero := func(lens []int, vec func(sample) []float64) []bool {
		z := make([]bool, len(lens))
		for i := range z {
			z[i] = true
		}
		for _, s := range samples {
			v := vec(s)
			off := 0
			for i, n := range lens {
				for k := off; k < off+n && k < len(v); k++ {
					if v[k] != 0 {
						z[i] = false
					}
				}
				off += n
			}
		}
		return z
	}
	deps, dlens := segments(func(a *Arg) bool { return a.Dependent })
	jxd := func(s sample) []float64 {
		if p.Tangent != "" {
			return s.T
		}
		return fdVector(s, 1)
	}
	for i, z := range zero(dlens, jxd) {
		if z && len(samples) > 0 {
			warns = append(warns, fmt.Sprintf("%s: the derivative of dependent '%s' is zero in every sample: it does not depend on the independents at the check point", t.Routine, deps[i]))
		}
	}
	if p.Adjoint != "" {
		inds, ilens := segments(func(a *Arg) bool { return a.Independent })
		for i, z := range zero(ilens, func(s sample) []float64 { return s.A }) {
			if z && len(samples) > 0 {
				warns = append(warns, fmt.Sprintf("%s: the adjoint of independent '%s' is zero in every sample: no dependent depends on it at the check point", t.Routine, inds[i]))
			}
		}
	}
	return warns
}

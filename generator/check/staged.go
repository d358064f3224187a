package check

import (
	"errors"
	"fmt"

	"github.com/fadj-dev/fadj/config"
	"github.com/fadj-dev/fadj/generator/bind"
	"github.com/fadj-dev/fadj/generator/diag"
	"github.com/fadj-dev/fadj/generator/sema"
	"github.com/fadj-dev/fadj/generator/suggest"
)

// cannotErr is an argument the driver cannot set (cannot): reported at
// its declaration, with those of the other targets.
type cannotErr struct {
	sym *sema.Symbol
	msg string
}

func (e *cannotErr) Error() string { return e.msg }

// cannotAt is a cannotErr at the declaration of sym.
func cannotAt(sym *sema.Symbol, format string, args ...any) error {
	return &cannotErr{sym: sym, msg: fmt.Sprintf(format, args...)}
}

// All the positioned errors of a spec come at once: what the check
// section says wrongly (check.inputs, check.shapes, section subscripts)
// is reported with what stops generation (a construct not supported
// yet), not on a second run after the model is fixed.

// programs describes the driver of every target, with what the check
// section says wrongly, all of it; err is a problem that stops fadj check
// at once.
func programs(spec *config.Spec, bound *bind.Program, parsed *genCode) ([]*Program, diag.List, error) {
	var progs []*Program
	set := map[string]bool{}
	var names []string
	var inputErrs diag.List
	allocs := map[string]bool{} // the allocatable variables, for check.shapes
	allKnown := true            // every target's variables are in set
	for _, t := range bound.Targets {
		p, err := targetProgram(spec, bound.Program, t, parsed)
		var ce *cannotErr
		if errors.As(err, &ce) {
			// At the argument's declaration, with the other targets'.
			inputErrs.Addf(bound.Fset.Position(ce.sym.Pos), "%s", ce.msg)
			allKnown = false
			continue
		}
		if l, ok := err.(diag.List); ok {
			inputErrs = append(inputErrs, l...)
			allKnown = allKnown && p != nil
			known(p, set, allocs, &names)
			continue
		}
		if err != nil {
			return nil, nil, err
		}
		progs = append(progs, p)
		known(p, set, allocs, &names)
	}
	// Names are told unknown, all at once, when every target bound
	// (else a name may be one of a target that failed).
	for _, in := range spec.Check.Inputs {
		if !set[in.Name] && allKnown {
			inputErrs.Addf(in.Pos, "check.inputs: '%s' is not a variable fadj check sets (an argument of a target, or a module or common-block variable a target names)%s", in.Name, suggest.Hint(in.Name, names))
		}
	}
	inputErrs = append(inputErrs, unusedShapes(spec, allocs, allKnown)...) // alloc.go
	return progs, inputErrs, nil
}

// withCheckErrs adds to the positioned errors of a failed generation
// those of the check section, when the spec binds to its sources (the
// drivers are described without the generated code, which only names
// the derivative routines).
func withCheckErrs(spec *config.Spec, genErr error) error {
	l, ok := genErr.(diag.List)
	if !ok {
		return genErr
	}
	bound, err := bind.Load(spec, bind.Options{})
	if err != nil {
		return genErr
	}
	_, more, err := programs(spec, bound, &genCode{})
	if err != nil || len(more) == 0 {
		return genErr
	}
	seen := map[string]bool{}
	out := append(diag.List(nil), l...)
	for _, d := range l {
		seen[d.Error()] = true
	}
	for _, d := range more {
		if !seen[d.Error()] {
			out = append(out, d)
		}
	}
	out.Sort()
	return out
}

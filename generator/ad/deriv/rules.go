package deriv

import "github.com/fadj-dev/fadj/generator/intrinsic"

// The facts about each intrinsic (class, active arguments, linearity)
// are package intrinsic's table, shared with the analyses; deriv adds
// the formulas.

// Rule is what deriv knows about one intrinsic function.
type Rule = intrinsic.Facts

// Class says how an intrinsic's result depends on its arguments' values.
type Class = intrinsic.Class

// The classes.
const (
	Smooth    = intrinsic.Smooth
	NonSmooth = intrinsic.NonSmooth
	Constant  = intrinsic.Constant
	Passive   = intrinsic.Passive
)

// Form says which functions of the package handle an intrinsic.
type Form = intrinsic.Form

// The forms.
const (
	Elemental       = intrinsic.Elemental
	ElementalLinear = intrinsic.ElementalLinear
	Array           = intrinsic.Array
	Inquiry         = intrinsic.Inquiry
)

// Lookup returns the rule of the intrinsic name (lower case), generic or
// specific. ok is false for intrinsics with no rule: Intrinsic, Tangent
// and Adjoint report "no derivative rule for intrinsic 'name'" for them.
func Lookup(name string) (*Rule, bool) { return intrinsic.Lookup(name) }

// Rules returns every rule, sorted by name.
func Rules() []*Rule { return intrinsic.All() }

package activity

// Which arguments of an intrinsic function carry a derivative into its
// result.
//
// The rule is by type first: a result that is not real or complex (int,
// nint, floor, ceiling, size, shape, lbound, len, present, maxloc, count,
// kind, ...) carries no derivative, and neither does an argument that is
// not real or complex (mod(i, j) of integers, the dim= of sum, the shape
// of reshape, a logical mask). Every other argument of a real or complex
// result carries one (sqrt, exp, sin, abs, max, min, mod and sign of
// reals, sum, product, matmul, dot_product, merge, reshape, ...), except
// those listed here: real arguments with respect to which the result is
// piecewise constant, or that only give a type or kind.
var noDeriv = map[string]argSet{
	// piecewise constant in all their arguments
	"aint": {all: true}, "anint": {all: true}, "dint": {all: true}, "dnint": {all: true},
	"spacing": {all: true},
	// inquiries about the type of the argument
	"epsilon": {all: true}, "huge": {all: true}, "tiny": {all: true},
	// random and time functions (GNU extensions)
	"rand": {all: true}, "ran": {all: true}, "secnds": {all: true}, "second": {all: true},
	"etime": {all: true}, "dtime": {all: true},
	// arguments that only give a sign, a direction or a type
	"sign":     {names: []string{"b"}},
	"dsign":    {names: []string{"b"}},
	"nearest":  {names: []string{"s"}},
	"transfer": {names: []string{"mold", "size"}},
	"null":     {all: true},
}

// argSet is a set of dummy argument names of an intrinsic.
type argSet struct {
	all   bool
	names []string
}

func (s argSet) has(name string) bool {
	for _, n := range s.names {
		if n == name {
			return true
		}
	}
	return false
}

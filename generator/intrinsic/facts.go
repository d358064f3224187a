// Package intrinsic is fadj's one table of facts about intrinsic
// functions' derivatives: how the result depends on the arguments
// (smooth, non-smooth, piecewise constant, passive), which arguments
// carry a derivative, which functions are linear in them. The activity
// and TBR analyses and the derivative rules (generator/ad/deriv) all read
// it, so that they cannot disagree.
package intrinsic

import (
	"sort"
	"strings"

	"github.com/fadj-dev/fadj/generator/sema"
)

// Class says how an intrinsic's result depends on its arguments' values.
type Class uint8

const (
	// Smooth: differentiable wherever it is defined; the partials are
	// the ordinary derivatives (singular only at the edge of the domain,
	// like sqrt at 0).
	Smooth Class = iota
	// NonSmooth: piecewise smooth; at the kinks and jumps (abs at 0,
	// max at ties, mod where a/p is an integer) the partials follow the
	// convention documented in Rule.Note.
	NonSmooth
	// Constant: piecewise constant in its real arguments (int, nint,
	// floor, aint, ...): the derivative is zero almost everywhere, so
	// the result is passive and every partial is nil.
	Constant
	// Passive: the result does not depend on the values of real
	// arguments at all (inquiry functions like size, kind, epsilon;
	// integer, logical and character results): no derivative.
	Passive
)

var classNames = [...]string{"smooth", "non-smooth", "piecewise constant", "passive"}

func (c Class) String() string { return classNames[c] }

// Form says which functions of package deriv handle an intrinsic.
type Form uint8

const (
	// Elemental intrinsics have partials: Intrinsic returns them, and
	// Tangent and Adjoint combine them (with TangentTerm, AdjointTerm).
	Elemental Form = iota
	// Linear elemental intrinsics that are not complex-differentiable
	// (conjg): no partials; use Tangent and Adjoint.
	ElementalLinear
	// Array intrinsics (reductions, matmul, transpose, ...) are not
	// elemental: use Tangent and Adjoint.
	Array
	// Inquiry covers the passive functions that are neither elemental
	// nor array-valued transformations (size, kind, epsilon, ...).
	Inquiry
)

var formNames = [...]string{"elemental", "elemental (tangent/adjoint only)", "array", "inquiry"}

func (f Form) String() string { return formNames[f] }

// Facts are what fadj knows about one intrinsic function's derivative.
type Facts struct {
	// Name is the name looked up (lower case): a generic name or a
	// specific one (dsqrt, amax1, cabs, ...).
	Name string
	// Generic is the generic intrinsic whose rule applies (Name for a
	// generic, "sqrt" for dsqrt).
	Generic string
	Class   Class
	Form    Form
	// Args are the dummy argument names in order (those of
	// sema.LookupIntrinsic); Variadic says that further arguments like
	// the last may follow (max, min).
	Args     []string
	Variadic bool
	// Active lists the indexes of the arguments that carry derivatives
	// (all the arguments of max and min). Empty for Constant and Passive.
	Active []int
	// Result, when not nil, is the fixed result type of a specific name
	// (alog: real(4), dsqrt: real(8)).
	Result *sema.Type
	// Note documents the conventions at non-smooth points, the domain
	// and restrictions.
	Note string
}

// Linear reports whether the result is linear in the arguments that
// carry derivatives (conversions, sum, transpose, ...): the TBR analysis
// looks through them, since their partials need no values.
func (r *Facts) Linear() bool { return linear[r.Generic] }

// linear are the generic intrinsics linear in their active arguments.
var linear = map[string]bool{
	"real": true, "dble": true, "cmplx": true, "aimag": true, "conjg": true,
	"sum": true, "transpose": true, "spread": true, "reshape": true, "cshift": true, "eoshift": true,
	"pack": true, "unpack": true,
}

// Differentiable reports whether the result can carry a derivative
// (Smooth or NonSmooth).
func (r *Facts) Differentiable() bool { return r.Class == Smooth || r.Class == NonSmooth }

// IsActive reports whether argument i (0-based) carries a derivative
// into the result. For the activity analysis: the result is active if an
// active variable reaches one of these arguments.
func (r *Facts) IsActive(i int) bool {
	if !r.Differentiable() {
		return false
	}
	if r.Variadic && i >= len(r.Args) {
		return true
	}
	for _, a := range r.Active {
		if a == i {
			return true
		}
	}
	return false
}

// Lookup returns the facts of the intrinsic name (lower case), generic or
// specific. ok is false for intrinsics with no derivative rule: deriv
// reports "no derivative rule for intrinsic 'name'" for them.
func Lookup(name string) (r *Facts, ok bool) {
	r, ok = table[name]
	return r, ok
}

// All returns the facts of every intrinsic with a rule, sorted by name.
func All() []*Facts {
	var rs []*Facts
	for _, r := range table {
		rs = append(rs, r)
	}
	sort.Slice(rs, func(i, j int) bool { return rs[i].Name < rs[j].Name })
	return rs
}

// The rule table. Each line: name, class (s smooth, n non-smooth, c
// piecewise constant, p passive), form (e elemental, l elemental linear,
// a array, i inquiry), active arguments (comma-separated indexes, "-"
// for none, "*" for all), and the note.
const ruleTable = `
abs n e 0 | abs(x)' = sign(1, x): +1 at x = +0.0 and -1 at x = -0.0 (the sign of a signed zero); complex abs(z): z/abs(z), NaN at z = 0
acos s e 0 | singular at |x| = 1
acosh s e 0 | singular at x = 1
aimag s e 0 | complex z -> real: the partial is the gradient i (see Complex)
aint c e - | piecewise constant (jumps at the integers)
anint c e - | piecewise constant (jumps at the half-integers)
asin s e 0 | singular at |x| = 1
asinh s e 0 |
atan s e 0,1 | atan(y, x) is atan2(y, x)
atan2 n e 0,1 | jumps across the negative x axis (y = 0, x < 0) and undefined at (0, 0), where the partials are NaN
atanh s e 0 | singular at |x| = 1
bessel_j0 s e 0 |
bessel_j1 s e 0 |
bessel_jn s e 1 | the partial (n/x)*J_n - J_{n+1} is NaN at x = 0
bessel_y0 s e 0 | domain x > 0
bessel_y1 s e 0 | domain x > 0
bessel_yn s e 1 | domain x > 0
cmplx s e 0,1 | real x, y -> complex: partials 1 and i; a complex x is converted (partial 1); default kind 4 unless KIND is given
conjg s l 0 | not complex-differentiable: use Tangent (conjg(zd)) and Adjoint (zb += conjg(rb))
cos s e 0 |
cosh s e 0 |
dble s e 0 | conversion: partial 1 (complex z: real part, gradient 1)
dim n e 0,1 | dim(x, y) = max(x - y, 0): partials 0 at x = y
dprod s e 0,1 | real(8) product of real(4) arguments: partials dble(y), dble(x)
erf s e 0 |
erfc s e 0 |
erfc_scaled s e 0 |
exp s e 0 |
gamma s e 0 | the partial gamma(x)*psi(x) computes the digamma function psi inline: recurrence to x + 16 then Stirling's series (error below 1e-16), reflection psi(1 - x) - pi/tan(pi*x) for x <= 0; infinite at the poles (0, -1, -2, ...)
log_gamma s e 0 | the partial is psi(x), computed inline as for gamma (same accuracy)
fraction n e 0 | x*2**(-exponent(x)): partial scale(1, -exponent(x)), jumps at powers of 2
hypot s e 0,1 | NaN at (0, 0)
log s e 0 | domain x > 0 (complex: z /= 0)
log10 s e 0 | domain x > 0
max n e * | the partial is 1 for the argument max returns and 0 for the others; at ties, the first of the tied arguments (the one gfortran returns); NaN arguments are not handled
merge n e 0,1 | partials merge(1, 0, mask) and merge(0, 1, mask); MASK is passive
min n e * | as max: 1 for the first of the tied minimal arguments
mod n e 0,1 | real a, p: partials 1 and -aint(a/p); where a/p is an integer the jump is taken from the side where |a/p| >= that integer (mod(6.0, 3.0): -2)
modulo n e 0,1 | real a, p: partials 1 and -floor(a/p) (computed in integer(8)); at a/p an integer: -a/p
nearest s e 0 | nearest(x, s) is x moved by one ulp: partial 1 (strictly a step function; treated as the identity); S is passive
real s e 0 | conversion: partial 1 (complex z: real part, gradient 1)
scale s e 0 | x*2**i: partial scale(1, i); I is passive
sign n e 0 | sign(a, b) = |a|*sgn(b): partial sign(1, a)*sign(1, b) (a = +0 counts as positive, b = -0.0 as negative); B is passive (piecewise constant)
sin s e 0 |
sinh s e 0 |
sqrt s e 0 | singular at x = 0 (the partial is +Inf); complex: principal branch, cut along the negative real axis
tan s e 0 |
tanh s e 0 |
ceiling c e - | piecewise constant
floor c e - | piecewise constant
int c e - | piecewise constant
nint c e - | piecewise constant
spacing c e - | piecewise constant
exponent c e - | piecewise constant (integer result)
cshift s a 0 | linear: tangent cshift(ad, shift, dim), adjoint cshift(rb, -shift, dim); SHIFT and DIM are passive
eoshift s a 0,2 | linear: tangent eoshift(ad, shift, bd, dim), adjoint of ARRAY eoshift(rb, -shift, 0, dim), of BOUNDARY the sum of the elements of rb shifted in (along DIM); SHIFT and DIM are passive
dot_product s a 0,1 | real arguments only (complex dot_product conjugates its first argument: not supported)
matmul s a 0,1 | matrix-matrix, matrix-vector and vector-matrix; real arguments only
maxval n a 0 | the derivative of the first maximal element (in array element order, or along DIM), as maxloc chooses it; an all-false MASK gives a zero derivative
minval n a 0 | as maxval, for the first minimal element
norm2 s a 0 | singular where the norm is 0 (the partials are NaN)
pack s a 0,2 | linear: tangent pack(ad, mask, vd), adjoint of ARRAY unpack(rb, mask, 0), of VECTOR the elements of rb after count(mask); MASK is passive
product s a 0 | zero-safe: exact with zero elements (one zero: only its derivative counts; two or more: zero)
reshape s a 0,2 | linear; the adjoint of PAD folds the tail of rb onto PAD's cycle; with ORDER, Adjoint needs ORDER as an array constructor of integer literals
spread s a 0 | linear: adjoint sum(rb, dim)
sum s a 0 | linear
transpose s a 0 | linear
unpack s a 0,2 | linear: tangent unpack(vd, mask, fd), adjoint of VECTOR pack(rb, mask, zeros of its size), of FIELD merge(0, rb, mask); MASK is passive
all p i - |
allocated p i - |
any p i - |
associated p i - |
bit_size p i - |
count p i - |
digits p i - |
epsilon p i - |
findloc p i - |
huge p i - |
kind p i - |
lbound p i - |
len p i - |
len_trim p e - |
maxexponent p i - |
maxloc p i - |
minexponent p i - |
minloc p i - |
precision p i - |
present p i - |
radix p i - |
range p i - |
shape p i - |
size p i - |
storage_size p i - |
tiny p i - |
ubound p i - |
selected_int_kind p i - |
selected_real_kind p i - |
iand p e - |
ior p e - |
ieor p e - |
not p e - |
ishft p e - |
ishftc p e - |
ibset p e - |
ibclr p e - |
ibits p e - |
btest p e - |
ichar p e - |
iachar p e - |
char p e - |
achar p e - |
index p e - |
scan p e - |
verify p e - |
logical p e - |
lge p e - |
lgt p e - |
lle p e - |
llt p e - |
leadz p e - |
trailz p e - |
popcnt p e - |
poppar p e - |
trim p i - |
adjustl p e - |
adjustr p e - |
repeat p i - |
new_line p i - |
`

// Specific names and the generic whose rule they follow; their result
// type is sema's (fixed).
var specifics = map[string]string{
	"dabs": "abs", "cabs": "abs", "cdabs": "abs", "zabs": "abs", "iabs": "abs",
	"dacos": "acos", "dasin": "asin", "datan": "atan", "datan2": "atan2",
	"dcos": "cos", "ccos": "cos", "dcosh": "cosh", "dsin": "sin", "csin": "sin", "dsinh": "sinh",
	"dtan": "tan", "dtanh": "tanh",
	"dexp": "exp", "cexp": "exp", "cdexp": "exp",
	"dlog": "log", "alog": "log", "clog": "log", "cdlog": "log",
	"dlog10": "log10", "alog10": "log10",
	"dsqrt": "sqrt", "csqrt": "sqrt", "cdsqrt": "sqrt",
	"ddim": "dim", "idim": "dim",
	"dsign": "sign", "isign": "sign",
	"dmod": "mod", "amod": "mod",
	"dmax1": "max", "amax1": "max", "amax0": "max", "max0": "max", "max1": "max",
	"dmin1": "min", "amin1": "min", "amin0": "min", "min0": "min", "min1": "min",
	"dint": "aint", "dnint": "anint", "idint": "int", "ifix": "int", "idnint": "nint",
	"float": "real", "sngl": "real", "dfloat": "dble", "dreal": "real", "realpart": "real",
	"dimag": "aimag", "imag": "aimag", "imagpart": "aimag",
	"dconjg": "conjg", "dcmplx": "cmplx",
	"derf": "erf", "derfc": "erfc",
	"dgamma": "gamma", "dlgama": "log_gamma", "algama": "log_gamma",
}

var table = buildTable()

func buildTable() map[string]*Facts {
	m := make(map[string]*Facts)
	for _, line := range strings.Split(ruleTable, "\n") {
		head, note, _ := strings.Cut(line, "|")
		f := strings.Fields(head)
		if len(f) == 0 {
			continue
		}
		if len(f) != 4 {
			panic("intrinsic: bad rule line " + line)
		}
		r := &Facts{Name: f[0], Generic: f[0], Note: strings.TrimSpace(note)}
		r.Class = Class(strings.Index("sncp", f[1]))
		r.Form = Form(strings.Index("elai", f[2]))
		if in := sema.LookupIntrinsic(r.Name); in != nil {
			r.Args = in.Args
			r.Variadic = in.Variadic
		} else {
			panic("intrinsic: no intrinsic " + r.Name)
		}
		switch f[3] {
		case "-":
		case "*":
			for i := range r.Args {
				r.Active = append(r.Active, i)
			}
		default:
			for _, s := range strings.Split(f[3], ",") {
				r.Active = append(r.Active, int(s[0]-'0'))
			}
		}
		m[r.Name] = r
	}
	for name, gen := range specifics {
		g := m[gen]
		r := *g
		r.Name = name
		in := sema.LookupIntrinsic(name)
		if in == nil {
			panic("intrinsic: no intrinsic " + name)
		}
		r.Args = in.Args
		r.Active = nil
		for _, a := range g.Active {
			if a < len(r.Args) {
				r.Active = append(r.Active, a)
			}
		}
		r.Result = specificResult[name]
		// Integer specific versions are piecewise constant.
		switch name {
		case "iabs", "idim", "isign", "max0", "min0", "max1", "min1":
			r.Class, r.Active = Constant, nil
			r.Note = "integer result: piecewise constant"
		case "amax0", "amin0":
			r.Class, r.Active = Constant, nil
			r.Note = "integer arguments: passive"
		}
		m[name] = &r
	}
	return m
}

// Fixed result types of the specific names (as sema gives them).
var specificResult = map[string]*sema.Type{
	"dabs": sema.Real8, "cabs": sema.Real4, "cdabs": sema.Real8, "zabs": sema.Real8, "iabs": sema.Int4,
	"dacos": sema.Real8, "dasin": sema.Real8, "datan": sema.Real8, "datan2": sema.Real8,
	"dcos": sema.Real8, "ccos": sema.Complex4, "dcosh": sema.Real8, "dsin": sema.Real8, "csin": sema.Complex4,
	"dsinh": sema.Real8, "dtan": sema.Real8, "dtanh": sema.Real8,
	"dexp": sema.Real8, "cexp": sema.Complex4, "cdexp": sema.Complex8,
	"dlog": sema.Real8, "alog": sema.Real4, "clog": sema.Complex4, "cdlog": sema.Complex8,
	"dlog10": sema.Real8, "alog10": sema.Real4,
	"dsqrt": sema.Real8, "csqrt": sema.Complex4, "cdsqrt": sema.Complex8,
	"ddim": sema.Real8, "idim": sema.Int4, "dsign": sema.Real8, "isign": sema.Int4,
	"dmod": sema.Real8, "amod": sema.Real4,
	"dmax1": sema.Real8, "amax1": sema.Real4, "amax0": sema.Real4, "max0": sema.Int4, "max1": sema.Int4,
	"dmin1": sema.Real8, "amin1": sema.Real4, "amin0": sema.Real4, "min0": sema.Int4, "min1": sema.Int4,
	"dint": sema.Real8, "dnint": sema.Real8, "idint": sema.Int4, "ifix": sema.Int4, "idnint": sema.Int4,
	"float": sema.Real4, "sngl": sema.Real4, "dfloat": sema.Real8, "dreal": sema.Real8,
	"dimag": sema.Real8, "dconjg": sema.Complex8, "dcmplx": sema.Complex8,
	"derf": sema.Real8, "derfc": sema.Real8,
}

// WithoutDerivative returns, for an intrinsic with no derivative rule,
// the arguments that carry no derivative into its result (all, or by
// name): random numbers and timers depend on no argument's value, MOLD
// and SIZE of transfer only give a type and a size, null has no value.
// The activity analysis cuts them; the other arguments of such an
// intrinsic carry activity, and differentiating it is then an error.
func WithoutDerivative(name string) (all bool, args []string) {
	switch name {
	case "rand", "ran", "secnds", "second", "etime", "dtime", "null":
		return true, nil
	case "transfer":
		return false, []string{"mold", "size"}
	}
	return false, nil
}

package check

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/fadj-dev/fadj/config"
	"github.com/fadj-dev/fadj/generator/source"
)

// ArgClass says how the Fortran driver treats one variable of the
// target.
type ArgClass int

const (
	// IntParam is an integer scalar argument: a named constant in the
	// driver (a variable if Var), with the value IntValue.
	IntParam ArgClass = iota
	// Float is a real or complex scalar or array: set from the input
	// file before every call.
	Float
	// FuncResult is the result of a function target (a real or complex
	// scalar the call returns).
	FuncResult
	// Record is a scalar argument of derived type (derived.go): passed
	// whole with its derivative; its real and complex components are
	// Args of their own (Leaf), which the driver sets and reads.
	Record
	// Passive is an integer array, an intent(out) integer or a logical
	// argument: zero or .false. unless check.setup sets it, and reset
	// to that value before every call.
	Passive
)

// Arg is one variable of the target as the driver sees it: a dummy
// argument, a module or common-block variable (Global), or the result of
// a function.
type Arg struct {
	Name  string   // lower case
	Class ArgClass //
	Type  string   // Fortran type spec, e.g. real(8)
	// Dims are the bounds of an array as Fortran text ("10", "1:n");
	// nil for a scalar.
	Dims []string
	Size int // number of elements (1 for a scalar)
	// Var makes an IntParam a variable set to IntValue before each
	// call, for a routine that may change it; else it is a named
	// constant.
	Var bool
	// AssumedShape says that Dims were chosen by the driver for an
	// assumed-shape or assumed-size dummy.
	AssumedShape bool
	Complex      bool //
	// Kind is the kind of a real or complex variable.
	Kind     int
	IntValue int // for IntParam
	// Value is what check.inputs gives a real or complex variable at
	// the check point, nil for random values in [0.25, 0.75].
	Value       *config.Input
	Independent bool
	Dependent   bool
	// Active says the tangent routine has Name_d after Name;
	// AdjActive that the adjoint routine has Name_b after Name.
	Active    bool
	AdjActive bool
	// Global is "module::name" or "/block/name" for a variable the
	// driver reaches by Program.Uses or Program.Decls rather than by
	// passing it; "" for an argument. DName and BName are then the
	// names of its tangent and adjoint ("" if it has none).
	Global       string
	DName, BName string
	// InSection and OutSection are the subscripts ("2:n") of an
	// independent or dependent given as a section, several joined by
	// ";" ("2:4;1") for one named as several: the driver masks the
	// directions and printed derivatives to it, so that the tests see
	// only the section.
	InSection, OutSection string
	// Preset marks an independent that is not a dependent: if the
	// routine leaves it unchanged (the driver checks after the first
	// primal call, in fadjp_<name>), its adjoint starts at its
	// direction divided by 2**20 rather than at zero and the driver prints
	// what the adjoint added, which tests that adjoints of inputs are
	// accumulated, not overwritten. The small power of two keeps the
	// subtraction exact enough for adjoints much smaller than one (an
	// equation of state's derivative in pressure is about 1e-9), and an
	// overwrite still shows as an error far above the tolerance.
	Preset bool
	// OutOnly marks an intent(out) dependent that is not an
	// independent: its adjoint must be zero after the adjoint call
	// (the driver prints the sum of its magnitudes in the Z block).
	OutOnly bool
	// Alloc marks an allocatable variable (alloc.go): the driver
	// allocates it, its copies and its derivatives with Dims.
	Alloc bool
	// Pointer marks an Alloc that is a POINTER: the driver allocates
	// it (and what it declares for its copies and derivatives) as it
	// does an allocatable, and tests it with associated.
	Pointer bool
	// ptrComps says a Record's type has POINTER components
	// (pointer.go).
	ptrComps bool
	// loopRec and loopPath are, for an array component of an array of
	// derived type, the record array and the component's path
	// (leafloop.go): the driver reaches it element by element.
	loopRec, loopPath string
	// DefaultShape says the driver chose an Alloc's Dims (check.shapes
	// does not give them).
	DefaultShape bool
	// shaped says a Record's shape is set (derived.go).
	shaped bool
	// Leaf marks a real or complex component of a Record argument
	// (Name "p%a%b"): declared through its record, never passed; its
	// Global is its Name and DName, BName the components of the
	// record's derivatives.
	Leaf bool
}

// dname is the driver's name of the tangent of a, bname of its adjoint
// ("" if it has none).
func (a *Arg) dname() string {
	if a.Class == Record {
		return "" // set and read through its leaves
	}
	if a.Global != "" {
		return a.DName
	}
	if a.Active {
		return "fadjd_" + a.Name
	}
	return ""
}

func (a *Arg) bname() string {
	if a.Class == Record {
		return "" // set and read through its leaves
	}
	if a.Global != "" {
		return a.BName
	}
	if a.AdjActive {
		return "fadjb_" + a.Name
	}
	return ""
}

// Program is what the Fortran driver calls.
type Program struct {
	Routine string // the original routine
	Tangent string // its tangent, "" if none
	Adjoint string // its adjoint, "" if none
	Args    []*Arg
	Samples int
	FDStep  float64
	// Uses are USE statements the driver needs (module procedures and
	// variables); Decls are declarations (an EXTERNAL function, COMMON
	// blocks and their members).
	Uses, Decls []string
	// Saved are module variables the driver saves at its start and
	// restores before every call.
	Saved []Saved
	// Runtime is the tape module of the adjoint, if any: the driver
	// empties the tape before each adjoint call and prints (E) the
	// bytes left on it after.
	Runtime string
	// Setup is the subroutine that sets the check point (check.setup),
	// "" if none: the driver calls it with the target's arguments once
	// they have their base values, and takes the values it leaves as
	// the check point.
	Setup string
	// BoundVars are the integer module variables the bounds of the
	// arrays read (bounds.go): the driver sets those check.inputs gives
	// before the setup routine and stops if one has another value after.
	BoundVars []BoundVar
	// unsetAllocs are the allocatable module variables the driver does
	// not set (alloc.go), named when the check program fails.
	unsetAllocs []string
	// commons are the target's declarations of its common blocks
	// (commons_relaid.go).
	commons map[string]*origCommon
	// private are the declarations of PRIVATE components of module
	// types (private.go), which the driver does not set.
	private map[source.Pos]bool
}

// WriteDriver returns the source of a Fortran main program that reads the
// base point and the directions from input.txt (as written by WriteInput)
// and writes to results.txt (not to the standard output, which the
// target may write to)
//
//	B  then the dependents at the check point x,
//
// then, for each sample,
//
//	T  then J·xd (the tangent's derivatives of the dependents),
//	P  then the dependents at x + h·xd,
//	M  then the dependents at x − h·xd,
//	A  then Jᵀ·yb (the adjoint's adjoints of the independents), if
//	   there is an adjoint,
//	Z  then the sum of the magnitudes of the adjoints of intent(out)
//	   dependents after the adjoint (0 by the convention), if any,
//	E  then the bytes left on the tape after the adjoint, if there is
//	   a runtime module,
//
// one real number per line (complex numbers as two lines). The driver's
// own names start with fadj; a target argument whose name does too is
// rejected by Run.
func WriteDriver(p *Program) string {
	var b strings.Builder
	pf := func(format string, args ...any) { fmt.Fprintf(&b, format, args...); b.WriteByte('\n') }
	pf("! Generated by fadj check; a throwaway driver.")
	pf("program fadj_check_driver")
	for _, u := range p.Uses {
		pf("  %s", u)
	}
	if p.Runtime != "" {
		pf("  use %s, only: fadj_tape_bytes, fadj_tape_reset", p.Runtime)
	}
	pf("  implicit none")
	for _, d := range p.Decls {
		pf("  %s", d)
	}
	pf("  real(8), parameter :: fadj_h = %s", fortranReal(p.FDStep))
	for _, a := range p.Args {
		switch {
		case a.Class == IntParam && a.Var:
			pf("  integer :: %s", a.Name)
		case a.Class == IntParam:
			pf("  integer, parameter :: %s = %d", a.Name, a.IntValue)
		}
	}
	pf("  integer :: fadj_s, fadj_u, fadj_o")
	if p.hasLoopLeaf() {
		pf("  integer :: fadj_e") // leafloop.go
	}
	var fn *Arg // the result of a function target
	for _, a := range p.Args {
		if a.Class == IntParam || a.Leaf {
			continue
		}
		if a.Class == Record {
			// A module variable's derivatives are the generated
			// modules'.
			names := []string{a.Name, "fadj0_" + a.Name, "fadjv_" + a.Name, "fadjd_" + a.Name, "fadjb_" + a.Name, "fadjw_" + a.Name}
			if a.Global != "" {
				names = []string{"fadj0_" + a.Name, "fadjv_" + a.Name, "fadjw_" + a.Name}
			}
			if a.Alloc && a.Global == "" {
				names = p.declareAllocDummy(pf, a, names) // alloc.go
			}
			if len(a.Dims) > 0 {
				for i := range names {
					names[i] += "(" + strings.Join(a.Dims, ", ") + ")"
				}
			}
			pf("  %s :: %s", a.Type, strings.Join(names, ", "))
			continue
		}
		if a.Class == FuncResult {
			fn = a
		}
		dims := ""
		if len(a.Dims) > 0 {
			dims = "(" + strings.Join(a.Dims, ", ") + ")"
		}
		var names []string
		if a.Global == "" {
			names = append(names, a.Name)
		}
		if a.Class != FuncResult {
			names = append(names, "fadj0_"+a.Name)
		}
		if a.Independent {
			names = append(names, "fadjv_"+a.Name)
		}
		if a.Global == "" && a.Active {
			names = append(names, "fadjd_"+a.Name)
		}
		if a.Global == "" && a.AdjActive && a.Class != FuncResult {
			names = append(names, "fadjb_"+a.Name)
		}
		if a.Dependent && p.Adjoint != "" {
			names = append(names, "fadjw_"+a.Name)
		}
		if a.Alloc && a.Global == "" && !a.Leaf {
			// An allocatable dummy: what is passed is allocatable too.
			names = p.declareAllocDummy(pf, a, names) // alloc.go
		}
		for i := range names {
			names[i] += dims
		}
		pf("  %s :: %s", a.Type, strings.Join(names, ", "))
	}
	for _, sv := range p.Saved {
		if !sv.Zero {
			pf("  %s :: fadjs_%s%s", sv.Type, sv.Local, sv.Dims)
		}
	}
	for _, a := range p.Args {
		if a.Preset && p.Adjoint != "" {
			pf("  logical :: fadjp_%s", a.Name)
		}
	}
	masked := false
	for _, a := range p.Args {
		dims := "(" + strings.Join(a.Dims, ", ") + ")"
		if a.InSection != "" {
			pf("  logical :: fadjmi_%s%s", a.maskName(), dims)
			masked = true
		}
		if a.OutSection != "" {
			pf("  logical :: fadjmo_%s%s", a.maskName(), dims)
			masked = true
		}
	}
	if masked {
		// Subscripts may name integer arguments: give them their values.
		for _, a := range p.Args {
			if a.Class == IntParam && a.Var {
				pf("  %s = %d", a.Name, a.IntValue)
			}
		}
		for _, a := range p.Args {
			if a.InSection != "" {
				pf("  fadjmi_%s = .false.", a.maskName())
				for _, sec := range strings.Split(a.InSection, ";") {
					pf("  fadjmi_%s(%s) = .true.", a.maskName(), sec)
				}
			}
			if a.OutSection != "" {
				pf("  fadjmo_%s = .false.", a.maskName())
				for _, sec := range strings.Split(a.OutSection, ";") {
					pf("  fadjmo_%s(%s) = .true.", a.maskName(), sec)
				}
			}
		}
	}
	p.writeAllocs(pf) // alloc.go
	pf("  open(newunit=fadj_u, file='input.txt', status='old', action='read')")
	pf("  open(newunit=fadj_o, file='results.txt', status='replace', action='write')")
	for _, a := range p.Args {
		if a.Class == Float {
			a.emit(pf)("  read(fadj_u, *) fadj0_%s", a.Name)
		}
	}
	for _, a := range p.Args {
		if a.Class == Passive {
			pf("  fadj0_%s = %s", a.Name, a.passiveValue())
		}
	}
	for _, bv := range p.BoundVars {
		if bv.Given {
			pf("  %s = %d", bv.Local, bv.Value)
		}
	}
	if p.Setup != "" {
		// The setup routine moves the check point: what it leaves in
		// the arguments (and in module variables) is the base.
		for _, a := range p.Args {
			switch {
			case a.Class == Float || a.Class == Passive:
				a.emit(pf)("  %s = fadj0_%s", a.Name, a.Name)
			case a.Class == IntParam && a.Var:
				pf("  %s = %d", a.Name, a.IntValue)
			}
		}
		pf("  call %s(%s)", p.Setup, strings.Join(p.actuals(false, false), ", "))
		p.writeShapeChecks(pf) // alloc.go
		for _, a := range p.Args {
			if a.Class == Float || a.Class == Passive {
				a.emit(pf)("  fadj0_%s = %s", a.Name, a.Name)
			}
		}
	}
	for _, bv := range p.BoundVars {
		// The arrays were sized with the value check.inputs gives, or
		// the initial one.
		pf("  if (%s /= %d) then", bv.Local, bv.Value)
		pf("    write(0, '(a, i0, a)') 'fadj check: %s is ', %s, ' at the check point, not %d the driver sized the arrays with: give check.inputs the value'", bv.Ref, bv.Local, bv.Value)
		pf("    stop 1")
		pf("  end if")
	}
	for _, sv := range p.Saved {
		if !sv.Zero {
			pf("  fadjs_%s = %s", sv.Local, sv.Local)
		}
	}
	reset := func() {
		for _, sv := range p.Saved {
			if sv.Zero {
				pf("    %s = 0", sv.Local)
			} else {
				pf("    %s = fadjs_%s", sv.Local, sv.Local)
			}
		}
		for _, a := range p.Args {
			switch {
			case a.Class == Float || a.Class == Passive:
				a.emit(pf)("    %s = fadj0_%s", a.Name, a.Name)
			case a.Class == IntParam && a.Var:
				pf("    %s = %d", a.Name, a.IntValue)
			}
		}
	}
	call := func(name string, tangent, adjoint bool) {
		actual := p.actuals(tangent, adjoint)
		switch {
		case fn != nil && tangent:
			actual = append(actual, fn.Name, "fadjd_"+fn.Name)
		case fn != nil && adjoint:
			actual = append(actual, "fadjw_"+fn.Name)
		case fn != nil:
			pf("    %s = %s(%s)", fn.Name, name, strings.Join(actual, ", "))
			p.writeCallChecks(pf, name) // alloc.go
			return
		}
		pf("    call %s(%s)", name, strings.Join(actual, ", "))
		p.writeCallChecks(pf, name)
	}
	printDeps := func(marker string, tangent bool) {
		pf("    write(fadj_o, '(a)') '%s'", marker)
		for _, a := range p.Args {
			if !a.Dependent {
				continue
			}
			v := a.Name
			if tangent {
				v = a.dname()
				if v == "" {
					v = "0*fadj0_" + a.Name
				}
			}
			if a.OutSection != "" {
				v = fmt.Sprintf("merge(%s, 0*%s, fadjmo_%s)", v, v, a.maskName())
			}
			a.emit(pf)("    write(fadj_o, '(es26.17e3)') %s", v)
		}
	}
	// The primal at the check point (B), to tell a model that does not
	// run there from a wrong derivative.
	reset()
	call(p.Routine, false, false)
	printDeps("B", false)
	pf("  do fadj_s = 1, %d", p.Samples)
	for _, a := range p.Args {
		if a.Independent {
			a.emit(pf)("    read(fadj_u, *) fadjv_%s", a.Name)
			if a.InSection != "" {
				pf("    fadjv_%s = merge(fadjv_%s, 0*fadjv_%s, fadjmi_%s)", a.Name, a.Name, a.Name, a.maskName())
			}
		}
	}
	if p.Adjoint != "" {
		for _, a := range p.Args {
			if a.Dependent {
				a.emit(pf)("    read(fadj_u, *) fadjw_%s", a.Name)
				if a.OutSection != "" {
					pf("    fadjw_%s = merge(fadjw_%s, 0*fadjw_%s, fadjmo_%s)", a.Name, a.Name, a.Name, a.maskName())
				}
			}
		}
	}
	if p.Tangent != "" {
		reset()
		for _, a := range p.Args {
			d := a.dname()
			switch {
			case d == "":
			case a.Independent:
				a.emit(pf)("    %s = fadjv_%s", d, a.Name)
			default:
				a.emit(pf)("    %s = 0", d)
			}
		}
		call(p.Tangent, true, false)
		printDeps("T", true)
	}
	for _, sign := range []struct{ marker, op string }{{"P", "+"}, {"M", "-"}} {
		reset()
		for _, a := range p.Args {
			if a.Independent {
				a.emit(pf)("    %s = fadj0_%s %s fadj_h*fadjv_%s", a.Name, a.Name, sign.op, a.Name)
			}
		}
		call(p.Routine, false, false)
		printDeps(sign.marker, false)
		if sign.marker == "P" && p.Adjoint != "" {
			for _, a := range p.Args {
				if a.Preset {
					pf("    fadjp_%s = all([%s == fadj0_%s + fadj_h*fadjv_%s])", a.Name, a.Name, a.Name, a.Name)
				}
			}
		}
	}
	if p.Adjoint != "" {
		// Increment-style adjoints: yb in for the dependents, zero for
		// the other adjoints; Jᵀ·yb out in the independents' adjoints.
		reset()
		for _, a := range p.Args {
			bn := a.bname()
			switch {
			case bn == "" || a.Class == FuncResult:
			case a.Dependent:
				a.emit(pf)("    %s = fadjw_%s", bn, a.Name)
			case a.Preset:
				pf("    %s = merge(fadjv_%s/1048576, 0*fadjv_%s, fadjp_%s)", bn, a.Name, a.Name, a.Name)
			default:
				a.emit(pf)("    %s = 0", bn)
			}
		}
		if p.Runtime != "" {
			pf("    call fadj_tape_reset()")
		}
		call(p.Adjoint, false, true)
		pf("    write(fadj_o, '(a)') 'A'")
		for _, a := range p.Args {
			if !a.Independent {
				continue
			}
			bn := a.bname()
			if bn != "" && a.Preset {
				bn = fmt.Sprintf("(%s - merge(fadjv_%s/1048576, 0*fadjv_%s, fadjp_%s))", bn, a.Name, a.Name, a.Name)
			}
			if bn != "" && a.InSection != "" {
				pf("    write(fadj_o, '(es26.17e3)') merge(%s, 0*%s, fadjmi_%s)", bn, bn, a.maskName())
			} else if bn != "" {
				a.emit(pf)("    write(fadj_o, '(es26.17e3)') %s", bn)
			} else {
				a.emit(pf)("    write(fadj_o, '(es26.17e3)') 0*fadj0_%s", a.Name)
			}
		}
		// The adjoint computes the target's outputs as the primal does
		// (docs/adjoint.md): its dependents, compared with B. A
		// function's result is not an output of its adjoint.
		if !p.hasFuncResult() {
			printDeps("O", false)
		}
	}
	if p.Adjoint != "" {
		var terms []string
		for _, a := range p.Args {
			if a.OutOnly && a.AdjActive {
				terms = append(terms, fmt.Sprintf("sum(abs([fadjb_%s]))", a.Name))
			}
		}
		if len(terms) > 0 {
			pf("    write(fadj_o, '(a)') 'Z'")
			pf("    write(fadj_o, '(es26.17e3)') %s", strings.Join(terms, " + "))
		}
	}
	if p.Runtime != "" {
		pf("    write(fadj_o, '(a)') 'E'")
		pf("    write(fadj_o, '(es26.17e3)') real(fadj_tape_bytes(), 8)")
	}
	pf("  end do")
	pf("  close(fadj_u)")
	pf("  close(fadj_o)")
	pf("end program fadj_check_driver")
	return b.String()
}

// actuals are the actual arguments of a call of the routine (of its
// tangent, of its adjoint) or of the setup routine: the arguments, each
// active one followed by its derivative; not the globals, not a
// function's result.
// zero is the value a Passive argument has unless check.inputs or
// check.setup sets it.
func (a *Arg) zero() string {
	if strings.HasPrefix(a.Type, "logical") {
		return ".false."
	}
	return "0"
}

// passiveValue is the value of a Passive argument at the check point
// (before check.setup): what check.inputs gives, else zero.
func (a *Arg) passiveValue() string {
	in := a.Value
	if in == nil {
		return a.zero()
	}
	lit := func(v float64) string {
		if strings.HasPrefix(a.Type, "logical") {
			if v != 0 {
				return ".true."
			}
			return ".false."
		}
		return strconv.Itoa(int(v))
	}
	if !in.List || a.Size == 1 && len(a.Dims) == 0 {
		return lit(in.Values[0])
	}
	elems := make([]string, len(in.Values))
	for i, v := range in.Values {
		elems[i] = lit(v)
	}
	return fmt.Sprintf("reshape([%s], shape(fadj0_%s))", strings.Join(elems, ", "), a.Name)
}

func (p *Program) actuals(tangent, adjoint bool) []string {
	var actual []string
	for _, a := range p.Args {
		if a.Global != "" || a.Class == FuncResult {
			continue
		}
		actual = append(actual, a.Name)
		if tangent && a.Active {
			actual = append(actual, "fadjd_"+a.Name)
		}
		if adjoint && a.AdjActive {
			actual = append(actual, "fadjb_"+a.Name)
		}
	}
	return actual
}

// fortranReal writes x as a double precision literal.
func fortranReal(x float64) string {
	s := fmt.Sprintf("%.17e", x)
	return strings.Replace(s, "e", "d", 1)
}

// rng is a small deterministic generator (SplitMix64), so that the
// points do not depend on math/rand's algorithm.
type rng struct{ state uint64 }

func (r *rng) next() uint64 {
	r.state += 0x9e3779b97f4a7c15
	z := r.state
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// float returns a number uniform in [0, 1).
func (r *rng) float() float64 { return float64(r.next()>>11) / (1 << 53) }

// WriteInput returns the input file of the driver: the base point of
// every real or complex argument (uniform in [0.25, 0.75], or as
// check.inputs says), then, per sample, a direction for every
// independent (uniform in [-1, 1]).
//
// With an adjoint, each sample also has a weight yb for every dependent
// (uniform in [-1, 1]). Input also returns, per sample, the directions
// and the weights as reals (a complex number as two), in the order the
// driver prints the independents and the dependents.
func WriteInput(p *Program, seed int64) string {
	s, _ := Input(p, seed)
	return s
}

// setValues replaces the random base values of a by what check.inputs
// gives it: one number for every element, the list's numbers, or a
// value of the range (made from the random one). A complex element gets
// a number as its real part, its imaginary part 0; from a range both
// parts.
func setValues(vals []float64, a *Arg) {
	in := a.Value
	for i := range vals {
		elem, imag := i, false
		if a.Complex {
			elem, imag = i/2, i%2 == 1
		}
		switch {
		case in.Range != nil:
			u := (vals[i] - 0.25) / 0.5 // back to [0, 1)
			vals[i] = in.Range.Min + (in.Range.Max-in.Range.Min)*u
		case imag:
			vals[i] = 0
		case in.List:
			vals[i] = in.Values[elem]
		default:
			vals[i] = in.Values[0]
		}
	}
}

// Directions are the random vectors of one sample.
type Directions struct {
	XD []float64 // the independents' direction
	YB []float64 // the dependents' weights (with an adjoint)
}

// Input is WriteInput, also returning the vectors of each sample.
func Input(p *Program, seed int64) (string, []Directions) {
	r := &rng{state: uint64(seed)}
	var b strings.Builder
	scale := map[*Arg]float64{} // the independents' (directionScale)
	// line writes a's values drawn in [lo, hi]: the base point (vec
	// nil), or a vector appended to vec, its entries times sc.
	line := func(a *Arg, lo, hi float64, vec *[]float64, sc float64) {
		n := a.Size
		if a.Complex {
			n *= 2
		}
		vals := make([]float64, n)
		for i := range vals {
			vals[i] = lo + (hi-lo)*r.float()
			if vec != nil {
				vals[i] *= sc
				*vec = append(*vec, vals[i])
			}
		}
		if vec == nil && a.Value != nil {
			setValues(vals, a)
		}
		if vec == nil {
			scale[a] = directionScale(vals)
		}
		for i := 0; i < n; {
			if a.Complex {
				fmt.Fprintf(&b, "(%.17e,%.17e)\n", vals[i], vals[i+1])
				i += 2
			} else {
				fmt.Fprintf(&b, "%.17e\n", vals[i])
				i++
			}
		}
	}
	for _, a := range p.Args {
		if a.Class == Float {
			// The random values are drawn even where check.inputs
			// sets them, so that setting one variable does not move
			// the others.
			line(a, 0.25, 0.75, nil, 1)
		}
	}
	var dirs []Directions
	for s := 0; s < p.Samples; s++ {
		var d Directions
		for _, a := range p.Args {
			if a.Independent {
				sc, ok := scale[a]
				if !ok {
					sc = 1
				}
				line(a, -1, 1, &d.XD, sc)
			}
		}
		if p.Adjoint != "" {
			for _, a := range p.Args {
				if a.Dependent {
					line(a, -1, 1, &d.YB, 1)
				}
			}
		}
		dirs = append(dirs, d)
	}
	return b.String(), dirs
}

// directionScale is the size of the entries of an independent's
// directions: its largest magnitude at the check point where that is
// below smallInput, else 1. A model's inputs may be orders of magnitude
// below 1 (a dissipation rate of 1e-8): a step of fd_step in an entry
// of size 1 would swamp them, so their step is relative to their own
// size. Above smallInput the step stays absolute: a step relative to a
// small input that matters little leaves differences lost in rounding.
func directionScale(vals []float64) float64 {
	m := 0.0
	for _, v := range vals {
		m = math.Max(m, math.Abs(v))
	}
	if m == 0 || m >= smallInput || math.IsNaN(m) {
		return 1
	}
	return m
}

// smallInput is the size below which an independent's steps are
// relative to it (directionScale): there a step of the default fd_step
// in an entry of size 1 is more than a ten-thousandth of the input.
const smallInput = 1e-3

// hasFuncResult reports whether a dependent is the target function's
// result.
func (p *Program) hasFuncResult() bool {
	for _, a := range p.Args {
		if a.Dependent && a.Class == FuncResult {
			return true
		}
	}
	return false
}

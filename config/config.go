// Package config reads fadj's YAML spec: which Fortran files to read, which
// routines to differentiate, in which mode, with respect to which
// variables, and how (store or recompute, joint or split calls,
// checkpoints, fixed-point loops), and how `fadj check` verifies the result.
//
// Decoding is strict. The YAML is walked node by node, so that every
// problem — a syntax error, an unknown key (with a suggestion), a value of
// the wrong type, a missing required key, a bad enum value, a duplicate —
// is reported as "spec.yaml:line:col: message" in a diag.List, and as many
// problems as possible are reported at once. Parse never panics and never
// touches the file system; Load reads one file and calls Parse.
//
// Every value keeps the position of its YAML node (the fields named
// ...Pos, and Var.Pos), so that later stages can point at the spec line
// when, say, an independent variable does not exist in the routine.
//
// Defaults are filled in after validation; a Spec returned without error
// is complete. docs/spec.md is the reference of every key;
// schema/spec-v1.json (SchemaV1) is the same format as a JSON Schema.
package config

import (
	"fmt"
	"path"
	"path/filepath"
	"strings"

	"github.com/fadj-dev/fadj/generator/diag"
	"github.com/fadj-dev/fadj/generator/input"
	"github.com/fadj-dev/fadj/generator/source"
)

// Version is the spec version this package reads.
const Version = 1

// Defaults filled in for keys a spec leaves out.
const (
	DefaultSuffix        = "_b"
	DefaultTangentSuffix = "_d"
	DefaultRuntime       = "fadj_runtime"
	DefaultMode          = Reverse
	DefaultStrategy      = Store
	// The weights of strategy auto: per operation recomputed, per byte
	// stored (docs/recompute.md).
	DefaultRecomputeCost = 1.0
	DefaultStoreCost     = 2.0
	DefaultCalls         = Joint
	DefaultSnapshots     = Lazy

	DefaultFixedPointTolerance     = 1.0e-10
	DefaultFixedPointMaxIterations = 1000
	DefaultFixedPointNorm          = L2Norm
	DefaultFixedPointStart         = ColdStart
	DefaultStationarity            = StationarityOff

	DefaultCheckSeed         = 1
	DefaultCheckSamples      = 3
	DefaultCheckFDStep       = 1.0e-7
	DefaultCheckDotTolerance = 1.0e-12
	DefaultCheckFDTolerance  = 1.0e-6
	DefaultCheckCompiler     = "gfortran"
)

// Limits on the input. A spec is a short hand-written file; these only
// keep a hostile or broken input from costing much.
const (
	MaxSize   = 4 << 20 // bytes of YAML
	maxVisits = 1 << 18 // values read, counting each use of an alias
	maxErrors = 200     // diagnostics before giving up
	maxName   = 63      // characters in a Fortran name (F2008)
	maxSuffix = 31      // characters in an adjoint or tangent suffix
)

// Mode says which derivative code is generated for a target.
type Mode string

const (
	Reverse Mode = "reverse" // adjoint code
	Tangent Mode = "tangent" // tangent-linear code
	Both    Mode = "both"    // adjoint and tangent code
)

// HasReverse reports whether the mode asks for adjoint code.
func (m Mode) HasReverse() bool { return m == Reverse || m == Both }

// HasTangent reports whether the mode asks for tangent code.
func (m Mode) HasTangent() bool { return m == Tangent || m == Both }

// Strategy says how the adjoint gets the values of the forward sweep.
type Strategy string

const (
	Store     Strategy = "store"     // store what is overwritten and needed (TBR analysis)
	Recompute Strategy = "recompute" // recompute from a snapshot (efficient recomputation)
	Auto      Strategy = "auto"      // choose per block
)

// CallMode is the reversal schedule of calls: joint (the callee is
// checkpointed and reversed where the call is reversed) or split (the
// callee records in the caller's forward sweep).
type CallMode string

const (
	Joint CallMode = "joint"
	Split CallMode = "split"
)

// Snapshots is the snapshot option of a checkpoint: lazy snapshots hold
// only what the checkpointed code overwrites and the rest needs; eager
// snapshots are taken as early as possible (Dauvergne & Hascoët).
type Snapshots string

const (
	Lazy  Snapshots = "lazy"
	Eager Snapshots = "eager"
	// AutoSnapshots chooses, per checkpoint, the minimal snapshot whose
	// estimated memory (snapshot bytes and the tape bytes it saves or
	// costs) is smallest.
	AutoSnapshots Snapshots = "auto"
)

// Form is a Fortran source form.
type Form string

const (
	Fixed Form = "fixed"
	Free  Form = "free"
)

// The values of each enumeration, in the order messages list them.
var (
	Modes           = []string{string(Reverse), string(Tangent), string(Both)}
	Strategies      = []string{string(Store), string(Recompute), string(Auto)}
	CallModes       = []string{string(Joint), string(Split)}
	SnapshotOptions = []string{string(Lazy), string(Eager), string(AutoSnapshots)}
	Forms           = []string{string(Fixed), string(Free)}
)

// Spec is a decoded spec. Fields tagged yaml:"-" are derived from others;
// fields named ...Pos are the positions of the values (the zero Position
// when the key was left out and the default applies).
type Spec struct {
	Filename string `yaml:"-"` // the spec's file name, as given to Load or Parse
	Dir      string `yaml:"-"` // the spec's directory: relative paths start here

	Version    int `yaml:"version"`
	VersionPos source.Position

	// Sources are the Fortran files, in the order given, as written
	// ('/'-separated, relative to Dir).
	Sources []Path `yaml:"sources"`
	// Form forces the source form of some files, in the order given.
	Form []FormOverride `yaml:"form"`
	// Defines are preprocessor names, in the order given.
	Defines []Define `yaml:"defines"`
	// IncludeDirs are searched for INCLUDE and #include files.
	IncludeDirs []Path `yaml:"include_dirs"`
	// DefaultRealKind is the kind of default REAL and COMPLEX: 4, or 8
	// for models compiled with -fdefault-real-8 -fdefault-double-8 (the
	// -r8 of other compilers); 0 when not given (4).
	DefaultRealKind    int `yaml:"default_real_kind"`
	DefaultRealKindPos source.Position

	Output  Output    `yaml:"output"`
	Targets []*Target `yaml:"targets"`
	// Check configures `fadj check`; defaults apply when it is left out
	// (then Check.Pos is the zero Position).
	Check Check `yaml:"check"`
}

// Path is a file or directory path as written in the spec: '/'-separated,
// relative to the spec's directory, never absolute.
type Path struct {
	Text string
	Pos  source.Position
}

// Clean returns the path cleaned with path.Clean.
func (p Path) Clean() string { return path.Clean(p.Text) }

// FormOverride forces the source form of one file.
type FormOverride struct {
	File    Path // the key
	Form    Form
	FormPos source.Position
}

// Define is one preprocessor definition. A define written with no value
// (NAME: or NAME: null) has Value "1", as cpp -DNAME.
type Define struct {
	Name     string
	Pos      source.Position
	Value    string
	ValuePos source.Position
}

// Output says where and under which names the generated code goes.
type Output struct {
	Pos source.Position

	// Dir is the directory the generated files are written to, relative
	// to the spec's directory.
	Dir Path `yaml:"dir"`
	// Suffix is appended to names in adjoint code (cost -> cost_b).
	Suffix    string `yaml:"suffix"`
	SuffixPos source.Position
	// TangentSuffix is appended to names in tangent code (cost -> cost_d).
	TangentSuffix    string `yaml:"tangent_suffix"`
	TangentSuffixPos source.Position
	// Runtime is the name of the runtime module and of its file
	// (Runtime + ".f90" in Dir).
	Runtime    string `yaml:"runtime"`
	RuntimePos source.Position
	// SourceRefs asks for a comment naming the original statement
	// (! adjoint of model.f90:46) above its adjoint in the backward
	// sweep; true unless the spec says false.
	SourceRefs    bool `yaml:"source_refs"`
	SourceRefsPos source.Position
	// Augment are sources, each one of Sources, written again into Dir
	// under their base name with the derivative code of their modules
	// inside the modules: the derivative code of a module with private
	// state can only live there. Users compile the written file in place
	// of the source.
	Augment []Path `yaml:"augment"`
}

// AugmentedPath returns the output path ('/'-separated, relative to the
// spec's directory) of augmented source p.
func (o *Output) AugmentedPath(p Path) string {
	return path.Join(o.Dir.Clean(), path.Base(p.Clean()))
}

// Target is one routine to differentiate.
type Target struct {
	Pos source.Position // of the target's mapping

	// Routine is the routine as written: name or module::name.
	Routine    string `yaml:"routine"`
	RoutinePos source.Position
	// Module and Name are Routine split and lower-cased (Fortran ignores
	// case); Module is "" when the routine was not qualified.
	Module string `yaml:"-"`
	Name   string `yaml:"-"`

	Mode    Mode `yaml:"mode"`
	ModePos source.Position

	// Independents are the inputs derivatives are taken with respect to;
	// Dependents the outputs that are differentiated. Each appears once.
	Independents    []Var `yaml:"independents"`
	IndependentsPos source.Position
	Dependents      []Var `yaml:"dependents"`
	DependentsPos   source.Position

	// The rest applies to adjoint code only; a spec that sets any of
	// them on a tangent-only target is rejected.
	Strategy    Strategy `yaml:"strategy"`
	StrategyPos source.Position
	// RecomputeCost and StoreCost are strategy auto's weights (0: the
	// defaults), allowed with strategy: auto only.
	RecomputeCost    float64 `yaml:"recompute_cost"`
	RecomputeCostPos source.Position
	StoreCost        float64 `yaml:"store_cost"`
	StoreCostPos     source.Position
	// RecomputeSnapshots is the number of snapshots of the time loops
	// strategy recompute (or auto) checkpoints (0: the default),
	// allowed with those strategies only.
	RecomputeSnapshots    int `yaml:"recompute_snapshots"`
	RecomputeSnapshotsPos source.Position
	// StrategyOverrides set the strategy per routine of the call tree,
	// StrategyRegions per region (a BLOCK construct or comment-marked
	// statements).
	StrategyOverrides []StrategyOverride `yaml:"strategy_overrides"`
	StrategyRegions   []StrategyRegion   `yaml:"strategy_regions"`
	// Calls is the default reversal schedule of calls; CallOverrides
	// set it per callee.
	Calls         CallMode `yaml:"calls"`
	CallsPos      source.Position
	CallOverrides []CallOverride `yaml:"call_overrides"`
	Checkpoints   []Checkpoint   `yaml:"checkpoints"`
	FixedPoint    []FixedPoint   `yaml:"fixed_point"`
}

// QualifiedName returns module::name, or name for an unqualified routine
// (lower case).
func (t *Target) QualifiedName() string { return qualify(t.Module, t.Name) }

// CallsFor returns the reversal schedule for calls of the named routine
// (lower case, unqualified or module::name): a call override or a call
// checkpoint naming all its calls, else Calls. (A checkpoint naming some
// call sites makes those joint: generator/plan decides per site.)
func (t *Target) CallsFor(callee string) CallMode {
	callee = strings.ToLower(callee)
	for _, o := range t.CallOverrides {
		if matchQualified(o.Module, o.Name, callee) {
			return o.Calls
		}
	}
	for _, c := range t.Checkpoints {
		if c.Call != "" && c.Specificity() == 0 && matchQualified(c.Scope, c.Name, callee) {
			return Joint
		}
	}
	return t.Calls
}

// CallOverride sets the reversal schedule of the calls of one routine.
type CallOverride struct {
	Callee   string // the key as written: name or module::name
	Pos      source.Position
	Module   string // lower case, "" if not qualified
	Name     string // lower case
	Calls    CallMode
	CallsPos source.Position
}

// Matches reports whether the override names routine q (name or
// module::name).
func (o CallOverride) Matches(q string) bool {
	return matchQualified(o.Module, o.Name, strings.ToLower(q))
}

// Checkpoint is a checkpointed call or loop: exactly one of Call and Loop
// is set. A checkpointed call is reversed jointly whatever Calls says.
type Checkpoint struct {
	Pos source.Position

	// Call is a routine as written (name or module::name): each of its
	// calls is checkpointed.
	Call    string `yaml:"call"`
	CallPos source.Position
	// Loop names a DO loop as written: a construct name or "do v" (the
	// loop of control variable v), either qualified by its routine
	// (routine::name, routine::do v): each iteration is checkpointed,
	// or the iterations are scheduled by Binomial.
	Loop    string `yaml:"loop"`
	LoopPos source.Position
	// Region names a named BLOCK construct, or the statements between
	// comment markers "!$fadj checkpoint begin NAME" and "... end NAME",
	// optionally qualified by its routine (routine::name): the region
	// is checkpointed as a whole.
	Region    string `yaml:"region"`
	RegionPos source.Position
	// Scope and Name are Call, Loop or Region split and lower-cased: for a call
	// Scope is the module, for a loop or region the routine (or In's routine);
	// "" if not qualified. Var is v of a loop's "do v" (Name is then "");
	// While is set by "do while" (a DO WHILE, with at or label).
	Scope string `yaml:"-"`
	Name  string `yaml:"-"`
	Var   string `yaml:"-"`
	While bool   `yaml:"-"`

	// In, At and Label narrow the checkpoint to some call sites, or to
	// one loop: those in routine In (name or module::name, as written;
	// InScope and InName split and lower-cased), on line At of the file
	// holding the call (the DO statement), or labelled Label (the DO
	// statement or the statement ending the loop). 0 and "" mean any.
	In       string `yaml:"in"`
	InPos    source.Position
	InScope  string `yaml:"-"`
	InName   string `yaml:"-"`
	At       int    `yaml:"at"`
	AtPos    source.Position
	Label    int `yaml:"label"`
	LabelPos source.Position

	Snapshots    Snapshots `yaml:"snapshots"`
	SnapshotsPos source.Position
	// Binomial, for loops only, asks for binomial checkpointing
	// (revolve) with a bounded number of snapshots; nil if not asked.
	Binomial *Binomial `yaml:"binomial"`
}

// Binomial is a binomial checkpointing schedule of a loop.
type Binomial struct {
	Pos          source.Position
	Snapshots    int `yaml:"snapshots"` // snapshots held at once, >= 1
	SnapshotsPos source.Position
}

// Norm measures the change of the adjoint state in the stopping test of
// an adjoint fixed-point loop.
type Norm string

const (
	L2Norm  Norm = "l2"  // Euclidean norm over all state adjoints
	MaxNorm Norm = "max" // largest magnitude
)

// Start is the first iterate of an adjoint fixed-point loop.
type Start string

const (
	ColdStart Start = "cold" // the incoming adjoint of the state
	WarmStart Start = "warm" // the converged iterate of the previous solve of the same loop
)

// Stationarity is whether the generated code checks that the control
// flow of the recording sweep is that of the last primal iteration.
type Stationarity string

const (
	StationarityOff   Stationarity = "off"
	StationarityCheck Stationarity = "check"
)

var (
	FixedPointNorms     = []string{string(L2Norm), string(MaxNorm)}
	FixedPointStarts    = []string{string(ColdStart), string(WarmStart)}
	StationarityOptions = []string{string(StationarityOff), string(StationarityCheck)}
)

// FixedPoint marks a loop as a fixed-point iteration, whose adjoint is
// the adjoint fixed-point loop of Christianson: only the last iteration
// is taped, and the adjoint iterates until it converges.
type FixedPoint struct {
	Pos source.Position

	// Loop names the loop as written: a DO construct name, "do v" for
	// the DO loop of control variable v, or "do while" for a DO WHILE,
	// either qualified by its routine (routine::name, routine::do v). It
	// may be empty when Label or At names the loop.
	Loop    string `yaml:"loop"`
	LoopPos source.Position
	// Routine and Name are Loop split and lower-cased; Var is v of
	// "do v" (then Name is ""); While is set by "do while" (a DO WHILE).
	// Routine comes from In when Loop is not qualified.
	Routine string `yaml:"-"`
	Name    string `yaml:"-"`
	Var     string `yaml:"-"`
	While   bool   `yaml:"-"`
	// In is the routine holding the loop; At the line of its DO
	// statement; Label the label of its DO statement (or its
	// terminating label). 0 and "" mean any.
	In       string `yaml:"in"`
	InPos    source.Position
	At       int `yaml:"at"`
	AtPos    source.Position
	Label    int `yaml:"label"`
	LabelPos source.Position

	// State and Parameters, if given, replace the inferred sets
	// (state = out ∩ live after the loop, parameters = use \ out).
	State         []Path `yaml:"state"`
	StatePos      source.Position
	Parameters    []Path `yaml:"parameters"`
	ParametersPos source.Position

	// Tolerance is the adjoint loop's stopping criterion: the relative
	// change of the adjoint state, > 0.
	Tolerance    float64 `yaml:"tolerance"`
	TolerancePos source.Position
	// Norm measures the change in the stopping test.
	Norm    Norm `yaml:"norm"`
	NormPos source.Position
	// MaxIterations bounds the adjoint loop, >= 1.
	MaxIterations    int `yaml:"max_iterations"`
	MaxIterationsPos source.Position
	// Start is the first adjoint iterate: warm reuses the previous
	// solve's, for a loop inside an outer loop.
	Start    Start `yaml:"start"`
	StartPos source.Position
	// Stationarity asks for the dynamic check that the recording sweep
	// takes the control flow of the last primal iteration.
	Stationarity    Stationarity `yaml:"stationarity"`
	StationarityPos source.Position
}

// What returns how the spec names the loop, for messages.
func (fp *FixedPoint) What() string {
	switch {
	case fp.Loop != "":
		return fp.Loop
	case fp.Label != 0:
		return fmt.Sprintf("label %d", fp.Label)
	}
	return fmt.Sprintf("at line %d", fp.At)
}

// Check configures `fadj check`: the generated code is compiled and the
// adjoint compared with finite differences and with the tangent
// (dot-product test) at random points.
type Check struct {
	Pos source.Position // the zero Position if the spec has no check

	Seed            int64 `yaml:"seed"` // of the random points and directions
	SeedPos         source.Position
	Samples         int `yaml:"samples"` // random points, >= 1
	SamplesPos      source.Position
	FDStep          float64 `yaml:"fd_step"` // relative step of central differences, in (0, 1)
	FDStepPos       source.Position
	DotTolerance    float64 `yaml:"dot_tolerance"` // relative, dot-product test
	DotTolerancePos source.Position
	FDTolerance     float64 `yaml:"fd_tolerance"` // relative, finite differences
	FDTolerancePos  source.Position
	Compiler        string `yaml:"compiler"` // command name or path
	CompilerPos     source.Position
	Flags           []string `yaml:"flags"` // extra compiler flags
	FlagsPos        source.Position
	FlagsAt         []source.Position `yaml:"-"` // of each flag
	// Inputs set arguments of the targets (and the module and
	// common-block variables fadj check sets) at the check point, in
	// the order written: integers (sizes, step counts) instead of 10,
	// reals instead of random values in [0.25, 0.75].
	Inputs []Input `yaml:"inputs"`
	// Setup names, per target, a subroutine of the sources that fadj
	// check calls with the target's arguments to set the check point.
	Setup []Setup `yaml:"setup"`
	// Shapes give the bounds fadj check allocates the allocatable
	// arrays it sets with (check.shapes: {s%h: [n], q: ['0:n+1', 3]}).
	Shapes []Shape `yaml:"shapes"`
}

// Shape is the shape of one allocatable array for fadj check: per
// dimension an extent (lower bound 1) or "lo:hi", each an integer
// expression of integer arguments and integer module variables (or
// components) that check.inputs gives or that have an initial value.
type Shape struct {
	Name string // lower case, a component by its path (s%h)
	Pos  source.Position
	Dims []ShapeDim
}

// ShapeDim is one dimension of a Shape, as written.
type ShapeDim struct {
	Text string
	Pos  source.Position
}

// Input is the value fadj check gives one variable (check.inputs:
// {n: 50, dt: 1.0e-3, u0: {min: 0.9, max: 1.1}, w: [1, 2, 3],
// land: [true, false]}): one number or logical for every element, a
// list of them (the elements in array element order), or a range the
// values are drawn from.
type Input struct {
	Name string // lower case
	Pos  source.Position
	// Values holds the number, or the list's numbers; nil for a range.
	Values []float64
	// List says the value was written as a list.
	List bool
	// Integer says the value is one number written as an integer;
	// Integers that every number was (one, or a list's).
	Integer, Integers bool
	// Logical says the values were written true or false (Values holds
	// 1 and 0): for logical arguments.
	Logical bool
	// Range is the range of {min: a, max: b}; nil otherwise.
	Range    *Range
	ValuePos source.Position
}

// Range is a range of values for fadj check, drawn uniformly.
type Range struct {
	Pos    source.Position
	Min    float64 `yaml:"min"`
	MinPos source.Position
	Max    float64 `yaml:"max"` // >= Min
	MaxPos source.Position
}

// Setup is the setup subroutine of one target (check.setup:
// {heat: heat_setup}).
type Setup struct {
	// Target is the target's routine as written (name or
	// module::name); TargetModule and TargetName are it split and
	// lower-cased.
	Target                   string
	Pos                      source.Position
	TargetModule, TargetName string
	// Routine is the setup subroutine as written; Module and Name are
	// it split and lower-cased.
	Routine      string
	RoutinePos   source.Position
	Module, Name string
}

// RealKindFlags are the gfortran flags that give default REAL the kind
// default_real_kind says (none for 4).
func (s *Spec) RealKindFlags() []string {
	if s.DefaultRealKind == 8 {
		return []string{"-fdefault-real-8", "-fdefault-double-8"}
	}
	return nil
}

// InputFor returns what check.inputs gives the variable name (any
// case), or nil.
func (c *Check) InputFor(name string) *Input {
	for i := range c.Inputs {
		if strings.EqualFold(c.Inputs[i].Name, name) {
			return &c.Inputs[i]
		}
	}
	return nil
}

// ShapeFor returns the shape check.shapes gives the variable (a
// component by its path), or nil.
func (c *Check) ShapeFor(name string) *Shape {
	for i := range c.Shapes {
		if strings.EqualFold(c.Shapes[i].Name, name) {
			return &c.Shapes[i]
		}
	}
	return nil
}

// SetupFor returns the setup subroutine check.setup gives the target,
// or nil.
func (c *Check) SetupFor(t *Target) *Setup {
	for i := range c.Setup {
		su := &c.Setup[i]
		if su.TargetName == t.Name && (su.TargetModule == "" || su.TargetModule == t.Module) {
			return su
		}
	}
	return nil
}

// Var is one independent or dependent variable: the text as written, its
// position, and its parsed form.
type Var struct {
	Text string
	Pos  source.Position
	Ref  VarRef
}

// VarRef is a parsed variable reference. The forms are
//
//	x              a variable of the routine (argument, local, host or use associated)
//	p%a%b          a derived-type component
//	u(1:n, 2)      an array section or element
//	cells(1:n)%h   a component of a section of an array of derived type
//	               (subscripts on the first or the last part, not both)
//	m::v           a variable of module m
//	/blk/v         a variable of common block blk
//
// combined as [m:: | /blk/] name {%component} [(subscripts)]. Names are
// lower case (Fortran ignores case); Section is the text between the
// parentheses as written, trimmed, and is not interpreted here.
type VarRef struct {
	Module  string   // "" unless m::v
	Common  string   // "" unless /blk/v
	Name    string   // the variable
	Path    []string // components, outermost first
	Section string   // subscripts of the last part (of the first if OnBase); "" for the whole object
	// OnBase says Section subscripts the variable, an array of derived
	// type, rather than the last component: cells(1:n)%h is the
	// section (1:n) of cells%h, the array of the elements' h.
	OnBase bool
}

// String returns the reference in canonical form: lower case, no blanks.
// Two references name the same object when their strings are equal.
func (r VarRef) String() string {
	var b strings.Builder
	switch {
	case r.Module != "":
		b.WriteString(r.Module + "::")
	case r.Common != "":
		b.WriteString("/" + r.Common + "/")
	}
	b.WriteString(r.Name)
	sec := ""
	if r.Section != "" {
		sec = "(" + strings.ToLower(strings.Join(strings.Fields(r.Section), "")) + ")"
	}
	if r.OnBase {
		b.WriteString(sec)
	}
	for _, c := range r.Path {
		b.WriteString("%" + c)
	}
	if !r.OnBase {
		b.WriteString(sec)
	}
	return b.String()
}

// Subscripts splits Section at its top-level commas: "1:n, f(i,j)" gives
// ["1:n", "f(i,j)"]. It returns nil for a whole object.
func (r VarRef) Subscripts() []string {
	if r.Section == "" {
		return nil
	}
	return splitTop(r.Section)
}

// Load reads and parses the spec file at path. Paths in the spec are
// relative to path's directory.
//
// Only a regular file of at most MaxSize bytes is read, and its size is
// checked before it is (package input): a spec that is a FIFO, a device
// or a 20 GB file is an error, not a hang or an out-of-memory crash.
func Load(path string) (*Spec, error) {
	data, err := input.ReadFile(path, MaxSize)
	if err != nil {
		var l diag.List
		l.Addf(source.Position{Filename: path}, "cannot read spec: %v", err)
		return nil, l
	}
	return Parse(path, data)
}

// Parse decodes and validates the spec in data. The filename is used in
// positions, as given, and its directory becomes Spec.Dir. The error, if
// any, is a diag.List sorted by position, and the Spec is nil.
func Parse(filename string, data []byte) (*Spec, error) {
	d := &decoder{file: filename, data: data}
	spec := d.run()
	if len(d.errs) > 0 {
		d.errs.Sort()
		return nil, d.errs
	}
	spec.Filename = filename
	spec.Dir = filepath.Dir(filename)
	setDefaults(spec)
	return spec, nil
}

// SourcePaths returns the paths of the source files as the operating
// system names them: Dir joined with each source.
func (s *Spec) SourcePaths() []string {
	out := make([]string, len(s.Sources))
	for i, p := range s.Sources {
		out[i] = s.Join(p.Text)
	}
	return out
}

// IncludePaths returns the include directories joined with Dir.
func (s *Spec) IncludePaths() []string {
	out := make([]string, len(s.IncludeDirs))
	for i, p := range s.IncludeDirs {
		out[i] = s.Join(p.Text)
	}
	return out
}

// OutputDir returns the output directory joined with Dir.
func (s *Spec) OutputDir() string { return s.Join(s.Output.Dir.Text) }

// Join returns the spec-relative, '/'-separated path p joined with Dir.
func (s *Spec) Join(p string) string { return filepath.Join(s.Dir, filepath.FromSlash(p)) }

// DefineMap returns the defines as a map, as load.Config wants them.
func (s *Spec) DefineMap() map[string]string {
	if len(s.Defines) == 0 {
		return nil
	}
	m := make(map[string]string, len(s.Defines))
	for _, d := range s.Defines {
		m[d.Name] = d.Value
	}
	return m
}

// FormOf returns the forced source form of a spec-relative path, if the
// spec forces one. Paths are compared cleaned.
func (s *Spec) FormOf(p string) (Form, bool) {
	p = path.Clean(p)
	for _, f := range s.Form {
		if f.File.Clean() == p {
			return f.Form, true
		}
	}
	return "", false
}

func setDefaults(s *Spec) {
	o := &s.Output
	if o.Suffix == "" {
		o.Suffix = DefaultSuffix
	}
	if o.TangentSuffix == "" {
		o.TangentSuffix = DefaultTangentSuffix
	}
	if o.Runtime == "" {
		o.Runtime = DefaultRuntime
	}
	if !o.SourceRefsPos.IsValid() {
		o.SourceRefs = true
	}
	for _, t := range s.Targets {
		if t.Mode == "" {
			t.Mode = DefaultMode
		}
		if t.Strategy == "" {
			t.Strategy = DefaultStrategy
		}
		if t.Calls == "" {
			t.Calls = DefaultCalls
		}
		for i := range t.Checkpoints {
			if t.Checkpoints[i].Snapshots == "" {
				t.Checkpoints[i].Snapshots = DefaultSnapshots
			}
		}
		for i := range t.FixedPoint {
			fp := &t.FixedPoint[i]
			if !fp.TolerancePos.IsValid() {
				fp.Tolerance = DefaultFixedPointTolerance
			}
			if !fp.MaxIterationsPos.IsValid() {
				fp.MaxIterations = DefaultFixedPointMaxIterations
			}
			if fp.Norm == "" {
				fp.Norm = DefaultFixedPointNorm
			}
			if fp.Start == "" {
				fp.Start = DefaultFixedPointStart
			}
			if fp.Stationarity == "" {
				fp.Stationarity = DefaultStationarity
			}
		}
	}
	c := &s.Check
	if !c.SeedPos.IsValid() {
		c.Seed = DefaultCheckSeed
	}
	if !c.SamplesPos.IsValid() {
		c.Samples = DefaultCheckSamples
	}
	if !c.FDStepPos.IsValid() {
		c.FDStep = DefaultCheckFDStep
	}
	if !c.DotTolerancePos.IsValid() {
		c.DotTolerance = DefaultCheckDotTolerance
	}
	if !c.FDTolerancePos.IsValid() {
		c.FDTolerance = DefaultCheckFDTolerance
	}
	if c.Compiler == "" {
		c.Compiler = DefaultCheckCompiler
	}
}

func qualify(scope, name string) string {
	if scope == "" {
		return name
	}
	return scope + "::" + name
}

// matchQualified reports whether the lower-case reference ref (name or
// scope::name) names scope::name. An unqualified side matches any scope.
func matchQualified(scope, name, ref string) bool {
	rs, rn, ok := strings.Cut(ref, "::")
	if !ok {
		return ref == name
	}
	return rn == name && (scope == "" || rs == scope)
}

// StrategyOverride sets the strategy of one routine's adjoint.
type StrategyOverride struct {
	Routine     string // the key as written: name or module::name
	Pos         source.Position
	Module      string // lower case, "" if not qualified
	Name        string // lower case
	Strategy    Strategy
	StrategyPos source.Position
}

// Matches reports whether the override names routine q (module::name or
// name, lower case).
func (o StrategyOverride) Matches(q string) bool {
	return matchQualified(o.Module, o.Name, strings.ToLower(q))
}

// StrategyFor returns the strategy of the adjoint of the named routine
// (module::name or name): its override, else Strategy.
func (t *Target) StrategyFor(routine string) Strategy {
	for _, o := range t.StrategyOverrides {
		if o.Matches(routine) {
			return o.Strategy
		}
	}
	return t.Strategy
}

// usesAuto reports whether the target or one of its overrides sets
// strategy auto.
// DefaultRecomputeSnapshots are the snapshots of a loop strategy
// recompute checkpoints (docs/recompute.md, Loops).
const DefaultRecomputeSnapshots = 10

// usesRecompute reports whether strategy recompute or auto is set
// anywhere in t: the target's, an override's or a region's.
func (t *Target) usesRecompute() bool {
	if t.Strategy == Recompute || t.usesAuto() {
		return true
	}
	for _, r := range t.StrategyRegions {
		if r.Strategy == Recompute {
			return true
		}
	}
	for _, o := range t.StrategyOverrides {
		if o.Strategy == Recompute {
			return true
		}
	}
	return false
}

func (t *Target) usesAuto() bool {
	if t.Strategy == Auto {
		return true
	}
	for _, r := range t.StrategyRegions {
		if r.Strategy == Auto {
			return true
		}
	}
	for _, o := range t.StrategyOverrides {
		if o.Strategy == Auto {
			return true
		}
	}
	return false
}

// StrategyRegion sets the strategy of a region, as checkpoints name them:
// a named BLOCK construct or the statements between checkpoint markers.
type StrategyRegion struct {
	Pos         source.Position
	Region      string `yaml:"region"` // as written: name or routine::name
	RegionPos   source.Position
	Scope       string   `yaml:"-"` // the routine, lower case, "" if not qualified
	Name        string   `yaml:"-"` // the region's name
	Strategy    Strategy `yaml:"strategy"`
	StrategyPos source.Position
}

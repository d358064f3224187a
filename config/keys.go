package config

// The keys of each mapping of a version 1 spec. The decoder checks keys
// (unknown, duplicate, missing) against these tables; the tests check the
// tables against the Go types (yaml struct tags), the JSON Schema and
// docs/spec.md, so that none of them can change alone.

// kind is the type of a key's value, as the JSON Schema names it.
type kind int

const (
	kString      kind = iota // a string
	kInteger                 // an integer
	kNumber                  // a number (integers accepted)
	kStringList              // a list of strings
	kSection                 // a mapping whose keys are another section's
	kSectionList             // a list of such mappings
	kMap                     // a mapping with keys of the user's choice
	kInputMap                // such a mapping with values for fadj check: a number, a list of numbers or a range
	kBool                    // true or false
	kShapeMap                // a mapping of names to lists of dimensions (integers or strings)
)

// field is one key of a section.
type field struct {
	key      string
	kind     kind
	required bool
	enum     []string // allowed values of a string, or of a kMap's values (nil: any scalar)
	section  string   // the section of a kSection or kSectionList
	def      any      // the default, if the key has one
}

// section is the set of keys of one kind of mapping.
type section struct {
	name   string // as in messages: "target"
	where  string // "in target"
	home   string // where a misplaced key belongs: "a target"
	fields []field
}

func (s *section) field(key string) *field {
	for i := range s.fields {
		if s.fields[i].key == key {
			return &s.fields[i]
		}
	}
	return nil
}

func (s *section) keys() []string {
	out := make([]string, len(s.fields))
	for i, f := range s.fields {
		out[i] = f.key
	}
	return out
}

var (
	secSpec = &section{name: "spec", where: "at the top level", home: "the top level", fields: []field{
		{key: "version", kind: kInteger, required: true},
		{key: "sources", kind: kStringList, required: true},
		{key: "form", kind: kMap, enum: Forms},
		{key: "defines", kind: kMap},
		{key: "include_dirs", kind: kStringList},
		{key: "default_real_kind", kind: kInteger, def: 4},
		{key: "output", kind: kSection, required: true, section: "output"},
		{key: "targets", kind: kSectionList, required: true, section: "target"},
		{key: "check", kind: kSection, section: "check"},
	}}
	secOutput = &section{name: "output", where: "in output", home: "output", fields: []field{
		{key: "dir", kind: kString, required: true},
		{key: "suffix", kind: kString, def: DefaultSuffix},
		{key: "tangent_suffix", kind: kString, def: DefaultTangentSuffix},
		{key: "runtime", kind: kString, def: DefaultRuntime},
		{key: "source_refs", kind: kBool, def: true},
		{key: "augment", kind: kStringList},
	}}
	secTarget = &section{name: "target", where: "in target", home: "a target", fields: []field{
		{key: "routine", kind: kString, required: true},
		{key: "mode", kind: kString, enum: Modes, def: string(DefaultMode)},
		{key: "independents", kind: kStringList, required: true},
		{key: "dependents", kind: kStringList, required: true},
		{key: "strategy", kind: kString, enum: Strategies, def: string(DefaultStrategy)},
		{key: "recompute_cost", kind: kNumber, def: DefaultRecomputeCost},
		{key: "store_cost", kind: kNumber, def: DefaultStoreCost},
		{key: "recompute_snapshots", kind: kInteger, def: DefaultRecomputeSnapshots},
		{key: "strategy_overrides", kind: kMap, enum: Strategies},
		{key: "strategy_regions", kind: kSectionList, section: "strategy_region"},
		{key: "calls", kind: kString, enum: CallModes, def: string(DefaultCalls)},
		{key: "call_overrides", kind: kMap, enum: CallModes},
		{key: "checkpoints", kind: kSectionList, section: "checkpoint"},
		{key: "fixed_point", kind: kSectionList, section: "fixed_point"},
	}}
	secCheckpoint = &section{name: "checkpoint", where: "in checkpoint", home: "a checkpoint", fields: []field{
		{key: "call", kind: kString},
		{key: "loop", kind: kString},
		{key: "region", kind: kString},
		{key: "in", kind: kString},
		{key: "at", kind: kInteger},
		{key: "label", kind: kInteger},
		{key: "snapshots", kind: kString, enum: SnapshotOptions, def: string(DefaultSnapshots)},
		{key: "binomial", kind: kSection, section: "binomial"},
	}}
	secStrategyRegion = &section{name: "strategy_region", where: "in strategy_region", home: "a strategy_regions entry", fields: []field{
		{key: "region", kind: kString, required: true},
		{key: "strategy", kind: kString, enum: Strategies, required: true},
	}}
	secBinomial = &section{name: "binomial", where: "in binomial", home: "binomial", fields: []field{
		{key: "snapshots", kind: kInteger, required: true},
	}}
	secFixedPoint = &section{name: "fixed_point", where: "in fixed_point", home: "a fixed_point entry", fields: []field{
		{key: "loop", kind: kString},
		{key: "in", kind: kString},
		{key: "at", kind: kInteger},
		{key: "label", kind: kInteger},
		{key: "state", kind: kStringList},
		{key: "parameters", kind: kStringList},
		{key: "tolerance", kind: kNumber, def: DefaultFixedPointTolerance},
		{key: "norm", kind: kString, enum: FixedPointNorms, def: string(DefaultFixedPointNorm)},
		{key: "max_iterations", kind: kInteger, def: DefaultFixedPointMaxIterations},
		{key: "start", kind: kString, enum: FixedPointStarts, def: string(DefaultFixedPointStart)},
		{key: "stationarity", kind: kString, enum: StationarityOptions, def: string(DefaultStationarity)},
	}}
	secCheck = &section{name: "check", where: "in check", home: "check", fields: []field{
		{key: "seed", kind: kInteger, def: DefaultCheckSeed},
		{key: "samples", kind: kInteger, def: DefaultCheckSamples},
		{key: "fd_step", kind: kNumber, def: DefaultCheckFDStep},
		{key: "dot_tolerance", kind: kNumber, def: DefaultCheckDotTolerance},
		{key: "fd_tolerance", kind: kNumber, def: DefaultCheckFDTolerance},
		{key: "compiler", kind: kString, def: DefaultCheckCompiler},
		{key: "flags", kind: kStringList},
		{key: "inputs", kind: kInputMap, section: "range"},
		{key: "setup", kind: kMap},
		{key: "shapes", kind: kShapeMap},
	}}
	secRange = &section{name: "range", where: "in an input range", home: "an input range", fields: []field{
		{key: "min", kind: kNumber, required: true},
		{key: "max", kind: kNumber, required: true},
	}}
)

// sections lists every section, the top level first.
var sections = []*section{secSpec, secOutput, secTarget, secCheckpoint, secBinomial, secFixedPoint, secCheck, secRange, secStrategyRegion}

func sectionNamed(name string) *section {
	for _, s := range sections {
		if s.name == name {
			return s
		}
	}
	return nil
}

// Package bind binds a spec to the Fortran program it names: it reads
// and analyses the spec's sources as the spec says (defines, include
// directories, source forms) and resolves each target's routine and its
// independent and dependent variables. fadj generate, fadj check and
// fadj bazel all read a spec through this package, so that a spec one
// of them accepts the others read alike.
package bind

import (
	"errors"
	"fmt"

	"github.com/fadj-dev/fadj/config"
	"github.com/fadj-dev/fadj/generator/diag"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/input"
	"github.com/fadj-dev/fadj/generator/load"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Program is a spec bound to its analysed sources.
type Program struct {
	Spec *config.Spec
	*load.Program
	// Targets are the spec's targets, in its order, resolved.
	Targets []*Target
}

// Target is one target of the spec with the symbols it names.
type Target struct {
	*config.Target
	// Routine is the procedure: an external or module procedure with
	// a body in the sources.
	Routine *sema.Symbol
	// Independents and Dependents are in the spec's order. A function
	// named as a dependent stands for its result.
	Independents, Dependents []Var
	// Setup is the subroutine check.setup gives the target (fadj
	// check calls it with the target's arguments), or nil.
	Setup *sema.Symbol
	// Warnings are about the target's variables: a dependent left out
	// because it has no derivative.
	Warnings diag.List
}

// Var is one independent or dependent: as written, and its variable.
// A section (u(2:n)) names the whole array's symbol; Ref.Section keeps
// the subscripts.
type Var struct {
	config.Var
	Symbol *sema.Symbol
}

// Config returns how the spec's sources are read: its defines, include
// directories and source form. The error is a diag.List at the spec's
// form overrides when they ask for what the front end cannot do.
func Config(spec *config.Spec) (load.Config, error) {
	conf := load.Config{
		Defines:         spec.DefineMap(),
		IncludeDirs:     spec.IncludePaths(),
		IncludeRoots:    []string{spec.Dir},
		DefaultRealKind: spec.DefaultRealKind,
	}
	if len(spec.Form) == 0 {
		return conf, nil
	}
	// The front end reads every file in one form, so the overrides
	// must give every source the same one.
	var form config.Form
	for i, s := range spec.Sources {
		f, ok := spec.FormOf(s.Text)
		if !ok || (i > 0 && f != form) {
			var l diag.List
			l.Add(spec.Form[0].FormPos, "not supported yet: form overrides must give every source the same form")
			return conf, l
		}
		form = f
	}
	f := ast.FreeForm
	if form == config.Fixed {
		f = ast.FixedForm
	}
	conf.Form = &f
	return conf, nil
}

// Load reads the spec's sources and resolves its targets. The error is
// a diag.List positioned in the spec (a source that cannot be read, a
// routine or variable that does not exist or cannot be differentiated:
// all of them at once, with suggestions for misspelt names) or in the
// Fortran (syntax and semantic errors), or an I/O error.
func Load(spec *config.Spec, opts Options) (*Program, error) {
	conf, err := Config(spec)
	if err != nil {
		return nil, err
	}
	conf.AllowAbsoluteIncludes = opts.AllowAbsoluteIncludes
	if err := readable(spec); err != nil {
		return nil, err
	}
	prog, err := load.Files(spec.SourcePaths(), conf)
	if err != nil {
		return nil, err
	}
	p := &Program{Spec: spec, Program: prog}
	var errs diag.List
	for _, t := range spec.Targets {
		bt, l := resolveTarget(prog, t, spec.Check.SetupFor(t))
		errs = append(errs, l...)
		p.Warnings = append(p.Warnings, bt.Warnings...)
		p.Targets = append(p.Targets, bt)
	}
	if len(errs) > 0 {
		errs.Sort()
		return nil, errs
	}
	return p, nil
}

// Options are what a run may allow beyond the spec.
type Options struct {
	// AllowAbsoluteIncludes lets INCLUDE lines and #include directives
	// name absolute paths anywhere (load.Config).
	AllowAbsoluteIncludes bool
}

// readable reports the sources and include directories that cannot be
// read, at their entries in the spec.
func readable(spec *config.Spec) error {
	var l diag.List
	for i, p := range spec.SourcePaths() {
		if err := input.Check(p, input.MaxFileSize); err != nil && i < len(spec.Sources) {
			if e := errors.Unwrap(err); e != nil && !errors.As(err, new(*input.Error)) {
				err = e // os.Stat's *fs.PathError repeats the path
			}
			l.Add(spec.Sources[i].Pos, fmt.Sprintf("cannot read source %s: %v", spec.Sources[i].Text, err))
		}
	}
	for i, d := range spec.IncludePaths() {
		if problem := load.CheckIncludeDir(d); problem != "" {
			l.Add(spec.IncludeDirs[i].Pos, fmt.Sprintf("include_dirs: %s %s", spec.IncludeDirs[i].Text, problem))
		}
	}
	if len(l) > 0 {
		return l
	}
	return nil
}

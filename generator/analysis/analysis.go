// Package analysis is the framework in which fadj's data-flow analyses
// run: activity, to-be-recorded values, liveness, ... Each analysis is an
// *Analyzer value that names the analyses whose results it needs; Run
// executes a set of them over one loaded program and one differentiation
// request, each exactly once and prerequisites first, and hands every
// analyzer the results of its prerequisites. The design follows
// golang.org/x/tools/go/analysis, reduced to what a single-program,
// single-target tool needs (no facts, no packages).
//
// Analyses report problems with positions through Pass.Report; Run
// collects them into a diag.List. A report whose message starts with
// "warning: " (see Pass.Warnf) is a warning: it is returned with the
// errors so that a driver can print it, and Errors drops it for callers
// that only want to know whether to stop.
package analysis

import (
	"errors"
	"fmt"
	"runtime/debug"
	"strings"

	"github.com/fadj-dev/fadj/generator/diag"
	"github.com/fadj-dev/fadj/generator/sema"
	"github.com/fadj-dev/fadj/generator/source"
)

// An Analyzer describes one analysis: its name, its documentation, the
// analyses it needs, and the function that runs it.
type Analyzer struct {
	// Name identifies the analysis in diagnostics; it must be unique
	// among the analyzers run together.
	Name string
	// Doc says what the analysis computes, first sentence a summary.
	Doc string
	// Requires are the analyses whose results Run gets in
	// Pass.ResultOf. They run before this one.
	Requires []*Analyzer
	// Run computes the analysis. Its result is handed to the analyzers
	// that require this one and returned by the package-level Run; an
	// error stops those analyzers from running.
	Run func(*Pass) (any, error)
}

func (a *Analyzer) String() string { return a.Name }

// A Pass is what an Analyzer's Run gets: the program, the target, the
// results of its prerequisites and a way to report diagnostics.
type Pass struct {
	Analyzer *Analyzer
	Prog     *sema.Program // Fset, Files, Info
	Target   *Target       // what is being differentiated
	// ResultOf holds the result of each analyzer in Analyzer.Requires.
	ResultOf map[*Analyzer]any
	// Report records a positioned diagnostic; Run returns them all as a
	// diag.List. Messages starting with "warning: " are warnings.
	Report func(pos source.Pos, msg string)
}

// Reportf reports a formatted error at pos.
func (p *Pass) Reportf(pos source.Pos, format string, args ...any) {
	p.Report(pos, fmt.Sprintf(format, args...))
}

// Warnf reports a formatted warning at pos: the message is prefixed with
// "warning: ".
func (p *Pass) Warnf(pos source.Pos, format string, args ...any) {
	p.Report(pos, WarningPrefix+fmt.Sprintf(format, args...))
}

// WarningPrefix starts the message of every warning.
const WarningPrefix = diag.WarningPrefix

// IsWarning reports whether a diagnostic is a warning.
func IsWarning(e *diag.Error) bool { return e.IsWarning() }

// Errors returns err without its warnings: nil if err is nil or a
// diag.List of warnings only, the list of the remaining errors if err is
// a diag.List, and err itself otherwise (a failure that is not a list of
// diagnostics is always an error).
func Errors(err error) error {
	if err == nil {
		return nil
	}
	var l diag.List
	if !errors.As(err, &l) || errors.Unwrap(err) != nil || isJoined(err) {
		return err
	}
	var out diag.List
	for _, e := range l {
		if !IsWarning(e) {
			out = append(out, e)
		}
	}
	return out.Err()
}

func isJoined(err error) bool {
	_, ok := err.(interface{ Unwrap() []error })
	return ok
}

// Target is one differentiation request: the routine and its independent
// and dependent variables, resolved to symbols.
type Target struct {
	Routine *sema.Symbol // the procedure to differentiate
	// Independents and Dependents are dummy arguments of Routine, module
	// variables or common-block variables visible in Routine (and, for
	// Dependents, the result variable of a function).
	Independents []*sema.Symbol
	Dependents   []*sema.Symbol
}

// Validate checks a set of analyzers and their prerequisites: every
// analyzer has a name and a Run function, no two distinct analyzers have
// the same name, and the Requires relation has no cycle.
func Validate(analyzers []*Analyzer) error {
	_, err := order(analyzers)
	return err
}

// order returns the analyzers and their transitive prerequisites,
// prerequisites first (a depth-first post-order in the order given), or
// an error describing the first problem found.
func order(analyzers []*Analyzer) ([]*Analyzer, error) {
	const (
		unvisited = iota
		visiting
		done
	)
	state := map[*Analyzer]int{}
	names := map[string]*Analyzer{}
	var out []*Analyzer
	var stack []*Analyzer
	var visit func(a *Analyzer) error
	visit = func(a *Analyzer) error {
		if a == nil {
			return errors.New("analysis: nil analyzer")
		}
		switch state[a] {
		case done:
			return nil
		case visiting:
			var path []string
			for i := len(stack) - 1; i >= 0; i-- {
				path = append([]string{stack[i].Name}, path...)
				if stack[i] == a {
					break
				}
			}
			return fmt.Errorf("analysis: cycle in Requires: %s -> %s", strings.Join(path, " -> "), a.Name)
		}
		if a.Name == "" {
			return errors.New("analysis: analyzer without a name")
		}
		if a.Run == nil {
			return fmt.Errorf("analysis: analyzer %s has no Run function", a.Name)
		}
		if b := names[a.Name]; b != nil && b != a {
			return fmt.Errorf("analysis: two analyzers are named %s", a.Name)
		}
		names[a.Name] = a
		state[a] = visiting
		stack = append(stack, a)
		for _, r := range a.Requires {
			if err := visit(r); err != nil {
				return err
			}
		}
		stack = stack[:len(stack)-1]
		state[a] = done
		out = append(out, a)
		return nil
	}
	for _, a := range analyzers {
		if err := visit(a); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// Run runs the analyzers and their prerequisites over prog for target t,
// each exactly once, prerequisites first, and returns the result of each
// one that ran.
//
// The error is nil when no analyzer reported anything and none failed.
// Otherwise it is the diag.List of every report (sorted, duplicates
// dropped; a Run error that is a diag.List is merged into it), or, when
// some Run failed with another error, that error (wrapped with the
// analyzer's name) joined with the list. An analyzer whose prerequisite
// failed is not run. Reports that are only warnings make the error
// non-nil too: use Errors to tell whether anything is fatal. A panic in
// an analyzer is turned into an error.
func Run(prog *sema.Program, t *Target, analyzers ...*Analyzer) (map[*Analyzer]any, error) {
	all, err := order(analyzers)
	if err != nil {
		return nil, err
	}
	var fset *source.FileSet
	if prog != nil {
		fset = prog.Fset
	}
	var list diag.List
	report := func(pos source.Pos, msg string) {
		var p source.Position
		if fset != nil && pos.IsValid() {
			p = fset.Position(pos)
		}
		list.Add(p, msg)
	}
	results := make(map[*Analyzer]any, len(all))
	failed := map[*Analyzer]bool{}
	var others []error
	for _, a := range all {
		skip := false
		for _, r := range a.Requires {
			if failed[r] {
				skip = true
			}
		}
		if skip {
			failed[a] = true
			continue
		}
		pass := &Pass{Analyzer: a, Prog: prog, Target: t, ResultOf: make(map[*Analyzer]any, len(a.Requires)), Report: report}
		for _, r := range a.Requires {
			pass.ResultOf[r] = results[r]
		}
		res, err := runOne(a, pass)
		if err != nil {
			failed[a] = true
			var l diag.List
			if errors.As(err, &l) && !isJoined(err) {
				list = append(list, l...)
			} else {
				others = append(others, fmt.Errorf("%s: %w", a.Name, err))
			}
			continue
		}
		results[a] = res
	}
	list.Sort()
	if len(others) == 0 {
		return results, list.Err()
	}
	if len(list) > 0 {
		others = append(others, list)
	}
	if len(others) == 1 {
		return results, others[0]
	}
	return results, errors.Join(others...)
}

func runOne(a *Analyzer, pass *Pass) (res any, err error) {
	defer func() {
		if r := recover(); r != nil {
			res, err = nil, fmt.Errorf("internal error: panic: %v\n%s", r, debug.Stack())
		}
	}()
	return a.Run(pass)
}

// Get returns the result of analyzer a among results (a Pass's ResultOf,
// or what Run returns) as its type T, and whether it is there: the typed
// way to read a result, as in
//
//	act, ok := analysis.Get[*activity.Result](pass.ResultOf, activity.Analyzer)
func Get[T any](results map[*Analyzer]any, a *Analyzer) (T, bool) {
	r, ok := results[a].(T)
	return r, ok
}

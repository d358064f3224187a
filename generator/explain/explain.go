// Package explain reports what fadj decided for each target of a spec,
// line by line of the differentiated routines: which statements are
// active, what the forward sweep records on the tape and why, what the
// backward sweep recomputes instead, what each checkpointed call's
// snapshot holds, and the bytes each costs per execution where the sizes
// are known. The report is a value (Report) printed as text (WriteText)
// or as one self-contained HTML page (WriteHTML). It reads the decisions
// the generators act on (driver.Decisions), so it cannot disagree with
// the generated code.
package explain

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/fadj-dev/fadj/generator/diag"
	"github.com/fadj-dev/fadj/generator/driver"
)

// Report is the explanation of every target of one spec.
type Report struct {
	Spec    string // the spec's path, as given
	Targets []*Target
	// Inputs are the files read, which a report must not be written over.
	Inputs []string
}

// Target is one target of the spec.
type Target struct {
	Routine      string
	Mode         string
	Independents []string
	Dependents   []string
	// Versions are the routines differentiated for it, callees first:
	// one per activity pattern of each procedure.
	Versions []*Version
	// Strategy is its store-or-recompute strategy (reverse mode), and
	// Decisions what that strategy decided for each value and loop
	// (docs/recompute.md), as the adjoint's goldens print them.
	Strategy  string
	Decisions []string
}

// Version is one differentiated version of a procedure.
type Version struct {
	Name    string // the procedure
	Adjoint string // the adjoint routine generated for it ("" in tangent mode)
	File    string // the source file, relative to the spec's directory
	In, Out []string
	Active  []string // the variables active somewhere in the body
	Lines   []*Line
	// TapeBytes sums the constant tape bytes of the lines, each counted
	// once (per execution, not per run); TapeTerms are the sizes that
	// are not constants ("8 B × n").
	TapeBytes   int64
	TapeTerms   []string
	Records     int // references recorded
	Checkpoints int // checkpointed calls
}

// Line is one source line of a version.
type Line struct {
	N    int
	Text string
	// Stmt says whether a statement starts here, Active whether one
	// that starts here is active.
	Stmt, Active bool
	Notes        []Note
}

// Note is one decision about a statement of the line.
type Note struct {
	Kind NoteKind
	Text string
	// Bytes is the tape (or snapshot) cost per execution of the line,
	// -1 if it is not a constant (the text says what it depends on), 0
	// if the note costs nothing.
	Bytes int64
	// Size is the cost as people read it ("8 B", "8 B × n"), "" if none.
	Size string
}

// NoteKind classifies a note.
type NoteKind int

const (
	Record     NoteKind = iota // a value pushed on the tape
	Recompute                  // a value the backward sweep recomputes
	Checkpoint                 // a checkpointed (jointly reversed) call
	Split                      // a call reversed in split mode
	Snapshot                   // what a checkpointed call saves
	Skip                       // a statement the adjoint leaves out
	Loop                       // a checkpointed or fixed-point loop (loops.go)
	Region                     // a region checkpointed as a whole
)

func (k NoteKind) String() string {
	return [...]string{"tape", "recompute", "checkpoint", "split", "snapshot", "left out", "loop", "region"}[k]
}

// Run generates the spec at specPath in memory (nothing is written) and
// explains each target. The error is the generator's; warns, if not
// nil, gets its warnings.
func Run(specPath string, opts driver.Options, warns *diag.List) (*Report, error) {
	var decs []*driver.Decisions
	opts.Observe = func(d *driver.Decisions) { decs = append(decs, d) }
	res, err := driver.GenerateWith(specPath, opts)
	if res != nil && warns != nil {
		*warns = res.Warnings
	}
	if err != nil {
		return nil, err
	}
	r := &Report{Spec: filepath.ToSlash(specPath), Inputs: res.Inputs}
	src := sources{dir: filepath.Dir(specPath), text: map[string][]string{}}
	for _, d := range decs {
		r.Targets = append(r.Targets, explainTarget(d, &src))
	}
	return r, nil
}

// sources reads the lines of the source files once each.
type sources struct {
	dir  string
	text map[string][]string
}

func (s *sources) lines(name string) []string {
	if l, ok := s.text[name]; ok {
		return l
	}
	data, err := os.ReadFile(name)
	var l []string
	if err == nil {
		l = strings.Split(strings.TrimSuffix(strings.ReplaceAll(string(data), "\r\n", "\n"), "\n"), "\n")
	}
	s.text[name] = l
	return l
}

// rel names a source file relative to the spec's directory.
func (s *sources) rel(name string) string {
	if r, err := filepath.Rel(s.dir, name); err == nil && !strings.HasPrefix(r, "..") {
		return filepath.ToSlash(r)
	}
	return filepath.ToSlash(name)
}

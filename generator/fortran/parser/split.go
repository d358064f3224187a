package parser

import (
	"strings"

	"github.com/fadj-dev/fadj/generator/diag"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/source"
)

// SplitEntries replaces each external or module subroutine or function
// with ENTRY statements by one procedure per entry point, so that the
// semantic analysis and the differentiators see ordinary procedures and
// a call of an entry name resolves to its own procedure. Load calls it
// on every file it parses (but for fadj fmt).
//
// The procedure of an entry point is a copy of the host with the entry's
// name, dummy arguments, RESULT and BIND, whose body is the code that
// entry runs: the statements from the entry point on, up to the first
// RETURN, STOP or GO TO, and whatever a jump from them reaches
// (split_flow.go). Falling through an ENTRY just goes on. If that code
// jumps back before the entry point, the code it reaches there comes
// first, in its place, skipped by a GO TO a CONTINUE that replaces the
// ENTRY (restructure puts them in order). In a function the
// result variables of the other entry points, which the standard
// associates with each other, are the entry's own.
//
// The copies keep the positions of the source, so that messages point
// at it. Rejected, since the copies would change the meaning: a dummy
// argument of another entry point that the code, the declarations or
// the internal procedures of an entry point use (split_names.go).
// RETURN k takes the k-th alternate return of the entry point called,
// as in its procedure. A saved local (SAVE, DATA, an initialisation) that
// the code of two entry points uses would be state of each procedure's
// own: with deferred non-nil, it is rejected only when such a procedure
// gets derivative code (deferred maps it to the messages; a passive call
// runs the original procedure); else here.
func SplitEntries(fset *source.FileSet, f *ast.File, deferred map[*ast.Unit]diag.List) error {
	s := &splitter{fset: fset, deferred: deferred}
	f.Units = s.units(f.Units)
	for _, u := range f.Units {
		if u.Kind == ast.ModuleUnit {
			u.Procs = s.units(u.Procs)
		}
	}
	if len(s.errs) > 0 {
		s.errs.Sort()
		return s.errs
	}
	return nil
}

type splitter struct {
	fset     *source.FileSet
	errs     diag.List
	deferred map[*ast.Unit]diag.List
}

func (s *splitter) errorf(pos source.Pos, format string, args ...any) {
	s.errs.Addf(s.fset.Position(pos), format, args...)
}

// point is an entry point of a procedure: the host or an ENTRY.
type point struct {
	name   *ast.Ident
	args   []*ast.Ident
	result *ast.Ident     // RESULT(r), else nil
	bind   *ast.Bind      // BIND(C), else nil
	stmt   *ast.EntryStmt // nil for the host
	start  int            // index in the host's body where its code starts
	keep   []bool         // the statements of the host's body its code runs
	jump   bool           // its code jumps back before its start
	// problems make its procedure differ from the original: saved
	// state the code of another entry point shares.
	problems diag.List
}

// resultVar is the lower-case name of the point's result variable.
func (p *point) resultVar() string {
	if p.result != nil {
		return strings.ToLower(p.result.Name)
	}
	return strings.ToLower(p.name.Name)
}

func (s *splitter) units(list []*ast.Unit) []*ast.Unit {
	var out []*ast.Unit
	for _, u := range list {
		pts := entryPoints(u)
		if len(pts) < 2 {
			out = append(out, u)
			continue
		}
		out = append(out, s.split(u, pts)...)
	}
	return out
}

// entryPoints returns the host and the ENTRY statements of u, nil if it
// has none.
func entryPoints(u *ast.Unit) []*point {
	if u.Kind != ast.SubroutineUnit && u.Kind != ast.FunctionUnit {
		return nil
	}
	pts := []*point{{name: u.Name, args: u.Args, result: u.Result, bind: u.Bind}}
	for _, d := range u.Decls {
		if e, ok := d.(*ast.EntryStmt); ok {
			pts = append(pts, &point{name: e.Name, args: e.Args, result: e.Result, bind: e.Bind, stmt: e})
		}
	}
	for i, b := range u.Body {
		if e, ok := b.(*ast.EntryStmt); ok {
			pts = append(pts, &point{name: e.Name, args: e.Args, result: e.Result, bind: e.Bind, stmt: e, start: i + 1})
		}
	}
	return pts
}

// split returns the procedures of the entry points of u.
func (s *splitter) split(u *ast.Unit, pts []*point) []*ast.Unit {
	for _, p := range pts {
		p.keep, p.jump = reach(u.Body, p.start) // split_flow.go
	}
	s.checkSaved(u, pts) // split_names.go
	label := freshLabel(u)
	var out []*ast.Unit
	for _, p := range pts {
		c := s.copyFor(u, pts, p, label)
		switch {
		case len(p.problems) == 0:
		case s.deferred != nil:
			s.deferred[c] = p.problems
		default:
			s.errs = append(s.errs, p.problems...)
		}
		out = append(out, c)
	}
	return out
}

// copyFor returns the procedure of entry point p of u.
func (s *splitter) copyFor(u *ast.Unit, pts []*point, p *point, label int) *ast.Unit {
	c := ast.Clone(u)
	c.Name, c.Args, c.Result, c.Bind = ast.Clone(p.name), cloneIdents(p.args), nil, nil
	if p.result != nil {
		c.Result = ast.Clone(p.result)
	}
	if p.bind != nil {
		c.Bind = ast.Clone(p.bind)
	}
	if p.stmt != nil {
		// The copy starts at the ENTRY; its type comes from the
		// declarations or the implicit rules, as the entry's does.
		c.StmtHeader = ast.StmtHeader{Start: p.stmt.Start, Doc: p.stmt.Doc, BlankBefore: p.stmt.BlankBefore}
		c.Type = nil
	}
	if c.End.Name != nil {
		c.End.Name = &ast.Ident{NamePos: c.End.Name.NamePos, Name: p.name.Name}
	}
	var decls []ast.Stmt
	for _, d := range c.Decls {
		if _, ok := d.(*ast.EntryStmt); !ok {
			decls = append(decls, d)
		}
	}
	c.Decls = decls
	c.Body = body(c.Body, p, label)
	s.rename(c, pts, p) // split_names.go
	return c
}

// body returns the statements of the host's body (a copy) that p runs.
func body(list []ast.Stmt, p *point, label int) []ast.Stmt {
	var out []ast.Stmt
	if p.jump {
		g := &ast.GotoStmt{Target: &ast.LabelRef{LabelPos: p.stmt.Start, Label: label}}
		g.Start = p.stmt.Start
		out = append(out, g)
	}
	for i, st := range list {
		if e, ok := st.(*ast.EntryStmt); ok {
			if p.jump && i == p.start-1 {
				c := &ast.ContinueStmt{}
				c.Label, c.LabelPos, c.Start = label, e.Start, e.Start
				out = append(out, c)
			}
			continue
		}
		if p.keep[i] || !ast.IsExecutable(st) {
			out = append(out, st)
		}
	}
	return out
}

func cloneIdents(list []*ast.Ident) []*ast.Ident {
	var out []*ast.Ident
	for _, id := range list {
		out = append(out, ast.Clone(id))
	}
	return out
}

package loops

import (
	"strings"

	"github.com/fadj-dev/fadj/generator/diag"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
	"github.com/fadj-dev/fadj/generator/source"
)

// Checkpointed regions that are not loops: a named BLOCK construct, or
// the statements between two comment lines
//
//	!$fadj checkpoint begin NAME
//	...
//	!$fadj checkpoint end NAME
//
// in one statement list (the body of a routine or of one construct, or
// one branch of it). The comments are the Doc of the statements they
// precede: the begin marker's, the first statement of the region; the
// end marker's, the statement after it, or the END (ELSE, CASE,
// CONTAINS) closing the list. FindBlocks wraps a marked region the spec
// names into a BLOCK construct without a name or declarations, the
// markers moving to its BLOCK and END BLOCK lines, so that the analyses
// and the generators see one construct; a region wrapped already (a
// second target) is found as it is.

// Block is a checkpointed region found: a BLOCK construct, named or
// wrapped from markers.
type Block struct {
	Block   *ast.BlockConstruct
	Unit    *ast.Unit
	Routine *sema.Symbol
	Pos     source.Position
	Marker  bool // from comment markers
}

// Marker is a checkpoint marker comment.
type Marker struct {
	Begin bool
	Name  string // lower case
}

// ParseMarker reads comment text ("!$fadj checkpoint begin NAME", in
// any letter case and spacing) as a marker.
func ParseMarker(text string) (Marker, bool) {
	f := strings.Fields(strings.ToLower(text))
	if len(f) != 4 || f[0] != "!$fadj" || f[1] != "checkpoint" || (f[2] != "begin" && f[2] != "end") {
		return Marker{}, false
	}
	return Marker{Begin: f[2] == "begin", Name: f[3]}, true
}

// FindBlocks returns the BLOCK constructs named name and the regions
// marked name in routine (any routine if ""), in source order, wrapping
// the marked ones; errors are those of the markers named name.
func FindBlocks(prog *sema.Program, routine, name string) ([]Block, diag.List) {
	f := &blockFinder{prog: prog, name: strings.ToLower(name)}
	var unit func(u *ast.Unit)
	unit = func(u *ast.Unit) {
		var sym *sema.Symbol
		if sc := prog.Info.ScopeOf(u); sc != nil {
			sym = sc.Symbol
		}
		if routine == "" || sym != nil && sym.Name == routine {
			f.unit, f.routine = u, sym
			closer := &u.End.StmtHeader
			if u.Contains != nil {
				closer = u.Contains
			}
			f.list(&u.Body, closer)
		}
		for _, p := range u.Procs {
			unit(p)
		}
	}
	for _, file := range prog.Files {
		for _, u := range file.Units {
			unit(u)
		}
	}
	return f.found, f.errs
}

type blockFinder struct {
	prog    *sema.Program
	name    string
	unit    *ast.Unit
	routine *sema.Symbol
	found   []Block
	errs    diag.List
}

func (f *blockFinder) pos(p source.Pos) source.Position { return f.prog.Fset.Position(p) }

// marker returns the marker named f.name that comment c is, if it is one.
func (f *blockFinder) marker(c *ast.Comment) (Marker, bool) {
	m, ok := ParseMarker(c.Text)
	return m, ok && m.Name == f.name
}

// list finds the regions of statement list *l, closed by header closer,
// wrapping the marked ones, then those of the lists inside it.
func (f *blockFinder) list(l *[]ast.Stmt, closer *ast.StmtHeader) {
	open := -1
	var begin *ast.Comment
	for i := 0; i < len(*l); i++ {
	doc:
		for _, c := range (*l)[i].Header().Doc {
			m, ok := f.marker(c)
			switch {
			case !ok || f.isWrapped((*l)[i]):
			case m.Begin && open >= 0:
				f.errs.Addf(f.pos(c.Slash), "checkpoint marker: region '%s' begins again before it ends (it began at line %d)", f.name, f.pos(begin.Slash).Line)
			case m.Begin:
				open, begin = i, c
			case open < 0:
				f.errs.Addf(f.pos(c.Slash), "checkpoint marker: region '%s' ends, but no begin marker comes before it in the same block of statements", f.name)
			case open == i:
				f.errs.Addf(f.pos(c.Slash), "checkpoint marker: region '%s' holds no statement", f.name)
				open = -1
			default:
				// The statement after the region is read again.
				f.wrap(l, open, i, begin, c, (*l)[i].Header())
				i, open = open, -1
				break doc
			}
		}
		f.record((*l)[i])
	}
	for _, c := range closer.Doc {
		m, ok := f.marker(c)
		switch {
		case !ok:
		case m.Begin:
			f.errs.Addf(f.pos(c.Slash), "checkpoint marker: region '%s' begins where its block of statements ends: it holds no statement", f.name)
		case open < 0:
			f.errs.Addf(f.pos(c.Slash), "checkpoint marker: region '%s' ends, but no begin marker comes before it in the same block of statements", f.name)
		default:
			f.wrap(l, open, len(*l), begin, c, closer)
			f.record((*l)[open])
			open = -1
		}
	}
	if open >= 0 {
		f.errs.Addf(f.pos(begin.Slash), "checkpoint marker: region '%s' has no end marker in the same block of statements", f.name)
	}
	for _, s := range *l {
		f.inner(s)
	}
}

// record adds s to the regions found if it is one.
func (f *blockFinder) record(s ast.Stmt) {
	b, ok := s.(*ast.BlockConstruct)
	if !ok {
		return
	}
	marker := f.isWrapped(b)
	if marker || b.Name != nil && strings.EqualFold(b.Name.Name, f.name) {
		for _, have := range f.found {
			if have.Block == b {
				return
			}
		}
		f.found = append(f.found, Block{Block: b, Unit: f.unit, Routine: f.routine, Pos: f.pos(b.Start), Marker: marker})
	}
}

// isWrapped reports whether s is a BLOCK construct wrapped from
// markers named f.name.
func (f *blockFinder) isWrapped(s ast.Stmt) bool {
	b, ok := s.(*ast.BlockConstruct)
	return ok && b.Name == nil && f.wrapped(b)
}

// wrapped reports whether b was wrapped from markers named f.name.
func (f *blockFinder) wrapped(b *ast.BlockConstruct) bool {
	has := func(doc []*ast.Comment, begin bool) bool {
		for _, c := range doc {
			if m, ok := f.marker(c); ok && m.Begin == begin {
				return true
			}
		}
		return false
	}
	return has(b.Doc, true) && has(b.End.Doc, false)
}

// wrap replaces statements (*l)[i:j] by a BLOCK construct holding them,
// moving comment begin, and the comments before it, from (*l)[i] to it
// (they are before the region: the begin marker of a region holding
// this one stays outside it), and end from header at to its END BLOCK.
func (f *blockFinder) wrap(l *[]ast.Stmt, i, j int, begin, end *ast.Comment, at *ast.StmtHeader) {
	first := (*l)[i].Header()
	k := 0
	for k < len(first.Doc) && first.Doc[k] != begin {
		k++
	}
	before := append([]*ast.Comment(nil), first.Doc[:k+1]...)
	first.Doc = append([]*ast.Comment(nil), first.Doc[k+1:]...)
	at.Doc = without(at.Doc, end)
	b := &ast.BlockConstruct{Body: append([]ast.Stmt(nil), (*l)[i:j]...), End: ast.EndStmt{Keyword: "block"}}
	b.Start, b.Doc = first.Start, before
	b.End.Start, b.End.Doc = end.Slash, []*ast.Comment{end}
	out := append(append(append([]ast.Stmt(nil), (*l)[:i]...), b), (*l)[j:]...)
	*l = out
}

func without(doc []*ast.Comment, c *ast.Comment) []*ast.Comment {
	var out []*ast.Comment
	for _, d := range doc {
		if d != c {
			out = append(out, d)
		}
	}
	return out
}

// inner finds the regions of the statement lists of construct s.
func (f *blockFinder) inner(s ast.Stmt) {
	switch s := s.(type) {
	case *ast.DoConstruct:
		f.list(&s.Body, &s.End.StmtHeader)
	case *ast.BlockConstruct:
		closer := &s.End.StmtHeader
		if f.isWrapped(s) {
			closer = &ast.StmtHeader{} // its end marker is its own
		}
		f.list(&s.Body, closer)
	case *ast.AssociateConstruct:
		f.list(&s.Body, &s.End.StmtHeader)
	case *ast.IfConstruct:
		for i, br := range s.Branches {
			closer := &s.End.StmtHeader
			if i+1 < len(s.Branches) {
				closer = &s.Branches[i+1].Head
			}
			f.list(&br.Body, closer)
		}
	case *ast.SelectCase:
		for i, c := range s.Cases {
			closer := &s.End.StmtHeader
			if i+1 < len(s.Cases) {
				closer = &s.Cases[i+1].Head
			}
			f.list(&c.Body, closer)
		}
	}
}

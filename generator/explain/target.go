package explain

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/fadj-dev/fadj/generator/analysis/activity"
	"github.com/fadj-dev/fadj/generator/analysis/tbr"
	"github.com/fadj-dev/fadj/generator/driver"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/printer"
	"github.com/fadj-dev/fadj/generator/plan"
	"github.com/fadj-dev/fadj/generator/sema"
)

func explainTarget(d *driver.Decisions, src *sources) *Target {
	t := &Target{Routine: d.Target.Routine, Mode: string(d.Target.Mode)}
	for _, v := range d.Target.Independents {
		t.Independents = append(t.Independents, v.Text)
	}
	for _, v := range d.Target.Dependents {
		t.Dependents = append(t.Dependents, v.Text)
	}
	for _, pa := range d.Activity.Procs {
		if pa.Unit == nil {
			continue
		}
		t.Versions = append(t.Versions, explainVersion(d, pa, src))
	}
	if d.Target.Mode.HasReverse() {
		t.Strategy = string(d.Target.Strategy)
		if t.Strategy == "" {
			t.Strategy = "store"
		}
		for _, dec := range d.Strategy {
			t.Decisions = append(t.Decisions, dec.String())
		}
	}
	return t
}

// version explains one version; info and the version's TBR record are
// what its notes read.
type version struct {
	d    *driver.Decisions
	info *sema.Info
	pa   *activity.ProcActivity
	pt   *tbr.ProcTBR
	// readers maps a variable to the active assignments whose adjoints
	// read it: why its old value is recorded.
	readers map[*sema.Symbol][]reader
	// loops are the DO constructs around each statement.
	loops map[ast.Stmt][]ast.Node
}

// reader is an active assignment and the loops around it.
type reader struct {
	line  int
	loops []ast.Node
}

func explainVersion(d *driver.Decisions, pa *activity.ProcActivity, src *sources) *Version {
	fset := d.Prog.Fset
	start := fset.Position(pa.Unit.Pos())
	end := fset.Position(pa.Unit.End.Pos())
	v := &Version{Name: pa.Proc.Name, File: src.rel(start.Filename)}
	if d.TBR != nil {
		v.Adjoint = adjointName(pa, d.Suffix)
	}
	for _, x := range pa.Pattern.In {
		v.In = append(v.In, x.String())
	}
	for _, x := range pa.Pattern.Out {
		v.Out = append(v.Out, x.String())
	}
	for _, x := range pa.ActiveVars() {
		v.Active = append(v.Active, x.String())
	}
	sort.Strings(v.Active)
	ver := &version{d: d, info: d.Prog.Info, pa: pa, pt: d.TBR.Version(pa),
		readers: map[*sema.Symbol][]reader{}, loops: map[ast.Stmt][]ast.Node{}}
	stmts := map[int][]ast.Stmt{} // by the line they start on
	var loops, stack []ast.Node
	ast.Inspect(&ast.Unit{Body: pa.Unit.Body}, func(n ast.Node) bool {
		if n == nil {
			if top := stack[len(stack)-1]; len(loops) > 0 && loops[len(loops)-1] == top {
				loops = loops[:len(loops)-1]
			}
			stack = stack[:len(stack)-1]
			return true
		}
		s, ok := n.(ast.Stmt)
		if _, unit := n.(*ast.Unit); !ok && !unit {
			return false // an expression: no statements inside
		}
		stack = append(stack, n)
		if !ok || !s.Pos().IsValid() {
			return true
		}
		ver.loops[s] = append([]ast.Node(nil), loops...)
		if do, ok := s.(*ast.DoConstruct); ok {
			loops = append(loops, do)
		}
		p := fset.Position(s.Pos())
		if p.Filename != start.Filename {
			return true // from an included file: not on these lines
		}
		stmts[p.Line] = append(stmts[p.Line], s)
		if as, ok := s.(*ast.AssignStmt); ok && ver.pt != nil {
			for _, r := range ver.pt.AdjointReads(as) {
				ver.readers[r.Sym] = append(ver.readers[r.Sym], reader{p.Line, ver.loops[s]})
			}
		}
		return true
	})
	text := src.lines(start.Filename)
	for n := start.Line; n <= end.Line && n > 0; n++ {
		l := &Line{N: n}
		if n <= len(text) {
			l.Text = text[n-1]
		}
		for _, s := range stmts[n] {
			l.Stmt = true
			l.Active = l.Active || pa.ActiveStmt(s)
			l.Notes = append(l.Notes, ver.notes(s, n)...)
		}
		for _, note := range l.Notes {
			switch {
			case note.Kind == Record:
				v.Records++
			case note.Kind == Checkpoint:
				v.Checkpoints++
			}
			switch {
			case note.Kind != Record:
			case note.Bytes < 0:
				v.TapeTerms = append(v.TapeTerms, note.Size)
			default:
				v.TapeBytes += note.Bytes
			}
		}
		v.Lines = append(v.Lines, l)
	}
	return v
}

// adjointName is the name the adjoint generator gives pa's routine.
func adjointName(pa *activity.ProcActivity, suffix string) string {
	name := pa.Proc.Name
	if pa.Unit.Name != nil {
		name = pa.Unit.Name.Name
	}
	name += suffix
	if pa.Index > 0 {
		name += strconv.Itoa(pa.Index + 1)
	}
	return name
}

// readersBefore are the lines of the readers of sym that may run before
// statement s on line n: those above it, and those in a loop around it.
func (v *version) readersBefore(sym *sema.Symbol, s ast.Stmt, n int) []int {
	var out []int
	for _, r := range v.readers[sym] {
		if r.line <= n || shareLoop(r.loops, v.loops[s]) {
			if len(out) == 0 || out[len(out)-1] != r.line {
				out = append(out, r.line)
			}
		}
	}
	return out
}

func shareLoop(a, b []ast.Node) bool {
	return len(a) > 0 && len(b) > 0 && a[0] == b[0]
}

// notes are the decisions about statement s, on line n.
func (v *version) notes(s ast.Stmt, n int) []Note {
	if v.pt == nil {
		return nil // tangent mode: nothing is recorded
	}
	out := v.loopNotes(s) // loops.go
	refs := v.pt.RecordBefore(s)
	if v.d.Dead[s] {
		what := "not run again in the adjoint: nothing its backward sweep reads depends on it, so it tapes nothing (0 B)"
		if len(refs) > 0 {
			what += ", not even " + exprList(refs)
		}
		return append(out, Note{Kind: Skip, Text: what})
	}
	if v.d.Recomputed[s] {
		out = append(out, v.recompute(s))
		refs = nil
	}
	for _, x := range refs {
		out = append(out, v.record(s, x, n))
	}
	if c, ok := s.(*ast.CallStmt); ok {
		out = append(out, v.call(c)...)
	}
	return out
}

// recompute explains a statement the backward sweep runs again.
func (v *version) recompute(s ast.Stmt) Note {
	as, ok := s.(*ast.AssignStmt)
	if !ok {
		return Note{Kind: Recompute, Text: "the backward sweep evaluates this again, to recompute the temporaries it assigns (0 B)"}
	}
	text := exprString(as.Lhs) + " is recomputed by the backward sweep from values it has, not taped (0 B)"
	var lines []int
	for _, r := range v.readers[baseOf(v.info, as.Lhs)] {
		if len(lines) == 0 || lines[len(lines)-1] != r.line {
			lines = append(lines, r.line)
		}
	}
	if len(lines) > 0 {
		text += "; the adjoint of " + lineList(lines) + " reads it"
	}
	return Note{Kind: Recompute, Text: text}
}

// record explains why reference x is recorded before the statement on
// line n.
func (v *version) record(s ast.Stmt, x ast.Expr, n int) Note {
	sym := baseOf(v.info, x)
	z := v.refSize(x, sym)
	why := "overwritten here; the backward sweep needs its old value"
	if lines := v.readersBefore(sym, s, n); len(lines) > 0 {
		why = "overwritten here; its old value is read by the adjoint of " + lineList(lines)
	} else if sym != nil && sym.Type != nil && sym.Type.IsInteger() {
		why = "overwritten here; the backward sweep needs its old value as a subscript or bound"
	}
	return Note{Kind: Record, Text: fmt.Sprintf("%s (%s): %s", exprString(x), z.text, why), Bytes: z.bytes, Size: z.text}
}

// call explains how a call of a version with derivatives is reversed.
func (v *version) call(c *ast.CallStmt) []Note {
	callee := v.pa.CallPattern(c)
	if callee == nil {
		return nil
	}
	name := callee.Proc.Name
	if v.d.Plan.Call(c).Mode == plan.Split {
		why := ""
		if site := v.d.Plan.Site(c); site != nil && site.State != nil {
			why = fmt.Sprintf(" (it runs %s, which a re-run would see in another state)", site.State)
		}
		return []Note{{Kind: Split, Text: fmt.Sprintf("split: %s records its own tape here, in the forward sweep; its backward sweep runs where the call is reversed%s", name, why)}}
	}
	cp := v.pt.Checkpoint(c)
	if cp == nil {
		return nil
	}
	var notes []Note
	snp, snpB := v.refsBytes(cp.Snp)
	text := fmt.Sprintf("%s runs plainly here; the backward sweep restores its snapshot and calls its adjoint %s, which runs again what it needs of %s (%s snapshots)", name, adjointName(callee, v.d.Suffix), name, cp.Decision.Snapshots)
	if site := v.d.Plan.Site(c); site != nil && site.Elemental {
		text += "; joint although split was asked: an elemental subroutine called with arrays, whose elements' adjoints each pop their own records"
	}
	notes = append(notes, Note{Kind: Checkpoint, Text: text})
	notes = append(notes, Note{Kind: Snapshot, Text: snp + ": saved here, restored before the re-run", Bytes: snpB})
	if len(cp.Sbk) > 0 {
		sbk, b := v.refsBytes(cp.Sbk)
		notes = append(notes, Note{Kind: Snapshot, Text: sbk + ": saved here for the code before the call, which the re-run overwrites", Bytes: b})
	}
	if len(cp.ReqC) > 0 {
		reqc, b := v.refsBytes(cp.ReqC)
		notes = append(notes, Note{Kind: Snapshot, Text: reqc + ": saved around the adjoint " + adjointName(callee, v.d.Suffix) + " only, for the code before the call", Bytes: b})
	}
	return notes
}

// refsBytes lists refs with their sizes, and their total (-1 if one is
// not a constant).
func (v *version) refsBytes(refs []tbr.Ref) (string, int64) {
	if len(refs) == 0 {
		return "nothing", 0
	}
	var parts []string
	var total int64
	for _, r := range refs {
		x := r.Expr
		if x == nil {
			x = &ast.Ident{Name: r.Var.Name}
		}
		var z size
		if r.Expr == nil {
			z = symSize(r.Var)
		} else {
			z = v.refSize(r.Expr, r.Var)
		}
		parts = append(parts, r.String()+" ("+z.text+")")
		total = addBytes(total, z.bytes)
	}
	return strings.Join(parts, ", "), total
}

func addBytes(a, b int64) int64 {
	if a < 0 || b < 0 {
		return -1
	}
	return a + b
}

// size is the size of a reference: bytes if constant, else -1, and as
// people read it ("8 B", "8 B × n").
type size struct {
	bytes int64
	text  string
}

// refSize is the size of reference x to variable sym: an element's for
// a scalar reference, the whole variable's for the variable itself.
func (v *version) refSize(x ast.Expr, sym *sema.Symbol) size {
	if sym == nil {
		return size{-1, "size not known"}
	}
	if v.info.Rank(x) == 0 {
		b := elemBytes(sym)
		return size{b, fmt.Sprintf("%d B", b)}
	}
	if id, ok := x.(*ast.Ident); ok && v.info.ObjectOf(id) == sym {
		return symSize(sym)
	}
	return size{-1, "a section: its extent times " + fmt.Sprintf("%d B", elemBytes(sym))}
}

// symSize is the size of a whole variable, with its extents named when
// they are not constants.
func symSize(sym *sema.Symbol) size {
	n := elemBytes(sym)
	var factors []string
	for _, d := range sym.Dims {
		if e, ok := d.Extent(); ok {
			n *= e
			continue
		}
		if d.Hi.Expr == nil {
			return size{-1, fmt.Sprintf("%d B per element, extent not known", elemBytes(sym))}
		}
		hi := exprString(d.Hi.Expr)
		switch {
		case d.Lo.Expr == nil || d.Lo.Const && d.Lo.Value == 1:
			factors = append(factors, hi)
		default:
			factors = append(factors, "("+hi+" - "+exprString(d.Lo.Expr)+" + 1)")
		}
	}
	if len(factors) == 0 {
		return size{n, fmt.Sprintf("%d B", n)}
	}
	return size{-1, fmt.Sprintf("%d B × %s", n, strings.Join(factors, " × "))}
}

func elemBytes(sym *sema.Symbol) int64 {
	t := sym.Type
	if t == nil || t.Kind == 0 || t.IsLogical() {
		return 4 // default kinds; the tape stores logicals as integers
	}
	n := int64(t.Kind)
	if t.IsComplex() {
		n *= 2
	}
	return n
}

// baseOf is the variable a designator names.
func baseOf(info *sema.Info, x ast.Expr) *sema.Symbol {
	for {
		switch y := x.(type) {
		case *ast.Ident:
			return info.ObjectOf(y)
		case *ast.CallExpr:
			x = y.Fun
		case *ast.SelectorExpr:
			x = y.X
		default:
			return nil
		}
	}
}

func lineList(lines []int) string {
	s := make([]string, len(lines))
	for i, n := range lines {
		s[i] = strconv.Itoa(n)
	}
	if len(s) == 1 {
		return "line " + s[0]
	}
	return "lines " + strings.Join(s, ", ")
}

func exprString(x ast.Expr) string { return printer.ExprString(x) }

func exprList(xs []ast.Expr) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = exprString(x)
	}
	return strings.Join(s, ", ")
}

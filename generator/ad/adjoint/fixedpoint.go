package adjoint

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/ad/tape"
	"github.com/fadj-dev/fadj/generator/analysis/fixedpoint"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/parser"
	"github.com/fadj-dev/fadj/generator/sema"
	"github.com/fadj-dev/fadj/generator/source"
)

// fixedPointLoop reverses a fixed-point loop by Christianson's two-phase
// adjoint, in the shape of section 4 of Taftaf, Hascoët and Pascual:
//
//	forward:  save the loop's outputs; the original loop, not recorded;
//	          one recording sweep of the body at convergence; mark the
//	          tape; snapshot the body's outputs (their end values)
//	backward: z̄_orig = z̄; loop: restore the end values, rewind the tape
//	          to the mark, w̄ = w̄·∂φ/∂z + z̄_orig (the body's adjoint, the
//	          parameters' adjoints put back), until delta <= tol; then
//	          x̄ += w̄·∂φ/∂x (the body's adjoint once more), z̄ = 0; restore
//	          the values before the loop.
//
// Both adjoint sweeps of the body are the same code: the contributions
// to the parameters' adjoints made inside the adjoint loop are discarded
// by restoring those adjoints each iteration.
func (g *gen) fixedPointLoop(s *ast.DoConstruct, d *fixedpoint.Decision) (fwd, bwd []ast.Stmt, err error) {
	g.nfp++
	k := strconv.Itoa(g.nfp)
	defer g.fpNestScope(k)() // fixedpoint_copy.go
	what := "fixed-point loop " + d.Name
	if err := g.fixedPointPointers(s.Body, what); err != nil {
		return nil, nil, err // fixedpoint_alias.go
	}
	g.depth++
	f, b, err := g.stmts(d.Record)
	g.depth--
	if err != nil {
		return nil, nil, err
	}
	// The adjoint iteration re-reads the tapes, not the snapshot stacks,
	// and keeps its end values on top of them: a call reversed jointly
	// in the body (its snapshot popped by each iteration) cannot be.
	if usesSnapshots(f) || popsSnapshots(b) { // fixedpoint_nest.go
		return nil, nil, notSupported("a call reversed jointly (with a snapshot) in the body of fixed-point loop %s; reverse it split (call_overrides)", d.Name)
	}
	f = g.recordingCopy(f)

	var b2 []ast.Stmt // the parameter sweep: the same code
	for _, st := range b {
		b2 = append(b2, ast.Clone(st))
	}
	var outRefs []outRef
	if err := g.modPtrSnapshot(nil, s.Body, what); err != nil {
		return nil, nil, err // ptr_module.go
	}
	for _, v := range d.Out {
		ops, err := g.snapOps(v, s.Body, what) // snap_ops.go
		if err != nil {
			return nil, nil, err
		}
		if err := g.keptAllocations(v, s.Body, what, ops); err != nil {
			return nil, nil, err
		}
		if len(ops) > 0 {
			outRefs = append(outRefs, outRef{v, ops})
		}
	}
	fp := &fpCode{g: g, d: d, k: k, out: outRefs}
	for _, v := range d.State {
		if g.hasAdj(v) {
			fp.state = append(fp.state, v)
		}
	}
	for _, v := range d.Params {
		if g.hasAdj(v) {
			fp.params = append(fp.params, v)
		}
	}
	if err := fp.derivedFixed(s); err != nil { // fixedpoint_derived.go
		return nil, nil, err
	}
	if err := fp.classifyParts(f, d.Record); err != nil { // fixedpoint_mask.go
		return nil, nil, err
	}
	sweep := fp.stateSweep(b)
	b2 = fp.paramsSweep(b2)
	f, sweep, b2 = dropRecords(f, sweep, b2)
	f, mpush, mpop := fp.markParts(f) // fixedpoint_mask.go
	fp.restoreSets(b, sweep)
	// (After restoreSets: a pop run once is not a value to restore.)
	sweep = popFirstOnly(sweep, "fadj_fpi"+k)
	if f, err = fp.copyMark(f, sweep); err != nil { // fixedpoint_copy.go
		return nil, nil, err
	}
	if err := fp.declare(); err != nil {
		return nil, nil, err
	}
	orig := ast.Clone(s)
	fwd = append(fwd, fp.ops(tape.Push, false)...)
	if d.Check {
		pre, post := fp.flowCheck(orig)
		fwd = append(append(append(fwd, pre...), orig), post...)
	} else {
		fwd = append(fwd, orig)
	}
	csave, crestore := fp.counterSaves(d.Record) // fp_record_counters.go
	fwd = append(append(fwd, csave...), f...)
	mark := ast.NewIdent("fadj_fpm" + k)
	markOp := tape.Op{Kind: tape.Push, Type: tape.I8, Ref: mark, Count: tape.Size(ast.NewIdent(mark.Name))}
	// The mark goes on the tape above the segment it ends: a loop around
	// the fixed-point loop has one segment per visit.
	fwd = append(fwd, tape.Mark(mark), tape.Lower(markOp))
	fwd = append(append(fwd, fp.zPush(false)...), mpush...)
	fwd = append(fwd, fp.endValues()...) // fixedpoint_nest.go
	if d.Warm {
		fwd = append(fwd, parseStmts(fmt.Sprintf("fadj_fpws%s = 0", k))...)
	}
	fwd = append(fwd, crestore...)
	if len(fwd) > 0 {
		fwd[0] = ast.Copy(fwd[0])
		fwd[0].Header().Label, fwd[0].Header().Doc = s.Label, s.Doc
		orig.StmtHeader = ast.StmtHeader{}
		if len(fwd) == 1 {
			orig.StmtHeader = s.StmtHeader
		}
	}
	bwd = append(append(append(mpop, fp.zPush(true)...), tape.Lower(markOp.Inverse())), fp.shiftMarks()...)
	bwd = append(append(append(fp.shiftStart(b), fp.endValuesBack()...), bwd...), fp.backward(sweep, b2)...) // fixedpoint_nest.go
	return fwd, bwd, nil
}

type outRef struct {
	v   *sema.Symbol
	ops []snapOp
}

// fpCode builds the code of one fixed-point loop, numbered k.
type fpCode struct {
	g   *gen
	d   *fixedpoint.Decision
	k   string
	out []outRef
	// restore are the outputs whose end values the body's adjoint needs
	// put back before it runs (snapshot after the recording sweep);
	// inLoop, the last of them, those the adjoint iteration's sweep
	// itself changes, put back before each iteration.
	restore, inLoop []outRef
	state, params   []*sema.Symbol
	// savedParams are the parameters whose adjoints the sweep still
	// changes (through a call): saved before the adjoint iteration and
	// put back after it.
	savedParams []*sema.Symbol
	// copy: the adjoint iteration pops a copy of the recorded iteration
	// (fixedpoint_copy.go).
	copy bool
	// parts are the state's parts, by how the body defines them
	// (fixedpoint_mask.go).
	parts map[*sema.Symbol][]*fpPart
}

// restoreSets sets restore, from the body's adjoint b, and inLoop, from
// the adjoint iteration's sweep: only what a sweep changes and reads
// before changing it needs its end value put back.
func (fp *fpCode) restoreSets(b, sweep []ast.Stmt) {
	needs := func(list []ast.Stmt) func(string) bool {
		ch, rf := changed(list), readFirst(list)
		return func(v string) bool { return ch["*"] || rf["*"] || ch[v] && rf[v] }
	}
	all, loop := needs(b), needs(sweep)
	var rest []outRef
	for _, r := range fp.out {
		switch v := strings.ToLower(r.v.Name); {
		case loop(v):
			fp.inLoop = append(fp.inLoop, r)
		case all(v):
			rest = append(rest, r)
		}
	}
	fp.restore = append(rest, fp.inLoop...)
	// A call in the sweep may change adjoints it is not passed: an
	// internal procedure's backward routine, through host association.
	calls := readFirst(sweep)["*"]
	for _, v := range fp.params {
		if calls || references(sweep, fp.g.aname(v)) {
			fp.savedParams = append(fp.savedParams, v)
		}
	}
}

// readFirst returns the names of the primal variables list may read
// before it changes them (by a pop or an assignment): the end values it
// needs restored before each adjoint iteration. "*" if it calls a
// procedure other than the runtime's, which may read and change anything
// it reaches. Within one statement reads count first. Adjoint names never
// match a primal variable's.
func readFirst(list []ast.Stmt) map[string]bool {
	out, defined := map[string]bool{}, map[string]bool{}
	base := func(x ast.Expr) string {
		for {
			switch e := x.(type) {
			case *ast.Ident:
				return strings.ToLower(e.Name)
			case *ast.CallExpr:
				x = e.Fun
			case *ast.SelectorExpr:
				x = e.X
			default:
				return ""
			}
		}
	}
	for _, s := range list {
		if op, ok := tape.Of(s); ok && !op.Kind.IsPush() {
			defined[base(op.Ref)] = true
			continue
		}
		var defs []string
		ast.Inspect(s, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.Ident:
				if name := strings.ToLower(n.Name); !defined[name] {
					out[name] = true
				}
			case *ast.AssignStmt:
				defs = append(defs, base(n.Lhs))
			case *ast.CallStmt:
				if op, ok := tape.Of(n); ok && !op.Kind.IsPush() {
					defs = append(defs, base(op.Ref))
				} else if !ok && !isRuntimeNoop(n) {
					out["*"] = true
				}
			}
			return true
		})
		for _, d := range defs {
			defined[d] = true
		}
	}
	return out
}

// changed returns the names of the variables list assigns or pops into.
func changed(list []ast.Stmt) map[string]bool {
	out := map[string]bool{}
	ast.Inspect(&ast.Unit{Body: list}, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			ast.Inspect(n.Lhs, func(m ast.Node) bool {
				if id, ok := m.(*ast.Ident); ok {
					out[strings.ToLower(id.Name)] = true
					return false
				}
				return true
			})
		case *ast.CallStmt:
			if op, ok := tape.Of(n); ok && !op.Kind.IsPush() {
				ast.Inspect(op.Ref, func(m ast.Node) bool {
					if id, ok := m.(*ast.Ident); ok {
						out[strings.ToLower(id.Name)] = true
						return false
					}
					return true
				})
			} else if !ok && !isRuntimeNoop(n) {
				out["*"] = true
			}
		}
		return true
	})
	return out
}

// ops returns the pushes (kind Push or SnapPush) of the loop's outputs in
// order, or with pop the pops of their inverse kind in reverse order: all
// of them for Push, those the body's adjoint changes for SnapPush.
func (fp *fpCode) ops(kind tape.Kind, pop bool) []ast.Stmt {
	list := fp.out
	if kind == tape.SnapPush {
		list = fp.restore
	}
	return opsOf(list, kind, pop)
}

// opsOf returns the pushes of kind of list in order, or with pop their
// pops in reverse order.
func opsOf(list []outRef, kind tape.Kind, pop bool) []ast.Stmt {
	var out []ast.Stmt
	for _, r := range list {
		for _, op := range r.ops {
			if pop {
				out = append(fpOpStmts(op, kind.Inverse()), out...)
			} else {
				out = append(out, fpOpStmts(op, kind)...)
			}
		}
	}
	return out
}

// declare declares the loop's locals: the mark, the counters, delta, and
// per state variable the copies z̄_orig, the previous iterate, and for a
// warm start the last converged iterate.
func (fp *fpCode) declare() error {
	g, k := fp.g, fp.k
	copies := []string{"o", "p"}
	if fp.d.Warm {
		copies = append(copies, "w")
		g.decls = append(g.decls, parseDecls(fmt.Sprintf("integer :: fadj_fpws%s", k))...)
	}
	g.decls = append(g.decls, parseDecls(fmt.Sprintf("integer(8) :: fadj_fpm%s(%d)\ninteger :: fadj_fpi%s\nreal(8) :: fadj_fpd%s, fadj_fpn%s", k, tape.MarkLen, k, k, k))...)
	// The measures of the change: the next iteration measuring, the
	// last measure's iteration and delta, the update's mode.
	g.decls = append(g.decls, parseDecls(strings.ReplaceAll("integer :: fadj_fptK, fadj_fplK, fadj_fpkK\nreal(8) :: fadj_fpeK", "K", k))...)
	for _, v := range fp.state {
		for _, c := range copies {
			if err := fp.copyDecl(c, v, "state variable"); err != nil {
				return err
			}
		}
	}
	for _, v := range fp.params {
		if err := fp.copyDecl("s", v, "parameter"); err != nil {
			return err
		}
	}
	return nil
}

// copyDecl declares copy c of the adjoint of v, of its type and shape.
func (fp *fpCode) copyDecl(c string, v *sema.Symbol, what string) error {
	g := fp.g
	if _, ok := tape.TypeOf(v.Type); !ok && !decl.IsDerived(v.Type) {
		return notSupported("%s '%s' of type %s in a fixed-point loop", what, v.Name, v.Type)
	}
	dc, err := g.decl(v)
	if err != nil {
		return err
	}
	td := ast.Copy(dc).(*ast.TypeDecl)
	td.Attrs = nil
	e := *td.Entities[0]
	e.Name = ast.NewIdent(fp.copyName(c, v))
	deferred := false
	for _, dim := range e.Dims {
		if dim.Hi != nil && isStar(dim.Hi) {
			return notSupported("%s '%s' of assumed size in a fixed-point loop", what, v.Name)
		}
		deferred = deferred || dim.Hi == nil
	}
	if deferred {
		// Assumed shape (or allocatable): an allocatable copy, which
		// its first assignment, whole from the adjoint, allocates.
		e.Dims = nil
		for range v.Dims {
			e.Dims = append(e.Dims, &ast.Dim{Colon: true})
		}
		td.Attrs = []*ast.Attr{{Kind: ast.AttrAllocatable}}
	}
	td.Entities = []*ast.Entity{&e}
	g.decls = append(g.decls, td)
	return nil
}

func isStar(x ast.Expr) bool {
	_, ok := x.(*ast.StarExpr)
	return ok
}

func (fp *fpCode) copyName(c string, v *sema.Symbol) string {
	return "fadj_fp" + fp.k + c + "_" + v.Name
}

// red is reduction f of x over variable v: x itself for a scalar.
func red(f, x string, v *sema.Symbol) string {
	if v.Rank() == 0 {
		return x
	}
	return f + "(" + x + ")"
}

func fortranReal(x float64) string {
	s := strconv.FormatFloat(x, 'e', -1, 64)
	return strings.Replace(s, "e", "d", 1)
}

// wholeOp is the tape operation (its Kind to be set) saving variable v
// whole; false for a character variable, which no derivative reads.
func (g *gen) wholeOp(v *sema.Symbol, what string) (tape.Op, bool, error) {
	if v.Type != nil && v.Type.IsCharacter() {
		return tape.Op{}, false, nil
	}
	typ, ok := tape.TypeOf(v.Type)
	if !ok {
		return tape.Op{}, false, notSupported("variable '%s' of type %s defined by %s: no tape for it", v.Name, v.Type, what)
	}
	ref, err := g.wholeRef(v, what)
	if err != nil {
		return tape.Op{}, false, err
	}
	op := tape.Op{Type: typ, Ref: ref}
	if v.Rank() > 0 {
		for _, d := range v.Dims {
			if d.Kind == sema.AssumedSize {
				return tape.Op{}, false, notSupported("assumed-size array '%s' defined by %s", v.Name, what)
			}
		}
		op.Count = tape.Size(ref)
	}
	return op, true, nil
}

// parseStmts parses generated statements, free form, without positions.
func parseStmts(src string) []ast.Stmt {
	if strings.TrimSpace(src) == "" {
		return nil
	}
	u := parseSnippet(src)
	return u.Body
}

// parseDecls parses generated declarations.
func parseDecls(src string) []ast.Stmt {
	return parseSnippet(src).Decls
}

func parseSnippet(src string) *ast.Unit {
	fset := source.NewFileSet()
	f, err := parser.ParseFile(fset, "fadj_fixedpoint.f90", []byte("subroutine fadj_snippet\n"+src+"\nend subroutine\n"), parser.Config{})
	if err != nil || len(f.Units) != 1 {
		panic(fmt.Sprintf("adjoint: generated code does not parse: %v\n%s", err, src))
	}
	u := f.Units[0]
	ast.Inspect(u, func(n ast.Node) bool {
		if s, ok := n.(ast.Stmt); ok {
			*s.Header() = ast.StmtHeader{}
		}
		return true
	})
	return u
}

// usesSnapshots reports whether list holds a snapshot stack operation.
func usesSnapshots(list []ast.Stmt) bool {
	found := false
	ast.Inspect(&ast.Unit{Body: list}, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallStmt); ok {
			if op, isOp := tape.Of(c); isOp && op.Kind.IsSnapshot() {
				found = true
			}
		}
		return !found
	})
	return found
}

// recordingCopy returns the recording sweep f, run after the original
// loop, without its labels and FORMATs and with construct names of its
// own.
func (g *gen) recordingCopy(f []ast.Stmt) []ast.Stmt {
	// The recording sweep runs after the original loop: its labels would
	// be defined twice (no jump may enter or leave the body).
	for i := range f {
		f[i] = ast.Clone(f[i]) // f may hold the original statements
		ast.Inspect(f[i], func(n ast.Node) bool {
			if st, ok := n.(ast.Stmt); ok {
				if _, format := st.(*ast.FormatStmt); !format {
					st.Header().Label = 0
					clearBranchLabel(st) // branch_labels.go
				}
			}
			if do, ok := n.(*ast.DoConstruct); ok && do.TermLabel != 0 {
				do.TermLabel = 0
				do.End = ast.EndStmt{Keyword: "do"}
			}
			return true
		})
	}
	f = dropFormats(f) // the original loop keeps them (binomial_format.go)
	// Nor its construct names (a nested fixed-point loop's, run again).
	if named(f) {
		f = g.freshCopy(f) // binomial_far.go
	}
	return f
}

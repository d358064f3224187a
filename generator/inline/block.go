package inline

import (
	"strconv"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// BlockLocals hoists the local variables and named constants that BLOCK
// constructs declare into their procedure, renamed where the name is
// taken there (x_blk1, x_<block name>), and leaves the constructs without
// declarations: the differentiators then declare their derivatives as
// any local's, and a checkpointed BLOCK holds no declarations. For a
// conforming program this changes nothing: a BLOCK local is undefined on
// each entry (so no execution reads a value the previous one left), and
// one with an initialiser or SAVE is saved as the hoisted one is. The
// derivatives are undefined, or zero, on entry alike: a value is written
// before it is read, and its derivative with it.
//
// A BLOCK keeps its declarations (which the differentiators reject when
// it is active) in a parallel construct of the procedure (its locals are
// private to a thread there: block_omp.go), in a DO CONCURRENT that cannot run as its
// DO nest (block_concurrent.go), and if one is not a type declaration,
// declares an ALLOCATABLE variable with SAVE, or has a bound, length or
// kind that reads anything but named constants, intrinsic inquiries and
// dummies the procedure never defines (an automatic array sized by a
// local computed before the block would be sized on entry to the
// procedure: block_automatic.go makes it ALLOCATABLE). An ALLOCATABLE
// local of a block that may run more than once per call (runOnce) is
// freed at the start of each run (the block's own is deallocated at each
// end); a POINTER local moves as it is (undefined on each entry).
func BlockLocals(prog *sema.Program) {
	if prog == nil || prog.Info == nil {
		return
	}
	x := &expander{info: prog.Info}
	for _, f := range prog.Files {
		for _, u := range f.Units {
			x.blockLocals(u)
		}
	}
}

func (x *expander) blockLocals(u *ast.Unit) {
	for _, p := range u.Procs {
		x.blockLocals(p)
	}
	us := x.info.Scopes[u]
	if us == nil || (u.Kind != ast.SubroutineUnit && u.Kind != ast.FunctionUnit) {
		return
	}
	h := &hoister{x: x, u: u, scope: us}
	// (The body only: contained procedures' BLOCKs are theirs.)
	ast.Inspect(&ast.Unit{Body: u.Body}, func(n ast.Node) bool {
		if b, ok := n.(*ast.BlockConstruct); ok {
			h.blocks = append(h.blocks, b)
		}
		return true
	})
	var omp map[*ast.BlockConstruct]bool
	if hasOmp(u) {
		omp = h.ompBlocks() // block_omp.go: locals private to a thread stay
	}
	h.private = h.serialConcurrent() // block_concurrent.go
	for b := range omp {
		h.private[b] = true
	}
	h.once = h.runOnce()
	for _, b := range h.blocks {
		h.hoist(b)
	}
}

// hoister moves the BLOCK locals of one procedure.
type hoister struct {
	x      *expander
	u      *ast.Unit
	scope  *sema.Scope
	blocks []*ast.BlockConstruct
	names  map[string]bool // identifiers of the procedure (lower case)
	n      int
	// once holds the BLOCKs that run at most once per call (runOnce).
	once map[*ast.BlockConstruct]bool
	// private holds the BLOCKs of DO CONCURRENTs that stay such
	// (serialConcurrent): their locals are an iteration's.
	private map[*ast.BlockConstruct]bool
}

// runOnce returns the BLOCKs of the procedure that run at most once per
// call: outside any DO loop, in a procedure without GO TOs (a backward
// one is a loop) and whose locals are not all saved. An ALLOCATABLE local
// of such a block may move: deallocated at the block's end, the hoisted
// one is at the procedure's (no conforming code sees it in between), and
// it is unallocated on the block's only entry as the original is.
func (h *hoister) runOnce() map[*ast.BlockConstruct]bool {
	if h.scope.SaveAll() {
		return nil
	}
	inLoop := map[*ast.BlockConstruct]bool{}
	jumps := false
	ast.Inspect(&ast.Unit{Body: h.u.Body}, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.DoConstruct:
			ast.Inspect(&ast.Unit{Body: n.Body}, func(m ast.Node) bool {
				if b, ok := m.(*ast.BlockConstruct); ok {
					inLoop[b] = true
				}
				return true
			})
		case *ast.GotoStmt, *ast.ComputedGotoStmt, *ast.AssignedGotoStmt, *ast.ArithIfStmt:
			jumps = true
		}
		return true
	})
	if jumps {
		return nil
	}
	once := map[*ast.BlockConstruct]bool{}
	for _, b := range h.blocks {
		once[b] = !inLoop[b]
	}
	return once
}

// hoist moves b's declarations into the procedure if they qualify.
func (h *hoister) hoist(b *ast.BlockConstruct) {
	bs := h.x.info.Scopes[b]
	if bs == nil || len(b.Decls) == 0 || h.private[b] || !h.qualifies(b) {
		return
	}
	if h.names == nil {
		h.names = map[string]bool{}
		ast.Inspect(h.u, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				h.names[id.Lower()] = true
			}
			return true
		})
	}
	renamed := map[*sema.Symbol]string{}
	for _, sym := range append([]*sema.Symbol(nil), bs.Symbols()...) {
		name := sym.Name
		if h.taken(b, sym) {
			name = h.fresh(b, sym.Name)
			renamed[sym] = name
		}
		h.names[name] = true
		bs.MoveTo(sym, h.scope, name)
	}
	if len(renamed) > 0 {
		ast.Inspect(b, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				if name, ok := renamed[h.x.info.ObjectOf(id)]; ok {
					id.Name = name
				}
			}
			return true
		})
	}
	var allocs []ast.Stmt
	for _, d := range b.Decls {
		td, ok := d.(*ast.TypeDecl)
		if !ok {
			continue
		}
		if !h.specOK(td) {
			allocs = append(allocs, h.makeAllocatable(td)...) // block_automatic.go
			continue
		}
		allocs = append(allocs, h.reinits(b, td)...) // block_decl_init.go
		for _, e := range td.Entities {
			// An ALLOCATABLE local is unallocated on each entry to
			// its block (deallocated at each end).
			if s := h.x.info.Defs[e.Name]; !h.once[b] && s.Attrs&sema.AttrAllocatable != 0 {
				allocs = append(allocs, h.x.freeIfAllocated(s, e.Name.Name))
			}
		}
	}
	b.Body = append(allocs, b.Body...)
	h.u.Decls = append(h.u.Decls, b.Decls...)
	b.Decls = nil
}

// taken reports whether sym's name names something else in the
// procedure or its hosts, or appears outside b.
func (h *hoister) taken(b *ast.BlockConstruct, sym *sema.Symbol) bool {
	if s := h.scope.Lookup(sym.Name); s != nil && s != sym {
		return true
	}
	outside := false
	ast.Inspect(h.u, func(n ast.Node) bool {
		if n == ast.Node(b) || outside {
			return false
		}
		if id, ok := n.(*ast.Ident); ok && id.Lower() == sym.Name && h.x.info.ObjectOf(id) != sym {
			outside = true
		}
		return true
	})
	return outside
}

// fresh returns a name for a local name of b that the procedure does not
// use.
func (h *hoister) fresh(b *ast.BlockConstruct, name string) string {
	if b.Name != nil {
		if n := name + "_" + b.Name.Lower(); !h.names[n] && h.scope.Lookup(n) == nil && len(n) <= 63 {
			return n
		}
	}
	for {
		h.n++
		if n := name + "_blk" + strconv.Itoa(h.n); !h.names[n] && h.scope.Lookup(n) == nil {
			return n
		}
	}
}

// qualifies reports whether b's declarations can move to the procedure.
func (h *hoister) qualifies(b *ast.BlockConstruct) bool {
	bs := h.x.info.Scopes[b]
	for _, d := range b.Decls {
		if def, ok := d.(*ast.TypeDef); ok {
			if !h.typeDefMoves(b, def) { // block_typedef.go
				return false
			}
			continue
		}
		td, ok := d.(*ast.TypeDecl)
		if !ok || td.Type == nil || td.Type.Kind == ast.Class {
			return false
		}
		for _, e := range td.Entities {
			s := h.x.info.Defs[e.Name]
			if s == nil || s.Owner != bs || s.Kind != sema.VarSym && s.Kind != sema.ConstSym {
				return false
			}
			if s.Attrs&sema.AttrAllocatable != 0 && s.Attrs&sema.AttrSave != 0 {
				return false // allocated from one call to the next
			}
		}
		if !h.specOK(td) && !h.automatic(b, td) { // block_automatic.go
			return false
		}
	}
	for _, s := range bs.Symbols() {
		if s.Kind != sema.VarSym && s.Kind != sema.ConstSym && !h.movedType(b, s) {
			return false // a derived type, a procedure, a construct name
		}
	}
	return true
}

// specOK reports whether the kinds, lengths and bounds of td read only
// named constants, intrinsic references and dummies the procedure never
// defines.
func (h *hoister) specOK(td *ast.TypeDecl) bool {
	exprs := []ast.Node{td.Type}
	dims := func(list []*ast.Dim) {
		for _, d := range list {
			for _, x := range []ast.Expr{d.Lo, d.Hi} {
				if x != nil {
					exprs = append(exprs, x)
				}
			}
		}
	}
	for _, a := range td.Attrs {
		dims(a.Dims)
	}
	for _, e := range td.Entities {
		dims(e.Dims)
		if e.CharLen != nil {
			exprs = append(exprs, e.CharLen)
		}
	}
	ok := true
	for _, n := range exprs {
		ast.Inspect(n, func(n ast.Node) bool {
			if !ok {
				return false
			}
			switch n := n.(type) {
			case *ast.KeywordArg:
				ast.Inspect(n.Value, func(m ast.Node) bool { ok = ok && h.specNode(m); return ok })
				return false
			case *ast.CallExpr:
				if c, found := h.x.info.Calls[n]; !found || !c.IsIntrinsic() {
					ok = false
					return false
				}
				for _, a := range n.Args {
					ast.Inspect(a, func(m ast.Node) bool { ok = ok && h.specNode(m); return ok })
				}
				return false
			}
			ok = h.specNode(n)
			return ok
		})
	}
	return ok
}

// specNode reports whether node n of a specification may move: an
// identifier must be a named constant or a dummy the procedure never
// defines.
func (h *hoister) specNode(n ast.Node) bool {
	switch n := n.(type) {
	case *ast.CallExpr:
		c, found := h.x.info.Calls[n]
		if !found || !c.IsIntrinsic() {
			return false
		}
		for _, a := range n.Args {
			ok := true
			ast.Inspect(a, func(m ast.Node) bool { ok = ok && h.specNode(m); return ok })
			if !ok {
				return false
			}
		}
		return true
	case *ast.Ident:
		s := h.x.info.ObjectOf(n)
		if s == nil {
			return false
		}
		switch s.Kind {
		case sema.ConstSym:
			return true
		case sema.TypeSym:
			return true // not one the block defines (qualifies)
		case sema.VarSym:
			return s.IsDummy() && s.Owner == h.scope && s.Intent == ast.IntentIn &&
				s.Attrs&(sema.AttrAllocatable|sema.AttrPointer|sema.AttrOptional) == 0
		}
		return false
	}
	return true
}

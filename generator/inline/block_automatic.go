package inline

import (
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// An automatic array of a BLOCK sized by a variable (block; real(wp) ::
// lim(self%n) ... end block): hoisted as it is, it would be sized on entry
// to the procedure, from the variable's value there. It becomes an
// ALLOCATABLE local of the procedure, allocated with its bounds at the
// start of the block, where the original is sized (and freed first if an
// earlier run of the block left it allocated: the original is undefined
// on each entry, so nothing reads what that run left).

// automatic reports whether type declaration td of block b declares only
// arrays that may move as such allocatables: variables of explicit
// shape, without initialiser, SAVE, ALLOCATABLE or POINTER, whose type
// parameters qualify (specOK).
func (h *hoister) automatic(b *ast.BlockConstruct, td *ast.TypeDecl) bool {
	bare := &ast.TypeDecl{Type: td.Type}
	for _, a := range td.Attrs {
		switch a.Kind {
		case ast.AttrDimension:
		case ast.AttrTarget, ast.AttrVolatile, ast.AttrContiguous:
			bare.Attrs = append(bare.Attrs, a)
		default:
			return false // (SAVE, ALLOCATABLE, POINTER, PARAMETER ...)
		}
	}
	if !h.specOK(bare) {
		return false
	}
	for _, e := range td.Entities {
		s := h.x.info.Defs[e.Name]
		if s == nil || s.Kind != sema.VarSym || e.Init != nil || e.CharLen != nil || s.Rank() == 0 || s.Attrs&(sema.AttrSave|sema.AttrData) != 0 {
			return false
		}
		for _, d := range s.Dims {
			if d.Kind != sema.ExplicitShape {
				return false
			}
		}
	}
	return true
}

// makeAllocatable turns the arrays of td (automatic said yes) into
// ALLOCATABLE ones of deferred shape and returns the statements
// allocating them with their original bounds, to start block b.
func (h *hoister) makeAllocatable(td *ast.TypeDecl) []ast.Stmt {
	var shape []*ast.Dim
	var attrs []*ast.Attr
	for _, a := range td.Attrs {
		if a.Kind == ast.AttrDimension {
			shape = a.Dims
			continue
		}
		attrs = append(attrs, a)
	}
	td.Attrs = append(attrs, &ast.Attr{Kind: ast.AttrAllocatable})
	td.DColon = true
	var out []ast.Stmt
	for _, e := range td.Entities {
		dims := e.Dims
		if dims == nil {
			dims = shape
		}
		s := h.x.info.Defs[e.Name]
		var bounds []ast.Expr
		for _, d := range dims {
			lo := d.Lo
			if lo == nil {
				lo = intLit(1)
			}
			bounds = append(bounds, &ast.RangeExpr{Lo: lo, Hi: d.Hi})
		}
		e.Dims = make([]*ast.Dim, len(dims))
		for i := range e.Dims {
			e.Dims[i] = &ast.Dim{Colon: true}
		}
		s.Attrs |= sema.AttrAllocatable
		for i := range s.Dims {
			s.Dims[i] = sema.Dim{Kind: sema.DeferredShape}
		}
		out = append(out, h.x.freeIfAllocated(s, e.Name.Name))
		obj := &ast.CallExpr{Fun: h.x.use(s, e.Name.Name), Args: bounds}
		h.x.info.Calls[obj] = sema.Call{Kind: sema.AllocateShape, Proc: s}
		out = append(out, &ast.AllocateStmt{Keyword: "allocate", Objects: []ast.Expr{obj}})
	}
	return out
}

// use returns a new identifier naming variable s.
func (x *expander) use(s *sema.Symbol, name string) *ast.Ident {
	id := ast.NewIdent(name)
	x.info.Uses[id] = s
	return id
}

// freeIfAllocated returns IF (ALLOCATED(name)) DEALLOCATE(name), name
// naming s.
func (x *expander) freeIfAllocated(s *sema.Symbol, name string) ast.Stmt {
	fun := ast.NewIdent("allocated")
	call := &ast.CallExpr{Fun: fun, Args: []ast.Expr{x.use(s, name)}}
	proc := allocatedIntrinsic(x.info)
	x.info.Uses[fun] = proc
	x.info.Calls[call] = sema.Call{Kind: sema.FunctionCall, Proc: proc, Type: sema.BasicType(sema.LogicalType, 4)}
	return &ast.IfStmt{Cond: call, Action: &ast.AllocateStmt{Keyword: "deallocate", Objects: []ast.Expr{x.use(s, name)}}}
}

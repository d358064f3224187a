package sema

import (
	"strings"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
)

// Primal copies of procedures reaching moved SAVEd state.
//
// The derivative code keeps its own copy of the state SavedToCommon
// moves (legacy_saved_common.go), so it must not run the user's
// procedure: a passive call (a diagnostic CALL DIAG(K), whose DIAG
// calls STATS(2, ...) to report) or a call run as written would read
// the user's state, which the derivative code never updates. Such calls
// call instead copies of the analysed procedures, in which the state is
// the block the derivative code declares: DIAG_FADJP calling
// STATS_FADJP, added to the generated file. A procedure is copied when
// it is an external subroutine or function with a body, not a copy of
// fadj's own (per dummy procedure, per alternate return), and passes no
// procedure reaching the state as an actual argument; otherwise the
// call stays rejected.

// primalSuffix ends the names of the primal copies.
const primalSuffix = "_fadjp"

// primalCopies makes the copies for the calls in f of the procedures
// in need (lower case), which reach state whose derivative code keeps a
// copy (reach, copied), and renames those calls. It returns the names
// it could not copy, whose calls stay rejected.
func primalCopies(f *ast.File, prog *Program, need map[string]bool, reach map[string]map[string]bool, copied map[string]bool) map[string]bool {
	reaches := func(name string) bool {
		for by := range reach[name] {
			if copied[by] {
				return true
			}
		}
		return false
	}
	nodes := map[string]*CGNode{}
	if prog.Info != nil && prog.Info.CallGraph != nil {
		for _, n := range prog.Info.CallGraph.Nodes {
			nodes[n.Proc.Name] = n
		}
	}
	// The procedures to copy: need and the callees reaching the state.
	all := map[string]bool{}
	var order []string
	var add func(name string)
	add = func(name string) {
		if all[name] {
			return
		}
		all[name] = true
		order = append(order, name)
		if n := nodes[name]; n != nil {
			for _, c := range n.Callees {
				if reaches(c.Proc.Name) {
					add(c.Proc.Name)
				}
			}
		}
	}
	for _, name := range sortedKeys(need) {
		add(name)
	}
	taken := prog.globalNames()
	for _, name := range order {
		if !prog.primalCopyable(nodes[name], reaches, taken) {
			return need
		}
	}
	rename := map[string]string{}
	for _, name := range order {
		rename[name] = name + primalSuffix
	}
	for _, u := range f.Units {
		renameCalls(u, rename)
	}
	for _, name := range order {
		u := ast.Clone(nodes[name].Proc.Proc.Unit)
		own := rename[name]
		u.Name = &ast.Ident{NamePos: u.Name.NamePos, Name: own}
		if u.Kind == ast.FunctionUnit { // its result variable
			ast.Inspect(u, func(n ast.Node) bool {
				if id, ok := n.(*ast.Ident); ok && id.Lower() == name {
					id.Name = own
				}
				return true
			})
		}
		renameCalls(u, rename)
		f.Units = append(f.Units, u)
	}
	return nil
}

// primalCopyable reports whether the procedure of node n can be copied
// (see above).
func (p *Program) primalCopyable(n *CGNode, reaches func(string) bool, taken map[string]bool) bool {
	if n == nil || n.Proc.Proc == nil || n.Proc.Proc.Unit == nil || n.Proc.Proc.Kind != ProcExternal || taken[n.Proc.Name+primalSuffix] {
		return false
	}
	if k := n.Proc.Proc.Unit.Kind; k != ast.SubroutineUnit && k != ast.FunctionUnit {
		return false
	}
	if _, ok := p.Clones[n.Proc.Name]; ok {
		return false
	}
	if _, ok := p.AltReturns[n.Proc.Name]; ok {
		return false
	}
	for _, r := range n.Refs {
		if reaches(r.Proc.Name) {
			return false
		}
	}
	return true
}

// globalNames returns the names (lower case) of the program units.
func (p *Program) globalNames() map[string]bool {
	out := map[string]bool{}
	for _, f := range p.Files {
		for _, u := range f.Units {
			if u.Name != nil {
				out[u.Name.Lower()] = true
			}
		}
	}
	return out
}

// renameCalls renames in u (and its internal procedures) the calls and
// function references of the procedures rename names, and the
// declarations of their names (a function's type, EXTERNAL).
func renameCalls(u *ast.Unit, rename map[string]string) {
	re := func(id *ast.Ident) {
		if to, ok := rename[id.Lower()]; ok {
			id.Name = to
		}
	}
	ast.Inspect(&ast.Unit{Body: u.Body}, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallStmt:
			if id, ok := n.Name.(*ast.Ident); ok {
				re(id)
			}
		case *ast.CallExpr:
			if id, ok := n.Fun.(*ast.Ident); ok && !declaresArray(u, id.Lower()) {
				re(id)
			}
		}
		return true
	})
	for i, st := range u.Decls {
		switch d := st.(type) {
		case *ast.TypeDecl:
			if c, changed := renamedEntities(d.Entities, rename); changed {
				td := *d // (the generated code may share the user's statement)
				td.Entities = c
				u.Decls[i] = &td
			}
		case *ast.AttrStmt:
			if d.Attr != nil && d.Attr.Kind == ast.AttrExternal {
				if c, changed := renamedEntities(d.Entities, rename); changed {
					as := *d
					as.Entities = c
					u.Decls[i] = &as
				}
			}
		}
	}
	for _, c := range u.Procs {
		renameCalls(c, rename)
	}
}

// renamedEntities returns list with the names rename names renamed, and
// whether one was.
func renamedEntities(list []*ast.Entity, rename map[string]string) ([]*ast.Entity, bool) {
	changed := false
	out := make([]*ast.Entity, len(list))
	for i, e := range list {
		out[i] = e
		if e.Name == nil {
			continue
		}
		if to, ok := rename[strings.ToLower(e.Name.Name)]; ok {
			c := *e
			c.Name = &ast.Ident{NamePos: e.Name.NamePos, Name: to}
			out[i] = &c
			changed = true
		}
	}
	return out, changed
}

// calledReaching returns the procedures (lower case) f calls or
// references that reach state copied keeps a copy of.
func calledReaching(f *ast.File, reach map[string]map[string]bool, copied map[string]bool) map[string]bool {
	out := map[string]bool{}
	for _, u := range f.Units {
		ast.Inspect(u, func(n ast.Node) bool {
			var id *ast.Ident
			switch n := n.(type) {
			case *ast.CallStmt:
				id, _ = n.Name.(*ast.Ident)
			case *ast.CallExpr:
				id, _ = n.Fun.(*ast.Ident)
			}
			if id == nil {
				return true
			}
			// (A call already renamed: the generated files of a spec
			// share statements, renamed in the first.)
			name := strings.TrimSuffix(id.Lower(), primalSuffix)
			for by := range reach[name] {
				if copied[by] {
					out[name] = true
				}
			}
			return true
		})
	}
	return out
}

// declaresArray reports whether u declares name (lower case) with
// dimensions, its references then array elements: an array of a
// generated unit named as a procedure some other unit calls.
func declaresArray(u *ast.Unit, name string) bool {
	found := false
	ast.Inspect(&ast.Unit{Decls: u.Decls}, func(n ast.Node) bool {
		switch d := n.(type) {
		case *ast.TypeDecl:
			for _, a := range d.Attrs {
				if a.Kind == ast.AttrDimension && namesEntity(d.Entities, name) {
					found = true
				}
			}
		case *ast.AttrStmt:
			if d.Attr != nil && d.Attr.Kind == ast.AttrDimension && namesEntity(d.Entities, name) {
				found = true
			}
		case *ast.Entity:
			if d.Name != nil && d.Name.Lower() == name && d.Dims != nil {
				found = true
			}
		}
		return !found
	})
	return found
}

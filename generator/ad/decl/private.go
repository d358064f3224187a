package decl

import (
	"sort"
	"strings"

	"github.com/fadj-dev/fadj/generator/diag"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
	"github.com/fadj-dev/fadj/generator/source"
)

// Private returns what the derivative module of module mod (m_b, m_d: a
// module of its own that uses mod, where mod's private entities are not
// accessible) must hold of them for the derivative code of units, mod's
// module procedures that have derivatives: copies of the private named
// constants, of the private variables no procedure defines (constants
// set by an initialiser or DATA) and of the private procedures they
// reference, transitively, declared PRIVATE in the derivative module.
// The copies are exact: none has state of its own. A private variable a
// procedure may define is module state a copy would not share: it is
// rejected at its declaration, as are private derived types, generic
// operators and procedures with saved variables. A private generic name
// gets a copy of its interface block (private_generic.go).
func Private(info *sema.Info, fset *source.FileSet, mod *sema.Scope, units []*ast.Unit) (decls []ast.Stmt, procs []*ast.Unit, err error) {
	if mod == nil || mod.Unit == nil {
		return nil, nil, nil
	}
	p := &privates{info: info, mod: mod, need: map[*sema.Symbol]bool{}, comps: privateComponents(mod.Unit)}
	for _, u := range units {
		p.walk(u)
	}
	if len(p.need) == 0 {
		return nil, nil, nil
	}
	syms := make([]*sema.Symbol, 0, len(p.need))
	for s := range p.need {
		syms = append(syms, s)
	}
	sort.Slice(syms, func(i, j int) bool { return syms[i].Pos < syms[j].Pos })
	var errs diag.List
	var written map[*sema.Symbol]bool
	names := &ast.AttrStmt{Attr: &ast.Attr{Kind: ast.AttrPrivate}, DColon: true}
	for _, s := range syms {
		var d ast.Stmt
		switch {
		case s.Kind == sema.ProcSym && s.Proc != nil && s.Proc.Unit != nil:
			if v := savedLocal(info, s.Proc.Unit); v != nil {
				errs.Addf(fset.Position(v.Pos), "not supported yet: private procedure '%s' of module '%s' with saved variable '%s': its derivative module would have a copy with state of its own%s", s.Name, mod.Symbol.Name, v.Name, augmentHint)
				continue
			}
			procs = append(procs, ast.Clone(s.Proc.Unit))
		case s.Kind == sema.VarSym:
			if written == nil {
				written = definedVars(info, mod)
			}
			if written[s] {
				errs.Addf(fset.Position(s.Pos), "not supported yet: private module variable '%s' of '%s', which the derivative code needs and a procedure changes: the derivative module, a module of its own, cannot share it (make it PUBLIC, or list its source in output.augment: fadj then writes it again with the derivative code inside the module)", s.Name, mod.Symbol.Name)
				continue
			}
			d = entityDecl(mod.Unit.Decls, s)
		case s.Kind == sema.ConstSym:
			d = entityDecl(mod.Unit.Decls, s)
		case s.Kind == sema.GenericSym:
			d = genericDecl(mod.Unit.Decls, s) // private_generic.go
		case s.Kind == sema.ComponentSym:
			errs.Addf(fset.Position(s.Pos), "not supported yet: private component '%s' of a type of module '%s' in derivative code: its derivative module cannot reach it%s", s.Name, mod.Symbol.Name, augmentHint)
			continue
		}
		if d == nil && s.Kind != sema.ProcSym {
			errs.Addf(fset.Position(s.Pos), "not supported yet: private %s '%s' of module '%s' in derivative code: its derivative module cannot reach it%s", s.Kind, s.Name, mod.Symbol.Name, augmentHint)
			continue
		}
		if d != nil {
			decls = append(decls, d)
		}
		names.Entities = append(names.Entities, &ast.Entity{Name: ast.NewIdent(s.Name)})
	}
	if len(errs) > 0 {
		errs.Sort()
		return nil, nil, errs
	}
	return append([]ast.Stmt{names}, decls...), procs, nil
}

const augmentHint = " (list its source in output.augment: fadj then writes it again with the derivative code inside the module)"

type privates struct {
	info  *sema.Info
	mod   *sema.Scope
	need  map[*sema.Symbol]bool
	comps map[source.Pos]bool // the declarations of private components
}

// privateComponents returns the positions of the components of the
// types of module u that only u can name: declared PRIVATE, or after a
// PRIVATE statement of the type and not declared PUBLIC. (sema does not
// keep components' accessibility: the front end checks nothing of it.)
func privateComponents(u *ast.Unit) map[source.Pos]bool {
	out := map[source.Pos]bool{}
	for _, d := range u.Decls {
		td, ok := d.(*ast.TypeDef)
		if !ok {
			continue
		}
		for _, c := range td.Components {
			private := td.PrivateStmt != nil
			for _, a := range c.Attrs {
				switch a.Kind {
				case ast.AttrPrivate:
					private = true
				case ast.AttrPublic:
					private = false
				}
			}
			if private {
				for _, e := range c.Entities {
					out[e.Name.Pos()] = true
				}
			}
		}
	}
	return out
}

// walk adds the private entities of the module n references, and
// theirs.
func (p *privates) walk(n ast.Node) {
	ast.Inspect(n, func(x ast.Node) bool {
		var id *ast.Ident
		switch x := x.(type) {
		case *ast.Ident:
			id = x
		case *ast.CallStmt:
			id, _ = x.Name.(*ast.Ident)
		default:
			return true
		}
		if id == nil {
			return true
		}
		s := p.info.ObjectOf(id)
		if s != nil && s.Kind == sema.ComponentSym && p.comps[s.Pos] {
			p.need[s] = true
			return true
		}
		if s == nil || s.Owner != p.mod || !p.private(s) || p.need[s] {
			return true
		}
		p.need[s] = true
		switch {
		case s.Kind == sema.ProcSym && s.Proc != nil && s.Proc.Unit != nil:
			p.walk(s.Proc.Unit)
		case s.Kind == sema.ConstSym || s.Kind == sema.VarSym:
			if d := entityDecl(p.mod.Unit.Decls, s); d != nil {
				p.walk(d)
			}
		case s.Kind == sema.GenericSym:
			p.walkGeneric(s) // private_generic.go
		}
		return true
	})
}

func (p *privates) private(s *sema.Symbol) bool {
	if s.Attrs.Has(sema.AttrPrivate) {
		return true
	}
	if s.Kind == sema.ComponentSym || s.Kind == sema.BindingSym {
		return false // (a module's default accessibility is not its types' components')
	}
	return p.mod.DefaultPrivate() && !s.Attrs.Has(sema.AttrPublic)
}

// entityDecl returns a copy of the type declaration of decls declaring
// s, with s alone and without accessibility attributes; nil if s has no
// type declaration of its own or other statements add to it (a
// PARAMETER, DIMENSION or DATA statement naming it).
func entityDecl(decls []ast.Stmt, s *sema.Symbol) ast.Stmt {
	var found *ast.TypeDecl
	var ent *ast.Entity
	for _, d := range decls {
		switch d := d.(type) {
		case *ast.TypeDecl:
			for _, e := range d.Entities {
				if strings.EqualFold(e.Name.Name, s.Name) {
					found, ent = d, e
				}
			}
		case *ast.AttrStmt:
			if d.Attr.Kind == ast.AttrPublic || d.Attr.Kind == ast.AttrPrivate {
				continue
			}
			for _, e := range d.Entities {
				if strings.EqualFold(e.Name.Name, s.Name) {
					return nil
				}
			}
		case *ast.ParameterStmt, *ast.DataStmt:
			if names(d, s.Name) {
				return nil
			}
		}
	}
	if found == nil {
		return nil
	}
	c := ast.Clone(found)
	c.StmtHeader = ast.StmtHeader{}
	c.Entities = []*ast.Entity{ast.Clone(ent)}
	var attrs []*ast.Attr
	for _, a := range c.Attrs {
		if a.Kind != ast.AttrPublic && a.Kind != ast.AttrPrivate {
			attrs = append(attrs, a)
		}
	}
	c.Attrs, c.DColon = attrs, true
	return c
}

// names reports whether statement d names the variable name anywhere.
func names(d ast.Stmt, name string) bool {
	found := false
	ast.Inspect(d, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && strings.EqualFold(id.Name, name) {
			found = true
		}
		return !found
	})
	return found
}

// definedVars returns the module variables of mod that a procedure of the
// program may define (through its callees too).
func definedVars(info *sema.Info, mod *sema.Scope) map[*sema.Symbol]bool {
	out := map[*sema.Symbol]bool{}
	in := info.EffectiveIntents()
	if info.CallGraph == nil {
		return out
	}
	for _, n := range info.CallGraph.Nodes {
		for _, e := range in.Effects(n.Proc) {
			if e.Defines() && e.Var != nil && e.Var.Owner == mod {
				out[e.Var] = true
			}
		}
	}
	return out
}

// savedLocal returns a saved variable of procedure u (SAVE, DATA or an
// initialiser), nil if it has none.
func savedLocal(info *sema.Info, u *ast.Unit) *sema.Symbol {
	sc := info.ScopeOf(u)
	if sc == nil {
		return nil
	}
	for _, s := range sc.Symbols() {
		if s.Kind == sema.VarSym && s.Owner == sc && !s.IsDummy() &&
			(s.Attrs.Has(sema.AttrSave) || s.Attrs.Has(sema.AttrData) || s.Init != nil || sc.SaveAll()) &&
			!reboundPointer(info, u, s) { // saved_ptr.go
			return s
		}
	}
	return nil
}

// PrivateUses returns copies of the USE statements of module mod when mod
// is PRIVATE by default: the names they bring into mod (a kind parameter,
// the grid sizes) are then private to mod, and its derivative module,
// which uses mod, must use them from where mod does.
func PrivateUses(mod *sema.Scope) []ast.Stmt {
	if mod == nil || mod.Unit == nil || !mod.DefaultPrivate() {
		return nil
	}
	var uses []ast.Stmt
	for _, d := range mod.Unit.Decls {
		if u, ok := d.(*ast.UseStmt); ok {
			c := ast.Clone(u)
			c.StmtHeader = ast.StmtHeader{}
			uses = append(uses, c)
		}
	}
	return uses
}

// WithUses returns decls with uses inserted after its leading USE
// statements.
func WithUses(decls, uses []ast.Stmt) []ast.Stmt {
	if len(uses) == 0 {
		return decls
	}
	i := 0
	for i < len(decls) {
		if _, ok := decls[i].(*ast.UseStmt); !ok {
			break
		}
		i++
	}
	out := append(append(append([]ast.Stmt{}, decls[:i]...), uses...), decls[i:]...)
	return out
}

package driver

import (
	"bytes"
	"fmt"
	"sort"
	"strings"

	"github.com/fadj-dev/fadj/generator/diag"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/printer"
	"github.com/fadj-dev/fadj/generator/sema"
	"github.com/fadj-dev/fadj/generator/source"
)

// Derivative code outside an augmented module may need the module's
// private variables: a caller saves the state a callee of the module
// changes around a joint call (`use m, only: fadj_m_v => v`, then pushes
// and pops of it). A private variable cannot be used outside its module,
// so each statement naming one moves into an accessor subroutine inside
// the module (`call fadj_m_access1()` in its place), where the variable
// is in scope. A statement that also names the caller's own variables
// cannot move; its parts are tried, and a part that still names both is
// an error.

// accessors moves the statements of units that name private variables
// of augmented modules into accessor subroutines, added to derivs (the
// derivative modules going into each module; one is made for a module
// that has none).
func accessors(fset *source.FileSet, units []*ast.Unit, mods map[*sema.Symbol]string, derivs map[*sema.Symbol][]*ast.Unit, suffix, runtime string) diag.List {
	byName := map[string]*sema.Symbol{}
	for m := range mods {
		byName[strings.ToLower(m.Name)] = m
	}
	acc := &accessorSet{fset: fset, derivs: derivs, suffix: suffix, runtime: runtime, texts: map[string]string{}}
	var errs diag.List
	for _, u := range units {
		errs = append(errs, acc.unit(u, byName)...)
	}
	return errs
}

type accessorSet struct {
	fset            *source.FileSet
	derivs          map[*sema.Symbol][]*ast.Unit
	suffix, runtime string
	texts           map[string]string // body text -> accessor name, per module
	n               int
}

// privateAlias is a USE item renaming a private variable of module m.
type privateAlias struct {
	m    *sema.Symbol
	name string // the variable's own name
}

// unit rewrites u and its contained procedures.
func (a *accessorSet) unit(u *ast.Unit, byName map[string]*sema.Symbol) diag.List {
	var errs diag.List
	for _, p := range u.Procs {
		errs = append(errs, a.unit(p, byName)...)
	}
	aliases := map[string]privateAlias{}
	uses := map[*sema.Symbol]*ast.UseStmt{}
	var decls []ast.Stmt
	for _, d := range u.Decls {
		us, ok := d.(*ast.UseStmt)
		m := byName[strings.ToLower(useName(us))]
		if !ok || m == nil || !us.Only {
			decls = append(decls, d)
			continue
		}
		var kept []*ast.UseItem
		for _, it := range us.Items {
			if it.Local != nil && privateVar(m, it.Name.Name) {
				aliases[it.Local.Lower()] = privateAlias{m, it.Name.Name}
				continue
			}
			kept = append(kept, it)
		}
		if len(kept) == len(us.Items) {
			decls = append(decls, d)
			continue
		}
		// A new statement: units (foo_fwd and foo_bwd) may share one.
		nu := &ast.UseStmt{StmtHeader: us.StmtHeader, Nature: us.Nature, Module: ast.NewIdent(us.Module.Name), Only: true, Items: kept}
		uses[m] = nu
		if len(kept) > 0 {
			decls = append(decls, nu) // else added when an accessor needs it
		}
	}
	if len(aliases) == 0 {
		return errs
	}
	u.Decls = decls
	locals := declaredLocals(u, byName)
	body := &ast.Unit{Body: u.Body}
	ast.Apply(body, func(c *ast.Cursor) bool {
		s, ok := c.Node().(ast.Stmt)
		if !ok || c.Index() < 0 {
			return true
		}
		m, args, movable := a.names(s, aliases, locals)
		if m == nil {
			return false // names no private variable
		}
		if !movable {
			return true // try its parts
		}
		name := a.accessor(m, s, aliases, args, locals)
		call := &ast.CallStmt{StmtHeader: ast.StmtHeader{Doc: s.Header().Doc}, Name: ast.NewIdent(name)}
		for _, x := range args {
			call.Args = append(call.Args, ast.NewIdent(x))
		}
		c.Replace(call)
		us := uses[m]
		if us == nil {
			us = &ast.UseStmt{Module: ast.NewIdent(m.Name), Only: true}
			uses[m] = us
		}
		if len(us.Items) == 0 {
			u.Decls = append([]ast.Stmt{us}, u.Decls...)
		}
		if !hasItem(us, name) {
			us.Items = append(us.Items, &ast.UseItem{Name: ast.NewIdent(name)})
		}
		return false
	}, nil)
	u.Body = body.Body
	pruneUses(u, byName)
	// What still names a private variable mixes it with the routine's own.
	ast.Inspect(body, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if al, ok := aliases[id.Lower()]; ok {
				errs.Addf(a.fset.Position(al.m.Inner.Unit.Start), "not supported yet: derivative code of '%s' outside module '%s' needs its private variable '%s' in a statement with its own variables (output.augment)", u.Name.Name, al.m.Name, al.name)
				return false
			}
		}
		return true
	})
	return errs
}

// names returns the augmented module whose private variables statement s
// names (nil if none), the routine's locals it names, and whether s can
// move into an accessor: it names private variables of one module, no
// other module's names the routine imports, and only locals with simple
// declarations (generated temporaries such as fadj_lo(1), passed to the
// accessor as arguments).
func (a *accessorSet) names(s ast.Stmt, aliases map[string]privateAlias, locals map[string]*local) (*sema.Symbol, []string, bool) {
	var m *sema.Symbol
	movable := true
	var from []*sema.Symbol // augmented modules of the names s uses
	var args []string
	seen := map[string]bool{}
	ast.Inspect(s, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok {
			return true
		}
		if al, ok := aliases[id.Lower()]; ok {
			if m != nil && m != al.m {
				movable = false
			}
			m = al.m
			return true
		}
		l, ok := locals[id.Lower()]
		switch {
		case !ok:
		case l.decl != nil:
			if !seen[id.Lower()] {
				seen[id.Lower()] = true
				args = append(args, id.Lower())
			}
		case l.owner != nil:
			from = append(from, l.owner)
		default:
			movable = false
		}
		return true
	})
	for _, f := range from {
		if f != m {
			movable = false
		}
	}
	sort.Strings(args)
	return m, args, movable
}

// accessor returns the name of the accessor subroutine of module m that
// runs s, with the aliases spelled as the variables, making it if need
// be.
func (a *accessorSet) accessor(m *sema.Symbol, s ast.Stmt, aliases map[string]privateAlias, args []string, locals map[string]*local) string {
	c := ast.Clone(s)
	c.Header().Doc, c.Header().Line = nil, nil
	ast.Inspect(c, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if al, ok := aliases[id.Lower()]; ok {
				id.Name = al.name
			}
		}
		return true
	})
	var b bytes.Buffer
	printer.Node(&b, c)
	key := strings.ToLower(m.Name) + "\x00" + strings.Join(args, ",") + "\x00" + b.String()
	if name, ok := a.texts[key]; ok {
		return name
	}
	var name string
	for {
		a.n++
		name = fmt.Sprintf("fadj_%s_access%d", strings.ToLower(m.Name), a.n)
		if m.Inner.LookupLocal(name) == nil {
			break
		}
	}
	a.texts[key] = name
	proc := &ast.Unit{Kind: ast.SubroutineUnit, Name: ast.NewIdent(name),
		Decls: []ast.Stmt{&ast.UseStmt{Module: ast.NewIdent(a.runtime)}},
		Body:  []ast.Stmt{c},
		End:   ast.EndStmt{Keyword: "subroutine", Name: ast.NewIdent(name)}}
	for _, x := range args {
		l := locals[x]
		proc.Args = append(proc.Args, ast.NewIdent(l.entity.Name.Name))
		proc.Decls = append(proc.Decls, &ast.TypeDecl{Type: ast.Clone(l.decl.Type), DColon: true,
			Entities: []*ast.Entity{{Name: ast.NewIdent(l.entity.Name.Name), Dims: cloneDims(l.entity.Dims)}}})
	}
	us := a.derivs[m]
	if len(us) == 0 {
		dn := ast.NewIdent(m.Name + a.suffix)
		us = []*ast.Unit{{Kind: ast.ModuleUnit, Name: dn,
			Decls: []ast.Stmt{&ast.UseStmt{Module: ast.NewIdent(m.Name)}, &ast.ImplicitStmt{None: true}},
			End:   ast.EndStmt{Keyword: "module", Name: ast.NewIdent(dn.Name)}}}
		a.derivs[m] = us
	}
	us[0].Contains = &ast.StmtHeader{}
	us[0].Procs = append(us[0].Procs, proc)
	return name
}

// privateVar reports whether name is a variable of module m that only m
// can name.
func privateVar(m *sema.Symbol, name string) bool {
	s := m.Inner.LookupLocal(strings.ToLower(name))
	if s == nil || s.Kind != sema.VarSym || s.Owner != m.Inner {
		return false
	}
	return s.Attrs.Has(sema.AttrPrivate) || m.Inner.DefaultPrivate() && !s.Attrs.Has(sema.AttrPublic)
}

// local is a name of a routine: a local variable with a simple
// declaration (decl set: no attributes, no names in its type and
// bounds), a name imported from an augmented module (owner set), or
// anything else.
type local struct {
	decl   *ast.TypeDecl
	entity *ast.Entity
	owner  *sema.Symbol
}

// declaredLocals returns the names of u, lower case: those it declares,
// its dummies and its name, and those its USE statements import by
// ONLY lists (an accessor inside a module sees only that module's).
func declaredLocals(u *ast.Unit, byName map[string]*sema.Symbol) map[string]*local {
	out := map[string]*local{}
	dummy := map[string]bool{}
	for _, a := range u.Args {
		dummy[a.Lower()] = true
		out[a.Lower()] = &local{}
	}
	if u.Name != nil {
		out[u.Name.Lower()] = &local{}
	}
	for _, d := range u.Decls {
		switch d := d.(type) {
		case *ast.UseStmt:
			for _, it := range d.Items {
				n := it.Name
				if it.Local != nil {
					n = it.Local
				}
				out[n.Lower()] = &local{owner: byName[strings.ToLower(useName(d))]}
			}
		case *ast.TypeDecl:
			for _, e := range d.Entities {
				l := &local{}
				if !dummy[e.Name.Lower()] && simpleDecl(d, e) {
					l = &local{decl: d, entity: e}
				}
				out[e.Name.Lower()] = l
			}
		default:
			for _, n := range declaredNames(d) {
				out[strings.ToLower(n)] = &local{}
			}
		}
	}
	return out
}

// simpleDecl reports whether entity e of d can be declared again in an
// accessor as a dummy: no attributes, no initialiser, and no names in its
// type or bounds.
func simpleDecl(d *ast.TypeDecl, e *ast.Entity) bool {
	if len(d.Attrs) > 0 || e.Init != nil || e.CharLen != nil {
		return false
	}
	named := false
	check := func(n ast.Node) {
		ast.Inspect(n, func(x ast.Node) bool {
			if _, ok := x.(*ast.Ident); ok {
				named = true
			}
			return !named
		})
	}
	if d.Type.KindSel != nil {
		check(d.Type.KindSel)
	}
	if d.Type.Name != nil || d.Type.Len != nil || d.Type.Star != nil && d.Type.Kind == ast.Character {
		return false
	}
	for _, dim := range e.Dims {
		for _, x := range []ast.Expr{dim.Lo, dim.Hi} {
			if x != nil {
				check(x)
			}
		}
	}
	return !named
}

func cloneDims(ds []*ast.Dim) []*ast.Dim {
	var out []*ast.Dim
	for _, d := range ds {
		c := &ast.Dim{Colon: d.Colon}
		if d.Lo != nil {
			c.Lo = ast.Clone(d.Lo)
		}
		if d.Hi != nil {
			c.Hi = ast.Clone(d.Hi)
		}
		out = append(out, c)
	}
	return out
}

// pruneUses drops the ONLY items of augmented modules that u no longer
// names (the statements naming them went into accessors), and USE
// statements left empty.
func pruneUses(u *ast.Unit, byName map[string]*sema.Symbol) {
	named := map[string]bool{}
	mark := func(n ast.Node) {
		ast.Inspect(n, func(x ast.Node) bool {
			if _, ok := x.(*ast.UseStmt); ok {
				return false
			}
			if id, ok := x.(*ast.Ident); ok {
				named[id.Lower()] = true
			}
			return true
		})
	}
	for _, d := range u.Decls {
		mark(d)
	}
	mark(&ast.Unit{Body: u.Body})
	for _, p := range u.Procs {
		mark(p)
	}
	var decls []ast.Stmt
	for _, d := range u.Decls {
		us, ok := d.(*ast.UseStmt)
		if !ok || !us.Only || byName[strings.ToLower(useName(us))] == nil {
			decls = append(decls, d)
			continue
		}
		var kept []*ast.UseItem
		for _, it := range us.Items {
			n := it.Name
			if it.Local != nil {
				n = it.Local
			}
			if named[n.Lower()] {
				kept = append(kept, it)
			}
		}
		if len(kept) == 0 {
			continue
		}
		if len(kept) < len(us.Items) {
			// A new statement: units may share one.
			d = &ast.UseStmt{StmtHeader: us.StmtHeader, Nature: us.Nature, Module: ast.NewIdent(us.Module.Name), Only: true, Items: kept}
		}
		decls = append(decls, d)
	}
	u.Decls = decls
}

func useName(u *ast.UseStmt) string {
	if u == nil || u.Module == nil {
		return ""
	}
	return u.Module.Name
}

func hasItem(u *ast.UseStmt, name string) bool {
	for _, it := range u.Items {
		if strings.EqualFold(it.Name.Name, name) {
			return true
		}
	}
	return false
}

// sortedModules returns the modules of derivs by name, for a
// deterministic order of the accessors.
func sortedModules(derivs map[*sema.Symbol][]*ast.Unit) []*sema.Symbol {
	ms := make([]*sema.Symbol, 0, len(derivs))
	for m := range derivs {
		ms = append(ms, m)
	}
	sort.Slice(ms, func(i, j int) bool { return ms[i].Name < ms[j].Name })
	return ms
}

package parser

import (
	"fmt"
	"strings"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/token"
)

// dumper writes a compact S-expression of a tree, for tests. Positions
// and comments are left out; labels are written as "10:" before a
// statement.
type dumper struct {
	b strings.Builder
}

func dumpFile(f *ast.File) string {
	var d dumper
	for i, u := range f.Units {
		if i > 0 {
			d.b.WriteByte(' ')
		}
		d.unit(u)
	}
	return d.b.String()
}

func dumpExpr(x ast.Expr) string {
	var d dumper
	d.expr(x)
	return d.b.String()
}

func dumpStmts(list []ast.Stmt) string {
	var d dumper
	d.stmts(list)
	return d.b.String()
}

func (d *dumper) w(s ...string) {
	for _, x := range s {
		d.b.WriteString(x)
	}
}

func (d *dumper) sp() { d.b.WriteByte(' ') }

func (d *dumper) name(id *ast.Ident) {
	if id == nil {
		d.w("_")
		return
	}
	d.w(id.Name)
}

func (d *dumper) opt(x ast.Expr) {
	if x == nil {
		d.w("_")
		return
	}
	d.expr(x)
}

func (d *dumper) exprs(list []ast.Expr) {
	for i, x := range list {
		if i > 0 {
			d.sp()
		}
		d.opt(x)
	}
}

func opName(k token.Kind, lit string) string {
	if k == token.DEFOP {
		return lit
	}
	return k.String()
}

func (d *dumper) expr(x ast.Expr) {
	switch x := x.(type) {
	case *ast.Ident:
		d.w(x.Name)
	case *ast.BasicLit:
		d.w(x.Value)
	case *ast.ComplexLit:
		d.w("(cmplx ")
		d.expr(x.Re)
		d.sp()
		d.expr(x.Im)
		d.w(")")
	case *ast.UnaryExpr:
		d.w("(", opName(x.Op, x.OpLit), " ")
		d.expr(x.X)
		d.w(")")
	case *ast.BinaryExpr:
		d.w("(", opName(x.Op, x.OpLit), " ")
		d.expr(x.X)
		d.sp()
		d.expr(x.Y)
		d.w(")")
	case *ast.ParenExpr:
		d.w("(paren ")
		d.expr(x.X)
		d.w(")")
	case *ast.CallExpr:
		d.expr(x.Fun)
		d.w("(")
		d.exprs(x.Args)
		d.w(")")
	case *ast.RangeExpr:
		d.w("(: ")
		d.opt(x.Lo)
		d.sp()
		d.opt(x.Hi)
		if x.Stride != nil {
			d.sp()
			d.expr(x.Stride)
		}
		d.w(")")
	case *ast.KeywordArg:
		d.name(x.Name)
		d.w("=")
		d.opt(x.Value)
	case *ast.SelectorExpr:
		d.expr(x.X)
		d.w("%")
		d.name(x.Sel)
	case *ast.ArrayConstructor:
		if x.Brackets {
			d.w("[")
		} else {
			d.w("(/")
		}
		if x.Type != nil {
			d.typ(x.Type)
			d.w(" ::")
		}
		for _, it := range x.Items {
			d.sp()
			d.expr(it)
		}
		if x.Brackets {
			d.w("]")
		} else {
			d.w(" /)")
		}
	case *ast.ImpliedDo:
		d.w("(impl (")
		d.exprs(x.Items)
		d.w(") ")
		d.name(x.Var)
		d.sp()
		d.opt(x.Start)
		d.sp()
		d.opt(x.Stop)
		if x.Step != nil {
			d.sp()
			d.expr(x.Step)
		}
		d.w(")")
	case *ast.StarExpr:
		d.w("*")
		if x.Label != 0 {
			d.w(fmt.Sprint(x.Label))
		}
	case *ast.LabelRef:
		d.w("@", fmt.Sprint(x.Label))
	case *ast.ColonLen:
		d.w(":")
	case nil:
		d.w("<nil>")
	default:
		d.w(fmt.Sprintf("<%T>", x))
	}
}

func (d *dumper) typ(t *ast.TypeSpec) {
	if t == nil {
		d.w("_")
		return
	}
	d.w(strings.ReplaceAll(t.Kind.String(), " ", ""))
	if t.Name != nil {
		d.w("(", t.Name.Name, ")")
	}
	if t.KindSel != nil || t.Len != nil {
		d.w("(")
		if t.Len != nil {
			if t.LenKeyword {
				d.w("len=")
			}
			d.expr(t.Len)
			if t.KindSel != nil {
				d.w(",")
			}
		}
		if t.KindSel != nil {
			if t.KindKeyword {
				d.w("kind=")
			}
			d.expr(t.KindSel)
		}
		d.w(")")
	}
	if t.Star != nil {
		d.w("*")
		d.expr(t.Star)
	}
}

func (d *dumper) dims(dims []*ast.Dim) {
	d.w("(")
	for i, dm := range dims {
		if i > 0 {
			d.w(",")
		}
		if dm.Lo != nil {
			d.expr(dm.Lo)
		}
		if dm.Colon {
			d.w(":")
		}
		if dm.Hi != nil {
			d.expr(dm.Hi)
		}
	}
	d.w(")")
}

func (d *dumper) attr(a *ast.Attr) {
	d.w(a.Kind.String())
	switch a.Kind {
	case ast.AttrDimension:
		if a.Dims != nil {
			d.dims(a.Dims)
		}
	case ast.AttrIntent:
		d.w("(", a.Intent.String(), ")")
	case ast.AttrBind:
		if a.Bind != nil && a.Bind.Name != nil {
			d.w("(")
			d.expr(a.Bind.Name)
			d.w(")")
		}
	}
}

func (d *dumper) entities(list []*ast.Entity) {
	for _, e := range list {
		d.sp()
		d.name(e.Name)
		if e.Dims != nil {
			d.dims(e.Dims)
		}
		if e.CharLen != nil {
			d.w("*")
			d.expr(e.CharLen)
		}
		if e.Init != nil {
			if e.Pointer {
				d.w("=>")
			} else {
				d.w("=")
			}
			d.expr(e.Init)
		}
	}
}

func (d *dumper) label(h *ast.StmtHeader) {
	if h.Label != 0 {
		d.w(fmt.Sprint(h.Label), ":")
	}
}

func (d *dumper) stmts(list []ast.Stmt) {
	for i, s := range list {
		if i > 0 {
			d.sp()
		}
		d.stmt(s)
	}
}

func (d *dumper) body(list []ast.Stmt) {
	d.w("{")
	d.stmts(list)
	d.w("}")
}

func (d *dumper) end(e *ast.EndStmt) {
	if e.Start.IsValid() || e.Label != 0 {
		d.w(" ")
		d.label(&e.StmtHeader)
		d.w("end")
		if e.Keyword != "" {
			d.w("-", strings.ReplaceAll(e.Keyword, " ", ""))
		}
		if e.Name != nil {
			d.w(" ", e.Name.Name)
		}
	}
}

func (d *dumper) unit(u *ast.Unit) {
	d.label(&u.StmtHeader)
	d.w("(", strings.ReplaceAll(u.Kind.String(), " ", ""), " ")
	d.name(u.Name)
	for _, k := range u.Prefix {
		d.w(" ", k.Name)
	}
	if u.Type != nil {
		d.w(" :")
		d.typ(u.Type)
	}
	if u.Args != nil {
		d.w(" (")
		for i, a := range u.Args {
			if i > 0 {
				d.sp()
			}
			d.name(a)
		}
		d.w(")")
	}
	if u.Result != nil {
		d.w(" result=", u.Result.Name)
	}
	if u.Bind != nil {
		d.w(" bind")
		if u.Bind.Name != nil {
			d.w("=")
			d.expr(u.Bind.Name)
		}
	}
	if len(u.Decls) > 0 {
		d.w(" decls")
		d.body(u.Decls)
	}
	if len(u.Body) > 0 {
		d.w(" body")
		d.body(u.Body)
	}
	if u.Contains != nil {
		d.w(" contains{")
		for i, pr := range u.Procs {
			if i > 0 {
				d.sp()
			}
			d.unit(pr)
		}
		d.w("}")
	}
	d.end(&u.End)
	d.w(")")
}

func (d *dumper) stmt(s ast.Stmt) {
	d.label(s.Header())
	switch s := s.(type) {
	case *ast.UseStmt:
		d.w("(use ")
		if s.Nature != "" {
			d.w(s.Nature, " ")
		}
		d.name(s.Module)
		if s.Only {
			d.w(" only:")
		}
		for _, it := range s.Items {
			d.sp()
			if it.Local != nil {
				d.w(it.Local.Name, "=>")
			}
			d.name(it.Name)
		}
		d.w(")")
	case *ast.ImplicitStmt:
		d.w("(implicit")
		if s.None {
			d.w(" none")
		}
		for _, r := range s.Rules {
			d.sp()
			d.typ(r.Type)
			d.w("(")
			for i, lr := range r.Ranges {
				if i > 0 {
					d.w(",")
				}
				d.w(string(lr.From))
				if lr.To != lr.From {
					d.w("-", string(lr.To))
				}
			}
			d.w(")")
		}
		d.w(")")
	case *ast.TypeDecl:
		d.w("(decl ")
		d.typ(s.Type)
		for _, a := range s.Attrs {
			d.w(" ")
			d.attr(a)
		}
		if s.DColon {
			d.w(" ::")
		}
		d.entities(s.Entities)
		d.w(")")
	case *ast.AttrStmt:
		d.w("(attr ")
		d.attr(s.Attr)
		if s.DColon {
			d.w(" ::")
		}
		d.entities(s.Entities)
		d.w(")")
	case *ast.ProcDecl:
		d.w("(procedure(")
		if s.Interface != nil {
			d.w(s.Interface.Name)
		}
		d.w(")")
		for _, a := range s.Attrs {
			d.w(" ")
			d.attr(a)
		}
		if s.DColon {
			d.w(" ::")
		}
		d.entities(s.Entities)
		d.w(")")
	case *ast.ImportStmt:
		d.w("(import")
		if s.DColon {
			d.w(" ::")
		}
		for _, n := range s.Names {
			d.w(" " + n.Name)
		}
		d.w(")")
	case *ast.ParameterStmt:
		d.w("(parameter")
		d.entities(s.Entities)
		d.w(")")
	case *ast.CommonStmt:
		d.w("(common")
		d.blocks(s.Blocks)
		d.w(")")
	case *ast.NamelistStmt:
		d.w("(namelist")
		d.blocks(s.Groups)
		d.w(")")
	case *ast.DataStmt:
		d.w("(data")
		for _, set := range s.Sets {
			d.sp()
			d.exprs(set.Objects)
			d.w(" /")
			for i, v := range set.Values {
				if i > 0 {
					d.sp()
				}
				if v.Repeat != nil {
					d.expr(v.Repeat)
					d.w("*")
				}
				d.expr(v.Value)
			}
			d.w("/")
		}
		d.w(")")
	case *ast.EquivalenceStmt:
		d.w("(equivalence")
		for _, set := range s.Sets {
			d.w(" (")
			d.exprs(set)
			d.w(")")
		}
		d.w(")")
	case *ast.StmtFunction:
		d.w("(stmtfn ", s.Name.Name, " (")
		for i, a := range s.Args {
			if i > 0 {
				d.sp()
			}
			d.name(a)
		}
		d.w(") ")
		d.expr(s.Expr)
		d.w(")")
	case *ast.FormatStmt:
		d.w("(format ", s.Spec, ")")
	case *ast.InterfaceBlock:
		d.w("(interface")
		if s.Abstract {
			d.w(" abstract")
		}
		if g := s.Generic; g != nil {
			if g.Name != nil {
				d.w(" ", g.Name.Name)
			} else {
				d.w(" ", g.Kind, "(", g.Op, ")")
			}
		}
		for _, m := range s.Members {
			d.sp()
			switch m := m.(type) {
			case *ast.Unit:
				d.unit(m)
			case *ast.ProcedureStmt:
				d.stmt(m)
			}
		}
		d.end(&s.End)
		d.w(")")
	case *ast.ProcedureStmt:
		d.w("(procedure")
		if s.Module {
			d.w(" module")
		}
		for _, n := range s.Names {
			d.w(" ", n.Name)
		}
		d.w(")")
	case *ast.TypeDef:
		d.w("(typedef ")
		d.name(s.Name)
		for _, a := range s.Attrs {
			d.w(" ")
			d.attr(a)
		}
		if s.Extends != nil {
			d.w(" extends(", s.Extends.Name, ")")
		}
		if s.Sequence != nil {
			d.w(" sequence")
		}
		if s.PrivateStmt != nil {
			d.w(" private")
		}
		for _, c := range s.Components {
			d.sp()
			d.stmt(c)
		}
		if s.Contains != nil {
			d.w(" contains")
			for _, b := range s.Bindings {
				d.sp()
				d.stmt(b)
			}
		}
		d.end(&s.End)
		d.w(")")
	case *ast.AssignStmt:
		d.w("(= ")
		d.expr(s.Lhs)
		d.sp()
		d.expr(s.Rhs)
		d.w(")")
	case *ast.PointerAssignStmt:
		d.w("(=> ")
		d.expr(s.Lhs)
		d.sp()
		d.expr(s.Rhs)
		d.w(")")
	case *ast.CallStmt:
		d.w("(call ")
		d.expr(s.Name)
		if s.Parens {
			d.w("(")
			d.exprs(s.Args)
			d.w(")")
		}
		d.w(")")
	case *ast.IfStmt:
		d.w("(if ")
		d.expr(s.Cond)
		d.sp()
		d.stmt(s.Action)
		d.w(")")
	case *ast.ArithIfStmt:
		d.w("(arith-if ")
		d.expr(s.Expr)
		d.w(" ")
		d.expr(s.Neg)
		d.w(" ")
		d.expr(s.Zero)
		d.w(" ")
		d.expr(s.Plus)
		d.w(")")
	case *ast.IfConstruct:
		d.w("(if-construct")
		if s.Name != nil {
			d.w(" ", s.Name.Name, ":")
		}
		for i, br := range s.Branches {
			d.sp()
			if i > 0 {
				d.label(&br.Head)
			}
			if br.Cond != nil {
				d.w("(")
				d.expr(br.Cond)
				d.w(")")
			} else {
				d.w("else")
			}
			if br.Name != nil {
				d.w(" ", br.Name.Name)
			}
			d.body(br.Body)
		}
		d.end(&s.End)
		d.w(")")
	case *ast.DoConstruct:
		d.w("(do")
		if s.Name != nil {
			d.w(" ", s.Name.Name, ":")
		}
		if s.TermLabel != 0 {
			d.w(" ->", fmt.Sprint(s.TermLabel))
		}
		switch {
		case s.Var != nil:
			d.w(" ", s.Var.Name, "=")
			d.expr(s.Start)
			d.w(",")
			d.expr(s.Stop)
			if s.Step != nil {
				d.w(",")
				d.expr(s.Step)
			}
		case s.While != nil:
			d.w(" while ")
			d.expr(s.While)
		case s.Concurrent != nil:
			d.w(" concurrent")
			for _, sp := range s.Concurrent {
				d.w(" ", sp.Var.Name, "=")
				d.expr(sp.Lo)
				d.w(":")
				d.expr(sp.Hi)
				if sp.Stride != nil {
					d.w(":")
					d.expr(sp.Stride)
				}
			}
			if s.Mask != nil {
				d.w(" mask=")
				d.expr(s.Mask)
			}
			for _, l := range s.Locality {
				d.w(" ", l.Kind, "(", l.Op)
				for i, id := range l.Names {
					if i > 0 || l.Op != "" {
						d.w(" ")
					}
					d.w(id.Name)
				}
				if l.Kind == "default" {
					d.w("none")
				}
				d.w(")")
			}
		}
		d.sp()
		d.body(s.Body)
		d.end(&s.End)
		d.w(")")
	case *ast.SelectCase:
		d.w("(select")
		if s.Name != nil {
			d.w(" ", s.Name.Name, ":")
		}
		d.sp()
		d.opt(s.Selector)
		for _, c := range s.Cases {
			d.sp()
			d.label(&c.Head)
			if c.Default {
				d.w("default")
			} else {
				d.w("(")
				d.exprs(c.Values)
				d.w(")")
			}
			if c.Name != nil {
				d.w(" ", c.Name.Name)
			}
			d.body(c.Body)
		}
		d.end(&s.End)
		d.w(")")
	case *ast.ExitStmt:
		d.w("(exit")
		if s.Construct != nil {
			d.w(" ", s.Construct.Name)
		}
		d.w(")")
	case *ast.CycleStmt:
		d.w("(cycle")
		if s.Construct != nil {
			d.w(" ", s.Construct.Name)
		}
		d.w(")")
	case *ast.GotoStmt:
		d.w("(goto ")
		d.expr(s.Target)
		d.w(")")
	case *ast.ComputedGotoStmt:
		d.w("(goto (")
		for i, t := range s.Targets {
			if i > 0 {
				d.sp()
			}
			d.expr(t)
		}
		d.w(") ")
		d.expr(s.Expr)
		d.w(")")
	case *ast.LabelAssignStmt:
		d.w("(assign ")
		d.expr(s.Target)
		d.w(" ", s.Var.Name, ")")
	case *ast.AssignedGotoStmt:
		d.w("(goto ", s.Var.Name)
		if s.Targets != nil {
			d.w(" (")
			for i, t := range s.Targets {
				if i > 0 {
					d.sp()
				}
				d.expr(t)
			}
			d.w(")")
		}
		d.w(")")
	case *ast.ContinueStmt:
		d.w("(continue)")
	case *ast.EntryStmt:
		d.w("(entry ")
		d.name(s.Name)
		if s.Parens || len(s.Args) > 0 {
			d.w(" (")
			for i, a := range s.Args {
				if i > 0 {
					d.sp()
				}
				d.name(a)
			}
			d.w(")")
		}
		if s.Result != nil {
			d.w(" result=", s.Result.Name)
		}
		if s.Bind != nil {
			d.w(" bind")
		}
		d.w(")")
	case *ast.ReturnStmt:
		d.w("(return")
		if s.Alt != nil {
			d.sp()
			d.expr(s.Alt)
		}
		d.w(")")
	case *ast.StopStmt:
		if s.Error {
			d.w("(error-stop")
		} else {
			d.w("(stop")
		}
		if s.Code != nil {
			d.sp()
			d.expr(s.Code)
		}
		d.w(")")
	case *ast.IOStmt:
		d.w("(", s.Keyword)
		if s.Parens {
			d.w(" [")
			d.exprs(s.Control)
			d.w("]")
		} else if s.Control != nil {
			d.w(" ")
			d.exprs(s.Control)
		}
		if s.Format != nil {
			d.w(" fmt=")
			d.expr(s.Format)
		}
		for _, it := range s.Items {
			d.sp()
			d.expr(it)
		}
		d.w(")")
	case *ast.AllocateStmt:
		d.w("(", s.Keyword)
		if s.Type != nil {
			d.w(" ")
			d.typ(s.Type)
			d.w(" ::")
		}
		for _, o := range s.Objects {
			d.sp()
			d.expr(o)
		}
		for _, o := range s.Options {
			d.sp()
			d.expr(o)
		}
		d.w(")")
	case *ast.WhereStmt:
		d.w("(where ")
		d.expr(s.Mask)
		d.sp()
		d.stmt(s.Assign)
		d.w(")")
	case *ast.WhereConstruct:
		d.w("(where-construct")
		if s.Name != nil {
			d.w(" ", s.Name.Name, ":")
		}
		for i, br := range s.Branches {
			d.sp()
			if i > 0 {
				d.w("elsewhere")
			}
			if br.Mask != nil {
				d.w("(")
				d.expr(br.Mask)
				d.w(")")
			}
			d.body(br.Body)
		}
		d.end(&s.End)
		d.w(")")
	case *ast.ForallStmt:
		d.w("(forall")
		d.specs(s.Specs, s.Mask)
		d.sp()
		d.stmt(s.Assign)
		d.w(")")
	case *ast.ForallConstruct:
		d.w("(forall-construct")
		if s.Name != nil {
			d.w(" ", s.Name.Name, ":")
		}
		d.specs(s.Specs, s.Mask)
		d.sp()
		d.body(s.Body)
		d.end(&s.End)
		d.w(")")
	case *ast.Unit:
		d.unit(s)
	case *ast.TypeBoundProc:
		d.w("(", s.Keyword)
		if s.Interface != nil {
			d.w("(", s.Interface.Name, ")")
		}
		for _, a := range s.Attrs {
			d.w(" ", a.Name)
		}
		if s.DColon {
			d.w(" ::")
		}
		for _, b := range s.Bindings {
			d.sp()
			if b.Generic != nil {
				d.w(b.Generic.Kind, "(", b.Generic.Op, ")")
			} else {
				d.name(b.Name)
			}
			for i, t := range b.Targets {
				if i == 0 {
					d.w("=>")
				} else {
					d.w(",")
				}
				d.w(t.Name)
			}
		}
		d.w(")")
	case *ast.BlockConstruct:
		d.w("(block")
		if s.Name != nil {
			d.w(" ", s.Name.Name, ":")
		}
		d.w(" decls")
		d.body(s.Decls)
		d.w(" body")
		d.body(s.Body)
		d.end(&s.End)
		d.w(")")
	case *ast.AssociateConstruct:
		d.w("(associate")
		if s.Name != nil {
			d.w(" ", s.Name.Name, ":")
		}
		for _, a := range s.Assocs {
			d.w(" ", a.Name.Name, "=>")
			d.expr(a.Selector)
		}
		d.sp()
		d.body(s.Body)
		d.end(&s.End)
		d.w(")")
	default:
		d.w(fmt.Sprintf("<%T>", s))
	}
}

func (d *dumper) specs(specs []*ast.ForallSpec, mask ast.Expr) {
	for _, sp := range specs {
		d.w(" ", sp.Var.Name, "=")
		d.expr(sp.Lo)
		d.w(":")
		d.expr(sp.Hi)
		if sp.Stride != nil {
			d.w(":")
			d.expr(sp.Stride)
		}
	}
	if mask != nil {
		d.w(" mask=")
		d.expr(mask)
	}
}

func (d *dumper) blocks(bs []*ast.CommonBlock) {
	for _, b := range bs {
		d.w(" /")
		if b.Name != nil {
			d.w(b.Name.Name)
		}
		d.w("/")
		d.entities(b.Entities)
	}
}

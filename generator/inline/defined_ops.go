package inline

import (
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/token"
	"github.com/fadj-dev/fadj/generator/sema"
	"github.com/fadj-dev/fadj/generator/source"
)

// Defined operators on values of intrinsic type (`interface
// operator(.dot.)` with a module function of two real arrays, an
// operator(*) extended to a matrix-vector product): the standard defines
// `a .dot. b` as the reference `f(a, b)` of the specific function sema
// resolved. DefinedOperators rewrites each such operation into that
// function reference, which the differentiators treat as any other.
// Operations on derived types stay (dtype_op.go in the adjoint handles
// scalar ones).
//
// Modules often export the operator and keep its specific PRIVATE
// (`public :: operator(.dot.)`): where the specific's name does not
// reach, the generated code spells its references as the operation again
// (Respell). A name that some other procedure of the program has keeps
// its operations as they are (Respell could not tell them apart).

// Reoperated holds the specifics DefinedOperators referenced where their
// name does not reach, with their operator.
type Reoperated struct {
	ops map[string]operator
}

type operator struct {
	op    token.Kind
	lit   string
	unary bool
}

// DefinedOperators rewrites the defined operations of prog on intrinsic
// types into function references (see above).
func DefinedOperators(prog *sema.Program) *Reoperated {
	r := &Reoperated{ops: map[string]operator{}}
	if prog == nil || prog.Info == nil || len(prog.Info.Operators) == 0 {
		return r
	}
	x := &expander{info: prog.Info}
	named := procedureNames(prog.Info)
	for _, f := range prog.Files {
		for _, u := range f.Units {
			x.operators(u, r, named)
		}
	}
	return r
}

// procedureNames returns, by name, the procedures the program's calls and
// references name.
func procedureNames(info *sema.Info) map[string]map[*sema.Symbol]bool {
	out := map[string]map[*sema.Symbol]bool{}
	add := func(s *sema.Symbol) {
		if s == nil {
			return
		}
		if out[s.Name] == nil {
			out[s.Name] = map[*sema.Symbol]bool{}
		}
		out[s.Name][s] = true
	}
	for _, c := range info.CallStmts {
		add(c.Proc)
	}
	for _, c := range info.Calls {
		if c.Kind == sema.FunctionCall || c.Kind == sema.SubroutineCall {
			add(c.Proc)
		}
	}
	for _, s := range info.Operators {
		add(s)
	}
	return out
}

func (x *expander) operators(u *ast.Unit, r *Reoperated, named map[string]map[*sema.Symbol]bool) {
	for _, p := range u.Procs {
		x.operators(p, r, named)
	}
	sc := x.info.ScopeOf(u)
	if sc == nil || len(u.Body) == 0 {
		return
	}
	ast.Apply(&ast.Unit{Body: u.Body}, nil, func(c *ast.Cursor) bool {
		var args []ast.Expr
		var op source.Pos // the reference's parenthesis: positions tell references apart
		switch e := c.Node().(type) {
		case *ast.BinaryExpr:
			args, op = []ast.Expr{e.X, e.Y}, e.OpPos
		case *ast.UnaryExpr:
			args, op = []ast.Expr{e.X}, e.OpPos
		default:
			return true
		}
		e := c.Node().(ast.Expr)
		spec := x.info.Operators[e]
		if spec == nil || spec.Proc == nil || spec.Proc.Unit == nil || spec.Proc.Unit.Kind != ast.FunctionUnit ||
			!intrinsicTyped(x.info.TypeOf(e)) {
			return true
		}
		if sc.Lookup(spec.Name) != spec {
			if len(named[spec.Name]) > 1 {
				return true
			}
			o := operator{unary: len(args) == 1}
			switch e := e.(type) {
			case *ast.BinaryExpr:
				o.op, o.lit = e.Op, e.OpLit
			case *ast.UnaryExpr:
				o.op, o.lit = e.Op, e.OpLit
			}
			if prev, ok := r.ops[spec.Name]; ok && prev != o {
				return true // (two operators of one specific: Respell could not tell which)
			}
			r.ops[spec.Name] = o
		}
		for _, a := range args {
			if !intrinsicTyped(x.info.TypeOf(a)) {
				return true
			}
		}
		name := ast.NewIdent(spec.Name)
		name.NamePos = e.Pos()
		x.info.Uses[name] = spec
		call := &ast.CallExpr{Fun: name, Lparen: op, Args: args}
		x.info.Calls[call] = sema.Call{Kind: sema.FunctionCall, Proc: spec, Type: x.info.TypeOf(e), Rank: x.info.Rank(e)}
		x.operatorSite(sc.Symbol, e, spec, call)
		c.Replace(call)
		return true
	})
}

// Respell writes, in generated file f, the references of the specifics
// DefinedOperators made where their name does not reach as the
// operations they were: `vdot(a, b)` as `a .dot. b`.
func (r *Reoperated) Respell(f *ast.File) {
	if r == nil || len(r.ops) == 0 {
		return
	}
	for _, u := range f.Units {
		ast.Apply(u, nil, func(c *ast.Cursor) bool {
			call, ok := c.Node().(*ast.CallExpr)
			if !ok {
				return true
			}
			id, ok := call.Fun.(*ast.Ident)
			if !ok {
				return true
			}
			o, ok := r.ops[id.Lower()]
			if !ok {
				return true
			}
			switch {
			case o.unary && len(call.Args) == 1:
				c.Replace(&ast.ParenExpr{X: &ast.UnaryExpr{Op: o.op, OpLit: o.lit, X: call.Args[0]}})
			case !o.unary && len(call.Args) == 2:
				c.Replace(&ast.ParenExpr{X: &ast.BinaryExpr{X: call.Args[0], Op: o.op, OpLit: o.lit, Y: call.Args[1]}})
			}
			return true
		})
	}
}

// intrinsicTyped reports whether t is a known type other than a derived
// type or CLASS.
func intrinsicTyped(t *sema.Type) bool {
	return t != nil && t != sema.Invalid && !t.IsDerived() && !t.Class
}

// operatorSite makes the call graph's site of operation e, in caller,
// the site of function reference call.
func (x *expander) operatorSite(caller *sema.Symbol, e ast.Expr, spec *sema.Symbol, call *ast.CallExpr) {
	if site := x.bareSite(caller, spec, e.Pos()); site != nil { // defined_assign.go
		site.Expr = call
	}
}

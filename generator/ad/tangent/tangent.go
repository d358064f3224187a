// Package tangent is fadj's tangent-mode (forward-mode) transformation.
//
// For each procedure version that the activity analysis found to need
// derivative code (activity.Result.Procs, callees first), Generate writes
// a tangent routine with the interface Tapenade uses:
//
//   - subroutine foo becomes foo_d (its second and later versions foo_d2,
//     ...), whose arguments are the original ones, each dummy in the
//     version's activity pattern followed by its tangent x_d (same type,
//     kind, shape and intent);
//   - a function f becomes a subroutine f_d(args with tangents, f, f_d):
//     its result and the result's tangent are the last two arguments (the
//     tangent is named f_res_d when f_d would clash with the routine name);
//     a reference to it with a derivative version is hoisted before the
//     statement into temporaries (call f_d(x, x_d, f_res1, f_res1_d));
//   - module procedures go into a module <mod>_d that uses the original
//     module; a unit calling them uses <mod>_d.
//
// The body is the original one, each active assignment y = e preceded by
// y_d = <tangent of e> (built with package deriv; computed before the
// primal assignment, so that x = 2*x + y is right), each assignment of
// a passive value to a varied active variable preceded by y_d = 0, each
// CALL of a procedure with a derivative version replaced by a call of the
// tangent version. Control flow, integer and logical code are copied. The
// tangents of active local variables (and of output-only dummies) are set to
// zero on entry.
//
// The tangents of active module variables (v_d) are declared in the module
// <mod>_d (with copies of the private entities of <mod> the tangents
// reference: decl.Private), those of common-block variables in a common
// block /blk_d/; the
// tangents of internal procedures are internal procedures of the host's
// tangent, where the host's tangents are host-associated.
//
// What is not handled returns an error starting with "not supported yet:"
// rather than wrong code: internal procedures of a main program, active
// saved variables, the blank common block, active pointer
// variables (allocatables: alloc.go; derived types: derived.go), private module variables that procedures
// change, active FORALL holding other than assignments to elements with one tangent assignment each (forall.go),
// active function references outside assignments (in conditions, CALL
// arguments, loop bounds) or nested in the arguments of another one, or in
// a WHERE, active actual arguments that are array-valued expressions or
// expressions for an output dummy (scalar expressions for input dummies get
// their tangent in a temporary), active statement
// functions, other constructs holding active code (arithmetic IF, ...),
// READs whose items' subscripts a later item defines and active READs with
// ERR=, END= or EOR= (a READ into active variables zeroes their tangents
// after it: io.go), array-valued active functions, and implied DO loops in
// active array constructors.
//
// WHERE statements and constructs keep their masks: each masked array
// assignment is preceded by its tangent's, under the same mask.
package tangent

import (
	"fmt"
	"github.com/fadj-dev/fadj/generator/diag"
	"github.com/fadj-dev/fadj/generator/source"
	"strconv"
	"strings"

	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/ad/deriv"
	"github.com/fadj-dev/fadj/generator/analysis/activity"
	"github.com/fadj-dev/fadj/generator/analysis/modref"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/loops"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Config configures the transformation.
type Config struct {
	// Suffix is appended to derivative variables and routines; "_d" if
	// empty.
	Suffix string
	// Augmented are the modules whose derivative code the driver puts
	// inside them (output.augment): none of their private entities is
	// copied (decl.Private).
	Augmented map[*sema.Symbol]bool
}

// Generate returns a new file holding, for each procedure version in act
// (callees first), its tangent routine.
func Generate(prog *sema.Program, act *activity.Result, conf Config) (*ast.File, error) {
	if conf.Suffix == "" {
		conf.Suffix = "_d"
	}
	if act == nil {
		return nil, fmt.Errorf("tangent: no activity result")
	}
	out := &ast.File{Name: "tangent.f90", Form: ast.FreeForm}
	// The tangents of module procedures go into a module <mod>_d that
	// uses the original module; those of external procedures are
	// external.
	// The tangents of a module's active variables (v_d) are declared in
	// its module <mod>_d too.
	mods := map[*sema.Symbol]*ast.Unit{}
	modOf := func(m *sema.Symbol) *ast.Unit {
		if mods[m] == nil {
			name := ast.NewIdent(m.Name + conf.Suffix)
			mods[m] = &ast.Unit{Kind: ast.ModuleUnit, Name: name,
				Decls: []ast.Stmt{&ast.UseStmt{Module: ast.NewIdent(m.Name)}, &ast.ImplicitStmt{None: true}},
				End:   ast.EndStmt{Keyword: "module", Name: name}}
		}
		return mods[m]
	}
	globals := &globalDecls{decls: map[*sema.Symbol][]ast.Stmt{}, done: map[*sema.Symbol]bool{},
		units: map[*activity.ProcActivity]*ast.Unit{}, internal: map[*ast.Unit][]*ast.Unit{},
		hostVars: map[*sema.Scope][]*sema.Symbol{}}
	var ext []*ast.Unit
	var dyn decl.DynSplit
	// origs are the module procedures whose tangents m_d holds; every
	// version is tried, so that errors come together.
	origs := map[*sema.Symbol][]*ast.Unit{}
	var errs diag.List
	for _, pa := range act.Procs {
		g := &gen{fset: prog.Fset, info: prog.Info, pa: pa, suffix: conf.Suffix,
			repl: map[*ast.CallExpr]*ast.Ident{}, tmpD: map[*ast.CallExpr]ast.Expr{},
			globals: globals, useMods: map[*sema.Symbol]bool{}}
		u, err := g.unit()
		if err != nil {
			pos := pa.Proc.Pos
			if pa.Unit != nil {
				pos = pa.Unit.Pos()
			}
			errs.AddErr(prog.Fset, pos, err)
			continue
		}
		g.retypeDynamic(u) // oop_dyntype.go
		globals.units[pa] = u
		if g.host != nil {
			hu := g.host.Unit
			globals.internal[hu] = append(globals.internal[hu], u)
			continue
		}
		if g.module == nil {
			ext = append(ext, u)
			continue
		}
		if dyn.Take(g.info, g.scope, g.module, conf.Augmented[g.module], pa.Unit, []*ast.Unit{u}) { // decl/oop_dynsplit.go
			continue
		}
		m := modOf(g.module)
		m.Contains = &ast.StmtHeader{}
		m.Procs = append(m.Procs, u)
		origs[g.module] = append(origs[g.module], pa.Unit)
	}
	if len(errs) > 0 {
		errs.Sort()
		return nil, errs
	}
	for _, m := range prog.Info.Modules {
		if d := globals.decls[m]; len(d) > 0 {
			u := modOf(m)
			u.Decls = append(u.Decls, d...)
		}
		if u := mods[m]; u != nil && conf.Augmented[m] {
			out.Units = append(out.Units, u)
		} else if u != nil {
			// What the tangents need of m's private entities.
			decls, procs, err := decl.Private(prog.Info, prog.Fset, m.Inner, origs[m])
			if err != nil {
				return nil, err
			}
			u.Decls = decl.WithUses(u.Decls, decl.PrivateUses(m.Inner))
			u.Decls = append(u.Decls, decls...)
			u.Procs = append(u.Procs, procs...)
			out.Units = append(out.Units, u)
		}
	}
	units, err := dyn.Finish(prog, conf.Suffix, mods, out.Units)
	if err != nil {
		return nil, err
	}
	out.Units = append(units, ext...)
	out.Units, err = decl.OrderModulesAt(prog, out.Units) // oop_dyntype.go
	return out, err
}

// notSupported returns the error for a construct fadj does not handle yet.
func notSupported(format string, args ...any) error {
	return fmt.Errorf("not supported yet: "+format, args...)
}

// routineName is the name of the tangent routine of version pa.
func routineName(pa *activity.ProcActivity, suffix string) string {
	name := pa.Proc.Name
	if pa.Unit != nil && pa.Unit.Name != nil {
		name = pa.Unit.Name.Name
	}
	name += suffix
	if pa.Index > 0 {
		name += strconv.Itoa(pa.Index + 1)
	}
	return name
}

type gen struct {
	fset   *source.FileSet // to position errors at the statement they concern
	info   *sema.Info
	pa     *activity.ProcActivity
	suffix string
	scope  *sema.Scope

	// Active function references hoisted into temporaries: the
	// temporary holding the value, and its tangent (absent if the result
	// is passive).
	repl     map[*ast.CallExpr]*ast.Ident
	tmpD     map[*ast.CallExpr]ast.Expr
	tmpDecls []ast.Stmt
	ntmp     int
	ompMM    []*ompMinMax // max and min reductions of the parallel loop (omp_minmax.go)
	hoisted  []ast.Stmt   // argument tangents computed for a hoisted function call
	inWhere  int          // nesting of WHERE bodies: their assignments do not reallocate
	// module is the module holding the procedure, nil for an external one;
	// host is the scope of the host of an internal procedure.
	module *sema.Symbol
	host   *sema.Scope
	// rename holds tangent names that differ from name+suffix.
	rename map[*sema.Symbol]string
	// globals collects the tangents of module variables by module;
	// useMods are the modules whose tangent module the routine uses.
	globals *globalDecls
	useMods map[*sema.Symbol]bool
	commons map[string]bool // tangent common blocks declared
	// allocUses rename module allocatables the routine does not see
	// (alloc.go).
	allocUses []ast.Stmt

	// Expressions with defined operators hoisted as references of their
	// specific procedures (dtype_op.go): the reference of each, and back.
	opCall map[ast.Expr]*ast.CallExpr
	opExpr map[*ast.CallExpr]ast.Expr
}

// globalDecls are the declarations of the tangents of module variables,
// and the tangent routines generated so far (for interface blocks).
type globalDecls struct {
	decls map[*sema.Symbol][]ast.Stmt
	done  map[*sema.Symbol]bool
	units map[*activity.ProcActivity]*ast.Unit
	// internal are the derivatives of internal procedures, by host unit;
	// hostVars the host variables whose derivatives they use, by host.
	internal map[*ast.Unit][]*ast.Unit
	hostVars map[*sema.Scope][]*sema.Symbol
	modref   *modref.Result // what calls may define (alloc.go)
}

// inPattern reports whether dummy sym of version pa takes a tangent argument.
func inPattern(pa *activity.ProcActivity, sym *sema.Symbol) bool {
	return pa.ActiveIn(sym) || pa.ActiveOut(sym)
}

// isFloat reports whether t is real or complex: a type with a tangent.
func isFloat(t *sema.Type) bool { return t != nil && (t.IsReal() || t.IsComplex()) }

// unit returns the tangent routine of version g.pa.
func (g *gen) unit() (*ast.Unit, error) {
	pa := g.pa
	u := pa.Unit
	if u == nil {
		return nil, notSupported("procedure '%s' without a body", pa.Proc.Name)
	}
	if u.Kind != ast.SubroutineUnit && u.Kind != ast.FunctionUnit {
		return nil, notSupported("tangent of %s '%s'", u.Kind, pa.Proc.Name)
	}
	if err := g.place(u); err != nil {
		return nil, err
	}
	if err := loops.CheckLocality(g.fset, u.Body, "tangent mode"); err != nil {
		return nil, err
	}
	if err := g.checkActiveVars(); err != nil {
		return nil, err
	}
	nu := &ast.Unit{Kind: ast.SubroutineUnit, Name: ast.NewIdent(routineName(pa, g.suffix))}
	for _, k := range u.Prefix {
		// PURE is dropped: a tangent routine calls other tangent
		// routines, which an external procedure's callers see without
		// an interface; ELEMENTAL becomes IMPURE ELEMENTAL (elemental.go).
		if k.Name != "pure" && k.Name != "elemental" && k.Name != "impure" {
			nu.Prefix = append(nu.Prefix, k)
		}
	}
	nu.Prefix = append(nu.Prefix, elementalPrefix(pa)...)
	args, err := g.dummyArgs(u)
	if err != nil {
		return nil, err
	}
	nu.Args = args
	// A function becomes a subroutine returning its result and its
	// tangent in the last arguments.
	result := g.resultSym(u)
	var resultDecl ast.Stmt
	if u.Kind == ast.FunctionUnit {
		if resultDecl, err = g.functionResult(u, nu, result); err != nil {
			return nil, err
		}
	}
	if err := g.checkArgClashes(u); err != nil {
		return nil, err
	}
	// Declarations: the original ones, then the tangents (before any
	// statement function, DATA or FORMAT statement).
	activeVars := g.withAliased(g.withHostVars(pa.ActiveVars())) // pointer.go
	tdecls, inits, err := g.tangentDecls(u, activeVars)
	if err != nil {
		return nil, err
	}
	ds, is, err := g.patternDummyDecls(u)
	if err != nil {
		return nil, err
	}
	tdecls, inits = append(tdecls, ds...), append(inits, is...)
	specs, tail := tangentDeclsSplit(u.Decls) // legacy.go
	if err := g.checkStmtFunctions(u); err != nil {
		return nil, err
	}
	if ds, is, err = g.resultTangentDecl(result); err != nil {
		return nil, err
	}
	tdecls, inits = append(tdecls, ds...), append(inits, is...)
	body, err := g.stmts(u.Body)
	if err != nil {
		return nil, err
	}
	body = ompEnd(body, u)
	if err := g.ompClauses(body); err != nil { // omp.go
		return nil, err
	}
	nu.Decls = append(nu.Decls, g.uses(u, activeVars)...)
	nu.Decls = append(nu.Decls, g.allocUses...)
	decls := decl.EffectiveIntents(g.info.ScopeOf(u), specs)
	// The original's USE, IMPORT and IMPLICIT statements precede the
	// interface block, as the standard orders a specification part.
	lead := decl.Leading(decls)
	nu.Decls = append(nu.Decls, decls[:lead]...)
	if ib := g.interfaces(); ib != nil {
		nu.Decls = append(nu.Decls, ib)
	}
	nu.Decls = append(nu.Decls, decls[lead:]...)
	if resultDecl != nil {
		nu.Decls = append(nu.Decls, resultDecl)
	}
	nu.Decls = append(nu.Decls, tdecls...)
	nu.Decls = append(nu.Decls, g.tmpDecls...)
	nu.Decls = append(nu.Decls, tail...)
	nu.Body = decl.GuardOptionals(append(inits, body...), g.optionalNames()) // optional.go
	nu.End = ast.EndStmt{Keyword: "subroutine", Name: nu.Name}
	// Internal procedures: the originals (passive calls use them) and
	// the derivatives generated for them.
	if len(u.Procs) > 0 || len(g.globals.internal[u]) > 0 {
		nu.Contains = &ast.StmtHeader{}
		nu.Procs = append(append(nu.Procs, u.Procs...), g.globals.internal[u]...)
	}
	var syms []*sema.Symbol
	for _, v := range activeVars {
		syms = append(syms, v.Sym)
	}
	decl.PruneUnused(nu, syms, g.suffix) // (alloc_clash.go)
	decl.MoldBounds(nu, g.scope)         // (alloc_mold.go)
	return nu, nil
}

// place sets g.scope to the scope of u and g.host or g.module to its
// host or module, and rejects the hosts and modules not supported.
func (g *gen) place(u *ast.Unit) error {
	pa := g.pa
	g.scope = g.info.ScopeOf(u)
	if g.scope == nil {
		return fmt.Errorf("tangent: no scope for '%s'", pa.Proc.Name)
	}
	if p := g.scope.Parent; p != nil && p.Kind != sema.ModuleScope {
		// An internal procedure: its derivatives go into the host's
		// (Generate), where the host's variables and their
		// derivatives are host-associated.
		if p.Kind != sema.SubroutineScope && p.Kind != sema.FunctionScope {
			return notSupported("internal procedure '%s' of a %s", pa.Proc.Name, p.Kind)
		}
		g.host = p
	} else if p != nil {
		// Its private entities are copied into m_d (decl.Private).
		g.module = p.Symbol
	}
	return nil
}

// checkActiveVars returns, at their declarations, the active variables
// whose tangents are not supported (derived-type, saved, allocatable,
// pointer, global ones).
func (g *gen) checkActiveVars() error {
	var errs diag.List
	seen := map[*sema.Symbol]bool{}
	for _, v := range g.pa.ActiveVars() {
		if seen[v.Sym] {
			continue // the components of a derived-type variable
		}
		seen[v.Sym] = true
		if err := g.checkActiveVar(v); err != nil {
			errs.AddErr(g.fset, v.Sym.Pos, err)
		}
	}
	return errs.Err()
}

func (g *gen) checkActiveVar(v activity.Var) error {
	pa, s := g.pa, v.Sym
	switch {
	case v.Path != "" || (s.Type != nil && s.Type.IsDerived()):
		return g.checkDerivedVar(v) // derived.go
	case s.Attrs.Has(sema.AttrInCommon):
		return nil // tangent common block, in tangentDecls
	case s.Module() != nil:
		return nil // (a pointer: ptr_module.go)
	case s.Kind == sema.CommonSym:
		pos, err := decl.WholeCommon(s, g.scope, pa.Proc.Name)
		return diag.At(g.fset, pos, err)
	case s.Owner != g.scope:
		if s.Owner != nil && s.Owner.Kind == sema.BlockScope { // (its BLOCK kept its declarations: inline.BlockLocals)
			return notSupported("active local '%s' of a BLOCK construct in '%s'", v, pa.Proc.Name)
		}
		if g.host == nil || s.Owner != g.host {
			return notSupported("active global variable '%s' in '%s'", v, pa.Proc.Name)
		}
		return nil // the host declares its derivative
	case !s.IsDummy() && (s.Attrs.Has(sema.AttrSave) || s.Attrs.Has(sema.AttrData) || g.scope.SaveAll()):
		return diag.At(g.fset, decl.SavedPos(pa.Unit.Decls, s), notSupported("active saved variable '%s' (its value, and its derivative, carry over from one call of '%s' to the next)", s.Name, pa.Proc.Name))
	case s.Attrs.Has(sema.AttrPointer) && s.IsDummy() && !inPattern(pa, s): // pointer.go
		return notSupported("active pointer variable '%s' in '%s'", s.Name, pa.Proc.Name)
	}
	return nil
}

// dummyArgs returns the dummy arguments of the tangent of u: u's, each
// one in the activity pattern followed by its tangent.
func (g *gen) dummyArgs(u *ast.Unit) ([]*ast.Ident, error) {
	var args []*ast.Ident
	for _, a := range u.Args {
		args = append(args, a)
		if a.Name == "*" {
			continue
		}
		s := g.scope.LookupLocal(a.Lower())
		if s != nil && inPattern(g.pa, s) {
			if !hasShadow(s.Type) {
				return nil, notSupported("active dummy '%s' of type %s", s.Name, s.Type)
			}
			args = append(args, ast.NewIdent(a.Name+g.suffix))
		}
	}
	return args, nil
}

// functionResult appends the result of function u, and its tangent if
// active, to the arguments of nu, its tangent routine, and returns the
// declaration that makes the result an INTENT(OUT) dummy. It renames the
// result's tangent when its name would be the routine's.
func (g *gen) functionResult(u, nu *ast.Unit, result *sema.Symbol) (ast.Stmt, error) {
	pa := g.pa
	if result == nil {
		return nil, notSupported("function '%s' without a result variable", pa.Proc.Name)
	}
	if (!isFloat(result.Type) || !resultShapeOK(result)) && !derivedResult(result) { // (dtype_func.go)
		if pa.ActiveOut(result) {
			return nil, notSupported("active function '%s' with a non-scalar result", pa.Proc.Name)
		}
	}
	rid := resultIdent(u)
	nu.Args = append(nu.Args, rid)
	if strings.EqualFold(rid.Name+g.suffix, nu.Name.Name) {
		// f_d is the routine: the result's tangent is f_res_d.
		g.rename = map[*sema.Symbol]string{result: rid.Name + "_res" + g.suffix}
		if g.scope.LookupLocal(strings.ToLower(rid.Name+"_res"+g.suffix)) != nil {
			return nil, notSupported("tangent name '%s' clashes with a name of '%s'", rid.Name+"_res"+g.suffix, pa.Proc.Name)
		}
	}
	if pa.ActiveOut(result) {
		nu.Args = append(nu.Args, ast.NewIdent(g.tname(result)))
	}
	if u.Type != nil {
		return &ast.TypeDecl{Type: u.Type, Attrs: []*ast.Attr{{Kind: ast.AttrIntent, Intent: ast.IntentOut}}, DColon: true, Entities: []*ast.Entity{{Name: rid}}}, nil
	}
	return &ast.AttrStmt{Attr: &ast.Attr{Kind: ast.AttrIntent, Intent: ast.IntentOut}, DColon: true, Entities: []*ast.Entity{{Name: rid}}}, nil
}

// checkArgClashes rejects a procedure where the name of a dummy's tangent
// is already a name of the procedure.
func (g *gen) checkArgClashes(u *ast.Unit) error {
	for _, a := range u.Args {
		if a.Name != "*" && g.scope.LookupLocal(a.Lower()+g.suffix) != nil {
			return notSupported("tangent name '%s' clashes with a name of '%s'", a.Name+g.suffix, g.pa.Proc.Name)
		}
	}
	return nil
}

// withHostVars returns vars and the variables of a host whose
// derivatives its internal procedures' derivatives use: the host
// declares them.
func (g *gen) withHostVars(vars []activity.Var) []activity.Var {
	for _, s := range g.globals.hostVars[g.scope] {
		if !containsSym(vars, s) {
			vars = append(vars, activity.Var{Sym: s})
		}
	}
	return vars
}

// tangentDecls returns the declarations of the tangents of the real and
// complex variables of vars that u declares (the tangents of module
// variables go to the tangent module, those of host variables to the
// host), and the statements that zero those that need it on entry.
func (g *gen) tangentDecls(u *ast.Unit, vars []activity.Var) (tdecls, inits []ast.Stmt, err error) {
	seen := map[*sema.Symbol]bool{}
	for _, v := range vars {
		s := v.Sym
		if !hasShadow(s.Type) || seen[s] {
			continue
		}
		seen[s] = true
		if g.host != nil && s.Owner == g.host {
			// Host-associated: declared (and zeroed) by the host.
			if !containsSymList(g.globals.hostVars[g.host], s) {
				g.globals.hostVars[g.host] = append(g.globals.hostVars[g.host], s)
			}
			continue
		}
		d, err := g.decl(s)
		if err != nil {
			return nil, nil, err
		}
		var ds, is []ast.Stmt
		switch {
		case s.Attrs.Has(sema.AttrInCommon):
			ds, is, err = g.commonTangentDecls(u, s)
		case s.Module() != nil:
			is, err = g.moduleTangentDecl(u, s, d)
		default:
			ds, is, err = g.localTangentDecl(s, d)
		}
		if err != nil {
			return nil, nil, err
		}
		tdecls, inits = append(tdecls, ds...), append(inits, is...)
	}
	return tdecls, inits, nil
}

// commonTangentDecls returns the declarations of the tangent of common
// variable s, in a tangent common block of its own (global state too),
// and its zeroing if u defines s and its value on entry is passive.
func (g *gen) commonTangentDecls(u *ast.Unit, s *sema.Symbol) (tdecls, inits []ast.Stmt, err error) {
	if g.commons == nil {
		g.commons = map[string]bool{}
	}
	ds, err := decl.Common(g.scope, s, g.suffix, g.commons, g.decl)
	if err != nil {
		return nil, nil, err
	}
	if !g.pa.ActiveIn(s) && decl.Declares(g.scope, s) && decl.DefinesGlobal(g.info, u, s) {
		inits = append(inits, zeroTangent(g.tname(s), s.Type))
	}
	return ds, inits, nil
}

// moduleTangentDecl adds declaration d of the tangent of module variable
// s to the tangent module, once, and returns its zeroing if needed.
func (g *gen) moduleTangentDecl(u *ast.Unit, s *sema.Symbol, d ast.Stmt) (inits []ast.Stmt, err error) {
	// A module variable's tangent is global state: it holds the
	// tangent of the variable's value, unless this version finds the
	// value on entry passive.
	m := s.Module()
	if m != g.module {
		g.useMods[m] = true
	}
	if !g.globals.done[s] {
		g.globals.done[s] = true
		g.globals.decls[m] = append(g.globals.decls[m], nullInit(s, decl.ModuleInit(s, d))) // ptr_module.go; decl/dtype_init.go
	}
	zero := !g.pa.ActiveIn(s) && decl.DefinesGlobal(g.info, u, s) && !s.Attrs.Has(sema.AttrPointer) // (ptr_module.go)
	if err := g.hiddenGlobal(u, s, zero || decl.IsAllocatable(s) || len(decl.AllocLeaves(s.Type)) > 0); err != nil {
		return nil, err // alloc_clash.go
	}
	if decl.IsAllocatable(s) {
		x, err := g.globalAlloc(u, s) // alloc.go
		if err != nil {
			return nil, err
		}
		xd := decl.ReachName(g.scope, u.Decls, s, g.suffix) + g.suffix
		z := g.zeroShadow(xd, s.Type, s.Rank())
		if blk, ok := z.(*ast.BlockConstruct); ok && len(decl.AllocPaths(s.Type)) > 0 {
			blk.Body = append(decl.FollowComponents(x.Name, xd, s, true, g.newIndex), blk.Body...)
		}
		out := []ast.Stmt{decl.FollowLike(x, ast.NewIdent(xd), s.Rank(), s.Type, z, zero)}
		return append(out, decl.FollowAllocated(x.Name, xd, s, zero, g.newIndex)...), nil
	}
	if len(decl.AllocLeaves(s.Type)) > 0 { // alloc_comp.go
		x, err := g.globalAlloc(u, s)
		if err != nil {
			return nil, err
		}
		inits = append(inits, decl.FollowComponents(x.Name, decl.ReachName(g.scope, u.Decls, s, g.suffix)+g.suffix, s, zero, g.newIndex)...)
	}
	if zero {
		inits = append(inits, g.zero(decl.ReachName(g.scope, u.Decls, s, g.suffix)+g.suffix, s)...)
	}
	return inits, nil
}

// localTangentDecl returns declaration d of the tangent of local
// variable or dummy s, and its zeroing unless its value on entry is the
// caller's tangent.
func (g *gen) localTangentDecl(s *sema.Symbol, d ast.Stmt) (tdecls, inits []ast.Stmt, err error) {
	pa := g.pa
	if g.scope.LookupLocal(g.tname(s)) != nil {
		return nil, nil, notSupported("tangent name '%s' clashes with a name of '%s'", g.tname(s), pa.Proc.Name)
	}
	zero := !s.IsDummy() || !inPattern(pa, s) || (!pa.ActiveIn(s) && s.Intent != ast.IntentIn)
	switch {
	case decl.IsAllocatable(s) && !s.IsDummy():
		// Unallocated on entry, like the variable.
	case decl.IsAllocatable(s) && (!inPattern(pa, s) || s.Intent != ast.IntentIn):
		inits = append(inits, g.entryAlign(ast.NewIdent(s.Name), s, zero))
	case decl.IsAllocatable(s):
		// intent(in): the caller allocates it.
	case zero && s.IsDummy() && assumedSize(s):
		// No whole-array assignment zeroes it; the elements the body
		// leaves alone keep the caller's values and tangents (legacy.go).
	case zero:
		inits = append(inits, g.zero(g.tname(s), s)...)
	}
	if s.IsDummy() && inPattern(pa, s) && s.Intent != ast.IntentIn {
		// ALLOCATABLE components of a derived-type dummy: aligned as an
		// allocatable dummy's tangent (alloc_comp.go); then zeroed if zero.
		if f := g.followComponents(s, zero); len(f) > 0 {
			inits = append(f, inits...)
		}
	}
	return []ast.Stmt{d}, inits, nil
}

// patternDummyDecls returns the declarations of the tangents of the real
// and complex dummies of u in the activity pattern that ActiveVars does
// not list, and the zeroing of those that are not inputs.
func (g *gen) patternDummyDecls(u *ast.Unit) (tdecls, inits []ast.Stmt, err error) {
	pa := g.pa
	for _, a := range u.Args {
		if a.Name == "*" {
			continue
		}
		s := g.scope.LookupLocal(a.Lower())
		// (A TARGET dummy a pointer may alias is among the active
		// variables too: withAliased, pointer.go.)
		if s == nil || !inPattern(pa, s) || containsSym(g.withAliased(pa.ActiveVars()), s) {
			continue
		}
		if !hasShadow(s.Type) {
			continue
		}
		d, err := g.decl(s)
		if err != nil {
			return nil, nil, err
		}
		tdecls = append(tdecls, d)
		switch {
		case decl.IsAllocatable(s) && s.Intent != ast.IntentIn:
			inits = append(inits, g.entryAlign(ast.NewIdent(s.Name), s, !pa.ActiveIn(s)))
		case decl.IsAllocatable(s):
		case !pa.ActiveIn(s) && s.Intent != ast.IntentIn:
			inits = append(inits, g.zero(g.tname(s), s)...)
		}
	}
	return tdecls, inits, nil
}

// resultTangentDecl returns the declaration of the tangent of function
// result result and its zeroing, if the result is active on exit and not
// among the active variables (which tangentDecls declares).
func (g *gen) resultTangentDecl(result *sema.Symbol) (tdecls, inits []ast.Stmt, err error) {
	pa := g.pa
	if result == nil || !pa.ActiveOut(result) || containsSym(pa.ActiveVars(), result) {
		return nil, nil, nil
	}
	d, err := g.decl(result)
	if err != nil {
		return nil, nil, err
	}
	return []ast.Stmt{d}, []ast.Stmt{g.zeroShadow(g.tname(result), result.Type, 0)}, nil
}

// zeroTangent returns the assignment of zero to the tangent name of type t.
func zeroTangent(name string, t *sema.Type) ast.Stmt {
	return &ast.AssignStmt{Lhs: ast.NewIdent(name), Rhs: deriv.Const("0", t)}
}

// checkStmtFunctions rejects the active statement functions of u.
func (g *gen) checkStmtFunctions(u *ast.Unit) error {
	for _, d := range u.Decls {
		if sf, ok := d.(*ast.StmtFunction); ok {
			if t, _ := g.tangent(sf.Expr); t != nil {
				return notSupported("active statement function '%s'", sf.Name.Name)
			}
		}
	}
	return nil
}

// uses returns the USE statements of the tangent of u for the tangent
// modules of the module procedures it calls and of the module variables
// of activeVars.
func (g *gen) uses(u *ast.Unit, activeVars []activity.Var) []ast.Stmt {
	procs := map[*sema.Symbol][]string{}
	for _, c := range g.pa.Callees() {
		if c.Unit == nil {
			continue
		}
		if cs := g.info.ScopeOf(c.Unit); cs != nil && cs.Parent != nil && cs.Parent.Kind == sema.ModuleScope {
			if m := cs.Parent.Symbol; m != g.module {
				g.useMods[m] = true
				procs[m] = append(procs[m], routineName(c, g.suffix))
			}
		}
	}
	var uses []ast.Stmt
	for _, m := range g.info.Modules {
		if !g.useMods[m] || m == decl.OwnModule(g.module, g.host) {
			continue
		}
		var vars []*sema.Symbol
		for _, v := range activeVars {
			if v.Sym.Module() == m && g.globals.done[v.Sym] {
				vars = append(vars, v.Sym)
			}
		}
		uses = append(uses, decl.Use(m, g.suffix, decl.ReachDecls(g.scope, u.Decls, vars, g.suffix), vars, procs[m])) // (hidden ones renamed: alloc_clash.go)
	}
	return uses
}

// interfaces returns the interface block of the tangents of the external
// callees that need one, nil if none does.
func (g *gen) interfaces() *ast.InterfaceBlock {
	ib := &ast.InterfaceBlock{End: ast.EndStmt{Keyword: "interface"}}
	for _, c := range g.pa.Callees() {
		if c.Unit == nil || g.globals.units[c] == nil {
			continue
		}
		if cs := g.info.ScopeOf(c.Unit); cs != nil && cs.Parent == nil && (decl.NeedsInterface(cs, c.Unit) || hasPrefix(c.Unit, "elemental")) {
			b := elementalInterface(c, g.globals.units[c]) // elemental.go
			if b == nil {
				b = decl.InterfaceBody(g.globals.units[c])
			}
			if b != nil {
				ib.Bodies = append(ib.Bodies, b)
				ib.Members = append(ib.Members, b)
			}
		}
	}
	if len(ib.Bodies) == 0 {
		return nil
	}
	return ib
}

// containsSymList reports whether list holds s.
func containsSymList(list []*sema.Symbol, s *sema.Symbol) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// containsSym reports whether vs holds a variable of symbol s.
func containsSym(vs []activity.Var, s *sema.Symbol) bool {
	for _, v := range vs {
		if v.Sym == s {
			return true
		}
	}
	return false
}

// tname returns the name of the tangent of variable s.
func (g *gen) tname(s *sema.Symbol) string {
	if n, ok := g.rename[s]; ok {
		return n
	}
	return s.Name + g.suffix
}

// tident returns the tangent of identifier x naming variable s, keeping
// the spelling of x.
func (g *gen) tident(x *ast.Ident, s *sema.Symbol) *ast.Ident {
	if n, ok := g.rename[s]; ok {
		return ast.NewIdent(n)
	}
	return ast.NewIdent(x.Name + g.suffix)
}

// decl declares the tangent of variable s.
func (g *gen) decl(s *sema.Symbol) (ast.Stmt, error) {
	t := s.Type
	d := &ast.TypeDecl{Type: decl.Type(s, t.IsComplex(), s.Owner == g.scope), DColon: true}
	if decl.IsDerived(t) {
		d.Type = decl.DerivedType(t)
		if g.info.MonoClass[s] {
			d.Type.Kind = ast.Class // (sema/oop_static.go)
		}
	}
	if s.IsDummy() && inPattern(g.pa, s) && s.Intent != ast.IntentNone {
		d.Attrs = append(d.Attrs, &ast.Attr{Kind: ast.AttrIntent, Intent: s.Intent})
	}
	if s.Attrs.Has(sema.AttrResult) && g.pa.ActiveOut(s) {
		d.Attrs = append(d.Attrs, &ast.Attr{Kind: ast.AttrIntent, Intent: ast.IntentOut})
	}
	if s.IsDummy() && inPattern(g.pa, s) {
		for _, a := range []struct {
			s sema.Attrs
			a ast.AttrKind
		}{{sema.AttrOptional, ast.AttrOptional}, {sema.AttrValue, ast.AttrValue}, {sema.AttrContiguous, ast.AttrContiguous}} {
			if s.Attrs.Has(a.s) {
				d.Attrs = append(d.Attrs, &ast.Attr{Kind: a.a})
			}
		}
	}
	e := &ast.Entity{Name: ast.NewIdent(g.tname(s))}
	for _, dim := range s.Dims {
		switch dim.Kind {
		case sema.ExplicitShape:
			e.Dims = append(e.Dims, &ast.Dim{Lo: dim.Lo.Expr, Hi: dim.Hi.Expr, Colon: dim.Lo.Expr != nil})
		case sema.AssumedSize:
			e.Dims = append(e.Dims, &ast.Dim{Lo: dim.Lo.Expr, Hi: &ast.StarExpr{}, Colon: dim.Lo.Expr != nil})
		case sema.AssumedShape:
			if !s.IsDummy() || !inPattern(g.pa, s) {
				return nil, notSupported("local tangent of assumed-shape dummy '%s'", s.Name)
			}
			e.Dims = append(e.Dims, &ast.Dim{Lo: dim.Lo.Expr, Colon: true})
		case sema.DeferredShape:
			if !decl.IsAllocatable(s) && !s.Attrs.Has(sema.AttrPointer) {
				return nil, notSupported("deferred-shape active variable '%s'", s.Name)
			}
			e.Dims = append(e.Dims, &ast.Dim{Colon: true})
		default:
			return nil, notSupported("deferred-shape active variable '%s'", s.Name)
		}
	}
	if decl.IsAllocatable(s) {
		d.Attrs = append(d.Attrs, &ast.Attr{Kind: ast.AttrAllocatable})
	}
	pointerAttrs(s, d) // pointer.go
	for _, dim := range e.Dims {
		if dim.Hi == nil && dim.Lo == nil && !dim.Colon {
			return nil, fmt.Errorf("tangent: bounds of '%s' unknown", s.Name)
		}
	}
	d.Entities = []*ast.Entity{e}
	return d, nil
}

// stmts returns the tangent code of statement list list.
func (g *gen) stmts(list []ast.Stmt) ([]ast.Stmt, error) {
	var out []ast.Stmt
	var errs diag.List // every statement is tried: errors come together
	for _, s := range list {
		r, err := g.stmt(s)
		if err != nil {
			errs.AddErr(g.fset, s.Pos(), err)
		}
		out = append(out, ompFirst(s, r)...) // omp.go
	}
	if len(errs) > 0 {
		return nil, errs
	}
	return out, nil
}

// hasPrefix reports whether unit u has prefix kw (lower case).
func hasPrefix(u *ast.Unit, kw string) bool {
	for _, k := range u.Prefix {
		if k.Name == kw {
			return true
		}
	}
	return false
}

// withPrefix returns pre followed by s; a label of s moves to a CONTINUE
// before pre so that jumps to it run the derivative statements too.
func withPrefix(pre []ast.Stmt, s ast.Stmt) []ast.Stmt {
	if len(pre) == 0 {
		return []ast.Stmt{s}
	}
	var out []ast.Stmt
	if h := s.Header(); h.Label != 0 {
		c := &ast.ContinueStmt{}
		c.Label = h.Label
		c.Doc = h.Doc
		out = append(out, c)
		s = ast.Copy(s)
		s.Header().Label = 0
		s.Header().Doc = nil
	}
	out = append(out, pre...)
	return append(out, s)
}

// stmt returns the statements replacing s in the tangent routine: s with
// the tangent statements it needs, or s itself when it has none.
func (g *gen) stmt(s ast.Stmt) ([]ast.Stmt, error) {
	switch s := s.(type) {
	case *ast.AssignStmt:
		return g.assign(s)
	case *ast.CallStmt:
		return g.callStmt(s)
	case *ast.IfStmt:
		if out, ok, err := g.ompMinMaxAssign(s); ok { // omp_minmax.go
			return out, err
		}
		return g.ifStmt(s)
	case *ast.IfConstruct:
		return g.ifConstruct(s)
	case *ast.DoConstruct:
		return g.doConstruct(s)
	case *ast.BlockConstruct:
		return g.blockConstruct(s) // block.go
	case *ast.SelectCase:
		return g.selectCase(s)
	case *ast.SelectType:
		return g.selectType(s) // select_type.go
	case *ast.WhereStmt:
		return g.whereStmt(s)
	case *ast.WhereConstruct:
		return g.whereConstruct(s)
	case *ast.IOStmt:
		return g.ioStmt(s)
	case *ast.AllocateStmt:
		return g.allocStmt(s)
	case *ast.PointerAssignStmt:
		return g.pointerAssign(s) // pointer.go
	case *ast.ForallStmt, *ast.ForallConstruct:
		return g.forall(s) // forall.go
	default:
		if g.pa.ActiveStmt(s) {
			return nil, notSupported("active %s in tangent mode", ast.StmtName(s))
		}
		return []ast.Stmt{s}, nil
	}
}

// assign returns assignment s preceded by the assignment of its
// tangent (and by the calls of hoisted function references), or s
// alone if its left-hand side is passive or its tangent stays zero.
func (g *gen) assign(s *ast.AssignStmt) ([]ast.Stmt, error) {
	pa := g.pa
	if g.info.Assignments[s] != nil {
		if pa.ActiveStmt(s) {
			return nil, notSupported("active defined assignment")
		}
		return []ast.Stmt{s}, nil
	}
	if err := deriv.CheckTransfers(g.info, func(v *sema.Symbol) bool { return pa.IsVaried(s, false, v) }, s); err != nil {
		return nil, err
	}
	if out, ok, err := g.ompMinMaxAssign(s); ok { // omp_minmax.go
		return out, err
	}
	ppre := g.hoistPassive(s) // funcref_passive.go
	pre, err := g.hoist(s.Lhs, s.Rhs)
	if err != nil {
		return nil, err
	}
	pre = append(ppre, pre...)
	primal := ast.Stmt(s)
	if len(pre) > 0 {
		c := ast.Copy(s).(*ast.AssignStmt)
		c.Lhs, c.Rhs = g.replace(s.Lhs), g.replace(s.Rhs)
		primal = c
	}
	base := g.baseSym(s.Lhs)
	lt := g.info.TypeOf(s.Lhs)
	if base == nil || !hasShadow(lt) || !pa.ActiveVar(base) {
		if pa.ActiveStmt(s) && len(pre) == 0 && !passiveKind(lt) { // passive_kinds.go
			return nil, notSupported("active assignment to '%s'", exprString(s.Lhs))
		}
		return withPrefix(pre, primal), nil
	}
	if decl.IsDerived(lt) {
		tan, post, err := g.derivedAssignPost(s) // derived.go, dtype_func.go
		if err != nil {
			return nil, err
		}
		if a := g.wholeAllocatable(s.Lhs); a != nil { // dtype_alloc.go
			return g.derivedRealloc(pre, primal, s, a, tan)
		}
		return append(withPrefix(append(pre, tan...), primal), post...), nil
	}
	var rhs ast.Expr
	if pa.ActiveStmt(s) {
		var err error
		rhs, err = g.tangent(s.Rhs)
		if err != nil {
			return nil, err
		}
	} else if !pa.IsVaried(s, false, base) && g.wholeAllocatable(s.Lhs) == nil {
		// The tangent is zero already (unless s reallocates it).
		return withPrefix(pre, primal), nil
	}
	if rhs == nil {
		rhs = zeroConst(lt)
	}
	lhs, err := g.tangentRef(s.Lhs)
	if err != nil {
		return nil, err
	}
	tan, err := g.shareLong(s, base, &ast.AssignStmt{Lhs: g.replace(lhs), Rhs: g.replace(rhs)})
	if err != nil {
		return nil, err
	}
	if a := g.wholeAllocatable(s.Lhs); a != nil && !g.references(s.Rhs, a) {
		return g.reallocAssign(pre, primal, s.Lhs.(*ast.Ident), a, tan), nil
	}
	if out, ok := g.componentAssign(pre, primal, s, tan); ok { // alloc_comp.go
		return out, nil
	}
	return withPrefix(append(pre, tan...), primal), nil
}

// callStmt returns CALL s, replaced by the call of the callee's tangent
// version if it has one.
func (g *gen) callStmt(s *ast.CallStmt) ([]ast.Stmt, error) {
	if from, to, ok := decl.MoveAllocArgs(g.info, s); ok {
		return g.moveAlloc(s, from, to) // alloc.go
	}
	callee := g.pa.CallPattern(s)
	if callee == nil {
		if g.pa.ActiveStmt(s) && g.info.UnboundDummy(s) != nil {
			return nil, notSupported("active call of dummy procedure '%s', which the calls of its procedure bind to several procedures or to one without a body", exprString(s.Name))
		}
		if g.pa.ActiveStmt(s) {
			return nil, notSupported("active call of '%s' without a derivative version", exprString(s.Name))
		}
		zeros, err := g.zeroAfterPassive(s, nil)         // passive.go
		out := append([]ast.Stmt{s}, g.followCall(s)...) // alloc.go
		return append(out, zeros...), err
	}
	c, pre, err := g.call(s, callee)
	if err != nil {
		return nil, err
	}
	zeros, err := g.zeroAfterPassive(s, callee)
	zeros = append(zeros, g.extOutZeros(s, callee)...) // oop_extzero.go
	// The call replaces the original one.
	c.StmtHeader = s.StmtHeader
	return append(withPrefix(pre, c), zeros...), err
}

// ifStmt returns logical IF s with the tangent of its action: an IF
// construct if the action became several statements.
func (g *gen) ifStmt(s *ast.IfStmt) ([]ast.Stmt, error) {
	if err := g.checkCalls(s.Cond); err != nil {
		return nil, err
	}
	// An inactive action is visited too: a passive assignment to a
	// varied variable zeroes its tangent.
	body, err := g.stmt(s.Action)
	if err != nil {
		return nil, err
	}
	if len(body) == 1 {
		n := ast.Copy(s).(*ast.IfStmt)
		n.Action = body[0]
		return []ast.Stmt{n}, nil
	}
	n := &ast.IfConstruct{Branches: []*ast.IfBranch{{Cond: s.Cond, Body: body}}, End: ast.EndStmt{Keyword: "if"}}
	n.StmtHeader = s.StmtHeader
	return []ast.Stmt{n}, nil
}

// ifConstruct returns IF construct s with the tangent of each branch.
func (g *gen) ifConstruct(s *ast.IfConstruct) ([]ast.Stmt, error) {
	n := ast.Copy(s).(*ast.IfConstruct)
	n.Branches = nil
	for _, b := range s.Branches {
		if err := g.checkCalls(b.Cond); err != nil {
			return nil, err
		}
		nb := *b
		body, err := g.stmts(b.Body)
		if err != nil {
			return nil, err
		}
		nb.Body = body
		n.Branches = append(n.Branches, &nb)
	}
	return []ast.Stmt{n}, nil
}

// doConstruct returns DO loop s with the tangent of its body, as a
// block DO.
func (g *gen) doConstruct(s *ast.DoConstruct) ([]ast.Stmt, error) {
	if out, ok, err := g.ompMinMaxLoop(s); ok { // omp_minmax.go
		return out, err
	}
	if s.Concurrent != nil && g.pa.ActiveStmt(s) {
		return g.concurrent(s) // concurrent.go
	}
	for _, x := range []ast.Expr{s.Start, s.Stop, s.Step, s.While} {
		if err := g.checkCalls(x); err != nil {
			return nil, err
		}
	}
	n := ast.Copy(s).(*ast.DoConstruct)
	body, err := g.stmts(s.Body)
	if err != nil {
		return nil, err
	}
	n.Body = body
	if n.TermLabel != 0 {
		// Written as a block DO: the terminal statement may have
		// lost its label to a CONTINUE before its tangent.
		n.TermLabel = 0
		n.End = ast.EndStmt{Keyword: "do", Name: s.Name}
	}
	return []ast.Stmt{n}, nil
}

// selectCase returns SELECT CASE s with the tangent of each case.
func (g *gen) selectCase(s *ast.SelectCase) ([]ast.Stmt, error) {
	if err := g.checkCalls(s.Selector); err != nil {
		return nil, err
	}
	n := ast.Copy(s).(*ast.SelectCase)
	n.Cases = nil
	for _, c := range s.Cases {
		nc := *c
		body, err := g.stmts(c.Body)
		if err != nil {
			return nil, err
		}
		nc.Body = body
		n.Cases = append(n.Cases, &nc)
	}
	return []ast.Stmt{n}, nil
}

// whereStmt returns WHERE statement s with its assignment's tangent
// under the same mask: a WHERE construct if that makes two statements.
func (g *gen) whereStmt(s *ast.WhereStmt) ([]ast.Stmt, error) {
	if !g.pa.ActiveStmt(s) {
		return []ast.Stmt{s}, nil
	}
	if err := g.checkWhereElemental(s); err != nil {
		return nil, err // where_elemental.go
	}
	if err := g.checkCalls(s.Mask); err != nil {
		return nil, err
	}
	body, err := g.whereBody([]ast.Stmt{s.Assign})
	if err != nil {
		return nil, err
	}
	if len(body) == 1 {
		n := ast.Copy(s).(*ast.WhereStmt)
		n.Assign = body[0].(*ast.AssignStmt)
		return []ast.Stmt{n}, nil
	}
	n := &ast.WhereConstruct{Branches: []*ast.WhereBranch{{Mask: s.Mask, Body: body}}, End: ast.EndStmt{Keyword: "where"}}
	n.StmtHeader = s.StmtHeader
	return []ast.Stmt{n}, nil
}

// whereConstruct returns WHERE construct s with the tangent of each
// branch under the branch's mask.
func (g *gen) whereConstruct(s *ast.WhereConstruct) ([]ast.Stmt, error) {
	if !g.pa.ActiveStmt(s) {
		return []ast.Stmt{s}, nil
	}
	if err := g.checkWhereElemental(s); err != nil {
		return nil, err // where_elemental.go
	}
	n := ast.Copy(s).(*ast.WhereConstruct)
	n.Branches = nil
	for _, b := range s.Branches {
		if b.Mask != nil {
			if err := g.checkCalls(b.Mask); err != nil {
				return nil, err
			}
		}
		body, err := g.whereBody(b.Body)
		if err != nil {
			return nil, err
		}
		nb := *b
		nb.Body = body
		n.Branches = append(n.Branches, &nb)
	}
	return []ast.Stmt{n}, nil
}

// exprString returns x as error messages show it: a name, f(...), a%b.
func exprString(x ast.Expr) string {
	switch x := x.(type) {
	case *ast.Ident:
		return x.Name
	case *ast.CallExpr:
		return exprString(x.Fun) + "(...)"
	case *ast.SelectorExpr:
		return exprString(x.X) + "%" + x.Sel.Name
	}
	return fmt.Sprintf("%T", x)
}

// baseSym returns the variable that a variable reference (x, a(i), a(2:n))
// designates, or nil.
func (g *gen) baseSym(x ast.Expr) *sema.Symbol {
	switch x := x.(type) {
	case *ast.Ident:
		s := g.info.ObjectOf(x)
		if s != nil && s.Kind == sema.VarSym {
			return s
		}
	case *ast.CallExpr:
		if c, ok := g.info.Calls[x]; ok && c.Kind == sema.ArrayElement {
			return g.baseSym(x.Fun)
		}
	case *ast.SelectorExpr:
		return g.baseSym(x.X) // a component: derived.go
	case *ast.ParenExpr:
		return nil
	}
	return nil
}

// tangentRef returns the tangent of variable reference x: x_d, a_d(i), a_d(2:n).
func (g *gen) tangentRef(x ast.Expr) (ast.Expr, error) {
	return g.shadowRef(x) // derived.go
}

// operand returns x, its type and rank as deriv's rules take them.
func (g *gen) operand(x ast.Expr) deriv.Operand {
	if x == nil {
		return deriv.Operand{}
	}
	return deriv.Operand{X: x, Type: g.info.TypeOf(x), Rank: g.info.Rank(x)}
}

// tangent returns the tangent of expression x, nil for zero.
func (g *gen) tangent(x ast.Expr) (ast.Expr, error) {
	if x == nil {
		return nil, nil
	}
	t := g.info.TypeOf(x)
	if !isFloat(t) {
		// Integer, logical, character: no derivative flows through, but
		// reject active user functions hidden inside.
		return nil, g.checkCalls(x)
	}
	switch x := x.(type) {
	case *ast.BasicLit, *ast.ComplexLit:
		return nil, nil
	case *ast.Ident:
		s := g.info.ObjectOf(x)
		if s == nil || s.Kind != sema.VarSym || !g.pa.ActiveVar(s) {
			return nil, nil
		}
		return g.tident(x, s), nil
	case *ast.ParenExpr:
		d, err := g.tangent(x.X)
		if d == nil || err != nil {
			return nil, err
		}
		return &ast.ParenExpr{X: d}, nil
	case *ast.UnaryExpr:
		return g.unaryTangent(x, t)
	case *ast.BinaryExpr:
		return g.binaryTangent(x, t)
	case *ast.CallExpr:
		return g.callTangent(x)
	case *ast.ArrayConstructor:
		return g.constructorTangent(x, t)
	case *ast.SelectorExpr:
		return g.selectorTangent(x) // derived.go
	}
	return nil, notSupported("tangent of %T", x)
}

// unaryTangent returns the tangent of op x, of type t, nil for zero.
func (g *gen) unaryTangent(x *ast.UnaryExpr, t *sema.Type) (ast.Expr, error) {
	if g.info.Operators[x] != nil {
		return nil, notSupported("defined operator %s", x.OpLit)
	}
	d, err := g.tangent(x.X)
	if d == nil || err != nil {
		return nil, err
	}
	p, err := deriv.Unary(x.Op, g.operand(x.X))
	if err != nil {
		return nil, err
	}
	return deriv.TangentSum(p, []deriv.Operand{g.operand(x.X)}, []ast.Expr{d}, t), nil
}

// binaryTangent returns the tangent of x op y, of type t, nil for zero.
// The tangents of a chain of left operands (x1+x2+...+xn, a left-deep
// tree as deep as the statement is long) are built in a loop, innermost
// first, rather than by recursion.
func (g *gen) binaryTangent(x *ast.BinaryExpr, t *sema.Type) (ast.Expr, error) {
	spine, types := []*ast.BinaryExpr{x}, []*sema.Type{t}
	for {
		top := spine[len(spine)-1]
		if g.info.Operators[top] != nil {
			return nil, notSupported("defined operator %s", top.OpLit)
		}
		l, ok := top.X.(*ast.BinaryExpr)
		if !ok || l == nil {
			break
		}
		lt := g.info.TypeOf(l)
		if !isFloat(lt) {
			break
		}
		spine, types = append(spine, l), append(types, lt)
	}
	dx, err := g.tangent(spine[len(spine)-1].X)
	if err != nil {
		return nil, err
	}
	for i := len(spine) - 1; i >= 0; i-- {
		b := spine[i]
		dy, err := g.tangent(b.Y)
		if err != nil {
			return nil, err
		}
		if dx == nil && dy == nil {
			continue
		}
		ops := []deriv.Operand{g.operand(b.X), g.operand(b.Y)}
		p, err := deriv.Binary(b.Op, ops[0], ops[1], nil)
		if err != nil {
			return nil, err
		}
		dx = deriv.TangentSum(p, ops, []ast.Expr{dx, dy}, types[i])
	}
	return dx, nil
}

// callTangent returns the tangent of array element or function
// reference x, nil for zero: an active function's is the temporary
// its hoisted call set.
func (g *gen) callTangent(x *ast.CallExpr) (ast.Expr, error) {
	c, ok := g.info.Calls[x]
	if !ok {
		return nil, fmt.Errorf("tangent: unclassified reference '%s'", exprString(x))
	}
	switch c.Kind {
	case sema.ArrayElement:
		for _, a := range x.Args {
			if err := g.checkCalls(a); err != nil {
				return nil, err
			}
		}
		s := g.baseSym(x)
		if s == nil || !g.pa.ActiveVar(s) {
			return nil, nil
		}
		return g.tangentRef(x)
	case sema.FunctionCall:
		if !c.IsIntrinsic() {
			if g.pa.CallPattern(x) != nil {
				if _, ok := g.repl[x]; !ok {
					return nil, notSupported("active function reference '%s' here", exprString(x.Fun))
				}
				return g.tmpD[x], nil
			}
			if err := unboundDummyRef(g.info, g.pa, x); err != nil { // legacy_dummy_ref.go
				return nil, err
			}
			if err := unknownFuncRef(g.info, g.pa, x); err != nil { // oop_unbound.go
				return nil, err
			}
			return nil, g.checkArgs(x.Args)
		}
		return g.intrinsic(x, c)
	}
	return nil, notSupported("tangent of reference '%s'", exprString(x))
}

// constructorTangent returns the tangent of array constructor x of type
// t, nil for zero: the constructor of its items' tangents.
func (g *gen) constructorTangent(x *ast.ArrayConstructor, t *sema.Type) (ast.Expr, error) {
	var items []ast.Expr
	any := false
	for _, it := range x.Items {
		if _, ok := it.(*ast.ImpliedDo); ok {
			if d, err := g.anyActive(it); err != nil || d {
				if err != nil {
					return nil, err
				}
				return nil, notSupported("active implied DO in an array constructor")
			}
		}
		d, err := g.tangent(it)
		if err != nil {
			return nil, err
		}
		if d == nil {
			d = deriv.Const("0", t)
		} else {
			any = true
		}
		items = append(items, d)
	}
	if !any {
		return nil, nil
	}
	return &ast.ArrayConstructor{Brackets: true, Items: items}, nil
}

// anyActive reports whether x, or an item of implied DO x, has a
// nonzero tangent.
func (g *gen) anyActive(x ast.Expr) (bool, error) {
	if id, ok := x.(*ast.ImpliedDo); ok {
		for _, it := range id.Items {
			if a, err := g.anyActive(it); a || err != nil {
				return a, err
			}
		}
		return false, nil
	}
	d, err := g.tangent(x)
	return d != nil, err
}

// checkArgs rejects active function references inside arguments of a
// passive reference.
func (g *gen) checkArgs(args []ast.Expr) error {
	for _, a := range args {
		if err := g.checkCalls(a); err != nil {
			return err
		}
	}
	return nil
}

// checkCalls returns an error if x holds a reference to a function with an
// active derivative version.
func (g *gen) checkCalls(x ast.Expr) error {
	var err error
	var walk func(x ast.Expr)
	walk = func(x ast.Expr) {
		if x == nil || err != nil {
			return
		}
		switch x := x.(type) {
		case *ast.CallExpr:
			if c, ok := g.info.Calls[x]; ok && c.Kind == sema.FunctionCall && !c.IsIntrinsic() && g.pa.CallPattern(x) != nil && g.repl[x] == nil {
				err = notSupported("active function reference '%s'", exprString(x.Fun))
				return
			}
			for _, a := range x.Args {
				walk(a)
			}
		case *ast.BinaryExpr:
			walk(x.X)
			walk(x.Y)
		case *ast.UnaryExpr:
			walk(x.X)
		case *ast.ParenExpr:
			walk(x.X)
		case *ast.KeywordArg:
			walk(x.Value)
		case *ast.RangeExpr:
			walk(x.Lo)
			walk(x.Hi)
			walk(x.Stride)
		case *ast.ArrayConstructor:
			for _, it := range x.Items {
				walk(it)
			}
		case *ast.ImpliedDo:
			for _, it := range x.Items {
				walk(it)
			}
		}
	}
	walk(x)
	return err
}

// intrinsic returns the tangent of the intrinsic function reference x.
func (g *gen) intrinsic(x *ast.CallExpr, c sema.Call) (ast.Expr, error) {
	name := strings.ToLower(exprString(x.Fun))
	if c.Proc != nil {
		name = c.Proc.Name
	}
	if name == "transfer" {
		return g.transfer(x) // transfer.go
	}
	rule, ok := deriv.Lookup(name)
	if !ok {
		if err := g.checkArgs(x.Args); err != nil {
			return nil, err
		}
		// Is any argument active?
		for _, a := range x.Args {
			if d, err := g.tangent(a); err != nil || d != nil {
				if err != nil {
					return nil, err
				}
				return nil, fmt.Errorf("no derivative rule for intrinsic '%s'", name)
			}
		}
		return nil, nil
	}
	// Place the arguments in the order of the intrinsic's dummies.
	n := len(rule.Args)
	if rule.Variadic && len(x.Args) > n {
		n = len(x.Args)
	}
	args := make([]ast.Expr, n)
	for i, a := range x.Args {
		if kw, ok := a.(*ast.KeywordArg); ok {
			j := -1
			for k, an := range rule.Args {
				if strings.EqualFold(an, kw.Name.Name) {
					j = k
				}
			}
			if j < 0 {
				return nil, notSupported("keyword argument '%s' of intrinsic '%s'", kw.Name.Name, name)
			}
			args[j] = kw.Value
			continue
		}
		if i >= n {
			return nil, fmt.Errorf("tangent: too many arguments to '%s'", name)
		}
		args[i] = a
	}
	ops := make([]deriv.Operand, n)
	ds := make([]ast.Expr, n)
	anyD := false
	for i, a := range args {
		ops[i] = g.operand(a)
		if a == nil {
			continue
		}
		d, err := g.tangent(a)
		if err != nil {
			return nil, err
		}
		if d != nil && rule.IsActive(i) {
			ds[i] = d
			anyD = true
		}
	}
	if !anyD {
		return nil, nil
	}
	deriv.KindLiterals(g.info, rule, ops) // real(x, dp)
	return deriv.Tangent(name, ops, ds, nil)
}

// call returns the call of the tangent version callee for s, and the
// statements computing the tangents of actual arguments that are
// expressions into temporaries.
func (g *gen) call(s *ast.CallStmt, callee *activity.ProcActivity) (*ast.CallStmt, []ast.Stmt, error) {
	cu := callee.Unit
	if cu == nil {
		return nil, nil, notSupported("callee '%s' without a body", callee.Proc.Name)
	}
	var pre []ast.Stmt
	cs := g.info.ScopeOf(cu)
	n := &ast.CallStmt{Name: ast.NewIdent(routineName(callee, g.suffix)), Parens: true}
	for i, a := range s.Args {
		var dummy *sema.Symbol
		kwName := ""
		val := a
		if kw, ok := a.(*ast.KeywordArg); ok {
			kwName = kw.Name.Name
			val = kw.Value
			dummy = cs.LookupLocal(strings.ToLower(kwName))
		} else if i < len(cu.Args) {
			dummy = cs.LookupLocal(cu.Args[i].Lower())
		}
		n.Args = append(n.Args, g.replace(a)) // a hoisted reference: its temporary
		if err := g.checkCalls(val); err != nil {
			return nil, nil, err
		}
		if hasPrefix(cu, "elemental") && !elementalVersion(callee) && g.info.Rank(val) > 0 {
			return nil, nil, notSupported("reference of external elemental procedure '%s' with array arguments (its tangent needs an explicit interface: put it in a module)", callee.Proc.Name)
		}
		if dummy == nil || !inPattern(callee, dummy) {
			continue
		}
		var d ast.Expr
		if c := g.hoistedCall(val); c != nil && g.tmpD[c] != nil {
			d = ast.Clone(g.tmpD[c]) // a hoisted reference's tangent (funcs.go, dtype_op.go)
		} else if base := g.baseSym(val); base != nil && g.pa.ActiveVar(base) && hasShadow(g.info.TypeOf(val)) {
			var err error
			if d, err = g.tangentRef(val); err != nil {
				return nil, nil, err
			}
		} else {
			// An expression or a passive variable: its tangent goes
			// through a temporary, for an input-only scalar dummy.
			t := g.info.TypeOf(val)
			if callee.ActiveOut(dummy) || !isFloat(t) {
				return nil, nil, notSupported("active actual argument expression for '%s' of '%s'", dummy.Name, callee.Proc.Name)
			}
			td, err := g.tangent(val)
			if err != nil {
				return nil, nil, err
			}
			if g.info.Rank(val) != 0 {
				// An array expression (a Runge-Kutta stage, u +
				// 0.5d0*dt*k1) for a dummy the callee only reads: its
				// tangent expression is passed as it is.
				if decl.MayDefine(g.info, cu, dummy) {
					return nil, nil, notSupported("active actual argument expression for '%s' of '%s', which it may define", dummy.Name, callee.Proc.Name)
				}
				if td == nil {
					return nil, nil, notSupported("passive array expression '%s' for active dummy '%s' of '%s'", exprString(val), dummy.Name, callee.Proc.Name)
				}
				d = g.replace(td)
				n.Args = append(n.Args, keyword(kwName, g.suffix, d))
				continue
			}
			if td == nil {
				td = deriv.Const("0", t)
			}
			tmp := g.newTemp(callee.Proc.Name+"_arg", t)
			pre = append(pre, &ast.AssignStmt{Lhs: tmp, Rhs: g.replace(td)})
			d = tmp
		}
		n.Args = append(n.Args, keyword(kwName, g.suffix, d))
	}
	return n, pre, nil
}

// keyword returns tangent argument d, as the keyword argument of name
// kwName+suffix when the primal's is a keyword argument.
func keyword(kwName, suffix string, d ast.Expr) ast.Expr {
	if kwName == "" {
		return d
	}
	return &ast.KeywordArg{Name: ast.NewIdent(kwName + suffix), Value: d}
}

// whereBody returns the tangent of the body of a WHERE or ELSEWHERE:
// each array assignment preceded by the assignment of its tangent, under
// the same mask (evaluated once, before both, as the original's). A
// tangent that needs other statements (a call for a function's tangent, a
// scalar temporary) cannot go under a mask and is rejected.
func (g *gen) whereBody(list []ast.Stmt) ([]ast.Stmt, error) {
	ntemps := len(g.tmpDecls)
	g.inWhere++
	out, err := g.stmts(list)
	g.inWhere--
	if err != nil {
		return nil, err
	}
	if len(g.tmpDecls) > ntemps {
		return nil, notSupported("active WHERE whose tangent needs temporaries (a function reference)")
	}
	for _, st := range out {
		switch st.(type) {
		case *ast.AssignStmt, *ast.WhereStmt, *ast.WhereConstruct:
		default:
			return nil, notSupported("active WHERE whose tangent needs a %s", ast.StmtName(st))
		}
	}
	return out, nil
}

// newTemp declares a new scalar temporary prefixN_d of type t.
func (g *gen) newTemp(prefix string, t *sema.Type) *ast.Ident {
	for {
		g.ntmp++
		name := prefix + strconv.Itoa(g.ntmp) + g.suffix
		if g.scope.LookupLocal(strings.ToLower(name)) == nil {
			g.tmpDecls = append(g.tmpDecls, tmpDecl(name, t))
			return ast.NewIdent(name)
		}
	}
}

package sema

import (
	"fmt"
	"reflect"
	"strings"

	"github.com/fadj-dev/fadj/generator/diag"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/source"
)

// Config says how to analyse.
type Config struct {
	// ExternalModules names modules that exist outside the analysed
	// files (lower case). A USE of one of them is not an error; its
	// names are unknown, so references to undeclared names in scopes
	// that use it are not reported either.
	ExternalModules []string
	// DefaultRealKind is the kind of default REAL (and COMPLEX), 4 if 0
	// (8 is like gfortran -fdefault-real-8).
	DefaultRealKind int
	// DefaultIntKind is the kind of default INTEGER and LOGICAL, 4 if 0
	// (8 is like gfortran -fdefault-integer-8).
	DefaultIntKind int
}

// RankUnknown is the rank of an expression whose rank cannot be known
// statically (RESHAPE with a non-constant shape).
const RankUnknown = -1

// TypeAndValue is the type and rank of an expression.
type TypeAndValue struct {
	Type *Type
	Rank int
}

// CallKind classifies a name(args) reference (an *ast.CallExpr) or a CALL
// statement.
type CallKind uint8

const (
	CallUnknown       CallKind = iota // could not be classified (after an error)
	ArrayElement                      // an array element or section (Call.Section)
	Substring                         // a substring of a character variable or array element
	FunctionCall                      // a function reference
	StructConstructor                 // a structure constructor
	SubroutineCall                    // a CALL statement
	AllocateShape                     // an object with its bounds in ALLOCATE
)

var callKindNames = [...]string{"unknown", "array element", "substring", "function call", "structure constructor", "subroutine call", "allocate shape"}

func (k CallKind) String() string { return callKindNames[k] }

// Call is the classification of a CallExpr or CallStmt.
type Call struct {
	Kind CallKind
	// Proc is the procedure called (the specific one when reached
	// through a generic interface; the external procedure defined in the
	// analysed files when there is one), the variable or component for
	// ArrayElement, Substring and AllocateShape, the derived type for a
	// StructConstructor.
	Proc *Symbol
	// Local is the symbol the name resolved to in the calling scope when
	// it differs from Proc (an EXTERNAL declaration linked to the
	// definition, a generic interface).
	Local *Symbol
	// Section is set for an array section (rank > 0) rather than an element.
	Section bool
	// Type and Rank are those of the reference (as TypeOf and Rank give
	// them): the function result, the element or section, the substring.
	Type *Type
	Rank int
}

// IsIntrinsic reports whether the call is of an intrinsic procedure.
func (c Call) IsIntrinsic() bool {
	return c.Proc != nil && c.Proc.Proc != nil && c.Proc.Proc.Kind == ProcIntrinsic
}

// Info holds the results of Check.
type Info struct {
	// Types records the type and rank of component references, array
	// constructors, complex constants and literals with a named kind
	// (2.5_dp). Use TypeOf and Rank, which cover all expressions: they
	// take identifiers from Uses, CallExprs from Calls and derive
	// operations from their operands (and Operators).
	Types map[ast.Expr]TypeAndValue
	// Defs maps the identifiers that declare an entity (declarations,
	// dummy arguments, unit names, construct names, derived types and
	// their components) to it.
	Defs map[*ast.Ident]*Symbol
	// Uses maps every other identifier that names an entity to it
	// (component names after %, keyword argument names of a known
	// procedure included).
	Uses map[*ast.Ident]*Symbol
	// Calls classifies every CallExpr that was analysed. A reference to a
	// type-bound procedure has Local set to the binding.
	Calls map[*ast.CallExpr]Call
	// CallStmts resolves every CALL statement.
	CallStmts map[*ast.CallStmt]Call
	// Operators maps unary and binary expressions that use a defined
	// operator (a generic OPERATOR interface) to the specific function.
	Operators map[ast.Expr]*Symbol
	// Assignments maps assignment statements that call a defined
	// assignment (ASSIGNMENT(=)) to the specific subroutine.
	Assignments map[*ast.AssignStmt]*Symbol
	// Scopes maps each program unit (including contained procedures and
	// interface bodies), BLOCK construct and ASSOCIATE construct to its
	// scope.
	Scopes map[ast.Node]*Scope
	// Global holds the external procedures, main program and block data
	// units defined in the files, and the common blocks under "/name/"
	// ("//" for the blank common).
	Global *Scope
	// Modules are the modules of the files in dependency order (a module
	// after those it uses).
	Modules []*Symbol
	// Commons are the common blocks in order of first appearance.
	Commons []*Common
	// CallGraph is the call graph of the procedures.
	CallGraph *CallGraph
	// Rebind maps the (lower-case) names of the procedures that
	// StaticBindings made references to plain to their bindings, so that
	// generated code can spell them as type-bound references again
	// (class_calls.go).
	Rebind  map[string]Rebinding
	rebound map[string]*Symbol
	// MonoClass holds the CLASS(t) dummies of extended types t that
	// StaticBindings gave TYPE(t), none of their references being bound
	// at run time; generated code declares them CLASS(t) (oop_static.go).
	MonoClass map[*Symbol]bool
	// Dispatched holds the procedure designators (obj%b) of the
	// references bound at run time: b is overridden by an extension of
	// obj's declared type (oop_static.go).
	Dispatched map[ast.Expr]bool
	// Segmented maps the IF constructs inline.ConstructorSegments made of
	// an assignment (one assignment per segment of its left side, the
	// assignment itself under ELSE) to that assignment: analyses that
	// ask what a statement reads and defines whole take the construct
	// as it (Unsegmented).
	Segmented map[*ast.IfConstruct]*ast.AssignStmt
	// PassiveBits holds the references of transfer from a real to an
	// integer whose bits no real takes back (inline.BitRoundTrips): they
	// carry no derivative.
	PassiveBits map[*ast.CallExpr]bool
	// DynType holds the CLASS(t) dummies of extended types t to which
	// every reference passes an actual of one extension T of t: they
	// have TYPE(T), and generated code declares them CLASS(T)
	// (oop_dyntype.go).
	DynType  map[*Symbol]*Symbol
	dynKnown map[*Symbol]*Symbol
	dynUsed  map[*Symbol]bool
	dynCalls map[ast.Expr]bool

	defReal, defInt *Type
	// memo holds the type and rank of the operations (unary, binary,
	// parenthesised) with at least memoMin operations below them, so
	// that TypeOf and Rank, which derive an operation's type from its
	// operands, stop there instead of walking the whole subtree: without
	// it, asking for the type of each term of a sum of n terms costs n².
	// It is filled at the end of Check and only read afterwards.
	memo map[ast.Expr]TypeAndValue
}

// Unsegmented returns the assignment that IF construct s is made of
// (Segmented), else s.
func (info *Info) Unsegmented(s ast.Stmt) ast.Stmt {
	if ifc, ok := s.(*ast.IfConstruct); ok {
		if as := info.Segmented[ifc]; as != nil {
			return as
		}
	}
	return s
}

// memoMin is how many operations below an operation make Check memoise
// its type and rank: TypeOf and Rank then never walk more than memoMin
// operations, and ordinary expressions, which are smaller, cost no memory.
const memoMin = 16

// TypeOf returns the type of an expression (the result type for a
// function reference), or nil if unknown. For an identifier naming a
// derived type it is the type, for a subroutine nil.
func (info *Info) TypeOf(x ast.Expr) *Type { return info.typeOf(x, info) }

// newSymbol returns a copy of s allocated from a slab: symbols live as
// long as the Info, so allocating them in blocks saves the allocator and
// the garbage collector work.
func (c *checker) newSymbol(s Symbol) *Symbol {
	if len(c.symSlab) == 0 {
		c.symSlab = make([]Symbol, 256)
	}
	p := &c.symSlab[0]
	c.symSlab = c.symSlab[1:]
	*p = s
	return p
}

// objectOf implements resolver with the Uses and Defs of a finished Check.
func (info *Info) objectOf(id *ast.Ident) *Symbol {
	if s := info.Uses[id]; s != nil {
		return s
	}
	return info.Defs[id]
}

// resolver gives the symbol of an identifier: Info's maps after Check,
// the scopes during it.
type resolver interface {
	objectOf(id *ast.Ident) *Symbol
}

func (info *Info) typeOf(x ast.Expr, r resolver) *Type {
	switch x := x.(type) {
	case nil:
		return nil
	case *ast.Ident:
		s := r.objectOf(x)
		if s == nil {
			return nil
		}
		return s.Type
	case *ast.BasicLit:
		if tv, ok := info.Types[x]; ok {
			return tv.Type
		}
		return info.literalType(x)
	case *ast.KeywordArg:
		return info.typeOf(x.Value, r)
	case *ast.CallExpr:
		return info.Calls[x].Type
	case *ast.ParenExpr:
		if tv, ok := info.memo[x]; ok {
			return tv.Type
		}
		return info.typeOf(x.X, r)
	case *ast.UnaryExpr:
		if s := info.Operators[x]; s != nil {
			return s.Type
		}
		if tv, ok := info.memo[x]; ok {
			return tv.Type
		}
		t, _ := unaryResult(x.Op, orInvalid(info.typeOf(x.X, r)), info.logical())
		return t
	case *ast.BinaryExpr:
		if s := info.Operators[x]; s != nil {
			return s.Type
		}
		if tv, ok := info.memo[x]; ok {
			return tv.Type
		}
		t, _ := binaryResult(x.Op, orInvalid(info.typeOf(x.X, r)), orInvalid(info.typeOf(x.Y, r)), info.logical(), charLenType)
		return t
	}
	if tv, ok := info.Types[x]; ok {
		return tv.Type
	}
	return nil
}

func orInvalid(t *Type) *Type {
	if t == nil {
		return Invalid
	}
	return t
}

func (info *Info) logical() *Type {
	if info.defInt != nil {
		return BasicType(LogicalType, info.defInt.Kind)
	}
	return Logical4
}

func charLenType(n int) *Type {
	if n == 1 {
		return Char1
	}
	return &Type{Basic: CharacterType, Kind: 1, Len: n}
}

// Rank returns the rank of an expression: 0 for scalars, RankUnknown when
// it cannot be known.
func (info *Info) Rank(x ast.Expr) int { return info.rank(x, info) }

func (info *Info) rank(x ast.Expr, r resolver) int {
	switch x := x.(type) {
	case nil, *ast.BasicLit:
		return 0
	case *ast.Ident:
		s := r.objectOf(x)
		if s == nil {
			return 0
		}
		switch s.Kind {
		case VarSym, ConstSym, ComponentSym:
			return len(s.Dims)
		}
		return 0
	case *ast.KeywordArg:
		return info.rank(x.Value, r)
	case *ast.CallExpr:
		return info.Calls[x].Rank
	case *ast.ParenExpr:
		if tv, ok := info.memo[x]; ok {
			return tv.Rank
		}
		return info.rank(x.X, r)
	case *ast.UnaryExpr:
		if s := info.Operators[x]; s != nil && s.Attrs&AttrElemental == 0 {
			return len(s.Dims)
		}
		if tv, ok := info.memo[x]; ok {
			return tv.Rank
		}
		return info.rank(x.X, r)
	case *ast.BinaryExpr:
		if s := info.Operators[x]; s != nil && s.Attrs&AttrElemental == 0 {
			return len(s.Dims)
		}
		if tv, ok := info.memo[x]; ok {
			return tv.Rank
		}
		return binaryRank(info.rank(x.X, r), info.rank(x.Y, r))
	}
	return info.Types[x].Rank
}

// ScopeOf returns the scope of a program unit.
func (info *Info) ScopeOf(u *ast.Unit) *Scope { return info.Scopes[u] }

// ObjectOf returns the symbol an identifier defines or uses.
func (info *Info) ObjectOf(id *ast.Ident) *Symbol {
	if s := info.Defs[id]; s != nil {
		return s
	}
	return info.Uses[id]
}

// Module returns the module named name (lower case) of the analysed files.
func (info *Info) Module(name string) *Symbol {
	for _, m := range info.Modules {
		if m.Name == name {
			return m
		}
	}
	return nil
}

// Common returns the common block named name (lower case, "" for the
// blank common), or nil.
func (info *Info) Common(name string) *Common {
	for _, c := range info.Commons {
		if c.Name == name {
			return c
		}
	}
	return nil
}

// literalType is the type of a literal with no named kind.
func (info *Info) literalType(x *ast.BasicLit) *Type {
	defInt, defReal := info.defInt, info.defReal
	if defInt == nil {
		defInt, defReal = Int4, Real4
	}
	t, _ := literalTypeOf(x, defInt, defReal)
	return t
}

// checker is the state of one Check.
type checker struct {
	fset *source.FileSet
	conf Config
	info *Info
	errs diag.List

	lowers map[string]string

	modules    map[string]*module
	intrMods   map[string]*Symbol
	intrSyms   map[string]*Symbol
	externals  map[string]bool
	commonsMap map[string]*Common
	units      []*unitInfo // top-level non-module units, in source order

	defInt, defReal, defDouble, defComplex, defLogical *Type
	charTypes                                          map[int]*Type

	// current unit
	scope         *Scope
	proc          *Symbol // the program unit whose execution part is being checked
	inSpec        bool
	constructs    []construct
	stmtFuncAlias map[*ast.AssignStmt]*ast.StmtFunction
	types         []*Symbol // derived types, for dynamic dispatch
	stmtFuncs     map[*ast.StmtFunction]*Symbol
	labelRefs     []labelUse
	rec           *recorder // fills Uses and Defs concurrently, or nil
	symSlab       []Symbol
	// ops counts the operations analysed so far; big lists those with
	// at least memoMin operations below them, children before parents,
	// for Info.memo.
	ops int
	big []ast.Expr
	// spine is the stack of binary operations binary walks down.
	spine []*ast.BinaryExpr
}

type labelUse struct {
	label int
	pos   source.Pos
}

type module struct {
	name  string
	unit  *ast.Unit
	sym   *Symbol
	state int // 0 not visited, 1 in progress, 2 done
}

type unitInfo struct {
	unit *ast.Unit
	sym  *Symbol
}

type construct struct {
	name string
	isDo bool
	sym  *Symbol
}

// Check analyses the program units of files, which may be given in any
// order, and returns what it learnt. The error, if not nil, is a
// diag.List of every problem found, sorted by position; Info is filled in
// as far as possible all the same.
func Check(fset *source.FileSet, files []*ast.File, conf *Config) (*Info, error) {
	c := &checker{
		fset:       fset,
		lowers:     make(map[string]string),
		modules:    make(map[string]*module),
		intrMods:   make(map[string]*Symbol),
		intrSyms:   make(map[string]*Symbol),
		externals:  make(map[string]bool),
		commonsMap: make(map[string]*Common),
		charTypes:  make(map[int]*Type),

		stmtFuncAlias: make(map[*ast.AssignStmt]*ast.StmtFunction),
		stmtFuncs:     make(map[*ast.StmtFunction]*Symbol),
	}
	if conf != nil {
		c.conf = *conf
	}
	for _, m := range c.conf.ExternalModules {
		c.externals[strings.ToLower(m)] = true
	}
	c.defInt = BasicType(IntegerType, c.conf.DefaultIntKind)
	if c.defInt == nil {
		c.defInt = Int4
	}
	c.defReal = BasicType(RealType, c.conf.DefaultRealKind)
	if c.defReal == nil {
		c.defReal = Real4
	}
	c.defDouble = Real8
	c.defComplex = BasicType(ComplexType, c.defReal.Kind)
	c.defLogical = BasicType(LogicalType, c.defInt.Kind)

	// Size the maps from the amount of source (measured on typical code:
	// an identifier use every 10 bytes, a recorded type every 16, a
	// declaration or a name(args) every 40).
	n := 0
	if fset != nil {
		for _, f := range fset.Files() {
			n += f.Size()
		}
	}
	c.info = &Info{
		Types:       make(map[ast.Expr]TypeAndValue, n/80),
		Defs:        make(map[*ast.Ident]*Symbol, n/40),
		Uses:        make(map[*ast.Ident]*Symbol, n/10),
		Calls:       make(map[*ast.CallExpr]Call, n/40),
		CallStmts:   make(map[*ast.CallStmt]Call),
		Operators:   make(map[ast.Expr]*Symbol),
		Assignments: make(map[*ast.AssignStmt]*Symbol),
		Scopes:      make(map[ast.Node]*Scope),
		Global:      newScope(GlobalScope, nil, nil),
		CallGraph:   newCallGraph(),
		defInt:      c.defInt,
		defReal:     c.defReal,
	}

	if n >= asyncThreshold {
		c.rec = newRecorder(c.info)
		defer func() {
			if c.rec != nil { // only after a panic
				c.rec.wait()
			}
		}()
	}
	c.collect(files)
	order := c.moduleOrder()
	for _, m := range order {
		c.declareUnit(m.unit, m.sym, nil)
		c.info.Modules = append(c.info.Modules, m.sym)
		m.state = 2
	}
	for _, u := range c.units {
		c.declareUnit(u.unit, u.sym, nil)
	}
	for _, m := range order {
		c.checkBodies(m.sym.Inner)
	}
	for _, u := range c.units {
		if s := u.sym.Inner; s != nil {
			c.checkBodies(s)
		}
	}
	if c.rec != nil {
		c.rec.wait()
		c.rec = nil
	}
	c.memoise()
	c.info.CallGraph.finish()
	c.errs.Sort()
	return c.info, c.errs.Err()
}

// memoise fills Info.memo from c.big, children first, so that each
// entry is computed from its operands' entries in constant time. It runs
// when Uses and Defs are complete, so that the entries are what TypeOf
// and Rank would compute without them.
func (c *checker) memoise() {
	if len(c.big) == 0 {
		return
	}
	info := c.info
	info.memo = make(map[ast.Expr]TypeAndValue, len(c.big))
	for _, x := range c.big {
		if _, done := info.memo[x]; !done {
			info.memo[x] = TypeAndValue{Type: info.typeOf(x, info), Rank: info.rank(x, info)}
		}
	}
	c.big = nil
}

// countOp counts an operation analysed after start operations had been:
// big enough ones are memoised.
func (c *checker) countOp(x ast.Expr, start int) {
	c.ops++
	if c.ops-start > memoMin {
		c.big = append(c.big, x)
	}
}

// objectOf implements resolver during Check: the identifier is looked up
// again in the current scope (it was analysed there just before), so that
// the checker never reads Info.Uses while it is being filled in.
func (c *checker) objectOf(id *ast.Ident) *Symbol {
	if id == nil {
		return nil
	}
	return c.lookup(c.scope, c.name(id))
}

// errorf reports an error at pos.
func (c *checker) errorf(pos source.Pos, format string, args ...any) {
	msg := format
	if len(args) > 0 {
		msg = fmt.Sprintf(format, args...)
	}
	c.errs.Add(c.fset.Position(pos), msg)
}

// where formats p as line:col, or file:line:col when p is not in the
// file of ref.
func (c *checker) where(p, ref source.Pos) string {
	pos := c.fset.Position(p)
	if !pos.IsValid() {
		return "?"
	}
	if pos.Filename != c.fset.Position(ref).Filename {
		return pos.String()
	}
	return fmt.Sprintf("%d:%d", pos.Line, pos.Column)
}

// lower returns the case-folded name, interning the result so that names
// spelt in upper case are folded once.
func (c *checker) lower(s string) string {
	for i := 0; i < len(s); i++ {
		if ch := s[i]; ch >= 'A' && ch <= 'Z' {
			if l, ok := c.lowers[s]; ok {
				return l
			}
			l := strings.ToLower(s)
			c.lowers[s] = l
			return l
		}
	}
	return s
}

func (c *checker) name(id *ast.Ident) string {
	if id == nil {
		return ""
	}
	return c.lower(id.Name)
}

// collect enters the top-level units into the global scope and the
// module table.
func (c *checker) collect(files []*ast.File) {
	g := c.info.Global
	var mainProg *Symbol
	for _, f := range files {
		if f == nil {
			continue
		}
		for _, u := range f.Units {
			if u == nil {
				continue
			}
			name := c.name(u.Name)
			switch u.Kind {
			case ast.ModuleUnit:
				if name == "" {
					continue
				}
				sym := &Symbol{Name: name, Kind: ModuleSym, Pos: identPos(u.Name, u), ArgIndex: -1, Owner: g,
					Proc: &Proc{Unit: u}}
				c.def(u.Name, sym)
				if prev := c.modules[name]; prev != nil {
					c.errorf(sym.Pos, "module '%s' is already declared at %s", name, c.where(prev.sym.Pos, sym.Pos))
					continue
				}
				c.modules[name] = &module{name: name, unit: u, sym: sym}
			case ast.ProgramUnit:
				if name == "" {
					name = "main"
				}
				sym := &Symbol{Name: name, Kind: ProgramSym, Pos: posOf(u), ArgIndex: -1, Owner: g, Proc: &Proc{Unit: u}}
				if u.Name != nil {
					c.def(u.Name, sym)
				}
				if mainProg != nil {
					c.errorf(sym.Pos, "a main program is already declared at %s", c.where(mainProg.Pos, sym.Pos))
				} else {
					mainProg = sym
					if u.Name != nil {
						c.declareGlobal(g, sym, u.Name)
					}
				}
				c.units = append(c.units, &unitInfo{unit: u, sym: sym})
			case ast.BlockDataUnit:
				if name == "" {
					name = "_blockdata"
				}
				sym := &Symbol{Name: name, Kind: BlockDataSym, Pos: posOf(u), ArgIndex: -1, Owner: g, Proc: &Proc{Unit: u}}
				if u.Name != nil {
					c.def(u.Name, sym)
					c.declareGlobal(g, sym, u.Name)
				}
				c.units = append(c.units, &unitInfo{unit: u, sym: sym})
			case ast.SubroutineUnit, ast.FunctionUnit:
				if name == "" {
					continue
				}
				form := FormSubroutine
				if u.Kind == ast.FunctionUnit {
					form = FormFunction
				}
				sym := &Symbol{Name: name, Kind: ProcSym, Pos: identPos(u.Name, u), ArgIndex: -1, Owner: g,
					Proc: &Proc{Kind: ProcExternal, Form: form, Unit: u}}
				sym.Attrs |= prefixAttrs(u)
				c.def(u.Name, sym)
				c.declareGlobal(g, sym, u.Name)
				c.units = append(c.units, &unitInfo{unit: u, sym: sym})
			}
		}
	}
}

func (c *checker) declareGlobal(g *Scope, sym *Symbol, id *ast.Ident) {
	if prev := g.names[sym.Name]; prev != nil {
		c.errorf(sym.Pos, "'%s' is already declared at %s", sym.Name, c.where(prev.Pos, sym.Pos))
		return
	}
	g.names[sym.Name] = sym
	g.symbols = append(g.symbols, sym)
}

func identPos(id *ast.Ident, n ast.Node) source.Pos {
	if id != nil && id.NamePos.IsValid() {
		return id.NamePos
	}
	if n != nil {
		return posOf(n)
	}
	return source.NoPos
}

func prefixAttrs(u *ast.Unit) Attrs {
	var a Attrs
	for _, p := range u.Prefix {
		if p == nil {
			continue
		}
		switch strings.ToLower(p.Name) {
		case "recursive":
			a |= AttrRecursive
		case "pure":
			a |= AttrPure
		case "elemental":
			a |= AttrElemental | AttrPure
		}
	}
	return a
}

// usesOf appends the USE statements of u and its contained units.
func usesOf(u *ast.Unit, out []*ast.UseStmt) []*ast.UseStmt {
	for _, s := range u.Decls {
		switch s := s.(type) {
		case *ast.UseStmt:
			out = append(out, s)
		case *ast.InterfaceBlock:
			for _, b := range s.Bodies {
				if b != nil {
					out = usesOf(b, out)
				}
			}
		}
	}
	for _, p := range u.Procs {
		if p != nil {
			out = usesOf(p, out)
		}
	}
	return out
}

// moduleOrder sorts the modules so that each comes after the modules it
// uses, reporting cycles.
func (c *checker) moduleOrder() []*module {
	var order []*module
	var stack []*module
	var visit func(m *module)
	visit = func(m *module) {
		m.state = 1
		stack = append(stack, m)
		for _, u := range usesOf(m.unit, nil) {
			name := c.name(u.Module)
			d := c.modules[name]
			if d == nil {
				continue
			}
			switch d.state {
			case 0:
				visit(d)
			case 1:
				path := ""
				for i := len(stack) - 1; i >= 0; i-- {
					if stack[i] == d {
						for _, s := range stack[i:] {
							path += s.name + " -> "
						}
						break
					}
				}
				c.errorf(identPos(u.Module, u), "USE cycle: %s%s", path, d.name)
			}
		}
		stack = stack[:len(stack)-1]
		m.state = 3 // ordered, not yet declared
		order = append(order, m)
	}
	// visit in source order for determinism
	var all []*module
	seen := make(map[*module]bool)
	for _, s := range c.sortedModules() {
		if !seen[s] {
			seen[s] = true
			all = append(all, s)
		}
	}
	for _, m := range all {
		if m.state == 0 {
			visit(m)
		}
	}
	return order
}

// sortedModules returns the modules in order of their position.
func (c *checker) sortedModules() []*module {
	ms := make([]*module, 0, len(c.modules))
	for _, m := range c.modules {
		ms = append(ms, m)
	}
	// insertion sort by position: there are few modules
	for i := 1; i < len(ms); i++ {
		for j := i; j > 0 && ms[j].sym.Pos < ms[j-1].sym.Pos; j-- {
			ms[j], ms[j-1] = ms[j-1], ms[j]
		}
	}
	return ms
}

// posOf returns the position of a node of a possibly partial tree: nil
// nodes and nodes with nil parts do not panic.
func posOf(n ast.Node) source.Pos {
	switch x := n.(type) {
	case nil:
		return source.NoPos
	case *ast.Ident:
		if x == nil {
			return source.NoPos
		}
		return x.NamePos
	case *ast.BasicLit:
		if x == nil {
			return source.NoPos
		}
		return x.ValuePos
	case *ast.CallExpr:
		if x == nil {
			return source.NoPos
		}
		if p := posOf(x.Fun); p.IsValid() {
			return p
		}
		return x.Lparen
	case *ast.BinaryExpr:
		if x == nil {
			return source.NoPos
		}
		// A loop down the left operands: a sum of n terms is n deep. The
		// position is the leftmost operand's, else the deepest operator's.
		deepest := source.NoPos
		b := x
		for {
			if b.OpPos.IsValid() {
				deepest = b.OpPos
			}
			l, ok := b.X.(*ast.BinaryExpr)
			if !ok || l == nil {
				break
			}
			b = l
		}
		if p := posOf(b.X); p.IsValid() {
			return p
		}
		return deepest
	case *ast.SelectorExpr:
		if x == nil {
			return source.NoPos
		}
		if p := posOf(x.X); p.IsValid() {
			return p
		}
		return posOf(x.Sel)
	case *ast.KeywordArg:
		if x == nil {
			return source.NoPos
		}
		if p := posOf(x.Name); p.IsValid() {
			return p
		}
		return posOf(x.Value)
	case *ast.RangeExpr:
		if x == nil {
			return source.NoPos
		}
		if p := posOf(x.Lo); p.IsValid() {
			return p
		}
		return x.Colon
	case *ast.Unit:
		if x == nil {
			return source.NoPos
		}
		if p := x.StmtHeader.Pos(); p.IsValid() {
			return p
		}
		for _, s := range x.Decls {
			if p := posOf(s); p.IsValid() {
				return p
			}
		}
		for _, s := range x.Body {
			if p := posOf(s); p.IsValid() {
				return p
			}
		}
		return x.End.Pos()
	}
	if v := reflect.ValueOf(n); v.Kind() == reflect.Ptr && v.IsNil() {
		return source.NoPos
	}
	return n.Pos()
}

package sema

import (
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/source"
)

// SymKind says what a Symbol names.
type SymKind uint8

const (
	BadSym       SymKind = iota // placeholder after an error (e.g. an ambiguous use-associated name)
	VarSym                      // a variable (dummy arguments and function results included)
	ConstSym                    // a named constant (PARAMETER)
	ProcSym                     // a procedure (see Proc.Kind)
	GenericSym                  // a generic interface: name, OPERATOR(op) or ASSIGNMENT(=)
	TypeSym                     // a derived type
	ComponentSym                // a component of a derived type
	ModuleSym                   // a module
	CommonSym                   // a common block (Name "" for blank common)
	ConstructSym                // the name of a DO, IF, SELECT CASE, WHERE or FORALL construct
	NamelistSym                 // a namelist group
	ProgramSym                  // the main program
	BlockDataSym                // a block data unit
	BindingSym                  // a specific type-bound procedure (Parent is the type; Proc.Specifics[0] the procedure)
)

var symKindNames = [...]string{"invalid", "variable", "named constant", "procedure", "generic interface",
	"derived type", "component", "module", "common block", "construct name", "namelist group", "program", "block data",
	"type-bound procedure"}

func (k SymKind) String() string {
	if int(k) < len(symKindNames) {
		return symKindNames[k]
	}
	return "?"
}

// Attrs is a set of attributes of a Symbol.
type Attrs uint32

const (
	AttrAllocatable Attrs = 1 << iota
	AttrPointer
	AttrTarget
	AttrSave
	AttrOptional
	AttrExternal
	AttrIntrinsic
	AttrParameter
	AttrValue
	AttrVolatile
	AttrProtected
	AttrContiguous
	AttrAsynchronous
	AttrBind
	AttrPublic
	AttrPrivate
	AttrDummy       // a dummy argument
	AttrResult      // the result variable of a function
	AttrData        // initialised (DATA statement or = in a declaration): implies SAVE
	AttrEquivalence // appears in an EQUIVALENCE set
	AttrRecursive   // procedure prefix RECURSIVE
	AttrPure        // procedure prefix PURE
	AttrElemental   // procedure prefix ELEMENTAL
	AttrInCommon    // member of a common block (see Symbol.Common)
	AttrDimension   // a DIMENSION was given (Dims is set)
	AttrNoPass      // a type-bound procedure with NOPASS
	AttrDeferred    // a DEFERRED type-bound procedure
)

var attrNames = [...]string{"allocatable", "pointer", "target", "save", "optional", "external", "intrinsic",
	"parameter", "value", "volatile", "protected", "contiguous", "asynchronous", "bind", "public", "private",
	"dummy", "result", "data", "equivalence", "recursive", "pure", "elemental", "common", "dimension", "nopass", "deferred"}

// Has reports whether all of the attributes in b are set.
func (a Attrs) Has(b Attrs) bool { return a&b == b }

func (a Attrs) String() string {
	s := ""
	for i, n := range attrNames {
		if a&(1<<i) != 0 {
			if s != "" {
				s += ","
			}
			s += n
		}
	}
	return s
}

// DimKind is the kind of one dimension of an array specification.
type DimKind uint8

const (
	ExplicitShape DimKind = iota // lo:hi or hi
	AssumedShape                 // : or lo: of a dummy argument
	DeferredShape                // : of an allocatable or pointer
	AssumedSize                  // lo:* or * (last dimension only)
)

// Bound is one array bound: the expression written (nil when not written,
// as for the default lower bound 1) and its value when constant.
type Bound struct {
	Expr  ast.Expr
	Value int64
	Const bool
}

// Dim is one dimension of an array specification.
type Dim struct {
	Kind   DimKind
	Lo, Hi Bound
}

// Extent returns hi-lo+1 (at least 0) when both bounds are constant.
func (d Dim) Extent() (int64, bool) {
	if d.Kind != ExplicitShape || !d.Lo.Const || !d.Hi.Const {
		return 0, false
	}
	n := d.Hi.Value - d.Lo.Value + 1
	if n < 0 {
		n = 0
	}
	return n, true
}

// ProcKind says which kind of procedure a ProcSym is.
type ProcKind uint8

const (
	ProcUnknown   ProcKind = iota
	ProcExternal           // an external procedure (with a body in the analysed files when Proc.Unit is set)
	ProcModule             // a module procedure
	ProcInternal           // an internal procedure (after CONTAINS in a program or procedure)
	ProcIntrinsic          // an intrinsic procedure (Proc.Intrinsic says which)
	ProcStmtFunc           // a statement function
	ProcDummy              // a dummy procedure
	ProcPointer            // a procedure pointer, or procedure pointer component (proc_pointer.go)
)

var procKindNames = [...]string{"procedure", "external", "module", "internal", "intrinsic", "statement function", "dummy", "procedure pointer"}

func (k ProcKind) String() string { return procKindNames[k] }

// ProcForm says whether a procedure is a subroutine or a function, when
// known.
type ProcForm uint8

const (
	FormUnknown ProcForm = iota
	FormSubroutine
	FormFunction
)

// Proc holds what is known of a procedure.
type Proc struct {
	Kind ProcKind
	Form ProcForm
	// Unit is the procedure's body when it is defined in the analysed
	// files (also set for the main program and block data).
	Unit *ast.Unit
	// Interface is the interface body declaring the procedure, if any.
	Interface *ast.Unit
	// Scope is the scope of Unit or else of Interface.
	Scope *Scope
	// Args are the dummy arguments in order (known when Unit or
	// Interface is); an alternate-return "*" has a nil entry.
	Args []*Symbol
	// Result is the result variable of a function with a known body or
	// interface.
	Result *Symbol
	// Intrinsic describes an intrinsic procedure.
	Intrinsic *Intrinsic
	// Specifics are the specific procedures of a generic interface.
	Specifics []*Symbol
	// StmtFunc is the defining statement of a statement function.
	StmtFunc *ast.StmtFunction
	// Global is, for a local declaration of an external procedure (an
	// EXTERNAL statement, a typed name referenced as a function, an
	// interface body), the external procedure defined in the analysed
	// files under that name, if any.
	Global *Symbol
	// Host is the procedure, module or program that contains an internal
	// or module procedure.
	Host *Symbol
}

// IsFunction reports whether the procedure is known to be a function.
func (p *Proc) IsFunction() bool { return p != nil && p.Form == FormFunction }

// IsSubroutine reports whether the procedure is known to be a subroutine.
func (p *Proc) IsSubroutine() bool { return p != nil && p.Form == FormSubroutine }

// Symbol is a named entity: a variable, named constant, procedure,
// derived type, component, module, common block, construct name, ...
//
// A use-associated name is the same Symbol as in its module: its Name is
// the module's name for it, which a rename may make differ from the local
// name (see Scope.Imports).
type Symbol struct {
	Name  string     // lower case
	Kind  SymKind    //
	Pos   source.Pos // where it was declared (or first referenced, if implicitly declared)
	Owner *Scope     // the scope it is declared in
	// Type is the type of a variable, named constant, component, or the
	// result type of a function; for a derived type, the type it
	// defines. Nil for subroutines and others without a type.
	Type *Type
	// KindName is the named constant that the kind selector of its type
	// declaration names (dp in real(dp)), nil if it names none: the
	// generators declare derivatives with the user's spelling.
	KindName *ast.Ident
	Dims     []Dim // array specification; nil for scalars
	Attrs    Attrs
	// Intent is the intent fadj relies on: the declared one, or
	// intent(inout) where the body reads an intent(out) dummy before
	// writing it or defines an intent(in) one (Intents.Apply), in which
	// case DeclaredIntent keeps what was written.
	Intent         ast.Intent
	DeclaredIntent ast.Intent
	// ArgIndex is the position of a dummy argument in its procedure's
	// argument list (0-based), -1 for others.
	ArgIndex int
	// Value is the value of a named constant when it could be computed.
	Value *Value
	// Init is the initialisation expression of a variable, named
	// constant or component, nil if none.
	Init ast.Expr
	// Common is the common block a variable belongs to (AttrInCommon),
	// or the block itself for a CommonSym; CommonIndex is the variable's
	// position in its unit's member list of that block.
	Common      *Common
	CommonIndex int
	// Components are the components of a derived type (parent components
	// first for an extended type); Parent is the parent type of an
	// extended type, or, for a component, the type it belongs to.
	Components []*Symbol
	Parent     *Symbol
	// PrivateComp is set on a PRIVATE component (by its attribute, or
	// the PRIVATE statement of its type): only its module may name it.
	PrivateComp bool
	// Stateless is set on a derived type without components none of
	// whose extensions has components (oop_static.go).
	Stateless bool
	// Bindings are the type-bound procedures of a derived type (inherited
	// ones included): BindingSym for specific bindings, GenericSym for
	// GENERIC bindings (whose Specifics are BindingSyms).
	Bindings []*Symbol
	// ProcComponents are the procedure pointer components of a derived
	// type (inherited ones included), kept apart from Components, which
	// hold its data.
	ProcComponents []*Symbol
	// Selector is the expression an ASSOCIATE name is associated with.
	Selector ast.Expr
	// Proc is set for procedures, generic interfaces, programs and block
	// data.
	Proc *Proc
	// Inner is the scope a module, program or procedure opens.
	Inner *Scope
	// Implicit records that the type came from the implicit typing rules.
	Implicit bool
	// Sequence records a SEQUENCE derived type.
	Sequence bool

	declared  bool       // an explicit type was given
	usedAsVar bool       // referenced as a variable in an execution part
	pending   bool       // created by a reference in a specification part, not yet declared
	forward   bool       // derived type referenced before its definition
	fwdPos    source.Pos // first such reference
	ambiguous string     // BadSym: why
	reported  bool       // BadSym: the error was reported
	readonly  bool       // an ASSOCIATE name associated with an expression
	assocBase *Symbol    // an ASSOCIATE name: the base of its selector
	passArg   string     // BindingSym: PASS(arg)
	shadow    *Symbol    // GenericSym: the specific procedure of the same name
	ctorType  *Symbol    // GenericSym: the derived type of the same name (oop_ctor.go)
	undefined bool       // TypeSym: referenced but never defined (reported)
	typePos   source.Pos // where the type was declared
}

// Binding returns the type-bound procedure named name of a derived type.
func (s *Symbol) Binding(name string) *Symbol {
	for _, b := range s.Bindings {
		if b.Name == name {
			return b
		}
	}
	return nil
}

// Rank is the number of dimensions (0 for a scalar).
func (s *Symbol) Rank() int { return len(s.Dims) }

// Module returns the module symbol the entity was declared in, or nil if
// it was not declared in a module's specification part.
func (s *Symbol) Module() *Symbol {
	if s.Owner != nil && s.Owner.Kind == ModuleScope {
		return s.Owner.Symbol
	}
	return nil
}

// CanonicalGlobal returns the symbol standing for s across routines: for
// a common-block member, the member at the same place in the block's
// first declaration; s itself otherwise.
func (s *Symbol) CanonicalGlobal() *Symbol {
	c := s.Common
	if c == nil || len(c.Decls) == 0 {
		return s
	}
	for _, d := range c.Decls {
		for i, m := range d.Members {
			if m == s {
				if first := c.Decls[0].Members; i < len(first) {
					return first[i]
				}
				return s
			}
		}
	}
	return s
}

// IsDummy reports whether s is a dummy argument.
func (s *Symbol) IsDummy() bool { return s.Attrs&AttrDummy != 0 }

// Component returns the component of a derived type named name (lower
// case), or nil.
func (s *Symbol) Component(name string) *Symbol {
	for _, c := range s.Components {
		if c.Name == name {
			return c
		}
	}
	return nil
}

func (s *Symbol) String() string {
	if s == nil {
		return "<nil>"
	}
	return s.Kind.String() + " " + s.Name
}

// Common is a named or blank common block with its declarations in each
// program unit, for checking that layouts agree.
type Common struct {
	Name   string  // lower case; "" for the blank common
	Symbol *Symbol // the block's CommonSym
	Decls  []*CommonDecl
}

// CommonDecl is the list of a common block's members in one scope (all
// its COMMON statements there, in order).
type CommonDecl struct {
	Scope   *Scope
	Pos     source.Pos // first COMMON statement naming the block in the scope
	Members []*Symbol
}

// ScopeKind is the kind of program unit a Scope belongs to.
type ScopeKind uint8

const (
	GlobalScope     ScopeKind = iota // external procedures, programs, block data, common blocks
	ProgramScope                     // main program
	ModuleScope                      // module
	SubroutineScope                  // subroutine (external, module or internal)
	FunctionScope                    // function (external, module or internal)
	BlockDataScope                   // block data
	InterfaceScope                   // interface body
	StmtFuncScope                    // the dummy arguments of a statement function
	BlockScope                       // a BLOCK construct
	AssociateScope                   // the associate names of an ASSOCIATE construct
)

var scopeKindNames = [...]string{"global", "program", "module", "subroutine", "function", "block data", "interface",
	"statement function", "block", "associate"}

func (k ScopeKind) String() string { return scopeKindNames[k] }

// Import is a name brought into a scope by a USE statement.
type Import struct {
	Local  string  // the local name (lower case)
	Symbol *Symbol // the entity
	Module *Symbol // the module named in the USE statement
	Stmt   *ast.UseStmt
}

// Scope is the name space of one program unit. Lookup follows use
// association (imported names are entered into the scope) and host
// association (Parent).
type Scope struct {
	Kind ScopeKind
	// Parent is the host scope of a module or internal procedure, or the
	// enclosing scope of a BLOCK or ASSOCIATE construct; nil for a
	// top-level unit and for interface bodies.
	Parent *Scope
	// Unit is the program unit (the enclosing one for a construct).
	Unit *ast.Unit
	// Construct is the BLOCK or ASSOCIATE construct of such a scope.
	Construct ast.Stmt
	// Symbol is the unit's own symbol (procedure, module, program, block data).
	Symbol *Symbol
	// Children are the scopes of contained procedures and interface bodies.
	Children []*Scope
	// Imports lists the use-associated names in the order of the USE
	// statements.
	Imports []*Import

	names   map[string]*Symbol
	symbols []*Symbol // locally declared, in order

	implicit         implicitRules
	defaultPrivate   bool
	saveAll          bool
	opaqueUse        bool // uses a module that is known only by name
	access           map[string]Attrs
	exports          map[string]*Symbol // modules: the public names
	exportList       []*Symbol          // the same in declaration order
	exportNames      []string           // the public names in the same order
	labels           map[int]source.Pos
	imported         map[string]*Import
	commons          map[string]*CommonDecl
	importHost       *Scope // interface bodies: the scope whose derived types they see
	wild             []*wildUse
	accessIdents     []*ast.Ident
	pendingSpecifics []pendingSpecific
	pendingBindings  []pendingBinding
	pendingFinals    []*ast.Ident
	constructs       []*Symbol
}

func newScope(kind ScopeKind, parent *Scope, unit *ast.Unit) *Scope {
	s := &Scope{Kind: kind, Parent: parent, Unit: unit, names: make(map[string]*Symbol)}
	if parent != nil {
		parent.Children = append(parent.Children, s)
	}
	return s
}

// Lookup returns the entity named name (lower case) in s or, by host
// association, in its hosts; nil if none.
//
// An interface body also sees the named constants and derived types of
// the scope it appears in (as if IMPORTed).
func (s *Scope) Lookup(name string) *Symbol {
	for ; s != nil; s = s.Parent {
		if sym := s.LookupLocal(name); sym != nil {
			return sym
		}
		if s.importHost != nil {
			if sym := s.importHost.Lookup(name); sym != nil && (sym.Kind == ConstSym || sym.Kind == TypeSym) {
				return sym
			}
		}
	}
	return nil
}

// LookupLocal returns the entity named name declared in s itself or
// use-associated into it.
func (s *Scope) LookupLocal(name string) *Symbol {
	if sym := s.names[name]; sym != nil {
		return sym
	}
	for _, w := range s.wild {
		if sym := w.mod.Inner.exports[name]; sym != nil && !w.excludes(name) {
			return sym
		}
	}
	return nil
}

// Symbols returns the symbols declared in s (not the use-associated
// ones) in order of declaration.
func (s *Scope) Symbols() []*Symbol { return s.symbols }

// Import returns how the local name came into s by use association, or
// nil. Names of a USE without ONLY are known here once referenced.
func (s *Scope) Import(name string) *Import {
	if imp := s.imported[name]; imp != nil {
		return imp
	}
	for _, w := range s.wild {
		if sym := w.mod.Inner.exports[name]; sym != nil && !w.excludes(name) {
			return &Import{Local: name, Symbol: sym, Module: w.mod, Stmt: w.stmt}
		}
	}
	return nil
}

// UsedModules returns the modules named in the USE statements of s.
func (s *Scope) UsedModules() []*Symbol {
	var out []*Symbol
	seen := map[*Symbol]bool{}
	for _, imp := range s.Imports {
		if !seen[imp.Module] {
			seen[imp.Module] = true
			out = append(out, imp.Module)
		}
	}
	for _, w := range s.wild {
		if !seen[w.mod] {
			seen[w.mod] = true
			out = append(out, w.mod)
		}
	}
	return out
}

// Exported returns the public entity named name of a module scope.
func (s *Scope) Exported(name string) *Symbol { return s.exports[name] }

// Exports returns the public names of a module scope.
func (s *Scope) Exports() map[string]*Symbol { return s.exports }

// SaveAll reports whether a SAVE statement without a list gives every
// local variable of s the SAVE attribute.
func (s *Scope) SaveAll() bool { return s.saveAll }

// DefaultPrivate reports whether a PRIVATE statement without a list made
// the names of a module private by default.
func (s *Scope) DefaultPrivate() bool { return s.defaultPrivate }

// Labels returns the statement labels defined in the unit of s and their
// positions.
func (s *Scope) Labels() map[int]source.Pos { return s.labels }

// ImplicitNone reports whether IMPLICIT NONE is in effect in s.
func (s *Scope) ImplicitNone() bool { return s.implicit.none }

// ImplicitType returns the implicit type of names beginning with the
// letter c in s, or nil.
func (s *Scope) ImplicitType(c byte) *Type {
	if c >= 'A' && c <= 'Z' {
		c += 'a' - 'A'
	}
	if c < 'a' || c > 'z' {
		return nil
	}
	return s.implicit.types[c-'a']
}

// CommonDecl returns the declaration of the common block name ("" for the
// blank common) in s, or nil.
func (s *Scope) CommonDecl(name string) *CommonDecl { return s.commons[name] }

// implicitRules are the implicit typing rules of a scope.
type implicitRules struct {
	none  bool
	types [26]*Type
}

func defaultImplicit(intT, realT *Type) implicitRules {
	var r implicitRules
	for i := range r.types {
		if i >= 'i'-'a' && i <= 'n'-'a' {
			r.types[i] = intT
		} else {
			r.types[i] = realT
		}
	}
	return r
}

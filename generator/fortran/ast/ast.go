// Package ast declares the types that represent Fortran source as a tree.
//
// The design follows go/ast: every node has a position, expressions and
// statements are interfaces implemented by small structs, and comments are
// kept on the statements they belong to so that a printer can write them
// back. Fortran's ambiguity between a function reference and an array
// element (both are name(args)) is kept in the tree as a CallExpr; package
// sema tells the two apart.
//
// A source file is a list of program units (Unit). A unit has a
// specification part (Decls) and an execution part (Body), and internal or
// module procedures after CONTAINS. Constructs (IF, DO, SELECT CASE,
// WHERE, FORALL) hold their blocks; each statement that opens, continues or
// closes a construct keeps its own label and comments in a Stmt header.
package ast

import (
	"strings"

	"github.com/fadj-dev/fadj/generator/fortran/token"
	"github.com/fadj-dev/fadj/generator/source"
)

// Node is any node of the tree.
type Node interface {
	Pos() source.Pos // position of the node's first character
}

// Expr is an expression node.
type Expr interface {
	Node
	exprNode()
}

// Stmt is a statement node (specification or executable).
type Stmt interface {
	Node
	Header() *StmtHeader
	stmtNode()
}

// ----------------------------------------------------------------------------
// Comments

// Comment is one "!" comment. Text holds the comment as it is to be
// printed in free form, starting with "!" (fixed-form "c", "C" and "*"
// comment lines are stored with a leading "!" in their place).
type Comment struct {
	Slash source.Pos // position of the comment character
	Text  string
	// Omp is the directive of an OpenMP directive line ("!$omp ...",
	// continuation lines joined) or conditional compilation line
	// ("!$ ..."), nil for other comments. Text keeps the lines as written.
	Omp *OmpDirective
}

// Pos returns the position of the comment character.
func (c *Comment) Pos() source.Pos { return c.Slash }

// StmtHeader is what every statement line carries besides its content: an
// optional label, the comment lines written above it and a comment after
// it on its last line. Constructs have one header per constituent
// statement (IF ... THEN, ELSE IF, ELSE, END IF each have one).
type StmtHeader struct {
	Label    int        // statement label, 0 if none
	LabelPos source.Pos // position of the label
	Start    source.Pos // position of the first token of the statement
	Doc      []*Comment // full-line comments (and blank-line markers) before the statement
	Line     *Comment   // comment after the statement, on its last line
	// BlankBefore records that one or more blank lines preceded the
	// statement (or its Doc), so that a printer can keep the grouping.
	BlankBefore bool
}

// Header returns h; embedding StmtHeader gives every statement its Header method.
func (h *StmtHeader) Header() *StmtHeader { return h }

// Pos returns the label's position if there is one, else the statement's.
func (h *StmtHeader) Pos() source.Pos {
	if h.LabelPos.IsValid() {
		return h.LabelPos
	}
	return h.Start
}

// ----------------------------------------------------------------------------
// Files and program units

// File is one parsed source file.
type File struct {
	Name  string
	Form  SourceForm
	Units []*Unit
	// Comments after the last statement of the file.
	Trailing []*Comment
}

// SourceForm is free or fixed source form.
type SourceForm int

const (
	FreeForm SourceForm = iota
	FixedForm
)

func (f SourceForm) String() string {
	if f == FixedForm {
		return "fixed"
	}
	return "free"
}

// UnitKind says which kind of program unit a Unit is.
type UnitKind int

const (
	ProgramUnit UnitKind = iota
	ModuleUnit
	SubroutineUnit
	FunctionUnit
	BlockDataUnit
)

var unitKindNames = [...]string{"program", "module", "subroutine", "function", "block data"}

func (k UnitKind) String() string { return unitKindNames[k] }

// Unit is a program unit: main program, module, subroutine, function or
// block data; also an interface body (with an empty Body) and an internal
// or module procedure (in its host's Contains).
type Unit struct {
	StmtHeader // the PROGRAM/MODULE/SUBROUTINE/FUNCTION statement; Start is NoPos for a main program without a PROGRAM statement
	Kind       UnitKind
	Name       *Ident      // nil for an unnamed main program or block data
	Prefix     []*Keyword  // RECURSIVE, PURE, ELEMENTAL, IMPURE, MODULE (in source order)
	Type       *TypeSpec   // type in a function header (real function f), else nil
	Args       []*Ident    // dummy arguments; "*" (alternate return) is an Ident named "*"
	Result     *Ident      // RESULT(name), else nil
	Bind       *Bind       // BIND(C[, NAME=...]), else nil
	Decls      []Stmt      // specification part
	Body       []Stmt      // execution part
	Contains   *StmtHeader // the CONTAINS statement, nil if none
	Procs      []*Unit     // internal or module procedures after CONTAINS
	End        EndStmt     // the END statement
}

// Pos returns the position of the unit's first statement.
func (u *Unit) Pos() source.Pos {
	if p := u.StmtHeader.Pos(); p.IsValid() {
		return p
	}
	for _, s := range u.Decls {
		return s.Pos()
	}
	for _, s := range u.Body {
		return s.Pos()
	}
	return u.End.Pos()
}

// Keyword is a keyword kept in the tree because it matters (prefixes, intents).
type Keyword struct {
	KwPos source.Pos
	Name  string // lower case
}

func (k *Keyword) Pos() source.Pos { return k.KwPos }

// Bind is a BIND(C[, NAME=expr]) specifier.
type Bind struct {
	BindPos source.Pos
	Name    Expr // nil if absent
}

func (b *Bind) Pos() source.Pos { return b.BindPos }

// EndStmt is the END statement closing a unit or construct.
// Keyword is what followed END ("", "subroutine", "do", ...) in lower case;
// Name is the name repeated after it, or nil.
type EndStmt struct {
	StmtHeader
	Keyword string
	Name    *Ident
}

func (*EndStmt) stmtNode() {}

// ----------------------------------------------------------------------------
// Expressions

type (
	// Ident is a name. Name keeps the spelling of the source; Lower gives
	// the case-folded name that Fortran compares.
	Ident struct {
		NamePos source.Pos
		Name    string
	}

	// BasicLit is a literal: INT, REAL, STRING, LOGICAL or BOZ, with
	// Value as written (kind suffix included: 1.d0, 2.5_dp, .true._lk).
	BasicLit struct {
		ValuePos source.Pos
		Kind     token.Kind
		Value    string
	}

	// ComplexLit is a complex literal constant (re, im).
	ComplexLit struct {
		Lparen source.Pos
		Re, Im Expr
	}

	// UnaryExpr is -x, +x, .not. x or a defined unary operator.
	UnaryExpr struct {
		OpPos source.Pos
		Op    token.Kind
		OpLit string // spelling of the operator as written (.not., .myop.)
		X     Expr
	}

	// BinaryExpr is x op y. OpLit keeps the spelling (.eq. or ==).
	BinaryExpr struct {
		X     Expr
		OpPos source.Pos
		Op    token.Kind
		OpLit string
		Y     Expr
	}

	// ParenExpr is a parenthesised expression. Fortran forbids a
	// compiler to reorder across parentheses, so they are kept.
	ParenExpr struct {
		Lparen source.Pos
		X      Expr
	}

	// CallExpr is name(args): a function reference, an array element or
	// section, a substring (s(2:4)), or a structure constructor. Args may
	// hold RangeExpr (sections, substrings), KeywordArg and StarExpr.
	CallExpr struct {
		Fun    Expr // *Ident, *SelectorExpr, a *CallExpr for a(i)(2:3), or a STRING *BasicLit for 'abc'(2:3)
		Lparen source.Pos
		Args   []Expr
	}

	// RangeExpr is a subscript triplet lo:hi[:stride] or a substring range;
	// any part may be nil (a(:), a(2:), a(::2)).
	RangeExpr struct {
		Lo     Expr
		Colon  source.Pos
		Hi     Expr
		Stride Expr
	}

	// KeywordArg is name=value in an actual argument list or an I/O
	// control list.
	KeywordArg struct {
		Name  *Ident
		Value Expr
	}

	// SelectorExpr is x%sel: a derived-type component.
	SelectorExpr struct {
		X   Expr
		Sel *Ident
	}

	// ArrayConstructor is (/ items /) or [ items ], with an optional type
	// spec ([real(8) :: ...]).
	ArrayConstructor struct {
		Lbrack   source.Pos
		Brackets bool // [ ] rather than (/ /)
		Type     *TypeSpec
		Items    []Expr
	}

	// ImpliedDo is (items, var = start, stop[, step]) in an array
	// constructor, an I/O list or a DATA statement.
	ImpliedDo struct {
		Lparen            source.Pos
		Items             []Expr
		Var               *Ident
		Start, Stop, Step Expr // Step may be nil
	}

	// StarExpr is a lone "*": list-directed format, default unit, an
	// assumed length or an alternate-return argument (*10 has Label).
	StarExpr struct {
		Star  source.Pos
		Label int // alternate-return label (*10), 0 otherwise
	}

	// LabelRef is a statement label used as a value: FMT=100, ERR=99, END=10
	// and the format of PRINT 100, READ(5,100).
	LabelRef struct {
		LabelPos source.Pos
		Label    int
	}
)

func (x *Ident) Pos() source.Pos            { return x.NamePos }
func (x *BasicLit) Pos() source.Pos         { return x.ValuePos }
func (x *ComplexLit) Pos() source.Pos       { return x.Lparen }
func (x *UnaryExpr) Pos() source.Pos        { return x.OpPos }
func (x *BinaryExpr) Pos() source.Pos       { return x.X.Pos() }
func (x *ParenExpr) Pos() source.Pos        { return x.Lparen }
func (x *CallExpr) Pos() source.Pos         { return x.Fun.Pos() }
func (x *KeywordArg) Pos() source.Pos       { return x.Name.Pos() }
func (x *SelectorExpr) Pos() source.Pos     { return x.X.Pos() }
func (x *ArrayConstructor) Pos() source.Pos { return x.Lbrack }
func (x *ImpliedDo) Pos() source.Pos        { return x.Lparen }
func (x *StarExpr) Pos() source.Pos         { return x.Star }
func (x *LabelRef) Pos() source.Pos         { return x.LabelPos }
func (x *RangeExpr) Pos() source.Pos {
	if x.Lo != nil {
		return x.Lo.Pos()
	}
	return x.Colon
}

func (*Ident) exprNode()            {}
func (*BasicLit) exprNode()         {}
func (*ComplexLit) exprNode()       {}
func (*UnaryExpr) exprNode()        {}
func (*BinaryExpr) exprNode()       {}
func (*ParenExpr) exprNode()        {}
func (*CallExpr) exprNode()         {}
func (*RangeExpr) exprNode()        {}
func (*KeywordArg) exprNode()       {}
func (*SelectorExpr) exprNode()     {}
func (*ArrayConstructor) exprNode() {}
func (*ImpliedDo) exprNode()        {}
func (*StarExpr) exprNode()         {}
func (*LabelRef) exprNode()         {}

// Lower returns the case-folded name.
func (x *Ident) Lower() string { return strings.ToLower(x.Name) }

// NewIdent returns an Ident with no position.
func NewIdent(name string) *Ident { return &Ident{Name: name} }

// ----------------------------------------------------------------------------
// Types and declarations

// TypeKind is the intrinsic type or TYPE/CLASS of a TypeSpec.
type TypeKind int

const (
	Integer TypeKind = iota
	Real
	DoublePrecision
	Complex
	DoubleComplex
	Logical
	Character
	Derived // TYPE(name)
	Class   // CLASS(name)
)

var typeKindNames = [...]string{"integer", "real", "double precision", "complex", "double complex", "logical", "character", "type", "class"}

func (k TypeKind) String() string { return typeKindNames[k] }

// TypeSpec is a declaration type: real, real(8), real(kind=dp), real*8,
// double precision, character(len=*), character*(*), character*10,
// type(point).
type TypeSpec struct {
	TypePos source.Pos
	Kind    TypeKind
	KindSel Expr   // kind selector expression (real(8), real(kind=dp)), else nil
	Star    Expr   // the *n of real*8 / character*10 / character*(*) (a StarExpr for *(*)), else nil
	Len     Expr   // character length from (len=...) or (n); StarExpr for *, a RangeExpr-free Ident ":" is ColonLen
	Name    *Ident // derived type name for Derived and Class
	// KindKeyword and LenKeyword record whether "kind=" / "len=" were
	// written, so the printer can keep the spelling.
	KindKeyword, LenKeyword bool
}

func (t *TypeSpec) Pos() source.Pos { return t.TypePos }

// ColonLen is the deferred length ":" of character(len=:).
type ColonLen struct{ Colon source.Pos }

func (x *ColonLen) Pos() source.Pos { return x.Colon }
func (*ColonLen) exprNode()         {}

// Dim is one dimension of an array spec: lo:hi, hi, lo:*, *, : (assumed
// or deferred shape), lo: (assumed shape with lower bound).
type Dim struct {
	Lo    Expr // nil if not written
	Hi    Expr // nil for ":" and "lo:"; a StarExpr for assumed size
	Colon bool // a ":" was written
}

// AttrKind names an attribute of a type declaration or attribute statement.
type AttrKind int

const (
	AttrDimension AttrKind = iota
	AttrIntent
	AttrParameter
	AttrAllocatable
	AttrPointer
	AttrTarget
	AttrSave
	AttrOptional
	AttrExternal
	AttrIntrinsic
	AttrPublic
	AttrPrivate
	AttrValue
	AttrVolatile
	AttrProtected
	AttrContiguous
	AttrAsynchronous
	AttrBind
)

var attrNames = [...]string{"dimension", "intent", "parameter", "allocatable", "pointer", "target", "save",
	"optional", "external", "intrinsic", "public", "private", "value", "volatile", "protected", "contiguous",
	"asynchronous", "bind"}

func (k AttrKind) String() string { return attrNames[k] }

// LookupAttr returns the attribute named name (lower case).
func LookupAttr(name string) (AttrKind, bool) {
	for i, n := range attrNames {
		if n == name {
			return AttrKind(i), true
		}
	}
	return 0, false
}

// Intent is the INTENT of a dummy argument.
type Intent int

const (
	IntentNone Intent = iota
	IntentIn
	IntentOut
	IntentInOut
)

func (i Intent) String() string { return [...]string{"", "in", "out", "inout"}[i] }

// Attr is one attribute: dimension(...), intent(in), parameter, ...
type Attr struct {
	AttrPos source.Pos
	Kind    AttrKind
	Dims    []*Dim // for AttrDimension
	Intent  Intent // for AttrIntent
	Bind    *Bind  // for AttrBind
}

func (a *Attr) Pos() source.Pos { return a.AttrPos }

// Entity is one declared name with its own array spec, character length
// and initialisation: x(10)*8 = 0 in a type declaration; also the items
// of COMMON, DIMENSION and other attribute statements.
type Entity struct {
	Name    *Ident
	Dims    []*Dim // nil if no array spec was written here
	CharLen Expr   // character*len after the name (c*10), else nil
	Init    Expr   // = value or => null(), else nil
	Pointer bool   // Init was written with =>
}

func (e *Entity) Pos() source.Pos { return e.Name.Pos() }

// ----------------------------------------------------------------------------
// Specification statements

type (
	// UseStmt is USE [, nature ::] module [, ONLY: list | , renames].
	UseStmt struct {
		StmtHeader
		Nature string // "intrinsic", "non_intrinsic" or ""
		Module *Ident
		Only   bool       // ONLY: was written (Items may then be empty)
		Items  []*UseItem // renames, or the ONLY list
	}

	// ImplicitStmt is IMPLICIT NONE or IMPLICIT type (letters), ...
	ImplicitStmt struct {
		StmtHeader
		None  bool
		Rules []*ImplicitRule
	}

	// TypeDecl is type [, attrs] [::] entities.
	TypeDecl struct {
		StmtHeader
		Type     *TypeSpec
		Attrs    []*Attr
		DColon   bool // "::" was written
		Entities []*Entity
	}

	// AttrStmt is an attribute given by its own statement: DIMENSION a(10),
	// INTENT(IN) :: x, SAVE, SAVE :: a, /blk/, EXTERNAL f, INTRINSIC sin,
	// ALLOCATABLE a(:), POINTER p, TARGET t, OPTIONAL o, PUBLIC, PRIVATE x.
	// Common blocks named in SAVE appear as Entities whose Name is
	// "/blk/".
	AttrStmt struct {
		StmtHeader
		Attr     *Attr
		DColon   bool
		Entities []*Entity
	}

	// ParameterStmt is PARAMETER (name = value, ...).
	ParameterStmt struct {
		StmtHeader
		Entities []*Entity // each with Init
	}

	// CommonStmt is COMMON /a/ x, y /b/ z; the blank common has Name nil.
	CommonStmt struct {
		StmtHeader
		Blocks []*CommonBlock
	}

	// DataStmt is DATA objects /values/ [, objects /values/]...
	DataStmt struct {
		StmtHeader
		Sets []*DataSet
	}

	// EquivalenceStmt is EQUIVALENCE (a, b(1)), (c, d).
	EquivalenceStmt struct {
		StmtHeader
		Sets [][]Expr
	}

	// DimensionStmt is not separate: DIMENSION is an AttrStmt.

	// StmtFunction is a statement function: f(x, y) = expr.
	StmtFunction struct {
		StmtHeader
		Name *Ident
		Args []*Ident
		Expr Expr
	}

	// FormatStmt is a labelled FORMAT statement; Spec is the parenthesised
	// format as written.
	FormatStmt struct {
		StmtHeader
		SpecPos source.Pos
		Spec    string
	}

	// InterfaceBlock is INTERFACE [generic] ... END INTERFACE.
	InterfaceBlock struct {
		StmtHeader
		Abstract bool
		Generic  *GenericSpec // nil for a plain interface block
		Bodies   []*Unit      // interface bodies (Decls only)
		Procs    []*ProcedureStmt
		// Members keeps bodies and MODULE PROCEDURE statements in source
		// order: each is a *Unit or a *ProcedureStmt.
		Members []Node
		End     EndStmt
	}

	// ProcedureStmt is [MODULE] PROCEDURE [::] names inside an interface.
	ProcedureStmt struct {
		StmtHeader
		Module bool
		Names  []*Ident
	}

	// ProcDecl is PROCEDURE([iface]) [, attrs] [::] names [=> init]: dummy
	// and external procedures with an explicit interface, and procedure
	// pointers.
	ProcDecl struct {
		StmtHeader
		Interface *Ident // the interface or procedure named in parentheses; nil for PROCEDURE()
		Attrs     []*Attr
		DColon    bool
		Entities  []*Entity // Init is a pointer initialisation (=> null())
	}

	// ImportStmt is IMPORT [[::] names] in an interface body. An interface
	// body sees its host's named constants and types anyway (see sema), so
	// the names only matter to the printer.
	ImportStmt struct {
		StmtHeader
		DColon bool
		Names  []*Ident
	}

	// TypeDef is a derived type definition.
	TypeDef struct {
		StmtHeader
		Name        *Ident
		Attrs       []*Attr     // public, private, bind(c)
		Extends     *Ident      // EXTENDS(parent), else nil
		Abstract    bool        // ABSTRACT
		Sequence    *StmtHeader // a SEQUENCE statement, else nil
		PrivateStmt *StmtHeader // a PRIVATE statement among the components, else nil
		Components  []*TypeDecl
		// ProcComponents are the procedure pointer components, each
		// before the data component of index Before (len(Components):
		// after them all), so that the printer keeps the order
		// structure constructors depend on.
		ProcComponents []*ProcComponent
		// Contains is the CONTAINS statement opening the type-bound
		// procedure part, nil if none; Bindings follow it.
		Contains *StmtHeader
		Bindings []*TypeBoundProc
		End      EndStmt
	}

	// TypeBoundProc is PROCEDURE [(iface)] [, attrs] :: name [=> target], ...
	// or GENERIC [, access] :: spec => names, or FINAL :: names, inside a
	// derived type after CONTAINS.
	TypeBoundProc struct {
		StmtHeader
		Keyword   string     // "procedure", "generic" or "final"
		Interface *Ident     // PROCEDURE(iface), else nil
		Attrs     []*Keyword // pass, nopass, deferred, non_overridable, public, private (lower case); pass(arg) is "pass(arg)"
		DColon    bool
		Bindings  []*Binding
	}

	// NamelistStmt is NAMELIST /group/ names.
	NamelistStmt struct {
		StmtHeader
		Groups []*CommonBlock
	}
)

// Binding is name [=> target, ...] of a type-bound procedure statement;
// GENERIC bindings may list several targets.
type Binding struct {
	Name    *Ident
	Generic *GenericSpec // GENERIC :: operator(+) => ..., else nil
	Targets []*Ident
}

// UseItem is one rename (local => used) or one ONLY name (Local nil),
// or a generic spec like operator(+) (Name holds it as written).
type UseItem struct {
	Local *Ident // nil unless renamed
	Name  *Ident // the module's name
}

// ImplicitRule is type (a-h, o-z).
type ImplicitRule struct {
	Type   *TypeSpec
	Ranges []LetterRange
}

// LetterRange is a letter or a range of letters in IMPLICIT, lower case.
type LetterRange struct {
	From, To byte
}

// CommonBlock is one /name/ list of a COMMON (or NAMELIST) statement.
type CommonBlock struct {
	NamePos  source.Pos
	Name     *Ident // nil for blank common
	Entities []*Entity
}

// DataSet is one objects /values/ pair of a DATA statement.
type DataSet struct {
	Objects []Expr // variables, array elements, ImpliedDo
	Values  []*DataValue
}

// DataValue is [repeat*]value in a DATA statement.
type DataValue struct {
	Repeat Expr // nil if no repeat count
	Value  Expr
}

// GenericSpec is the name of a generic interface: a name, OPERATOR(op) or
// ASSIGNMENT(=).
type GenericSpec struct {
	SpecPos source.Pos
	Name    *Ident // generic name, or nil
	Kind    string // "", "operator" or "assignment"
	Op      string // operator as written for Kind "operator" and "assignment"
}

// ----------------------------------------------------------------------------
// Executable statements

type (
	// AssignStmt is lhs = rhs.
	AssignStmt struct {
		StmtHeader
		Lhs, Rhs Expr
	}

	// PointerAssignStmt is lhs => rhs.
	PointerAssignStmt struct {
		StmtHeader
		Lhs, Rhs Expr
	}

	// CallStmt is CALL name[(args)].
	CallStmt struct {
		StmtHeader
		Name Expr // *Ident, or *SelectorExpr for a type-bound procedure
		Args []Expr
		// Parens records whether "()" was written after the name.
		Parens bool
	}

	// IfStmt is a logical IF: IF (cond) action.
	IfStmt struct {
		StmtHeader
		Cond   Expr
		Action Stmt
	}

	// ArithIfStmt is IF (expr) neg, zero, pos.
	ArithIfStmt struct {
		StmtHeader
		Expr            Expr
		Neg, Zero, Plus *LabelRef
	}

	// IfConstruct is [name:] IF (cond) THEN ... [ELSE IF ...] [ELSE ...] END IF.
	// Branches[0] is the IF; a final branch with Cond nil is the ELSE.
	IfConstruct struct {
		StmtHeader
		Name     *Ident
		Branches []*IfBranch
		End      EndStmt
	}

	// DoConstruct is a DO loop: counted (Var set), DO WHILE (While set) or
	// DO without control (both nil). F77 labelled loops (DO 10 I=1,N) keep
	// their terminal label in TermLabel; their terminal statement is the
	// last statement of the innermost Body and End has no position.
	// Loops that share a terminal statement nest, each with TermLabel.
	DoConstruct struct {
		StmtHeader
		Name              *Ident
		TermLabel         int
		Var               *Ident
		Start, Stop, Step Expr
		While             Expr
		Concurrent        []*ForallSpec   // DO CONCURRENT headers, else nil
		Mask              Expr            // DO CONCURRENT mask, else nil
		Locality          []*LocalitySpec // DO CONCURRENT locality specifiers
		Body              []Stmt
		End               EndStmt
	}

	// SelectCase is [name:] SELECT CASE (expr) ... END SELECT.
	SelectCase struct {
		StmtHeader
		Name     *Ident
		Selector Expr
		Cases    []*CaseBlock
		End      EndStmt
	}

	// ExitStmt is EXIT [name].
	ExitStmt struct {
		StmtHeader
		Construct *Ident
	}

	// CycleStmt is CYCLE [name].
	CycleStmt struct {
		StmtHeader
		Construct *Ident
	}

	// GotoStmt is GO TO label.
	GotoStmt struct {
		StmtHeader
		Target *LabelRef
	}

	// ComputedGotoStmt is GO TO (l1, l2, ...)[,] expr.
	ComputedGotoStmt struct {
		StmtHeader
		Targets []*LabelRef
		Expr    Expr
	}

	// LabelAssignStmt is ASSIGN label TO var (deleted in Fortran 95).
	LabelAssignStmt struct {
		StmtHeader
		Target *LabelRef
		Var    *Ident
	}

	// AssignedGotoStmt is GO TO var [[,] (l1, l2, ...)] (deleted in
	// Fortran 95); Targets is nil if no list was written.
	AssignedGotoStmt struct {
		StmtHeader
		Var     *Ident
		Targets []*LabelRef
	}

	// ContinueStmt is CONTINUE.
	ContinueStmt struct {
		StmtHeader
	}

	// EntryStmt is ENTRY name [([dummies])] [RESULT(r)] [BIND(C...)]:
	// a second entry point of the enclosing subroutine or function. Load
	// splits such a procedure into one per entry point (parser.SplitEntries),
	// so that only the parser, the printer and fadj fmt see it.
	EntryStmt struct {
		StmtHeader
		Name   *Ident
		Args   []*Ident // "*" (alternate return) is an Ident named "*"
		Parens bool     // parentheses were written (ENTRY e() or ENTRY e)
		Result *Ident   // RESULT(name), else nil
		Bind   *Bind    // BIND(C[, NAME=...]), else nil
	}

	// ReturnStmt is RETURN [alt].
	ReturnStmt struct {
		StmtHeader
		Alt Expr
	}

	// StopStmt is STOP [code] or ERROR STOP [code].
	StopStmt struct {
		StmtHeader
		Error bool
		Code  Expr
	}

	// IOStmt is an input/output statement kept as a statement: PRINT,
	// WRITE, READ, OPEN, CLOSE, INQUIRE, REWIND, BACKSPACE, ENDFILE, FLUSH.
	// Control is the parenthesised control list (unit, format, keyword
	// specifiers); PRINT fmt, and READ fmt, have Format instead.
	IOStmt struct {
		StmtHeader
		Keyword string // lower case: "print", "write", "read", ...
		Control []Expr // positional items and *KeywordArg
		Parens  bool   // a control list in parentheses was written
		Format  Expr   // PRINT fmt / READ fmt (no parentheses), else nil
		Items   []Expr
	}

	// AllocateStmt is ALLOCATE(objects[, stat=...]) or DEALLOCATE(...)
	// (Dealloc) or NULLIFY(...) (Keyword "nullify").
	AllocateStmt struct {
		StmtHeader
		Keyword string // "allocate", "deallocate" or "nullify"
		Type    *TypeSpec
		Objects []Expr
		Options []*KeywordArg // stat=, errmsg=, source=, mold=
	}

	// WhereStmt is WHERE (mask) assignment.
	WhereStmt struct {
		StmtHeader
		Mask   Expr
		Assign *AssignStmt
	}

	// WhereConstruct is [name:] WHERE (mask) ... [ELSEWHERE [(mask)] ...] END WHERE.
	// Branches[0] is the WHERE; an ELSEWHERE without mask has Mask nil.
	WhereConstruct struct {
		StmtHeader
		Name     *Ident
		Branches []*WhereBranch
		End      EndStmt
	}

	// ForallStmt is FORALL (specs[, mask]) assignment.
	ForallStmt struct {
		StmtHeader
		Specs  []*ForallSpec
		Mask   Expr
		Assign Stmt // *AssignStmt or *PointerAssignStmt
	}

	// ForallConstruct is [name:] FORALL (specs[, mask]) ... END FORALL.
	ForallConstruct struct {
		StmtHeader
		Name  *Ident
		Specs []*ForallSpec
		Mask  Expr
		Body  []Stmt
		End   EndStmt
	}

	// BlockConstruct is [name:] BLOCK, its own specification part and
	// block, END BLOCK.
	BlockConstruct struct {
		StmtHeader
		Name  *Ident
		Decls []Stmt
		Body  []Stmt
		End   EndStmt
	}

	// AssociateConstruct is [name:] ASSOCIATE (a => expr, ...) ... END ASSOCIATE.
	AssociateConstruct struct {
		StmtHeader
		Name   *Ident
		Assocs []*Association
		Body   []Stmt
		End    EndStmt
	}

	// SelectType is [name:] SELECT TYPE ([assoc =>] selector) with its
	// type guards, END SELECT.
	SelectType struct {
		StmtHeader
		Name *Ident
		// Assoc is the associate name written before =>, or nil: the
		// selector is then a name, which stands in each block for the
		// object with the block's type.
		Assoc    *Ident
		Selector Expr
		Guards   []*TypeGuard
		End      EndStmt
	}

	// EntryStmt is rejected by the parser with a "not supported"
	// diagnostic rather than represented.
)

// Association is name => selector in an ASSOCIATE statement.
type Association struct {
	Name     *Ident
	Selector Expr
}

// ProcComponent is PROCEDURE([iface]), POINTER [, attrs] :: name [=>
// null()], ... among the components of a derived type.
type ProcComponent struct {
	StmtHeader
	Interface *Ident     // nil for PROCEDURE()
	Attrs     []*Keyword // pointer, pass, nopass, pass(arg), public, private (lower case)
	DColon    bool
	Entities  []*Entity // Init is the pointer initialisation (null())
	Before    int       // see TypeDef.ProcComponents
}

// GuardKind tells the three type guards of SELECT TYPE apart.
type GuardKind int

const (
	TypeIs       GuardKind = iota // TYPE IS (type-spec)
	ClassIs                       // CLASS IS (derived-type-spec)
	ClassDefault                  // CLASS DEFAULT
)

// TypeGuard is one block of a SELECT TYPE construct with the guard
// statement that opens it.
type TypeGuard struct {
	Head StmtHeader
	Kind GuardKind
	Type *TypeSpec // nil for CLASS DEFAULT
	Name *Ident    // the construct name repeated after the guard, or nil
	Body []Stmt
}

// IfBranch is one block of an IF construct with the statement that opens it.
type IfBranch struct {
	Head StmtHeader // IF ... THEN / ELSE IF ... THEN / ELSE
	Cond Expr       // nil for ELSE
	// Name is the construct name repeated after ELSE / ELSE IF ... THEN, or nil.
	Name *Ident
	Body []Stmt
}

// CaseBlock is CASE (values) or CASE DEFAULT with its block.
type CaseBlock struct {
	Head    StmtHeader
	Default bool
	Values  []Expr // each an Expr or a *RangeExpr (lo:, :hi, lo:hi)
	Name    *Ident
	Body    []Stmt
}

// WhereBranch is the WHERE or an ELSEWHERE block.
type WhereBranch struct {
	Head StmtHeader
	Mask Expr
	Name *Ident
	Body []Stmt
}

// ForallSpec is var = lo:hi[:stride] of a FORALL or DO CONCURRENT header.
type ForallSpec struct {
	Var            *Ident
	Lo, Hi, Stride Expr
}

// LocalitySpec is a locality specifier of a DO CONCURRENT: LOCAL(names),
// LOCAL_INIT(names), SHARED(names), DEFAULT(NONE) (Fortran 2018) or
// REDUCE(op: names) (Fortran 2023).
type LocalitySpec struct {
	KwPos source.Pos // position of the keyword
	Kind  string     // "local", "local_init", "shared", "default" or "reduce", lower case
	Op    string     // REDUCE's operator as written in lower case ("+", "max", ".and.", ...)
	Names []*Ident   // nil for DEFAULT(NONE)
}

func (*Unit) stmtNode()               {}
func (*UseStmt) stmtNode()            {}
func (*ImplicitStmt) stmtNode()       {}
func (*TypeDecl) stmtNode()           {}
func (*AttrStmt) stmtNode()           {}
func (*ProcDecl) stmtNode()           {}
func (*ImportStmt) stmtNode()         {}
func (*ParameterStmt) stmtNode()      {}
func (*CommonStmt) stmtNode()         {}
func (*DataStmt) stmtNode()           {}
func (*EquivalenceStmt) stmtNode()    {}
func (*StmtFunction) stmtNode()       {}
func (*FormatStmt) stmtNode()         {}
func (*InterfaceBlock) stmtNode()     {}
func (*ProcedureStmt) stmtNode()      {}
func (*TypeDef) stmtNode()            {}
func (*NamelistStmt) stmtNode()       {}
func (*AssignStmt) stmtNode()         {}
func (*PointerAssignStmt) stmtNode()  {}
func (*CallStmt) stmtNode()           {}
func (*IfStmt) stmtNode()             {}
func (*ArithIfStmt) stmtNode()        {}
func (*IfConstruct) stmtNode()        {}
func (*DoConstruct) stmtNode()        {}
func (*SelectCase) stmtNode()         {}
func (*SelectType) stmtNode()         {}
func (*ProcComponent) stmtNode()      {}
func (*ExitStmt) stmtNode()           {}
func (*CycleStmt) stmtNode()          {}
func (*GotoStmt) stmtNode()           {}
func (*ComputedGotoStmt) stmtNode()   {}
func (*LabelAssignStmt) stmtNode()    {}
func (*AssignedGotoStmt) stmtNode()   {}
func (*ContinueStmt) stmtNode()       {}
func (*EntryStmt) stmtNode()          {}
func (*ReturnStmt) stmtNode()         {}
func (*StopStmt) stmtNode()           {}
func (*IOStmt) stmtNode()             {}
func (*AllocateStmt) stmtNode()       {}
func (*WhereStmt) stmtNode()          {}
func (*WhereConstruct) stmtNode()     {}
func (*ForallStmt) stmtNode()         {}
func (*ForallConstruct) stmtNode()    {}
func (*TypeBoundProc) stmtNode()      {}
func (*BlockConstruct) stmtNode()     {}
func (*AssociateConstruct) stmtNode() {}

// IsExecutable reports whether s belongs in an execution part. FORMAT,
// DATA and statement functions are not executable although FORMAT and
// DATA may appear among executable statements.
func IsExecutable(s Stmt) bool {
	switch s.(type) {
	case *AssignStmt, *PointerAssignStmt, *CallStmt, *IfStmt, *ArithIfStmt, *IfConstruct,
		*DoConstruct, *SelectCase, *SelectType, *ExitStmt, *CycleStmt, *GotoStmt, *ComputedGotoStmt, *LabelAssignStmt, *AssignedGotoStmt,
		*ContinueStmt, *ReturnStmt, *StopStmt, *IOStmt, *AllocateStmt, *WhereStmt,
		*WhereConstruct, *ForallStmt, *ForallConstruct, *BlockConstruct, *AssociateConstruct:
		return true
	}
	return false
}

// Package parser builds the syntax tree (package ast) of a Fortran source
// file from the logical statements of package scanner.
//
// The parser works on one statement at a time: the scanner has already
// joined continuation lines, split statements on ";" and attached the
// comments, so a statement is a label and a flat list of tokens. Fortran
// has no reserved words: keywords arrive as IDENT tokens and are told apart
// by their place in a statement (an assignment "if = 3" is recognised by its
// shape before any keyword is looked at).
//
// Constructs (IF, DO, SELECT CASE, WHERE, FORALL), interface blocks,
// derived type definitions and program units are parsed by recursive
// descent over statements, with a stack of open constructs so that a
// misplaced or missing END closes what it should and is reported once.
//
// Syntax errors are reported as "file:line:col: message" and the parser
// goes on with the next statement; a statement with an error is left out of
// the tree (construct headers are kept so that the structure survives).
//
// Some things the tree does not represent are reported as "not supported:
// ..." and skipped: ENTRY, PAUSE, SUBMODULE,
// CRITICAL, SELECT RANK, ENUM, IMPORT with ONLY, NONE or ALL, abstract
// and parameterized derived types, Cray pointers, fixed-form statements that rely on blanks being
// insignificant (DO10I=1,10).
//
// A few choices the tree leaves open:
//   - name(args) = expr before the first executable statement is a
//     statement function unless name is declared as an array in the unit
//     or a host, or name is undeclared in a unit that (or whose host) has
//     a USE statement (the array may come from the module).
//   - The lengths of character*10, character*(*) and c*(n+1) are kept in
//     TypeSpec.Star and Entity.CharLen as a BasicLit, a StarExpr and a
//     ParenExpr holding the expression (a ColonLen for *(:)).
//   - Branches[0].Head of IF and WHERE constructs repeats the construct's
//     own header.
//   - A substring of a character constant, 'abc'(2:3), is a CallExpr
//     whose Fun is the STRING BasicLit.
package parser

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/fadj-dev/fadj/generator/diag"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/scanner"
	"github.com/fadj-dev/fadj/generator/fortran/token"
	"github.com/fadj-dev/fadj/generator/source"
)

// Config says how to parse.
type Config struct {
	Form    *ast.SourceForm   // nil: by file extension (FormOf)
	Defines map[string]string // passed to the scanner
	// Include is passed to the scanner: it resolves INCLUDE lines and
	// #include directives.
	Include func(name string, pos source.Position) (string, []byte, error)
}

// FormOf returns the source form for a file name: fixed for .f .for .f77
// .ftn (and their upper-case spellings), free for .f90 .f95 .f03 .f08 and
// anything else.
func FormOf(filename string) ast.SourceForm {
	switch strings.ToLower(filepath.Ext(filename)) {
	case ".f", ".for", ".f77", ".ftn":
		return ast.FixedForm
	}
	return ast.FreeForm
}

// ParseFile parses one file. It returns the tree (possibly partial) and a
// diag.List error (nil if no errors).
func ParseFile(fset *source.FileSet, filename string, src []byte, cfg Config) (*ast.File, error) {
	form := FormOf(filename)
	if cfg.Form != nil {
		form = *cfg.Form
	}
	file := fset.AddFile(filename, src)
	p := &parser{fset: fset}
	res := scanner.Scan(file, src, scanner.Config{
		Form:    form,
		Defines: cfg.Defines,
		Include: cfg.Include,
		FileSet: fset,
	}, &p.errs)
	f := &ast.File{Name: filename, Form: form}
	if res != nil {
		ompComments(res, form) // omp.go
		p.stmts = res.Stmts
		f.Trailing = res.Trailing
	}
	p.eofPos = file.Pos(file.Size())
	p.start()
	f.Units = p.parseFile()
	p.errs.Sort()
	return f, p.errs.Err()
}

// ParseExpr parses a single expression (for tests and for the spec loader).
// Positions in the result and in diagnostics are offsets into x, in a
// file named "<expr>".
func ParseExpr(x string) (ast.Expr, error) {
	// The scanner would take a leading integer for a statement label, so
	// the expression is scanned as the right-hand side of an assignment
	// and the positions are moved back.
	const pad = "x="
	fset := source.NewFileSet()
	file := fset.AddFile("<expr>", []byte(x))
	scratch := source.NewFileSet().AddFile("<expr>", []byte(pad+x))
	p := &parser{fset: fset}
	var serrs diag.List
	res := scanner.Scan(scratch, []byte(pad+x), scanner.Config{Form: ast.FreeForm}, &serrs)
	move := func(pos source.Pos) source.Pos {
		off := scratch.Offset(pos) - len(pad)
		if off < 0 {
			off = 0
		}
		return file.Pos(off)
	}
	for _, e := range serrs {
		if e.Pos.Line == 1 {
			e.Pos.Column -= len(pad)
			e.Pos.Offset -= len(pad)
		}
		p.errs = append(p.errs, e)
	}
	p.eofPos = file.Pos(file.Size())
	if len(p.errs) > 0 {
		return nil, p.errs
	}
	if res == nil || len(res.Stmts) == 0 || len(res.Stmts[0].Toks) < 2 {
		p.errs.Add(fset.Position(p.eofPos), "expected expression, found end of input")
		return nil, p.errs
	}
	if len(res.Stmts) > 1 {
		p.errs.Add(fset.Position(move(stmtStart(res.Stmts[1]))), "expected one expression, found several statements")
		return nil, p.errs
	}
	st := *res.Stmts[0]
	st.Toks = append([]token.Token(nil), st.Toks[2:]...)
	for i := range st.Toks {
		st.Toks[i].Pos = move(st.Toks[i].Pos)
	}
	st.End = move(st.End)
	if len(st.Toks) == 0 {
		st.End = p.eofPos
	}
	p.stmts = []*scanner.Statement{&st}
	p.start()
	if p.st == eofStmt {
		p.errs.Add(fset.Position(p.eofPos), "expected expression, found end of input")
		return nil, p.errs
	}
	e := p.parseExpr()
	if !p.bad && p.tok() != token.EOF {
		p.errorExpected("end of expression")
	}
	if len(p.errs) > 0 {
		return nil, p.errs
	}
	return e, nil
}

// ----------------------------------------------------------------------------
// The parser state

type parser struct {
	fset *source.FileSet
	errs diag.List

	stmts  []*scanner.Statement
	si     int                // index of the current statement
	st     *scanner.Statement // current statement (eofStmt past the end)
	toks   []token.Token      // its tokens
	i      int                // index of the current token
	bad    bool               // a syntax error was reported in this statement
	depth  int                // expression nesting
	ops    int                // operators in the current statement
	eofPos source.Pos

	cls    stmtClass // class of the current statement (from its first token)
	endKw  string    // for clsEnd: what followed END, lower case
	endTok int       // for clsEnd: index of the first token after the END keyword(s)

	stack []frame     // open program units and constructs
	units []*unitInfo // program units being parsed, innermost last

	// Slabs for the most frequent nodes: one allocation per 128 nodes.
	identSlab  slab[ast.Ident]
	litSlab    slab[ast.BasicLit]
	binarySlab slab[ast.BinaryExpr]
	callSlab   slab[ast.CallExpr]
}

// slab hands out pointers into chunks of Ts to save allocations.
type slab[T any] struct{ buf []T }

func (s *slab[T]) alloc() *T {
	if len(s.buf) == 0 {
		s.buf = make([]T, 128)
	}
	x := &s.buf[0]
	s.buf = s.buf[1:]
	return x
}

func (p *parser) newIdent(pos source.Pos, name string) *ast.Ident {
	x := p.identSlab.alloc()
	x.NamePos, x.Name = pos, name
	return x
}

// eofStmt stands for the end of the file.
var eofStmt = &scanner.Statement{}

// start positions the parser on the first statement.
func (p *parser) start() {
	p.si = -1
	p.advance()
}

// advance moves to the next statement (without label bookkeeping).
func (p *parser) advance() {
	p.si++
	for p.si < len(p.stmts) && len(p.stmts[p.si].Toks) == 0 {
		st := p.stmts[p.si]
		if st.Label != 0 {
			p.errs.Add(p.fset.Position(st.LabelPos), fmt.Sprintf("statement label %d without a statement", st.Label))
		}
		p.si++
	}
	if p.si < len(p.stmts) {
		p.st = p.stmts[p.si]
		p.toks = p.st.Toks
	} else {
		p.si = len(p.stmts)
		p.st = eofStmt
		p.toks = nil
	}
	p.i = 0
	p.bad = false
	p.ops = 0
	p.classify()
}

// nextStmt consumes the current statement: it ends labelled DO loops
// whose terminal label it carries, and moves on.
func (p *parser) nextStmt() {
	if p.st != eofStmt && p.st.Label != 0 {
		p.labelConsumed(p.st.Label, p.st.LabelPos)
	}
	p.advance()
}

// atEOF reports whether all statements have been consumed.
func (p *parser) atEOF() bool { return p.st == eofStmt }

// stmtPos is the position of the first token of the current statement.
func (p *parser) stmtPos() source.Pos {
	if len(p.toks) > 0 {
		return p.toks[0].Pos
	}
	if p.st == eofStmt {
		return p.eofPos
	}
	return p.st.LabelPos
}

// header returns the StmtHeader of the current statement.
func (p *parser) header() ast.StmtHeader {
	st := p.st
	return ast.StmtHeader{
		Label:       st.Label,
		LabelPos:    st.LabelPos,
		Start:       p.stmtPos(),
		Doc:         st.Doc,
		Line:        st.Line,
		BlankBefore: st.BlankBefore,
	}
}

// ----------------------------------------------------------------------------
// Tokens of the current statement

func (p *parser) tok() token.Kind {
	if p.i < len(p.toks) {
		return p.toks[p.i].Kind
	}
	return token.EOF
}

func (p *parser) peek(n int) token.Kind {
	if j := p.i + n; j < len(p.toks) {
		return p.toks[j].Kind
	}
	return token.EOF
}

func (p *parser) pos() source.Pos {
	if p.i < len(p.toks) {
		return p.toks[p.i].Pos
	}
	return p.endPos()
}

// endPos is the position just after the statement's last token.
func (p *parser) endPos() source.Pos {
	if p.st.End.IsValid() {
		return p.st.End
	}
	if n := len(p.toks); n > 0 {
		t := &p.toks[n-1]
		return t.Pos + source.Pos(len(t.Lit))
	}
	if p.st == eofStmt {
		return p.eofPos
	}
	return p.st.LabelPos
}

func (p *parser) lit() string {
	if p.i < len(p.toks) {
		return p.toks[p.i].Lit
	}
	return ""
}

func (p *parser) next() {
	if p.i < len(p.toks) {
		p.i++
	}
}

// got consumes the current token if it is of kind k.
func (p *parser) got(k token.Kind) bool {
	if p.tok() == k {
		p.next()
		return true
	}
	return false
}

// isKw reports whether the current token is the keyword kw (lower case).
func (p *parser) isKw(kw string) bool {
	return p.i < len(p.toks) && p.toks[p.i].Kind == token.IDENT && strings.EqualFold(p.toks[p.i].Lit, kw)
}

// kwAt reports whether token j of the statement is the keyword kw.
func (p *parser) kwAt(j int, kw string) bool {
	return j >= 0 && j < len(p.toks) && p.toks[j].Kind == token.IDENT && strings.EqualFold(p.toks[j].Lit, kw)
}

func (p *parser) kindAt(j int) token.Kind {
	if j >= 0 && j < len(p.toks) {
		return p.toks[j].Kind
	}
	return token.EOF
}

// gotKw consumes the keyword kw if it is the current token.
func (p *parser) gotKw(kw string) bool {
	if p.isKw(kw) {
		p.next()
		return true
	}
	return false
}

// adjacent reports whether tokens j and j+1 touch ("(/" and "/)").
func (p *parser) adjacent(j int) bool {
	if j < 0 || j+1 >= len(p.toks) {
		return false
	}
	a := &p.toks[j]
	return a.Pos+source.Pos(len(a.Lit)) == p.toks[j+1].Pos || a.Pos+1 == p.toks[j+1].Pos
}

// ident parses a name.
func (p *parser) ident() *ast.Ident {
	if p.tok() == token.IDENT {
		t := &p.toks[p.i]
		p.i++
		return p.newIdent(t.Pos, t.Lit)
	}
	p.errorExpected("name")
	return &ast.Ident{NamePos: p.pos()}
}

// ----------------------------------------------------------------------------
// Diagnostics

func (p *parser) position(pos source.Pos) source.Position { return p.fset.Position(pos) }

// lineCol formats pos as line:col for messages like "DO at 12:7".
func (p *parser) lineCol(pos source.Pos) string {
	ps := p.position(pos)
	return strconv.Itoa(ps.Line) + ":" + strconv.Itoa(ps.Column)
}

// error reports a problem that does not spoil the current statement.
func (p *parser) error(pos source.Pos, msg string) {
	p.errs.Add(p.position(pos), msg)
}

// syntaxError reports the first syntax error of a statement; the
// statement is then dropped by its caller.
func (p *parser) syntaxError(pos source.Pos, msg string) {
	if p.bad {
		return
	}
	p.bad = true
	p.errs.Add(p.position(pos), msg)
}

// found describes the current token for "expected X, found Y".
func (p *parser) found() string {
	if p.i >= len(p.toks) {
		return "end of statement"
	}
	return describe(&p.toks[p.i])
}

func describe(t *token.Token) string {
	switch {
	case t.Kind == token.FORMAT:
		return "format specification"
	case t.Lit != "":
		return "'" + t.Lit + "'"
	}
	return "'" + t.Kind.String() + "'"
}

func (p *parser) errorExpected(what string) {
	p.syntaxError(p.pos(), "expected "+what+", found "+p.found())
}

// expect consumes a token of kind k or reports it missing.
func (p *parser) expect(k token.Kind) source.Pos {
	pos := p.pos()
	if p.tok() == k {
		p.next()
		return pos
	}
	p.errorExpected("'" + k.String() + "'")
	return pos
}

// expectEnd reports tokens left over at the end of a statement.
func (p *parser) expectEnd() {
	if !p.bad && p.i < len(p.toks) {
		p.errorExpected("end of statement")
	}
}

// notSupported reports a construct fadj does not handle.
func (p *parser) notSupported(pos source.Pos, what string) {
	p.syntaxError(pos, "not supported: "+what)
}

// ----------------------------------------------------------------------------
// Keywords

// lower returns s in lower case without allocating when s is short; the
// result is only valid for comparisons and map lookups done at once.
func lowerKw(s string) kwID {
	if len(s) > maxKwLen {
		return kwNone
	}
	var buf [maxKwLen]byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		buf[i] = c
	}
	return keywords[string(buf[:len(s)])]
}

// kwOf returns the keyword id of token j (kwNone if it is not an IDENT
// spelling a keyword).
func (p *parser) kwOf(j int) kwID {
	if j < len(p.toks) && p.toks[j].Kind == token.IDENT {
		return lowerKw(p.toks[j].Lit)
	}
	return kwNone
}

type kwID uint8

const (
	kwNone kwID = iota
	kwAbstract
	kwAllocatable
	kwAllocate
	kwAssign
	kwAssociate
	kwAsynchronous
	kwBackspace
	kwBind
	kwBlock
	kwBlockData
	kwCall
	kwCase
	kwCaseDefault
	kwCharacter
	kwClass
	kwClose
	kwCommon
	kwComplex
	kwContains
	kwContiguous
	kwContinue
	kwCritical
	kwCycle
	kwData
	kwDeallocate
	kwDimension
	kwDo
	kwDoWhile
	kwDouble
	kwDoubleComplex
	kwDoublePrecision
	kwElemental
	kwElse
	kwElseIf
	kwElsewhere
	kwEnd
	kwEndFile
	kwEntry
	kwEnum
	kwEquivalence
	kwError
	kwErrorStop
	kwExit
	kwExternal
	kwFinal
	kwFlush
	kwForall
	kwFormat
	kwFunction
	kwGeneric
	kwGo
	kwGoto
	kwIf
	kwImplicit
	kwImport
	kwImpure
	kwInclude
	kwInquire
	kwInteger
	kwIntent
	kwInterface
	kwIntrinsic
	kwLogical
	kwModule
	kwNamelist
	kwNullify
	kwOpen
	kwOptional
	kwParameter
	kwPause
	kwPointer
	kwPrint
	kwPrivate
	kwProcedure
	kwProgram
	kwProtected
	kwPublic
	kwPure
	kwRead
	kwReal
	kwRecursive
	kwReturn
	kwRewind
	kwSave
	kwSelect
	kwSelectCase
	kwSequence
	kwStop
	kwSubmodule
	kwSubroutine
	kwTarget
	kwType
	kwUse
	kwValue
	kwVolatile
	kwWait
	kwWhere
	kwWrite
	kwSync
	kwLock
	kwUnlock
	kwEvent
	kwForm
	kwChange
)

const maxKwLen = 16

var keywords = map[string]kwID{
	"abstract": kwAbstract, "allocatable": kwAllocatable, "allocate": kwAllocate, "assign": kwAssign,
	"associate": kwAssociate, "asynchronous": kwAsynchronous, "backspace": kwBackspace, "bind": kwBind,
	"block": kwBlock, "blockdata": kwBlockData, "call": kwCall, "case": kwCase, "casedefault": kwCaseDefault,
	"character": kwCharacter, "class": kwClass, "close": kwClose, "common": kwCommon, "complex": kwComplex,
	"contains": kwContains, "contiguous": kwContiguous, "continue": kwContinue, "critical": kwCritical,
	"cycle": kwCycle, "data": kwData, "deallocate": kwDeallocate, "dimension": kwDimension, "do": kwDo,
	"dowhile": kwDoWhile, "double": kwDouble, "doublecomplex": kwDoubleComplex,
	"doubleprecision": kwDoublePrecision, "elemental": kwElemental, "else": kwElse, "elseif": kwElseIf,
	"elsewhere": kwElsewhere, "end": kwEnd, "endfile": kwEndFile, "entry": kwEntry, "enum": kwEnum,
	"equivalence": kwEquivalence, "error": kwError, "errorstop": kwErrorStop, "exit": kwExit,
	"external": kwExternal, "final": kwFinal, "flush": kwFlush, "forall": kwForall, "format": kwFormat,
	"function": kwFunction, "generic": kwGeneric, "go": kwGo, "goto": kwGoto, "if": kwIf,
	"implicit": kwImplicit, "import": kwImport, "impure": kwImpure, "include": kwInclude,
	"inquire": kwInquire, "integer": kwInteger, "intent": kwIntent, "interface": kwInterface,
	"intrinsic": kwIntrinsic, "logical": kwLogical, "module": kwModule, "namelist": kwNamelist,
	"nullify": kwNullify, "open": kwOpen, "optional": kwOptional, "parameter": kwParameter,
	"pause": kwPause, "pointer": kwPointer, "print": kwPrint, "private": kwPrivate,
	"procedure": kwProcedure, "program": kwProgram, "protected": kwProtected, "public": kwPublic,
	"pure": kwPure, "read": kwRead, "real": kwReal, "recursive": kwRecursive, "return": kwReturn, "rewind": kwRewind,
	"save": kwSave, "select": kwSelect, "selectcase": kwSelectCase, "sequence": kwSequence,
	"stop": kwStop, "submodule": kwSubmodule, "subroutine": kwSubroutine, "target": kwTarget,
	"type": kwType, "use": kwUse, "value": kwValue, "volatile": kwVolatile, "wait": kwWait,
	"where": kwWhere, "write": kwWrite, "sync": kwSync, "lock": kwLock, "unlock": kwUnlock,
	"event": kwEvent, "form": kwForm, "change": kwChange,
}

// endKeywords are the words that may follow END, and the glued forms
// ENDDO, ENDIF, ... spell them without the blank.
var endKeywords = map[string]string{
	"program": "program", "module": "module", "submodule": "submodule", "subroutine": "subroutine",
	"function": "function", "blockdata": "block data", "block": "block", "interface": "interface",
	"type": "type", "do": "do", "if": "if", "select": "select", "where": "where", "forall": "forall",
	"associate": "associate", "critical": "critical", "enum": "enum", "team": "team",
}

// lookupEnd returns the END keyword spelled by s (lower-cased), or "".
func lookupEnd(s string) string {
	if len(s) > maxKwLen {
		return ""
	}
	var buf [maxKwLen]byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		buf[i] = c
	}
	return endKeywords[string(buf[:len(s)])]
}

// isTypeKw reports whether id starts a type specification.
func isTypeKw(id kwID) bool {
	switch id {
	case kwInteger, kwReal, kwCharacter, kwComplex, kwLogical, kwDouble, kwDoubleComplex, kwDoublePrecision, kwType, kwClass:
		return true
	}
	return false
}

// isTypeStart reports whether token j starts a type specification.
func (p *parser) isTypeStart(j int) bool {
	return isTypeKw(p.kwOf(j))
}

// stmtStart is the position of a scanned statement.
func stmtStart(st *scanner.Statement) source.Pos {
	if len(st.Toks) > 0 {
		return st.Toks[0].Pos
	}
	return st.LabelPos
}

package parser

import (
	"fmt"
	"strings"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/token"
	"github.com/fadj-dev/fadj/generator/source"
)

// ----------------------------------------------------------------------------
// The stack of open units and constructs

type frameKind uint8

const (
	fUnit frameKind = iota
	fInterface
	fType
	fDo
	fIf
	fSelect
	fSelectType
	fWhere
	fForall
	fBlock
	fAssociate
	fCritical
	fEnum
)

// maxNesting bounds the depth of nested constructs and procedures so
// that hostile input cannot exhaust the stack.
const maxNesting = 1000

// frame is an open program unit or construct.
type frame struct {
	kind      frameKind
	unit      ast.UnitKind // for fUnit
	main      bool         // main program without PROGRAM statement
	submodule bool
	name      string     // unit or construct name, "" if none
	pos       source.Pos // position of the opening statement
	termLabel int        // labelled DO: its terminal label
	done      bool       // labelled DO: its terminal statement was consumed
}

// endWord is what follows END to close f ("" for a main program without
// PROGRAM statement, which plain END closes).
func (f *frame) endWord() string {
	switch f.kind {
	case fUnit:
		if f.main {
			return ""
		}
		if f.submodule {
			return "submodule"
		}
		return f.unit.String()
	case fInterface:
		return "interface"
	case fType:
		return "type"
	case fDo:
		return "do"
	case fIf:
		return "if"
	case fSelect, fSelectType:
		return "select"
	case fWhere:
		return "where"
	case fForall:
		return "forall"
	case fBlock:
		return "block"
	case fAssociate:
		return "associate"
	case fCritical:
		return "critical"
	case fEnum:
		return "enum"
	}
	return ""
}

// what names f in messages: "DO", "SUBROUTINE", "main program".
func (f *frame) what() string {
	switch f.kind {
	case fUnit:
		if f.main {
			return "main program"
		}
	case fSelect:
		return "SELECT CASE"
	case fSelectType:
		return "SELECT TYPE"
	case fType:
		return "derived type definition"
	}
	return upper(f.endWord())
}

// matches reports whether END kw closes f.
func (f *frame) matches(kw string) bool {
	if f.kind == fUnit {
		return kw == "" || kw == f.endWord() || f.main && kw == "program"
	}
	return kw == f.endWord()
}

// unitEndWord reports whether END kw closes a program unit.
func unitEndWord(kw string) bool {
	switch kw {
	case "", "program", "module", "submodule", "subroutine", "function", "block data":
		return true
	}
	return false
}

// endName spells END kw for messages.
func endName(kw string) string {
	if kw == "" {
		return "END"
	}
	return "END " + upper(kw)
}

func (p *parser) push(f frame) int {
	p.stack = append(p.stack, f)
	return len(p.stack) - 1
}

func (p *parser) pop() { p.stack = p.stack[:len(p.stack)-1] }

func (p *parser) top() *frame { return &p.stack[len(p.stack)-1] }

// missingEnd reports that frame f is closed without its END.
func (p *parser) missingEnd(f *frame) {
	pos := p.stmtPos()
	if f.kind == fDo && f.termLabel != 0 {
		p.error(pos, fmt.Sprintf("label %d of DO at %s is never defined", f.termLabel, p.lineCol(f.pos)))
		return
	}
	p.error(pos, fmt.Sprintf("missing %s for %s at %s", endName(f.endWord()), f.what(), p.lineCol(f.pos)))
}

// labelConsumed ends the labelled DO loops whose terminal statement
// carries label.
func (p *parser) labelConsumed(label int, pos source.Pos) {
	var blocked *frame
	for i := len(p.stack) - 1; i >= 0; i-- {
		f := &p.stack[i]
		if f.kind == fDo && f.termLabel == label && !f.done {
			f.done = true
			if blocked != nil {
				p.error(pos, fmt.Sprintf("label %d of DO at %s ends inside %s at %s", label, p.lineCol(f.pos), blocked.what(), p.lineCol(blocked.pos)))
			}
			continue
		}
		if f.kind == fUnit {
			return // labels are local to a unit
		}
		if blocked == nil {
			blocked = f
		}
	}
}

// foreignAction says what a construct does with a statement that ends a
// block but is not one of its own.
type foreignAction int

const (
	faSkip  foreignAction = iota // reported and consumed: go on with the block
	faClose                      // close the construct; the statement is left for an outer one
	faEnd                        // a mismatched END: take it as the construct's END
)

// foreign decides about the current statement, a block terminator that
// does not belong to the innermost frame.
func (p *parser) foreign() foreignAction {
	f := p.top()
	outer := func(match func(*frame) bool) bool {
		for i := len(p.stack) - 2; i >= 0; i-- {
			if match(&p.stack[i]) {
				return true
			}
		}
		return false
	}
	unexpected := func(what, outside string) foreignAction {
		p.syntaxError(p.stmtPos(), "unexpected "+what+" outside "+outside)
		p.nextStmt()
		return faSkip
	}
	switch p.cls {
	case clsEOF, clsUnit:
		p.missingEnd(f)
		return faClose
	case clsContains:
		if f.kind != fUnit && outer(func(g *frame) bool { return g.kind == fUnit }) {
			p.missingEnd(f)
			return faClose
		}
		return unexpected("CONTAINS", "a program unit specification or execution part")
	case clsEnd:
		kw := p.endKw
		if outer(func(g *frame) bool { return g.matches(kw) }) {
			p.missingEnd(f)
			return faClose
		}
		if f.kind == fUnit && !unitEndWord(kw) {
			return unexpected(endName(kw), upper(kw)+" construct")
		}
		p.syntaxError(p.stmtPos(), fmt.Sprintf("%s does not match %s at %s", endName(kw), f.what(), p.lineCol(f.pos)))
		return faEnd
	case clsElse, clsElseIf:
		if outer(func(g *frame) bool { return g.kind == fIf }) {
			p.missingEnd(f)
			return faClose
		}
		if p.cls == clsElse {
			return unexpected("ELSE", "IF construct")
		}
		return unexpected("ELSE IF", "IF construct")
	case clsCase:
		if outer(func(g *frame) bool { return g.kind == fSelect }) {
			p.missingEnd(f)
			return faClose
		}
		return unexpected("CASE", "SELECT CASE construct")
	case clsElsewhere:
		if outer(func(g *frame) bool { return g.kind == fWhere }) {
			p.missingEnd(f)
			return faClose
		}
		return unexpected("ELSEWHERE", "WHERE construct")
	case clsGuard:
		if outer(func(g *frame) bool { return g.kind == fSelectType }) {
			p.missingEnd(f)
			return faClose
		}
		return unexpected(upper(p.toks[0].Lit)+" "+upper(p.lit2()), "SELECT TYPE construct")
	}
	// Not a terminator: the caller should not have asked.
	p.syntaxError(p.stmtPos(), "unexpected statement")
	p.nextStmt()
	return faSkip
}

// lit2 is the spelling of the second token of the statement.
func (p *parser) lit2() string {
	if len(p.toks) > 1 {
		return p.toks[1].Lit
	}
	return ""
}

// parseEnd parses the END statement closing f (which it matches, or
// which it is taken for after a mismatch was reported: then the name is
// not checked) and consumes it.
func (p *parser) parseEnd(f *frame, check bool) ast.EndStmt {
	e := ast.EndStmt{StmtHeader: p.header(), Keyword: p.endKw}
	p.i = p.endTok
	if p.tok() == token.IDENT {
		if e.Keyword == "" {
			p.errorExpected("end of statement")
		} else if f.kind == fInterface {
			e.Name = p.parseGenericName()
		} else {
			e.Name = p.ident()
		}
	}
	p.expectEnd()
	if check && !p.bad {
		construct := f.kind != fUnit && f.kind != fInterface && f.kind != fType
		switch {
		case e.Name != nil && f.name == "" && construct:
			p.syntaxError(e.Name.NamePos, fmt.Sprintf("%s name '%s' given for unnamed %s at %s", endName(e.Keyword), e.Name.Name, f.what(), p.lineCol(f.pos)))
		case e.Name != nil && f.name == "" && f.kind == fInterface:
			p.syntaxError(e.Name.NamePos, fmt.Sprintf("%s name '%s' given for a nameless interface block", endName(e.Keyword), e.Name.Name))
		case e.Name != nil && f.name != "" && !strings.EqualFold(e.Name.Name, f.name):
			p.syntaxError(e.Name.NamePos, fmt.Sprintf("%s name '%s' does not match '%s'", endName(e.Keyword), e.Name.Name, f.name))
		case e.Name == nil && f.name != "" && construct:
			p.syntaxError(p.endPos(), fmt.Sprintf("missing construct name '%s' in %s", f.name, endName(e.Keyword)))
		}
	}
	p.nextStmt()
	return e
}

// ----------------------------------------------------------------------------
// Blocks

// parseBlock parses statements of an execution block, appending to list,
// until a statement that ends the block (left unconsumed), or the
// terminal statement of the innermost labelled DO has been consumed.
func (p *parser) parseBlock(list []ast.Stmt, allowSpec bool) []ast.Stmt {
	fi := len(p.stack) - 1
	for p.cls == clsOther || p.cls == clsAssign {
		if s := p.parseStmt(false); s != nil {
			if _, ok := s.(*ast.EntryStmt); ok {
				p.error(s.Pos(), "statement not allowed here: ENTRY inside a construct")
			} else if isSpec(s) && !allowSpec {
				p.error(s.Pos(), "statement not allowed here: "+stmtDesc(s)+" after executable statements")
			} else {
				list = append(list, s)
			}
		}
		if p.stack[fi].done {
			break
		}
	}
	return list
}

// isSpec reports whether s belongs only in a specification part.
func isSpec(s ast.Stmt) bool {
	switch s.(type) {
	case *ast.FormatStmt, *ast.DataStmt:
		return false
	}
	return !ast.IsExecutable(s)
}

// stmtDesc names a statement in messages.
func stmtDesc(s ast.Stmt) string {
	switch s := s.(type) {
	case *ast.UseStmt:
		return "USE"
	case *ast.ImplicitStmt:
		return "IMPLICIT"
	case *ast.TypeDecl:
		return "type declaration"
	case *ast.AttrStmt:
		return upper(s.Attr.Kind.String())
	case *ast.ProcDecl:
		return "PROCEDURE"
	case *ast.ImportStmt:
		return "IMPORT"
	case *ast.ParameterStmt:
		return "PARAMETER"
	case *ast.CommonStmt:
		return "COMMON"
	case *ast.DataStmt:
		return "DATA"
	case *ast.EquivalenceStmt:
		return "EQUIVALENCE"
	case *ast.NamelistStmt:
		return "NAMELIST"
	case *ast.StmtFunction:
		return "statement function"
	case *ast.InterfaceBlock:
		return "INTERFACE"
	case *ast.TypeDef:
		return "derived type definition"
	case *ast.FormatStmt:
		return "FORMAT"
	case *ast.ProcedureStmt:
		return "PROCEDURE"
	}
	return "executable statement"
}

// ----------------------------------------------------------------------------
// Program units

// unitInfo is the parsing state of a program unit.
type unitInfo struct {
	u      *ast.Unit
	phase  int  // 0: nothing yet; 1: IMPLICIT/PARAMETER/FORMAT; 2: declarations; 3: executable
	hasUse bool // a USE statement was seen
	iface  bool // an interface body
}

const (
	phaseStart = iota
	phaseImplicit
	phaseDecl
	phaseExec
)

// parseFile parses all program units of the file.
func (p *parser) parseFile() []*ast.Unit {
	var units []*ast.Unit
	for !p.atEOF() {
		before := p.si
		var u *ast.Unit
		if p.cls == clsUnit {
			u = p.parseUnit(false)
		} else {
			u = p.parseMain()
		}
		if u != nil {
			units = append(units, u)
		}
		if p.si == before && !p.atEOF() {
			p.syntaxError(p.stmtPos(), "unexpected statement")
			p.nextStmt()
		}
	}
	return units
}

// parseMain parses a main program without PROGRAM statement.
func (p *parser) parseMain() *ast.Unit {
	u := &ast.Unit{Kind: ast.ProgramUnit}
	p.push(frame{kind: fUnit, unit: ast.ProgramUnit, main: true, pos: p.stmtPos()})
	p.parseUnitBody(&unitInfo{u: u})
	p.pop()
	return u
}

// parseUnit parses a program unit from its header statement. In an
// interface block (iface) it parses an interface body. It returns nil for
// a unit that is not supported (after reporting it).
func (p *parser) parseUnit(iface bool) *ast.Unit {
	u := &ast.Unit{StmtHeader: p.header()}
	f := frame{kind: fUnit, pos: p.stmtPos()}
	keep := true
	switch p.kwOf(0) {
	case kwProgram:
		u.Kind = ast.ProgramUnit
		p.next()
		if p.tok() == token.IDENT {
			u.Name = p.ident()
		}
	case kwModule:
		if p.kindAt(1) == token.IDENT && p.kindAt(2) == token.EOF {
			u.Kind = ast.ModuleUnit
			p.next()
			u.Name = p.ident()
		} else {
			p.parseProcHeader(u)
		}
	case kwSubmodule:
		p.notSupported(p.pos(), "SUBMODULE")
		keep = false
		u.Kind = ast.ModuleUnit
		f.submodule = true
		p.next()
		p.i = p.skipBalanced(p.i)
		if p.tok() == token.IDENT {
			u.Name = p.ident()
		}
	case kwBlockData, kwBlock:
		u.Kind = ast.BlockDataUnit
		if p.kwOf(0) == kwBlock {
			p.next()
		}
		p.next()
		if p.tok() == token.IDENT {
			u.Name = p.ident()
		}
	default:
		p.parseProcHeader(u)
	}
	p.expectEnd()
	f.unit = u.Kind
	if u.Name != nil {
		f.name = u.Name.Name
	}
	if iface && (u.Kind != ast.SubroutineUnit && u.Kind != ast.FunctionUnit) {
		p.syntaxError(p.stmtPos(), "statement not allowed here: "+upper(u.Kind.String())+" in INTERFACE block")
	}
	p.nextStmt()
	if f.submodule {
		p.skipSubmodule() // (submodule.go)
		return nil
	}
	p.push(f)
	p.parseUnitBody(&unitInfo{u: u, iface: iface})
	p.pop()
	if !keep {
		return nil
	}
	return u
}

// parseProcHeader parses [prefixes] SUBROUTINE|FUNCTION name [(args)] [suffix].
func (p *parser) parseProcHeader(u *ast.Unit) {
	for !p.bad {
		id := p.kwOf(p.i)
		switch {
		case id == kwSubroutine || id == kwFunction:
			u.Kind = ast.SubroutineUnit
			if id == kwFunction {
				u.Kind = ast.FunctionUnit
			}
			p.next()
			u.Name = p.ident()
			if p.got(token.LPAREN) {
				if !p.got(token.RPAREN) {
					for !p.bad {
						if p.tok() == token.STAR {
							u.Args = append(u.Args, &ast.Ident{NamePos: p.pos(), Name: "*"})
							p.next()
						} else {
							u.Args = append(u.Args, p.ident())
						}
						if !p.got(token.COMMA) {
							break
						}
					}
					p.expect(token.RPAREN)
				}
			}
			for !p.bad && p.tok() == token.IDENT {
				switch {
				case p.isKw("result") && u.Kind == ast.FunctionUnit && u.Result == nil:
					p.next()
					p.expect(token.LPAREN)
					u.Result = p.ident()
					p.expect(token.RPAREN)
				case p.isKw("bind") && u.Bind == nil:
					u.Bind = p.parseBind()
				default:
					p.errorExpected("end of statement")
				}
			}
			if u.Kind == ast.SubroutineUnit && u.Type != nil && !p.bad {
				p.syntaxError(u.Type.TypePos, "a SUBROUTINE has no type")
			}
			return
		case id == kwRecursive || id == kwPure || id == kwElemental || id == kwImpure || id == kwModule:
			t := &p.toks[p.i]
			u.Prefix = append(u.Prefix, &ast.Keyword{KwPos: t.Pos, Name: strings.ToLower(t.Lit)})
			p.next()
		case isTypeKw(id) && u.Type == nil:
			u.Type = p.parseTypeSpec(false)
		default:
			p.errorExpected("SUBROUTINE or FUNCTION")
			return
		}
	}
}

// parseUnitBody parses the specification and execution parts of the
// unit on top of the stack, its internal procedures and its END.
func (p *parser) parseUnitBody(ui *unitInfo) {
	u := ui.u
	fi := len(p.stack) - 1
	p.units = append(p.units, ui)
	defer func() { p.units = p.units[:len(p.units)-1] }()
	for {
		switch p.cls {
		case clsOther, clsAssign:
			pos := p.stmtPos()
			if s := p.parseStmt(ui.phase < phaseExec && !ui.iface); s != nil {
				p.place(ui, s, pos)
			}
		case clsContains:
			if ui.iface || u.Kind == ast.BlockDataUnit || u.Contains != nil {
				p.syntaxError(p.stmtPos(), "statement not allowed here: CONTAINS in "+p.stack[fi].what())
				p.nextStmt()
				continue
			}
			h := p.header()
			u.Contains = &h
			p.nextStmt()
			p.parseContains(ui)
			return
		case clsEnd:
			if p.stack[fi].matches(p.endKw) {
				u.End = p.parseEnd(&p.stack[fi], true)
				return
			}
			switch p.foreign() {
			case faClose:
				return
			case faEnd:
				u.End = p.parseEnd(&p.stack[fi], false)
				return
			}
		default:
			if p.foreign() != faSkip {
				return
			}
		}
	}
}

// parseContains parses the procedures after CONTAINS and the unit's END.
func (p *parser) parseContains(ui *unitInfo) {
	u := ui.u
	fi := len(p.stack) - 1
	for {
		switch p.cls {
		case clsUnit:
			if !p.isProcHeader() {
				p.missingEnd(&p.stack[fi])
				return
			}
			if len(p.stack) >= maxNesting {
				p.syntaxError(p.stmtPos(), "procedures nested too deeply")
				p.nextStmt()
				continue
			}
			if proc := p.parseUnit(false); proc != nil {
				u.Procs = append(u.Procs, proc)
			}
		case clsEnd:
			if p.stack[fi].matches(p.endKw) {
				u.End = p.parseEnd(&p.stack[fi], true)
				return
			}
			switch p.foreign() {
			case faClose:
				return
			case faEnd:
				u.End = p.parseEnd(&p.stack[fi], false)
				return
			}
		case clsOther, clsAssign:
			p.syntaxError(p.stmtPos(), "expected SUBROUTINE or FUNCTION after CONTAINS, found "+p.found())
			p.nextStmt()
		case clsContains:
			p.syntaxError(p.stmtPos(), "statement not allowed here: second CONTAINS")
			p.nextStmt()
		default:
			if p.foreign() != faSkip {
				return
			}
		}
	}
}

// place puts a statement parsed at unit level into Decls or Body,
// checking the order of the parts.
func (p *parser) place(ui *unitInfo, s ast.Stmt, pos source.Pos) {
	u := ui.u
	notHere := func(msg string) {
		p.error(pos, "statement not allowed here: "+msg)
	}
	switch s := s.(type) {
	case *ast.UseStmt:
		switch {
		case ui.phase == phaseExec:
			notHere("USE after executable statements")
		case ui.phase > phaseStart:
			notHere("USE after declarations")
		}
		ui.hasUse = true
		u.Decls = append(u.Decls, s)
		return
	case *ast.ImportStmt:
		switch {
		case !ui.iface:
			notHere("IMPORT outside an interface body")
		case ui.phase > phaseStart:
			notHere("IMPORT after IMPLICIT or declarations")
		}
		u.Decls = append(u.Decls, s)
		return
	case *ast.ImplicitStmt:
		switch {
		case ui.phase == phaseExec:
			notHere("IMPLICIT after executable statements")
		case ui.phase > phaseImplicit:
			notHere("IMPLICIT after declarations")
		}
		ui.phase = max(ui.phase, phaseImplicit)
		u.Decls = append(u.Decls, s)
		return
	case *ast.EntryStmt:
		if !p.placeEntry(ui, s) { // entry.go
			return
		}
		if ui.phase == phaseExec {
			u.Body = append(u.Body, s)
		} else {
			u.Decls = append(u.Decls, s)
		}
		return
	case *ast.FormatStmt, *ast.DataStmt:
		if ui.phase == phaseExec {
			u.Body = append(u.Body, s)
		} else {
			ui.phase = max(ui.phase, phaseImplicit)
			u.Decls = append(u.Decls, s)
		}
		return
	case *ast.ParameterStmt:
		if ui.phase == phaseExec {
			notHere("PARAMETER after executable statements")
		}
		ui.phase = max(ui.phase, phaseImplicit)
		u.Decls = append(u.Decls, s)
		return
	}
	if ast.IsExecutable(s) {
		switch {
		case ui.iface:
			notHere("executable statement in interface body")
			return
		case u.Kind == ast.ModuleUnit || u.Kind == ast.BlockDataUnit:
			notHere("executable statement in " + p.stack[len(p.stack)-1].what())
			return
		}
		ui.phase = phaseExec
		u.Body = append(u.Body, s)
		return
	}
	if ui.phase == phaseExec {
		notHere(stmtDesc(s) + " after executable statements")
	} else {
		ui.phase = phaseDecl
	}
	u.Decls = append(u.Decls, s)
}

// ----------------------------------------------------------------------------
// Interface blocks

// parseInterface parses [ABSTRACT] INTERFACE [generic] ... END INTERFACE.
func (p *parser) parseInterface(hdr ast.StmtHeader) ast.Stmt {
	ib := &ast.InterfaceBlock{StmtHeader: hdr}
	if p.kwOf(p.i) == kwAbstract {
		ib.Abstract = true
		p.next()
	}
	p.next() // INTERFACE
	f := frame{kind: fInterface, pos: hdr.Start}
	if p.tok() == token.IDENT {
		g := &ast.GenericSpec{SpecPos: p.pos()}
		switch {
		case (p.isKw("operator") || p.isKw("assignment")) && p.peek(1) == token.LPAREN:
			g.Kind = strings.ToLower(p.lit())
			id := p.parseGenericName()
			if i := strings.IndexByte(id.Name, '('); i >= 0 {
				g.Op = strings.TrimSuffix(id.Name[i+1:], ")")
			}
			f.name = id.Name
		default:
			g.Name = p.ident()
			f.name = g.Name.Name
		}
		ib.Generic = g
		if ib.Abstract && !p.bad {
			p.syntaxError(g.SpecPos, "an ABSTRACT INTERFACE has no generic name")
		}
	}
	p.expectEnd()
	p.nextStmt()
	fi := p.push(f)
	for {
		switch p.cls {
		case clsUnit:
			if !p.isProcHeader() {
				p.missingEnd(&p.stack[fi])
				p.pop()
				return ib
			}
			if body := p.parseUnit(true); body != nil {
				ib.Bodies = append(ib.Bodies, body)
				ib.Members = append(ib.Members, body)
			}
		case clsEnd:
			if p.endKw == "interface" {
				ib.End = p.parseEnd(&p.stack[fi], true)
				p.pop()
				return ib
			}
			switch p.foreign() {
			case faClose:
				p.pop()
				return ib
			case faEnd:
				ib.End = p.parseEnd(&p.stack[fi], false)
				p.pop()
				return ib
			}
		case clsOther, clsAssign:
			h := p.header()
			switch id := p.kwOf(0); {
			case id == kwProcedure || id == kwModule && p.kwAt(1, "procedure"):
				ps := &ast.ProcedureStmt{StmtHeader: h, Module: id == kwModule}
				p.next()
				if ps.Module {
					p.next()
				}
				p.got(token.DCOLON)
				for !p.bad {
					ps.Names = append(ps.Names, p.ident())
					if !p.got(token.COMMA) {
						break
					}
				}
				p.expectEnd()
				if !p.bad {
					ib.Procs = append(ib.Procs, ps)
					ib.Members = append(ib.Members, ps)
				}
			case id == kwImport:
				p.notSupported(p.stmtPos(), "IMPORT statement")
			default:
				p.syntaxError(p.stmtPos(), "expected SUBROUTINE, FUNCTION or MODULE PROCEDURE in INTERFACE block, found "+p.found())
			}
			p.nextStmt()
		default:
			switch p.foreign() {
			case faClose:
				p.pop()
				return ib
			case faEnd:
				ib.End = p.parseEnd(&p.stack[fi], false)
				p.pop()
				return ib
			}
		}
	}
}

// ----------------------------------------------------------------------------
// Derived type definitions

// isTypeDef reports whether a statement starting with TYPE at token j
// defines a type (TYPE name, TYPE :: name, TYPE, attrs :: name) rather
// than declaring entities of one (TYPE(name) ...).
func (p *parser) isTypeDef(j int) bool {
	switch p.kindAt(j + 1) {
	case token.IDENT, token.DCOLON, token.COMMA:
		return true
	}
	return false
}

// parseTypeDef parses a derived type definition.
func (p *parser) parseTypeDef(hdr ast.StmtHeader) ast.Stmt {
	td := &ast.TypeDef{StmtHeader: hdr}
	p.next() // TYPE
	for !p.bad && p.got(token.COMMA) {
		switch {
		case p.isKw("extends"):
			p.next()
			p.expect(token.LPAREN)
			td.Extends = p.ident()
			p.expect(token.RPAREN)
		case p.isKw("abstract"):
			p.next()
			td.Abstract = true
		default:
			a := p.parseAttr(false)
			switch a.Kind {
			case ast.AttrPublic, ast.AttrPrivate, ast.AttrBind:
				td.Attrs = append(td.Attrs, a)
			default:
				if !p.bad {
					p.syntaxError(a.AttrPos, "expected PUBLIC, PRIVATE, BIND or EXTENDS, found "+describe(&p.toks[p.i-1]))
				}
			}
		}
	}
	p.got(token.DCOLON)
	td.Name = p.ident()
	if p.tok() == token.LPAREN {
		p.notSupported(p.pos(), "parameterized derived type")
	}
	p.expectEnd()
	f := frame{kind: fType, pos: hdr.Start, name: td.Name.Name}
	p.nextStmt()
	fi := p.push(f)
	for {
		switch p.cls {
		case clsOther, clsAssign:
			h := p.header()
			id := p.kwOf(0)
			switch {
			case id == kwSequence && len(p.toks) == 1:
				td.Sequence = &h
			case id == kwPrivate && len(p.toks) == 1:
				td.PrivateStmt = &h
			case p.isTypeStart(0) && !(id == kwType && p.isTypeDef(0)) && p.cls != clsAssign:
				d := p.parseTypeDecl(h)
				p.expectEnd()
				if !p.bad {
					td.Components = append(td.Components, d)
				}
			case id == kwProcedure:
				if pc := p.parseProcComponent(h); !p.bad {
					pc.Before = len(td.Components)
					td.ProcComponents = append(td.ProcComponents, pc)
				}
			default:
				p.syntaxError(p.stmtPos(), "expected component declaration in derived type definition, found "+p.found())
			}
			p.nextStmt()
		case clsContains:
			if td.Contains != nil {
				p.syntaxError(p.stmtPos(), "statement not allowed here: second CONTAINS in derived type definition")
				p.nextStmt()
				continue
			}
			h := p.header()
			td.Contains = &h
			p.nextStmt()
			for p.cls == clsOther || p.cls == clsAssign {
				h := p.header()
				switch id := p.kwOf(0); {
				case p.cls == clsAssign:
					p.errorExpected("PROCEDURE, GENERIC or FINAL")
				case id == kwProcedure || id == kwGeneric || id == kwFinal:
					tb := p.parseTypeBound(h, id)
					p.expectEnd()
					if !p.bad {
						td.Bindings = append(td.Bindings, tb)
					}
				case id == kwPrivate && len(p.toks) == 1:
					p.notSupported(p.stmtPos(), "PRIVATE statement among type-bound procedures")
				default:
					p.errorExpected("PROCEDURE, GENERIC or FINAL")
				}
				p.nextStmt()
			}
		case clsEnd:
			if p.endKw == "type" {
				td.End = p.parseEnd(&p.stack[fi], true)
				p.pop()
				return td
			}
			switch p.foreign() {
			case faClose:
				p.pop()
				return td
			case faEnd:
				td.End = p.parseEnd(&p.stack[fi], false)
				p.pop()
				return td
			}
		default:
			switch p.foreign() {
			case faClose:
				p.pop()
				return td
			case faEnd:
				td.End = p.parseEnd(&p.stack[fi], false)
				p.pop()
				return td
			}
		}
	}
}

// parseTypeBound parses a type-bound PROCEDURE, GENERIC or FINAL statement.
// parseProcComponent parses PROCEDURE([iface]), POINTER [, attrs] ::
// names [=> null()] in a derived type definition.
func (p *parser) parseProcComponent(h ast.StmtHeader) *ast.ProcComponent {
	pc := &ast.ProcComponent{StmtHeader: h}
	p.next()
	p.expect(token.LPAREN)
	if p.tok() != token.RPAREN {
		pc.Interface = p.ident()
	}
	p.expect(token.RPAREN)
	pointer := false
	for !p.bad && p.got(token.COMMA) {
		if p.tok() != token.IDENT {
			p.errorExpected("attribute")
			break
		}
		t := &p.toks[p.i]
		name := strings.ToLower(t.Lit)
		switch name {
		case "pointer", "pass", "nopass", "public", "private":
		default:
			p.errorExpected("procedure component attribute")
		}
		p.next()
		pointer = pointer || name == "pointer"
		if name == "pass" && p.got(token.LPAREN) {
			arg := p.ident()
			p.expect(token.RPAREN)
			name += "(" + strings.ToLower(arg.Name) + ")"
		}
		pc.Attrs = append(pc.Attrs, &ast.Keyword{KwPos: t.Pos, Name: name})
	}
	if !p.bad && !pointer {
		p.syntaxError(h.Start, "procedure component without the POINTER attribute")
	}
	p.expect(token.DCOLON)
	pc.DColon = true
	for !p.bad {
		e := &ast.Entity{Name: p.ident()}
		if p.got(token.ARROW) {
			e.Pointer = true
			e.Init = p.parseExpr()
		}
		pc.Entities = append(pc.Entities, e)
		if !p.got(token.COMMA) {
			break
		}
	}
	p.expectEnd()
	return pc
}

func (p *parser) parseTypeBound(h ast.StmtHeader, id kwID) *ast.TypeBoundProc {
	tb := &ast.TypeBoundProc{StmtHeader: h, Keyword: strings.ToLower(p.lit())}
	p.next()
	if id == kwProcedure && p.got(token.LPAREN) {
		tb.Interface = p.ident()
		p.expect(token.RPAREN)
	}
	for !p.bad && p.got(token.COMMA) {
		if p.tok() != token.IDENT {
			p.errorExpected("attribute")
			break
		}
		t := &p.toks[p.i]
		name := strings.ToLower(t.Lit)
		switch name {
		case "pass", "nopass", "deferred", "non_overridable", "public", "private":
		default:
			p.errorExpected("binding attribute")
		}
		p.next()
		if name == "pass" && p.got(token.LPAREN) {
			arg := p.ident()
			p.expect(token.RPAREN)
			name += "(" + strings.ToLower(arg.Name) + ")"
		}
		tb.Attrs = append(tb.Attrs, &ast.Keyword{KwPos: t.Pos, Name: name})
	}
	if p.got(token.DCOLON) {
		tb.DColon = true
	}
	for !p.bad {
		b := &ast.Binding{}
		if id == kwGeneric && (p.isKw("operator") || p.isKw("assignment")) && p.peek(1) == token.LPAREN {
			g := &ast.GenericSpec{SpecPos: p.pos(), Kind: strings.ToLower(p.lit())}
			gid := p.parseGenericName()
			if i := strings.IndexByte(gid.Name, '('); i >= 0 {
				g.Op = strings.TrimSuffix(gid.Name[i+1:], ")")
			}
			b.Generic = g
		} else {
			b.Name = p.ident()
		}
		tb.Bindings = append(tb.Bindings, b)
		switch {
		case id == kwGeneric:
			p.expect(token.ARROW)
			for !p.bad {
				b.Targets = append(b.Targets, p.ident())
				if !p.got(token.COMMA) {
					break
				}
			}
			return tb
		case id == kwProcedure && p.got(token.ARROW):
			b.Targets = append(b.Targets, p.ident())
		}
		if !p.got(token.COMMA) {
			break
		}
	}
	return tb
}

package parser

import (
	"fmt"
	"strings"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/token"
	"github.com/fadj-dev/fadj/generator/source"
)

// parseStmt parses the current statement, which is not a block
// terminator, and consumes it; constructs are parsed through their END.
// spec says that the statement may be a statement function (it comes
// before the first executable statement of a unit). It returns nil for a
// statement with a syntax error (reported).
func (p *parser) parseStmt(spec bool) ast.Stmt {
	hdr := p.header()
	if len(p.stack) >= maxNesting {
		p.syntaxError(p.stmtPos(), "constructs nested too deeply")
		return p.finish(nil)
	}
	if p.cls == clsAssign {
		return p.finish(p.parseAssignment(hdr, spec))
	}
	var name *ast.Ident
	if p.tok() == token.IDENT && p.peek(1) == token.COLON {
		name = p.ident()
		p.next()
		switch p.kwOf(p.i) {
		case kwDo, kwDoWhile, kwIf, kwSelect, kwSelectCase, kwWhere, kwForall, kwBlock, kwAssociate, kwCritical:
		default:
			p.errorExpected("DO, IF, SELECT CASE, WHERE or FORALL after construct name")
			return p.finish(nil)
		}
	}
	switch p.kwOf(p.i) {
	case kwDo, kwDoWhile:
		return p.parseDo(hdr, name)
	case kwIf:
		if p.lastIsThen() {
			return p.parseIfConstruct(hdr, name)
		}
	case kwSelect, kwSelectCase:
		return p.parseSelect(hdr, name)
	case kwWhere:
		if p.restEmptyAfterParen(p.i + 1) {
			return p.parseWhereConstruct(hdr, name)
		}
	case kwForall:
		if p.restEmptyAfterParen(p.i + 1) {
			return p.parseForallConstruct(hdr, name)
		}
	case kwBlock:
		if !p.kwAt(p.i+1, "data") {
			return p.parseBlockConstruct(hdr, name)
		}
	case kwAssociate:
		return p.parseAssociate(hdr, name)
	case kwCritical:
		return p.skipConstruct(fCritical, "CRITICAL construct", name, p.pos())
	case kwInterface:
		if name == nil {
			return p.parseInterface(hdr)
		}
	case kwAbstract:
		if name == nil && p.kwAt(p.i+1, "interface") {
			return p.parseInterface(hdr)
		}
	case kwType:
		if name == nil && p.isTypeDef(p.i) {
			return p.parseTypeDef(hdr)
		}
	case kwEnum:
		if name == nil {
			return p.skipConstruct(fEnum, "ENUM", nil, p.pos())
		}
	}
	if name != nil {
		p.syntaxError(name.NamePos, "construct name '"+name.Name+"' on a statement that is not a construct")
		return p.finish(nil)
	}
	return p.finish(p.parseSimple(hdr, spec, false))
}

// finish checks that the statement was read to its end and consumes it.
func (p *parser) finish(s ast.Stmt) ast.Stmt {
	p.expectEnd()
	bad := p.bad
	p.nextStmt()
	if bad || s == nil {
		return nil
	}
	return s
}

// parseSimple parses a statement that is not a construct, from the
// current token: the whole statement, or (action) the statement of a
// logical IF.
func (p *parser) parseSimple(hdr ast.StmtHeader, spec, action bool) ast.Stmt {
	if p.assignShape(p.i) {
		return p.parseAssignment(hdr, spec && !action)
	}
	if p.tok() != token.IDENT {
		p.errorExpected("statement")
		return nil
	}
	notInIf := func() ast.Stmt {
		p.syntaxError(p.pos(), "statement not allowed in logical IF: "+upper(p.lit()))
		return nil
	}
	id := p.kwOf(p.i)
	switch id {
	case kwCall:
		return p.parseCall(hdr)
	case kwGo, kwGoto:
		return p.parseGoto(hdr)
	case kwContinue:
		p.next()
		return &ast.ContinueStmt{StmtHeader: hdr}
	case kwReturn:
		p.next()
		s := &ast.ReturnStmt{StmtHeader: hdr}
		if p.tok() != token.EOF {
			s.Alt = p.parseExpr()
		}
		return s
	case kwStop:
		p.next()
		return p.stopCode(&ast.StopStmt{StmtHeader: hdr})
	case kwErrorStop:
		p.next()
		return p.stopCode(&ast.StopStmt{StmtHeader: hdr, Error: true})
	case kwError:
		if p.kwAt(p.i+1, "stop") {
			p.i += 2
			return p.stopCode(&ast.StopStmt{StmtHeader: hdr, Error: true})
		}
	case kwExit, kwCycle:
		p.next()
		var name *ast.Ident
		if p.tok() == token.IDENT {
			name = p.ident()
		}
		if id == kwExit {
			return &ast.ExitStmt{StmtHeader: hdr, Construct: name}
		}
		return &ast.CycleStmt{StmtHeader: hdr, Construct: name}
	case kwPrint, kwRead, kwWrite, kwOpen, kwClose, kwInquire, kwRewind, kwBackspace, kwEndFile, kwFlush, kwWait:
		kw := strings.ToLower(p.lit())
		if id == kwWait {
			p.notSupported(p.pos(), "WAIT statement")
			return nil
		}
		p.next()
		return p.parseIO(hdr, kw)
	case kwEnd:
		if p.kwAt(p.i+1, "file") {
			p.i += 2
			return p.parseIO(hdr, "endfile")
		}
		if action {
			return notInIf()
		}
	case kwAllocate, kwDeallocate, kwNullify:
		return p.parseAllocate(hdr, id)
	case kwIf:
		if action {
			return notInIf()
		}
		return p.parseIf(hdr)
	case kwWhere:
		return p.parseWhereStmt(hdr)
	case kwForall:
		return p.parseForallStmt(hdr)
	case kwFormat:
		if action {
			return notInIf()
		}
		return p.parseFormat(hdr)
	case kwAssign:
		return p.parseLabelAssign(hdr)
	case kwPause:
		p.notSupported(p.pos(), "PAUSE statement (deleted in Fortran 95: it suspends the run for the operator, which the derivative code would do again in its sweeps; remove it, or write a message)")
		return nil
	case kwEntry:
		if action {
			return notInIf()
		}
		return p.parseEntry(hdr) // entry.go
	case kwSync, kwLock, kwUnlock, kwEvent, kwChange, kwForm:
		if p.tok() == token.IDENT && p.peek(1) != token.EOF {
			p.notSupported(p.pos(), upper(p.lit())+" statement")
			return nil
		}
	case kwDo, kwDoWhile, kwSelect, kwSelectCase, kwElse, kwElseIf, kwElsewhere, kwCase, kwContains,
		kwBlock, kwAssociate, kwCritical, kwInterface, kwProgram, kwSubroutine, kwFunction, kwModule:
		if action {
			return notInIf()
		}
	}
	if action {
		s := p.parseSpecStmt(hdr)
		if s != nil && !p.bad {
			p.syntaxError(hdr.Start, "statement not allowed in logical IF: "+stmtDesc(s))
		}
		return nil
	}
	return p.parseSpecStmt(hdr)
}

// parseSpecStmt parses a specification statement.
func (p *parser) parseSpecStmt(hdr ast.StmtHeader) ast.Stmt {
	switch id := p.kwOf(p.i); id {
	case kwUse:
		return p.parseUse(hdr)
	case kwImplicit:
		return p.parseImplicit(hdr)
	case kwParameter:
		if p.peek(1) == token.LPAREN {
			return p.parseParameter(hdr)
		}
	case kwCommon:
		return &ast.CommonStmt{StmtHeader: hdr, Blocks: p.parseCommon(false)}
	case kwNamelist:
		return &ast.NamelistStmt{StmtHeader: hdr, Groups: p.parseCommon(true)}
	case kwData:
		return p.parseData(hdr)
	case kwEquivalence:
		return p.parseEquivalence(hdr)
	case kwProcedure:
		if p.peek(1) == token.LPAREN {
			return p.parseProcDecl(hdr)
		}
	case kwImport:
		return p.parseImport(hdr)
	case kwGeneric, kwFinal:
		p.syntaxError(p.pos(), "statement not allowed here: "+upper(p.lit())+" outside a derived type")
		return nil
	case kwModule:
		if p.kwAt(p.i+1, "procedure") {
			p.syntaxError(p.pos(), "statement not allowed here: MODULE PROCEDURE outside INTERFACE block")
			return nil
		}
	case kwInterface, kwSubroutine, kwFunction, kwProgram, kwElse, kwElseIf, kwElsewhere, kwCase, kwContains, kwEnd:
		p.syntaxError(p.pos(), "unexpected "+upper(p.lit())+" statement")
		return nil
	default:
		if isTypeKw(id) {
			if id == kwType && p.isTypeDef(p.i) {
				p.syntaxError(p.pos(), "statement not allowed here: derived type definition")
				return nil
			}
			return p.parseTypeDecl(hdr)
		}
		if _, ok := lookupAttr(p.lit()); ok {
			return p.parseAttrStmt(hdr)
		}
	}
	p.errorExpected("statement")
	return nil
}

func (p *parser) stopCode(s *ast.StopStmt) ast.Stmt {
	if p.tok() != token.EOF {
		s.Code = p.parseExpr()
	}
	return s
}

// parseDesignator parses name [(...) | %name]...
func (p *parser) parseDesignator() ast.Expr {
	if p.tok() != token.IDENT {
		p.errorExpected("name")
		return p.badExpr()
	}
	return p.parsePostfix(p.ident())
}

// parseAssignment parses lhs = rhs or lhs => rhs; in a specification
// part, name(args) = expr may be a statement function.
func (p *parser) parseAssignment(hdr ast.StmtHeader, spec bool) ast.Stmt {
	lhs := p.parseDesignator()
	if p.got(token.ARROW) {
		return &ast.PointerAssignStmt{StmtHeader: hdr, Lhs: lhs, Rhs: p.parseExpr()}
	}
	p.expect(token.ASSIGN)
	rhs := p.parseExpr()
	if p.tok() == token.COMMA && !p.bad {
		if id, ok := lhs.(*ast.Ident); ok && len(id.Name) > 2 && strings.EqualFold(id.Name[:2], "do") && '0' <= id.Name[2] && id.Name[2] <= '9' {
			p.notSupported(id.NamePos, "DO statement written without blanks ("+id.Name+"=...); fixed-form blanks are treated as separators")
			return nil
		}
	}
	if spec && !p.bad {
		if sf := p.stmtFunction(hdr, lhs, rhs); sf != nil {
			return sf
		}
	}
	return &ast.AssignStmt{StmtHeader: hdr, Lhs: lhs, Rhs: rhs}
}

// stmtFunction returns the statement function lhs = rhs defines, or nil
// if lhs is an array element or a substring. lhs is taken for a
// statement function when it is name(dummy, ...) with plain names, name
// is not declared as an array in this unit or a host, and name is either
// declared in this unit or no USE statement could have brought an array
// of that name into scope.
func (p *parser) stmtFunction(hdr ast.StmtHeader, lhs, rhs ast.Expr) ast.Stmt {
	call, ok := lhs.(*ast.CallExpr)
	if !ok {
		return nil
	}
	name, ok := call.Fun.(*ast.Ident)
	if !ok || len(p.units) == 0 {
		return nil
	}
	args := make([]*ast.Ident, 0, len(call.Args))
	for _, a := range call.Args {
		id, ok := a.(*ast.Ident)
		if !ok {
			return nil
		}
		args = append(args, id)
	}
	used := false
	for i := len(p.units) - 1; i >= 0; i-- {
		ui := p.units[i]
		declared, array := declaredIn(ui.u.Decls, name.Name)
		if array {
			return nil
		}
		if i == len(p.units)-1 && declared {
			used = false
			break
		}
		used = used || ui.hasUse
	}
	if used {
		return nil
	}
	return &ast.StmtFunction{StmtHeader: hdr, Name: name, Args: args, Expr: rhs}
}

// declaredIn reports whether name is declared in decls, and whether as
// an array.
func declaredIn(decls []ast.Stmt, name string) (declared, array bool) {
	for _, s := range decls {
		switch s := s.(type) {
		case *ast.TypeDecl:
			dim := false
			for _, a := range s.Attrs {
				if a.Kind == ast.AttrDimension {
					dim = true
				}
			}
			for _, e := range s.Entities {
				if strings.EqualFold(e.Name.Name, name) {
					declared = true
					if dim || e.Dims != nil {
						return true, true
					}
				}
			}
		case *ast.AttrStmt:
			for _, e := range s.Entities {
				if strings.EqualFold(e.Name.Name, name) {
					declared = true
					if e.Dims != nil || s.Attr.Kind == ast.AttrDimension {
						return true, true
					}
				}
			}
		case *ast.CommonStmt:
			for _, b := range s.Blocks {
				for _, e := range b.Entities {
					if strings.EqualFold(e.Name.Name, name) {
						declared = true
						if e.Dims != nil {
							return true, true
						}
					}
				}
			}
		}
	}
	return declared, false
}

// parseCall parses CALL name[(args)].
func (p *parser) parseCall(hdr ast.StmtHeader) ast.Stmt {
	p.next()
	s := &ast.CallStmt{StmtHeader: hdr}
	var x ast.Expr = p.ident()
	for !p.bad {
		if p.tok() == token.PERCENT {
			p.next()
			x = &ast.SelectorExpr{X: x, Sel: p.ident()}
			continue
		}
		if p.tok() == token.LPAREN && p.kindAt(p.skipBalanced(p.i)) == token.PERCENT {
			lp := p.pos()
			p.next()
			x = &ast.CallExpr{Fun: x, Lparen: lp, Args: p.parseArgs()}
			continue
		}
		break
	}
	s.Name = x
	if p.got(token.LPAREN) {
		s.Parens = true
		s.Args = p.parseArgs()
	}
	return s
}

// parseGoto parses GO TO label, computed GO TO and assigned GO TO.
func (p *parser) parseGoto(hdr ast.StmtHeader) ast.Stmt {
	if p.kwOf(p.i) == kwGo {
		p.next()
		if !p.gotKw("to") {
			p.errorExpected("TO")
			return nil
		}
	} else {
		p.next()
	}
	switch p.tok() {
	case token.INT:
		return &ast.GotoStmt{StmtHeader: hdr, Target: p.parseLabelRef()}
	case token.LPAREN:
		p.next()
		s := &ast.ComputedGotoStmt{StmtHeader: hdr}
		for !p.bad {
			s.Targets = append(s.Targets, p.parseLabelRef())
			if !p.got(token.COMMA) {
				break
			}
		}
		p.expect(token.RPAREN)
		p.got(token.COMMA)
		s.Expr = p.parseExpr()
		return s
	case token.IDENT:
		s := &ast.AssignedGotoStmt{StmtHeader: hdr, Var: p.ident()}
		p.got(token.COMMA)
		if p.got(token.LPAREN) {
			for !p.bad {
				s.Targets = append(s.Targets, p.parseLabelRef())
				if !p.got(token.COMMA) {
					break
				}
			}
			p.expect(token.RPAREN)
		}
		return s
	}
	p.errorExpected("statement label")
	return nil
}

// parseLabelAssign parses ASSIGN label TO var.
func (p *parser) parseLabelAssign(hdr ast.StmtHeader) ast.Stmt {
	p.next()
	if !p.isLabelTok() {
		p.errorExpected("statement label")
		return nil
	}
	s := &ast.LabelAssignStmt{StmtHeader: hdr, Target: p.parseLabelRef()}
	if !p.gotKw("to") {
		p.errorExpected("TO")
		return nil
	}
	s.Var = p.ident()
	return s
}

// parseIf parses a logical IF or an arithmetic IF.
func (p *parser) parseIf(hdr ast.StmtHeader) ast.Stmt {
	p.next()
	p.expect(token.LPAREN)
	cond := p.parseExpr()
	p.expect(token.RPAREN)
	if p.bad {
		return nil
	}
	if p.isLabelTok() {
		s := &ast.ArithIfStmt{StmtHeader: hdr, Expr: cond}
		s.Neg = p.parseLabelRef()
		p.expect(token.COMMA)
		s.Zero = p.parseLabelRef()
		p.expect(token.COMMA)
		s.Plus = p.parseLabelRef()
		return s
	}
	if p.tok() == token.EOF {
		p.errorExpected("THEN or a statement")
		return nil
	}
	act := p.parseSimple(ast.StmtHeader{Start: p.pos()}, false, true)
	if act == nil || p.bad {
		return nil
	}
	return &ast.IfStmt{StmtHeader: hdr, Cond: cond, Action: act}
}

// parseFormat parses FORMAT (spec), which the scanner delivers whole.
func (p *parser) parseFormat(hdr ast.StmtHeader) ast.Stmt {
	p.next()
	if p.tok() != token.FORMAT {
		p.errorExpected("format specification")
		return nil
	}
	t := &p.toks[p.i]
	p.next()
	if hdr.Label == 0 {
		p.syntaxError(hdr.Start, "FORMAT statement without a label")
		return nil
	}
	return &ast.FormatStmt{StmtHeader: hdr, SpecPos: t.Pos, Spec: t.Lit}
}

// parseIO parses an I/O statement after its keyword.
func (p *parser) parseIO(hdr ast.StmtHeader, kw string) ast.Stmt {
	s := &ast.IOStmt{StmtHeader: hdr, Keyword: kw}
	switch kw {
	case "print":
		s.Format = p.parseFormatSpec()
		if p.got(token.COMMA) {
			s.Items = p.parseIOItems()
		}
	case "read":
		if p.tok() == token.LPAREN {
			p.parseControl(s)
			s.Items = p.parseIOItems()
		} else {
			s.Format = p.parseFormatSpec()
			if p.got(token.COMMA) {
				s.Items = p.parseIOItems()
			}
		}
	case "write":
		p.parseControl(s)
		if p.tok() == token.COMMA && p.peek(1) != token.EOF {
			p.next() // WRITE (...), list: an old extension
		}
		s.Items = p.parseIOItems()
	case "open", "close", "inquire":
		p.parseControl(s)
		if kw == "inquire" {
			s.Items = p.parseIOItems()
		}
	default: // rewind, backspace, endfile, flush
		if p.tok() == token.LPAREN {
			p.parseControl(s)
		} else {
			s.Control = []ast.Expr{p.parseExpr()}
		}
	}
	return s
}

// parseFormatSpec parses the format of PRINT fmt and READ fmt: *, a label
// or an expression.
func (p *parser) parseFormatSpec() ast.Expr {
	switch {
	case p.tok() == token.STAR:
		x := &ast.StarExpr{Star: p.pos()}
		p.next()
		return x
	case p.isLabelTok() && (p.peek(1) == token.COMMA || p.peek(1) == token.EOF):
		return p.parseLabelRef()
	}
	return p.parseExpr()
}

// parseIOItems parses an I/O list (possibly empty).
func (p *parser) parseIOItems() []ast.Expr {
	if p.tok() == token.EOF {
		return nil
	}
	var items []ast.Expr
	for !p.bad {
		items = append(items, p.parseExpr())
		if !p.got(token.COMMA) {
			break
		}
	}
	return items
}

// parseControl parses the parenthesised control list of an I/O statement.
func (p *parser) parseControl(s *ast.IOStmt) {
	p.expect(token.LPAREN)
	s.Parens = true
	rw := s.Keyword == "read" || s.Keyword == "write"
	for n := 0; !p.bad; {
		if p.tok() == token.IDENT && p.peek(1) == token.ASSIGN {
			name := p.ident()
			p.next()
			var v ast.Expr
			switch {
			case p.tok() == token.STAR:
				v = &ast.StarExpr{Star: p.pos()}
				p.next()
			case p.isLabelTok() && isLabelSpecifier(name.Name):
				v = p.parseLabelRef()
			default:
				v = p.parseExpr()
			}
			s.Control = append(s.Control, &ast.KeywordArg{Name: name, Value: v})
		} else {
			var v ast.Expr
			switch {
			case p.tok() == token.STAR:
				v = &ast.StarExpr{Star: p.pos()}
				p.next()
			case n == 1 && rw && p.isLabelTok() && (p.peek(1) == token.COMMA || p.peek(1) == token.RPAREN):
				v = p.parseLabelRef()
			default:
				v = p.parseExpr()
			}
			s.Control = append(s.Control, v)
			n++
		}
		if !p.got(token.COMMA) {
			break
		}
	}
	p.expect(token.RPAREN)
}

// isLabelSpecifier reports whether an I/O specifier takes a label.
func isLabelSpecifier(name string) bool {
	return strings.EqualFold(name, "fmt") || strings.EqualFold(name, "err") ||
		strings.EqualFold(name, "end") || strings.EqualFold(name, "eor")
}

// parseAllocate parses ALLOCATE, DEALLOCATE and NULLIFY.
func (p *parser) parseAllocate(hdr ast.StmtHeader, id kwID) ast.Stmt {
	s := &ast.AllocateStmt{StmtHeader: hdr, Keyword: strings.ToLower(p.lit())}
	p.next()
	p.expect(token.LPAREN)
	if id == kwAllocate && p.typeSpecBefore(p.i, token.DCOLON) {
		s.Type = p.parseTypeSpecOrName()
		p.expect(token.DCOLON)
	}
	for !p.bad {
		if p.tok() == token.IDENT && p.peek(1) == token.ASSIGN {
			name := p.ident()
			p.next()
			s.Options = append(s.Options, &ast.KeywordArg{Name: name, Value: p.parseExpr()})
		} else {
			s.Objects = append(s.Objects, p.parseExpr())
		}
		if !p.got(token.COMMA) {
			break
		}
	}
	p.expect(token.RPAREN)
	return s
}

// parseWhereStmt parses WHERE (mask) assignment.
func (p *parser) parseWhereStmt(hdr ast.StmtHeader) ast.Stmt {
	p.next()
	p.expect(token.LPAREN)
	mask := p.parseExpr()
	p.expect(token.RPAREN)
	if p.bad {
		return nil
	}
	if !p.assignShape(p.i) {
		p.errorExpected("assignment")
		return nil
	}
	a, ok := p.parseAssignment(ast.StmtHeader{Start: p.pos()}, false).(*ast.AssignStmt)
	if !ok {
		p.syntaxError(hdr.Start, "expected assignment in WHERE statement, found pointer assignment")
		return nil
	}
	return &ast.WhereStmt{StmtHeader: hdr, Mask: mask, Assign: a}
}

// parseForallHeader parses (var = lo:hi[:stride], ...[, mask]).
func (p *parser) parseForallHeader() ([]*ast.ForallSpec, ast.Expr) {
	p.expect(token.LPAREN)
	if p.typeSpecBefore(p.i, token.DCOLON) {
		p.notSupported(p.pos(), "type specification in FORALL or DO CONCURRENT header")
		return nil, nil
	}
	var specs []*ast.ForallSpec
	var mask ast.Expr
	for !p.bad {
		if p.tok() == token.IDENT && p.peek(1) == token.ASSIGN && mask == nil {
			sp := &ast.ForallSpec{Var: p.ident()}
			p.next()
			sp.Lo = p.parseExpr()
			p.expect(token.COLON)
			sp.Hi = p.parseExpr()
			if p.got(token.COLON) {
				sp.Stride = p.parseExpr()
			}
			specs = append(specs, sp)
		} else if mask == nil && len(specs) > 0 {
			mask = p.parseExpr()
		} else {
			p.errorExpected("index = lo:hi")
		}
		if !p.got(token.COMMA) {
			break
		}
	}
	p.expect(token.RPAREN)
	return specs, mask
}

// parseForallStmt parses FORALL (header) assignment.
func (p *parser) parseForallStmt(hdr ast.StmtHeader) ast.Stmt {
	p.next()
	s := &ast.ForallStmt{StmtHeader: hdr}
	s.Specs, s.Mask = p.parseForallHeader()
	if p.bad {
		return nil
	}
	if !p.assignShape(p.i) {
		p.errorExpected("assignment")
		return nil
	}
	s.Assign = p.parseAssignment(ast.StmtHeader{Start: p.pos()}, false)
	return s
}

// ----------------------------------------------------------------------------
// Constructs

// closeWith handles a statement that ends a block but is none of the
// construct's own: it reports whether the construct is to be closed (and
// sets its END from a mismatched END statement).
func (p *parser) closeWith(fi int, end *ast.EndStmt) bool {
	switch p.foreign() {
	case faClose:
		return true
	case faEnd:
		*end = p.parseEnd(&p.stack[fi], false)
		return true
	}
	return false
}

// checkName checks the construct name repeated on ELSE, CASE, ... .
func (p *parser) checkName(name *ast.Ident, f *frame, what string) {
	if name == nil || p.bad {
		return
	}
	switch {
	case f.name == "":
		p.syntaxError(name.NamePos, fmt.Sprintf("%s name '%s' given for unnamed %s at %s", what, name.Name, f.what(), p.lineCol(f.pos)))
	case !strings.EqualFold(name.Name, f.name):
		p.syntaxError(name.NamePos, fmt.Sprintf("%s name '%s' does not match '%s'", what, name.Name, f.name))
	}
}

func nameOf(id *ast.Ident) string {
	if id == nil {
		return ""
	}
	return id.Name
}

// parseDo parses a DO construct: counted, DO WHILE, DO CONCURRENT or
// endless, block or labelled (DO 10 ...).
func (p *parser) parseDo(hdr ast.StmtHeader, name *ast.Ident) ast.Stmt {
	d := &ast.DoConstruct{StmtHeader: hdr, Name: name}
	glued := p.kwOf(p.i) == kwDoWhile
	p.next()
	if !glued && p.isLabelTok() {
		d.TermLabel = p.labelValue()
		p.got(token.COMMA)
	} else if !glued && p.tok() == token.COMMA {
		p.next()
	}
	switch {
	case glued || p.isKw("while") && p.peek(1) == token.LPAREN:
		if !glued {
			p.next()
		}
		p.expect(token.LPAREN)
		d.While = p.parseExpr()
		p.expect(token.RPAREN)
	case p.tok() == token.EOF:
	case p.isKw("concurrent") && p.peek(1) == token.LPAREN:
		p.next()
		d.Concurrent, d.Mask = p.parseForallHeader()
		d.Locality = p.parseLocality() // locality.go
	default:
		d.Var = p.ident()
		p.expect(token.ASSIGN)
		d.Start = p.parseExpr()
		p.expect(token.COMMA)
		d.Stop = p.parseExpr()
		if p.got(token.COMMA) {
			d.Step = p.parseExpr()
		}
	}
	p.expectEnd()
	p.nextStmt()
	fi := p.push(frame{kind: fDo, name: nameOf(name), pos: hdr.Start, termLabel: d.TermLabel})
	defer p.pop()
	for {
		d.Body = p.parseBlock(d.Body, false)
		if p.stack[fi].done {
			return d
		}
		if p.cls == clsEnd && p.endKw == "do" {
			if d.TermLabel != 0 && p.st.Label != d.TermLabel {
				p.error(p.stmtPos(), fmt.Sprintf("END DO of DO at %s must have label %d", p.lineCol(hdr.Start), d.TermLabel))
			}
			d.End = p.parseEnd(&p.stack[fi], true)
			return d
		}
		if p.closeWith(fi, &d.End) {
			return d
		}
	}
}

// parseIfConstruct parses IF (cond) THEN ... END IF.
func (p *parser) parseIfConstruct(hdr ast.StmtHeader, name *ast.Ident) ast.Stmt {
	c := &ast.IfConstruct{StmtHeader: hdr, Name: name}
	p.next()
	cond := p.ifThenCond()
	br := &ast.IfBranch{Head: hdr, Cond: cond}
	c.Branches = append(c.Branches, br)
	p.nextStmt()
	fi := p.push(frame{kind: fIf, name: nameOf(name), pos: hdr.Start})
	defer p.pop()
	sawElse := false
	for {
		br.Body = p.parseBlock(br.Body, false)
		switch {
		case p.cls == clsElseIf:
			h := p.header()
			p.i = 1
			if p.kwOf(0) == kwElse {
				p.i = 2
			}
			br = &ast.IfBranch{Head: h}
			br.Cond = p.ifThenCond()
			if p.tok() == token.IDENT {
				br.Name = p.ident()
				p.checkName(br.Name, &p.stack[fi], "ELSE IF")
			}
			p.expectEnd()
			if sawElse {
				p.syntaxError(h.Start, "ELSE IF after ELSE in IF construct at "+p.lineCol(hdr.Start))
			}
			c.Branches = append(c.Branches, br)
			p.nextStmt()
		case p.cls == clsElse:
			h := p.header()
			p.i = 1
			br = &ast.IfBranch{Head: h}
			if p.tok() == token.IDENT {
				br.Name = p.ident()
				p.checkName(br.Name, &p.stack[fi], "ELSE")
			}
			p.expectEnd()
			if sawElse {
				p.syntaxError(h.Start, "second ELSE in IF construct at "+p.lineCol(hdr.Start))
			}
			sawElse = true
			c.Branches = append(c.Branches, br)
			p.nextStmt()
		case p.cls == clsEnd && p.endKw == "if":
			c.End = p.parseEnd(&p.stack[fi], true)
			return c
		default:
			if p.closeWith(fi, &c.End) {
				return c
			}
		}
	}
}

// ifThenCond parses (cond) THEN of IF and ELSE IF; nil after an error.
func (p *parser) ifThenCond() ast.Expr {
	p.expect(token.LPAREN)
	cond := p.parseExpr()
	p.expect(token.RPAREN)
	if !p.bad && !p.gotKw("then") {
		p.errorExpected("THEN")
	}
	if p.bad {
		return nil
	}
	return cond
}

// parseSelect parses SELECT CASE (expr) ... END SELECT; SELECT TYPE and
// SELECT RANK are reported and skipped.
func (p *parser) parseSelect(hdr ast.StmtHeader, name *ast.Ident) ast.Stmt {
	if p.kwOf(p.i) == kwSelect {
		kwPos := p.pos()
		p.next()
		switch {
		case p.isKw("type"):
			return p.parseSelectType(hdr, name)
		case p.isKw("rank"):
			return p.skipConstruct(fSelectType, "SELECT RANK construct", name, kwPos)
		case !p.gotKw("case"):
			p.errorExpected("CASE")
		}
	} else {
		p.next()
	}
	s := &ast.SelectCase{StmtHeader: hdr, Name: name}
	p.expect(token.LPAREN)
	s.Selector = p.parseExpr()
	p.expect(token.RPAREN)
	p.expectEnd()
	if p.bad {
		s.Selector = nil
	}
	p.nextStmt()
	fi := p.push(frame{kind: fSelect, name: nameOf(name), pos: hdr.Start})
	defer p.pop()
	var cb *ast.CaseBlock
	sawDefault := false
	for {
		if cb == nil {
			if stray := p.parseBlock(nil, false); len(stray) > 0 {
				p.error(stray[0].Pos(), "statement not allowed here: statement before the first CASE")
			}
		} else {
			cb.Body = p.parseBlock(cb.Body, false)
		}
		switch {
		case p.cls == clsCase:
			h := p.header()
			cb = &ast.CaseBlock{Head: h}
			if p.kwOf(0) == kwCaseDefault {
				p.i = 1
				cb.Default = true
			} else {
				p.i = 1
				if p.gotKw("default") {
					cb.Default = true
				} else {
					cb.Values = p.parseCaseValues()
				}
			}
			if p.tok() == token.IDENT {
				cb.Name = p.ident()
				p.checkName(cb.Name, &p.stack[fi], "CASE")
			}
			p.expectEnd()
			if cb.Default {
				if sawDefault {
					p.syntaxError(h.Start, "second CASE DEFAULT in SELECT CASE at "+p.lineCol(hdr.Start))
				}
				sawDefault = true
			}
			s.Cases = append(s.Cases, cb)
			p.nextStmt()
		case p.cls == clsEnd && p.endKw == "select":
			s.End = p.parseEnd(&p.stack[fi], true)
			return s
		default:
			if p.closeWith(fi, &s.End) {
				return s
			}
		}
	}
}

// parseSelectType parses SELECT TYPE ([assoc =>] selector), its TYPE IS,
// CLASS IS and CLASS DEFAULT blocks and END SELECT; p is at TYPE.
func (p *parser) parseSelectType(hdr ast.StmtHeader, name *ast.Ident) ast.Stmt {
	p.next()
	s := &ast.SelectType{StmtHeader: hdr, Name: name}
	p.expect(token.LPAREN)
	if p.tok() == token.IDENT && p.peek(1) == token.ARROW {
		s.Assoc = p.ident()
		p.next()
	}
	s.Selector = p.parseExpr()
	p.expect(token.RPAREN)
	p.expectEnd()
	if p.bad {
		s.Selector = nil
	}
	p.nextStmt()
	fi := p.push(frame{kind: fSelectType, name: nameOf(name), pos: hdr.Start})
	defer p.pop()
	var g *ast.TypeGuard
	sawDefault := false
	for {
		if g == nil {
			if stray := p.parseBlock(nil, false); len(stray) > 0 {
				p.error(stray[0].Pos(), "statement not allowed here: statement before the first type guard")
			}
		} else {
			g.Body = p.parseBlock(g.Body, false)
		}
		switch {
		case p.cls == clsGuard:
			g = p.parseTypeGuard(fi)
			if g.Kind == ast.ClassDefault {
				if sawDefault {
					p.syntaxError(g.Head.Start, "second CLASS DEFAULT in SELECT TYPE at "+p.lineCol(hdr.Start))
				}
				sawDefault = true
			}
			s.Guards = append(s.Guards, g)
			p.nextStmt()
		case p.cls == clsEnd && p.endKw == "select":
			s.End = p.parseEnd(&p.stack[fi], true)
			return s
		default:
			if p.closeWith(fi, &s.End) {
				return s
			}
		}
	}
}

// parseTypeGuard parses TYPE IS (type-spec), CLASS IS (type) or CLASS
// DEFAULT, each with an optional construct name.
func (p *parser) parseTypeGuard(fi int) *ast.TypeGuard {
	g := &ast.TypeGuard{Head: p.header()}
	isType := p.kwOf(0) == kwType
	switch {
	case p.kwAt(1, "default"):
		g.Kind = ast.ClassDefault
		p.i = 2
	default:
		g.Kind = ast.ClassIs
		if isType {
			g.Kind = ast.TypeIs
		}
		p.i = 2
		p.expect(token.LPAREN)
		g.Type = p.parseTypeSpecOrName()
		p.expect(token.RPAREN)
	}
	if p.tok() == token.IDENT {
		g.Name = p.ident()
		p.checkName(g.Name, &p.stack[fi], "type guard")
	}
	p.expectEnd()
	return g
}

// parseCaseValues parses (v, lo:hi, :hi, lo:, ...).
func (p *parser) parseCaseValues() []ast.Expr {
	p.expect(token.LPAREN)
	var vals []ast.Expr
	for !p.bad {
		if p.tok() == token.COLON {
			r := &ast.RangeExpr{Colon: p.pos()}
			p.next()
			r.Hi = p.parseExpr()
			vals = append(vals, r)
		} else {
			x := p.parseExpr()
			if p.tok() == token.COLON {
				r := &ast.RangeExpr{Lo: x, Colon: p.pos()}
				p.next()
				if k := p.tok(); k != token.COMMA && k != token.RPAREN {
					r.Hi = p.parseExpr()
				}
				x = r
			}
			vals = append(vals, x)
		}
		if !p.got(token.COMMA) {
			break
		}
	}
	p.expect(token.RPAREN)
	return vals
}

// parseWhereConstruct parses WHERE (mask) ... [ELSEWHERE [(mask)] ...] END WHERE.
func (p *parser) parseWhereConstruct(hdr ast.StmtHeader, name *ast.Ident) ast.Stmt {
	c := &ast.WhereConstruct{StmtHeader: hdr, Name: name}
	p.next()
	p.expect(token.LPAREN)
	mask := p.parseExpr()
	p.expect(token.RPAREN)
	p.expectEnd()
	if p.bad {
		mask = nil
	}
	br := &ast.WhereBranch{Head: hdr, Mask: mask}
	c.Branches = append(c.Branches, br)
	p.nextStmt()
	fi := p.push(frame{kind: fWhere, name: nameOf(name), pos: hdr.Start})
	defer p.pop()
	sawElse := false
	for {
		br.Body = p.parseBlock(br.Body, false)
		switch {
		case p.cls == clsElsewhere:
			h := p.header()
			p.i = 1
			if p.kwOf(0) == kwElse {
				p.i = 2
			}
			br = &ast.WhereBranch{Head: h}
			if p.got(token.LPAREN) {
				br.Mask = p.parseExpr()
				p.expect(token.RPAREN)
			}
			if p.tok() == token.IDENT {
				br.Name = p.ident()
				p.checkName(br.Name, &p.stack[fi], "ELSEWHERE")
			}
			p.expectEnd()
			if sawElse {
				p.syntaxError(h.Start, "ELSEWHERE after the final ELSEWHERE of WHERE at "+p.lineCol(hdr.Start))
			}
			if br.Mask == nil {
				sawElse = true
			}
			if p.bad {
				br.Mask = nil
			}
			c.Branches = append(c.Branches, br)
			p.nextStmt()
		case p.cls == clsEnd && p.endKw == "where":
			c.End = p.parseEnd(&p.stack[fi], true)
			return c
		default:
			if p.closeWith(fi, &c.End) {
				return c
			}
		}
	}
}

// parseForallConstruct parses FORALL (header) ... END FORALL.
func (p *parser) parseForallConstruct(hdr ast.StmtHeader, name *ast.Ident) ast.Stmt {
	c := &ast.ForallConstruct{StmtHeader: hdr, Name: name}
	p.next()
	c.Specs, c.Mask = p.parseForallHeader()
	p.expectEnd()
	p.nextStmt()
	fi := p.push(frame{kind: fForall, name: nameOf(name), pos: hdr.Start})
	defer p.pop()
	for {
		c.Body = p.parseBlock(c.Body, false)
		if p.cls == clsEnd && p.endKw == "forall" {
			c.End = p.parseEnd(&p.stack[fi], true)
			return c
		}
		if p.closeWith(fi, &c.End) {
			return c
		}
	}
}

// skipConstruct reports a construct fadj does not support and skips it
// through its END, parsing what is inside so that nesting is kept.
func (p *parser) skipConstruct(kind frameKind, what string, name *ast.Ident, kwPos source.Pos) ast.Stmt {
	pos := p.stmtPos()
	p.notSupported(kwPos, what)
	p.nextStmt()
	fi := p.push(frame{kind: kind, name: nameOf(name), pos: pos})
	defer p.pop()
	var end ast.EndStmt
	for {
		if kind == fEnum {
			for p.cls == clsOther || p.cls == clsAssign {
				p.nextStmt()
			}
		} else {
			p.parseBlock(nil, true)
		}
		switch {
		case p.cls == clsEnd && p.stack[fi].matches(p.endKw):
			p.parseEnd(&p.stack[fi], true)
			return nil
		case p.cls == clsGuard && kind == fSelectType:
			p.nextStmt()
		default:
			if p.closeWith(fi, &end) {
				return nil
			}
		}
	}
}

// parseBlockConstruct parses [name:] BLOCK, its specification part and
// block, END BLOCK.
func (p *parser) parseBlockConstruct(hdr ast.StmtHeader, name *ast.Ident) ast.Stmt {
	c := &ast.BlockConstruct{StmtHeader: hdr, Name: name}
	p.next()
	p.expectEnd()
	p.nextStmt()
	fi := p.push(frame{kind: fBlock, name: nameOf(name), pos: hdr.Start})
	defer p.pop()
	exec := false
	for {
		for p.cls == clsOther || p.cls == clsAssign {
			pos := p.stmtPos()
			s := p.parseStmt(false)
			if s == nil {
				continue
			}
			switch s.(type) {
			case *ast.ImplicitStmt:
				p.error(pos, "statement not allowed here: IMPLICIT in BLOCK construct")
				continue
			case *ast.FormatStmt, *ast.DataStmt:
				if !exec {
					c.Decls = append(c.Decls, s)
					continue
				}
			}
			switch {
			case !isSpec(s):
				exec = true
				c.Body = append(c.Body, s)
			case exec:
				p.error(pos, "statement not allowed here: "+stmtDesc(s)+" after executable statements")
			default:
				c.Decls = append(c.Decls, s)
			}
		}
		if p.cls == clsEnd && p.endKw == "block" {
			c.End = p.parseEnd(&p.stack[fi], true)
			return c
		}
		if p.closeWith(fi, &c.End) {
			return c
		}
	}
}

// parseAssociate parses [name:] ASSOCIATE (a => expr, ...) ... END ASSOCIATE.
func (p *parser) parseAssociate(hdr ast.StmtHeader, name *ast.Ident) ast.Stmt {
	c := &ast.AssociateConstruct{StmtHeader: hdr, Name: name}
	p.next()
	p.expect(token.LPAREN)
	for !p.bad {
		a := &ast.Association{Name: p.ident()}
		p.expect(token.ARROW)
		a.Selector = p.parseExpr()
		c.Assocs = append(c.Assocs, a)
		if !p.got(token.COMMA) {
			break
		}
	}
	p.expect(token.RPAREN)
	p.expectEnd()
	p.nextStmt()
	fi := p.push(frame{kind: fAssociate, name: nameOf(name), pos: hdr.Start})
	defer p.pop()
	for {
		c.Body = p.parseBlock(c.Body, false)
		if p.cls == clsEnd && p.endKw == "associate" {
			c.End = p.parseEnd(&p.stack[fi], true)
			return c
		}
		if p.closeWith(fi, &c.End) {
			return c
		}
	}
}

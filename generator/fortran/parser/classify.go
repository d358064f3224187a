package parser

import (
	"github.com/fadj-dev/fadj/generator/fortran/token"
)

// stmtClass is what the first tokens of a statement say about its place
// in the block structure.
type stmtClass uint8

const (
	clsOther     stmtClass = iota // any other statement
	clsAssign                     // designator = expr or designator => expr
	clsEOF                        // no more statements
	clsEnd                        // END [keyword] [name]
	clsElse                       // ELSE [name]
	clsElseIf                     // ELSE IF (...) THEN [name]
	clsCase                       // CASE (...) / CASE DEFAULT
	clsElsewhere                  // ELSEWHERE [(mask)] [name]
	clsContains                   // CONTAINS
	clsUnit                       // PROGRAM, MODULE, SUBMODULE, BLOCK DATA, SUBROUTINE, FUNCTION header
	clsGuard                      // TYPE IS, CLASS IS, CLASS DEFAULT (SELECT TYPE)
)

// classify sets p.cls (and p.endKw, p.endTok) for the current statement.
func (p *parser) classify() {
	p.cls = clsOther
	p.endKw = ""
	p.endTok = 0
	if p.st == eofStmt {
		p.cls = clsEOF
		return
	}
	t := p.toks
	if t[0].Kind != token.IDENT {
		return
	}
	if p.assignShape(0) {
		p.cls = clsAssign
		return
	}
	n := len(t)
	switch lowerKw(t[0].Lit) {
	case kwEnd:
		if n == 1 {
			p.cls, p.endTok = clsEnd, 1
			return
		}
		if t[1].Kind != token.IDENT {
			return
		}
		kw := lookupEnd(t[1].Lit)
		p.endTok = 2
		if kw == "block" && p.kwAt(2, "data") {
			kw = "block data"
			p.endTok = 3
		}
		if kw != "" {
			p.cls, p.endKw = clsEnd, kw
			return
		}
		if p.kwAt(1, "file") {
			return // END FILE unit
		}
		p.cls, p.endTok = clsEnd, 1 // END name: reported by parseEnd
	case kwElse:
		switch {
		case n == 1:
			p.cls = clsElse
		case p.kwAt(1, "if"):
			p.cls = clsElseIf
		case p.kwAt(1, "where"):
			p.cls = clsElsewhere
		case n == 2 && t[1].Kind == token.IDENT:
			p.cls = clsElse
		}
	case kwElseIf:
		p.cls = clsElseIf
	case kwElsewhere:
		p.cls = clsElsewhere
	case kwCase:
		if n > 1 && (t[1].Kind == token.LPAREN || p.kwAt(1, "default")) {
			p.cls = clsCase
		}
	case kwCaseDefault:
		p.cls = clsCase
	case kwContains:
		if n == 1 {
			p.cls = clsContains
		}
	case kwProgram:
		if n == 1 || t[1].Kind == token.IDENT {
			p.cls = clsUnit
		}
	case kwModule:
		if n == 2 && t[1].Kind == token.IDENT && !p.kwAt(1, "procedure") {
			p.cls = clsUnit
		} else if p.isProcHeader() {
			p.cls = clsUnit
		}
	case kwSubmodule:
		if n > 1 && t[1].Kind == token.LPAREN {
			p.cls = clsUnit
		}
	case kwBlockData:
		p.cls = clsUnit
	case kwBlock:
		if p.kwAt(1, "data") {
			p.cls = clsUnit
		}
	case kwType:
		if p.kwAt(1, "is") && p.kindAt(2) == token.LPAREN {
			p.cls = clsGuard
		} else if p.kindAt(1) == token.LPAREN && p.isProcHeader() {
			p.cls = clsUnit
		}
	case kwClass:
		if p.kwAt(1, "is") && p.kindAt(2) == token.LPAREN || p.kwAt(1, "default") {
			p.cls = clsGuard
		} else if p.isProcHeader() {
			p.cls = clsUnit
		}
	case kwNone:
		// ENDDO, ENDIF, ENDSUBROUTINE, ... written without the blank.
		lit := t[0].Lit
		if len(lit) > 3 && (lit[0]|0x20) == 'e' && (lit[1]|0x20) == 'n' && (lit[2]|0x20) == 'd' {
			if kw := lookupEnd(lit[3:]); kw != "" {
				p.cls, p.endKw, p.endTok = clsEnd, kw, 1
				if kw == "block" && p.kwAt(1, "data") {
					p.endKw, p.endTok = "block data", 2
				}
			}
		}
	default:
		if p.isProcHeader() {
			p.cls = clsUnit
		}
	}
}

// assignShape reports whether the tokens from j have the shape of an
// assignment: name [(...) | %name]... followed by = or =>.
func (p *parser) assignShape(j int) bool {
	t := p.toks
	if j >= len(t) || t[j].Kind != token.IDENT {
		return false
	}
	j++
	for j < len(t) {
		switch t[j].Kind {
		case token.LPAREN:
			j = p.skipBalanced(j)
		case token.PERCENT:
			if j+1 >= len(t) || t[j+1].Kind != token.IDENT {
				return false
			}
			j += 2
		case token.ASSIGN, token.ARROW:
			return true
		default:
			return false
		}
	}
	return false
}

// isProcHeader reports whether the statement is a SUBROUTINE or FUNCTION
// statement: prefixes (RECURSIVE, PURE, ELEMENTAL, IMPURE, MODULE, a
// type) then FUNCTION or SUBROUTINE and a name.
func (p *parser) isProcHeader() bool {
	typed := false
	for j := 0; j < len(p.toks); {
		if p.toks[j].Kind != token.IDENT {
			return false
		}
		switch id := lowerKw(p.toks[j].Lit); {
		case id == kwFunction || id == kwSubroutine:
			return p.kindAt(j+1) == token.IDENT
		case id == kwRecursive || id == kwPure || id == kwElemental || id == kwImpure || id == kwModule:
			j++
		case !typed && isTypeKw(id):
			typed = true
			j = p.skipTypeSpec(j)
		default:
			return false
		}
	}
	return false
}

// isConstructEnd reports whether the statement from token j is empty
// (the header of a WHERE or FORALL construct ends at its ")").
func (p *parser) restEmptyAfterParen(j int) bool {
	if p.kindAt(j) != token.LPAREN {
		return false
	}
	return p.skipBalanced(j) == len(p.toks)
}

// lastIsThen reports whether the statement ends with THEN after something
// that can close an IF condition: IF (...) THEN opens a construct.
func (p *parser) lastIsThen() bool {
	n := len(p.toks)
	if n < 2 || !p.kwAt(n-1, "then") {
		return false
	}
	switch k := p.toks[n-2].Kind; {
	case k == token.RPAREN:
		return true
	case k == token.ASSIGN, k == token.ARROW, k == token.COMMA, k == token.LPAREN, k.IsOperator(), k == token.PERCENT:
		return false
	}
	return !p.kwAt(n-2, "call") && !p.kwAt(n-2, "to") && !p.kwAt(n-2, "goto")
}

package parser

import (
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/token"
)

// parseEntry parses ENTRY name [([dummies])] [RESULT(r)] [BIND(C...)].
// Where it may appear is checked by place and parseBlock; SplitEntries
// (split.go) turns the procedure into one per entry point.
func (p *parser) parseEntry(hdr ast.StmtHeader) ast.Stmt {
	p.next()
	s := &ast.EntryStmt{StmtHeader: hdr, Name: p.ident()}
	if p.got(token.LPAREN) {
		s.Parens = true
		if !p.got(token.RPAREN) {
			for !p.bad {
				if p.tok() == token.STAR {
					s.Args = append(s.Args, &ast.Ident{NamePos: p.pos(), Name: "*"})
					p.next()
				} else {
					s.Args = append(s.Args, p.ident())
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
		case p.isKw("result") && s.Result == nil:
			p.next()
			p.expect(token.LPAREN)
			s.Result = p.ident()
			p.expect(token.RPAREN)
		case p.isKw("bind") && s.Bind == nil:
			s.Bind = p.parseBind()
		default:
			p.errorExpected("end of statement")
		}
	}
	return s
}

// placeEntry checks where an ENTRY statement stands: in the body or
// specification part of an external or module subroutine or function,
// not in an interface body, a main program, a module or an internal
// procedure.
func (p *parser) placeEntry(ui *unitInfo, s *ast.EntryStmt) bool {
	u := ui.u
	what := ""
	switch {
	case ui.iface:
		what = "an interface body"
	case u.Kind == ast.ProgramUnit:
		what = "a main program"
	case u.Kind == ast.ModuleUnit:
		what = "a module"
	case u.Kind == ast.BlockDataUnit:
		what = "a block data unit"
	case len(p.units) > 1 && p.units[len(p.units)-2].u.Kind != ast.ModuleUnit:
		what = "an internal procedure"
	}
	if what != "" {
		p.error(s.Pos(), "statement not allowed here: ENTRY in "+what)
		return false
	}
	if s.Result != nil && u.Kind != ast.FunctionUnit {
		p.error(s.Result.Pos(), "RESULT on the ENTRY of a subroutine")
		return false
	}
	return true
}

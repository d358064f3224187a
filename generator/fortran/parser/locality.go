package parser

import (
	"strings"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/token"
)

// localityKinds are the locality specifiers of DO CONCURRENT: Fortran
// 2018's and Fortran 2023's REDUCE.
var localityKinds = map[string]bool{"local": true, "local_init": true, "shared": true, "default": true, "reduce": true}

// reduceOps are the operators of REDUCE(op: names) given as names.
var reduceOps = map[string]bool{"max": true, "min": true, "iand": true, "ior": true, "ieor": true}

// parseLocality parses the locality specifiers after a DO CONCURRENT
// header, up to the end of the statement.
func (p *parser) parseLocality() []*ast.LocalitySpec {
	var list []*ast.LocalitySpec
	for !p.bad && p.i < len(p.toks) {
		if p.tok() != token.IDENT || !localityKinds[strings.ToLower(p.toks[p.i].Lit)] || p.peek(1) != token.LPAREN {
			p.errorExpected("locality specifier or end of statement")
			return list
		}
		l := &ast.LocalitySpec{KwPos: p.pos(), Kind: strings.ToLower(p.toks[p.i].Lit)}
		p.next()
		p.next()
		switch l.Kind {
		case "default":
			if !p.gotKw("none") {
				p.errorExpected("NONE")
				return list
			}
		case "reduce":
			if l.Op = p.reduceOp(); l.Op == "" {
				return list
			}
			p.expect(token.COLON)
			fallthrough
		default:
			for !p.bad {
				l.Names = append(l.Names, p.ident())
				if !p.got(token.COMMA) {
					break
				}
			}
		}
		p.expect(token.RPAREN)
		list = append(list, l)
	}
	return list
}

// reduceOp parses the operator of REDUCE: +, *, .and., .or., .eqv.,
// .neqv. or one of reduceOps.
func (p *parser) reduceOp() string {
	switch p.tok() {
	case token.PLUS, token.STAR, token.AND, token.OR, token.EQV, token.NEQV:
		op := p.tok().String()
		p.next()
		return op
	case token.IDENT:
		if op := strings.ToLower(p.toks[p.i].Lit); reduceOps[op] {
			p.next()
			return op
		}
	}
	p.errorExpected("reduction operator")
	return ""
}

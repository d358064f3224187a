package parser

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/token"
	"github.com/fadj-dev/fadj/generator/source"
)

// maxDepth bounds the nesting of expressions so that hostile input cannot
// exhaust the stack.
const maxDepth = 500

// MaxOperators bounds the operators of one statement. A sum of n terms
// is a tree n deep, and the stages after the parser walk trees
// recursively: without a bound, a long enough line of x+x+... exhausts
// the stack, which Go cannot recover from (generation still worked at
// 500,000, with 1.4 GB; the bound keeps a factor of two). It is far above
// what compilers take in practice: gfortran 12 needs more than ten
// minutes for a sum of 65,536 terms and crashes on one of 500,000.
const MaxOperators = 1 << 18

// badExpr stands for an expression that failed to parse; the statement
// holding it has p.bad set and is dropped.
func (p *parser) badExpr() ast.Expr { return &ast.Ident{NamePos: p.pos()} }

// parseExpr parses an expression.
func (p *parser) parseExpr() ast.Expr { return p.parseBinary(1) }

// parseBinary parses an expression whose binary operators bind at least
// as tightly as prec (token.Precedence levels).
//
// Fortran's unary + and - apply to the first add-operand: -a*b is
// -(a*b) and -a**2 is -(a**2). After a binary operator (a * -b, a ** -2,
// a gfortran extension) the sign takes a power-level operand, as gfortran
// does: 2 ** -1 * 4 is (2 ** (-1)) * 4. .NOT. takes a relational-level
// operand.
func (p *parser) parseBinary(prec int) ast.Expr {
	if p.depth++; p.depth > maxDepth {
		p.depth--
		p.syntaxError(p.pos(), "expression nested too deeply")
		return p.badExpr()
	}
	defer func() { p.depth-- }()
	var x ast.Expr
	switch k := p.tok(); k {
	case token.NOT:
		t := &p.toks[p.i]
		if !p.countOp(t.Pos) {
			return p.badExpr()
		}
		p.next()
		x = &ast.UnaryExpr{OpPos: t.Pos, Op: k, OpLit: t.Lit, X: p.parseBinary(6)}
	case token.PLUS, token.MINUS:
		t := &p.toks[p.i]
		if !p.countOp(t.Pos) {
			return p.badExpr()
		}
		p.next()
		var y ast.Expr
		if prec <= token.UnaryPrec {
			y = p.parseBinary(token.UnaryPrec + 1)
		} else {
			y = p.parseBinary(11)
		}
		x = &ast.UnaryExpr{OpPos: t.Pos, Op: k, OpLit: t.Lit, X: y}
	default:
		x = p.parseOperand()
	}
	for !p.bad {
		k := p.tok()
		op := k.Precedence()
		if op == token.LowestPrec || op < prec {
			break
		}
		if k == token.SLASH && p.peek(1) == token.RPAREN && p.adjacent(p.i) {
			break // the "/)" closing an array constructor
		}
		t := &p.toks[p.i]
		if !p.countOp(t.Pos) {
			return p.badExpr()
		}
		p.next()
		var y ast.Expr
		if k == token.POW {
			y = p.parseBinary(op) // right-associative
		} else {
			y = p.parseBinary(op + 1)
		}
		b := p.binarySlab.alloc()
		*b = ast.BinaryExpr{X: x, OpPos: t.Pos, Op: k, OpLit: t.Lit, Y: y}
		x = b
	}
	return x
}

// countOp counts an operator at pos; past MaxOperators in the statement
// it reports a syntax error and returns false.
func (p *parser) countOp(pos source.Pos) bool {
	if p.ops++; p.ops > MaxOperators {
		p.syntaxError(pos, fmt.Sprintf("statement has more than %d operators; split the expression into several statements", MaxOperators))
		return false
	}
	return true
}

// parseOperand parses a primary, possibly under a defined unary operator
// (which binds tightest of all).
func (p *parser) parseOperand() ast.Expr {
	if p.tok() == token.DEFOP {
		t := &p.toks[p.i]
		if !p.countOp(t.Pos) {
			return p.badExpr()
		}
		p.next()
		if p.depth++; p.depth > maxDepth {
			p.depth--
			p.syntaxError(p.pos(), "expression nested too deeply")
			return p.badExpr()
		}
		x := p.parseOperand()
		p.depth--
		return &ast.UnaryExpr{OpPos: t.Pos, Op: token.DEFOP, OpLit: t.Lit, X: x}
	}
	return p.parsePrimary()
}

// parsePrimary parses a literal, a designator or function reference, a
// parenthesised expression, a complex literal, an implied DO or an array
// constructor.
func (p *parser) parsePrimary() ast.Expr {
	switch p.tok() {
	case token.INT, token.REAL, token.STRING, token.LOGICAL, token.BOZ:
		t := &p.toks[p.i]
		p.next()
		lit := p.litSlab.alloc()
		lit.ValuePos, lit.Kind, lit.Value = t.Pos, t.Kind, t.Lit
		if t.Kind == token.STRING && p.tok() == token.LPAREN && p.peek(1) != token.SLASH {
			lp := p.pos()
			p.next()
			return &ast.CallExpr{Fun: lit, Lparen: lp, Args: p.parseArgs()} // 'abc'(2:3)
		}
		return lit
	case token.IDENT:
		t := &p.toks[p.i]
		p.next()
		return p.parsePostfix(p.newIdent(t.Pos, t.Lit))
	case token.LPAREN:
		if p.peek(1) == token.SLASH && p.adjacent(p.i) {
			return p.parseArrayConstructor(false)
		}
		if p.peek(1) == token.CONCAT && p.peek(2) == token.RPAREN && p.adjacent(p.i) && p.adjacent(p.i+1) {
			lp := p.pos()
			p.i += 3
			return &ast.ArrayConstructor{Lbrack: lp} // (//): an empty constructor
		}
		return p.parseParenthesized()
	case token.LBRACK:
		return p.parseArrayConstructor(true)
	}
	p.errorExpected("expression")
	return p.badExpr()
}

// parsePostfix parses the subscripts, argument lists, substrings and
// component selectors after a name.
func (p *parser) parsePostfix(x ast.Expr) ast.Expr {
	for !p.bad {
		switch p.tok() {
		case token.LPAREN:
			lp := p.pos()
			p.next()
			c := p.callSlab.alloc()
			c.Fun, c.Lparen = x, lp
			c.Args = p.parseArgs()
			x = c
		case token.PERCENT:
			p.next()
			x = &ast.SelectorExpr{X: x, Sel: p.ident()}
		default:
			return x
		}
	}
	return x
}

// parseArgs parses an actual argument or subscript list after "(",
// through the closing ")".
func (p *parser) parseArgs() []ast.Expr {
	if p.got(token.RPAREN) {
		return nil
	}
	var args []ast.Expr
	for !p.bad {
		args = append(args, p.parseArg())
		if !p.got(token.COMMA) {
			break
		}
	}
	p.expect(token.RPAREN)
	return args
}

// parseArg parses one actual argument: an expression, a section or
// substring range, name=value, or *label (alternate return).
func (p *parser) parseArg() ast.Expr {
	switch p.tok() {
	case token.IDENT:
		if p.peek(1) == token.ASSIGN {
			name := p.ident()
			p.next()
			var v ast.Expr
			if p.tok() == token.STAR && (p.peek(1) == token.COMMA || p.peek(1) == token.RPAREN) {
				v = &ast.StarExpr{Star: p.pos()}
				p.next()
			} else {
				v = p.parseExpr()
			}
			return &ast.KeywordArg{Name: name, Value: v}
		}
	case token.STAR:
		s := &ast.StarExpr{Star: p.pos()}
		p.next()
		if p.tok() == token.INT {
			s.Label = p.labelValue()
		}
		return s
	case token.COLON, token.DCOLON:
		return p.parseRange(nil)
	}
	x := p.parseExpr()
	if k := p.tok(); k == token.COLON || k == token.DCOLON {
		return p.parseRange(x)
	}
	return x
}

// parseRange parses the rest of lo:hi:stride from the first colon (or "::").
func (p *parser) parseRange(lo ast.Expr) ast.Expr {
	r := &ast.RangeExpr{Lo: lo, Colon: p.pos()}
	if p.got(token.DCOLON) {
		r.Stride = p.parseExpr()
		return r
	}
	p.next() // ":"
	switch p.tok() {
	case token.COMMA, token.RPAREN, token.COLON, token.EOF:
	default:
		r.Hi = p.parseExpr()
	}
	if p.got(token.COLON) {
		r.Stride = p.parseExpr()
	}
	return r
}

// parseParenthesized parses "(" expr ")", a complex literal (re, im) or
// an implied DO (items, var = start, stop[, step]).
func (p *parser) parseParenthesized() ast.Expr {
	lp := p.pos()
	p.next()
	if p.depth++; p.depth > maxDepth {
		p.depth--
		p.syntaxError(p.pos(), "expression nested too deeply")
		return p.badExpr()
	}
	defer func() { p.depth-- }()
	if p.tok() == token.IDENT && p.peek(1) == token.ASSIGN {
		p.errorExpected("expression")
		return p.badExpr()
	}
	x := p.parseExpr()
	if p.got(token.RPAREN) {
		return &ast.ParenExpr{Lparen: lp, X: x}
	}
	if p.tok() != token.COMMA {
		p.errorExpected("')'")
		return x
	}
	items := []ast.Expr{x}
	for !p.bad && p.got(token.COMMA) {
		if p.tok() == token.IDENT && p.peek(1) == token.ASSIGN {
			return p.parseImpliedDoControl(lp, items)
		}
		items = append(items, p.parseExpr())
	}
	if p.bad {
		return x
	}
	if len(items) == 2 {
		p.expect(token.RPAREN)
		return &ast.ComplexLit{Lparen: lp, Re: items[0], Im: items[1]}
	}
	if p.tok() == token.RPAREN {
		p.syntaxError(p.pos(), "expected implied DO control (var = start, stop) before ')'")
	} else {
		p.errorExpected("')'")
	}
	return x
}

// parseImpliedDoControl parses var = start, stop[, step] ")" of an implied DO.
func (p *parser) parseImpliedDoControl(lp source.Pos, items []ast.Expr) ast.Expr {
	d := &ast.ImpliedDo{Lparen: lp, Items: items}
	d.Var = p.ident()
	p.next() // =
	d.Start = p.parseExpr()
	p.expect(token.COMMA)
	d.Stop = p.parseExpr()
	if p.got(token.COMMA) {
		d.Step = p.parseExpr()
	}
	p.expect(token.RPAREN)
	return d
}

// parseArrayConstructor parses (/ ... /) or [ ... ], with an optional
// type spec followed by "::".
func (p *parser) parseArrayConstructor(brackets bool) ast.Expr {
	a := &ast.ArrayConstructor{Lbrack: p.pos(), Brackets: brackets}
	if brackets {
		p.next()
	} else {
		p.i += 2 // ( /
	}
	if p.depth++; p.depth > maxDepth {
		p.depth--
		p.syntaxError(p.pos(), "expression nested too deeply")
		return p.badExpr()
	}
	defer func() { p.depth-- }()
	if p.tok() == token.IDENT && p.typeSpecBefore(p.i, token.DCOLON) {
		a.Type = p.parseTypeSpecOrName()
		p.expect(token.DCOLON)
	}
	closing := func() bool {
		if brackets {
			return p.tok() == token.RBRACK
		}
		return p.tok() == token.SLASH && p.peek(1) == token.RPAREN
	}
	if !closing() {
		for !p.bad {
			a.Items = append(a.Items, p.parseExpr())
			if !p.got(token.COMMA) {
				break
			}
		}
	}
	if p.bad {
		return a
	}
	if !closing() {
		if brackets {
			p.errorExpected("']'")
		} else {
			p.errorExpected("'/)'")
		}
		return a
	}
	if brackets {
		p.next()
	} else {
		p.i += 2
	}
	return a
}

// labelValue parses a statement label (an INT token without kind).
func (p *parser) labelValue() int {
	if p.tok() != token.INT {
		p.errorExpected("statement label")
		return 0
	}
	t := &p.toks[p.i]
	n, err := strconv.Atoi(t.Lit)
	if err != nil || n <= 0 || n > 99999 || strings.IndexByte(t.Lit, '_') >= 0 {
		p.syntaxError(t.Pos, "invalid statement label "+describe(t))
		return 0
	}
	p.next()
	return n
}

// parseLabelRef parses a label used as a value.
func (p *parser) parseLabelRef() *ast.LabelRef {
	pos := p.pos()
	return &ast.LabelRef{LabelPos: pos, Label: p.labelValue()}
}

// isLabelTok reports whether the current token can be a label.
func (p *parser) isLabelTok() bool {
	if p.tok() != token.INT {
		return false
	}
	lit := p.toks[p.i].Lit
	return strings.IndexByte(lit, '_') < 0
}

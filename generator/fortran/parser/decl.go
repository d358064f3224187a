package parser

import (
	"fmt"
	"strings"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/token"
)

// ----------------------------------------------------------------------------
// Type specifications

// skipBalanced returns the index after the ")" matching the "(" at j (or
// len(toks) if it is not closed).
func (p *parser) skipBalanced(j int) int {
	depth := 0
	for ; j < len(p.toks); j++ {
		switch p.toks[j].Kind {
		case token.LPAREN:
			depth++
		case token.RPAREN:
			depth--
			if depth == 0 {
				return j + 1
			}
		}
	}
	return j
}

// skipTypeSpec returns the index after the type spec starting at j, which
// must be a type keyword.
func (p *parser) skipTypeSpec(j int) int {
	id := p.kwOf(j)
	j++
	if id == kwDouble && p.kindAt(j) == token.IDENT {
		return j + 1
	}
	switch p.kindAt(j) {
	case token.STAR:
		j++
		switch p.kindAt(j) {
		case token.INT:
			j++
		case token.LPAREN:
			j = p.skipBalanced(j)
		}
	case token.LPAREN:
		j = p.skipBalanced(j)
	}
	return j
}

// typeSpecBefore reports whether a type spec, or a bare derived type name,
// starts at token j and is followed by a token of kind k ("::" in
// [real(8) :: ...] and ALLOCATE(real(8) :: x)).
func (p *parser) typeSpecBefore(j int, k token.Kind) bool {
	if p.kindAt(j) != token.IDENT {
		return false
	}
	if p.kindAt(j+1) == k {
		return true
	}
	if !p.isTypeStart(j) {
		return false
	}
	return p.kindAt(p.skipTypeSpec(j)) == k
}

// parseTypeSpecOrName parses a type spec or a derived type name standing
// alone (as in [point :: ...]).
func (p *parser) parseTypeSpecOrName() *ast.TypeSpec {
	if p.isTypeStart(p.i) && (p.peek(1) != token.DCOLON || p.kwOf(p.i) != kwType && p.kwOf(p.i) != kwClass) {
		return p.parseTypeSpec(false)
	}
	name := p.ident()
	return &ast.TypeSpec{TypePos: name.NamePos, Kind: ast.Derived, Name: name}
}

// parseTypeSpec parses an intrinsic type spec with its kind or length
// selector, or TYPE(name) / CLASS(name). In an IMPLICIT statement
// (implicit set) a parenthesis that is not followed by another one is the
// letter list, not a kind selector.
func (p *parser) parseTypeSpec(implicit bool) *ast.TypeSpec {
	ts := &ast.TypeSpec{TypePos: p.pos()}
	switch p.kwOf(p.i) {
	case kwInteger:
		ts.Kind = ast.Integer
	case kwReal:
		ts.Kind = ast.Real
	case kwComplex:
		ts.Kind = ast.Complex
	case kwLogical:
		ts.Kind = ast.Logical
	case kwCharacter:
		ts.Kind = ast.Character
	case kwDoublePrecision:
		ts.Kind = ast.DoublePrecision
	case kwDoubleComplex:
		ts.Kind = ast.DoubleComplex
	case kwDouble:
		p.next()
		switch {
		case p.isKw("precision"):
			ts.Kind = ast.DoublePrecision
		case p.isKw("complex"):
			ts.Kind = ast.DoubleComplex
		default:
			p.errorExpected("PRECISION or COMPLEX")
			return ts
		}
	case kwType:
		ts.Kind = ast.Derived
	case kwClass:
		ts.Kind = ast.Class
	default:
		p.errorExpected("type")
		return ts
	}
	p.next()
	switch ts.Kind {
	case ast.Derived, ast.Class:
		p.expect(token.LPAREN)
		if ts.Kind == ast.Class && p.tok() == token.STAR {
			ts.Name = &ast.Ident{NamePos: p.pos(), Name: "*"}
			p.next()
		} else {
			ts.Name = p.ident()
		}
		p.expect(token.RPAREN)
		return ts
	case ast.DoublePrecision, ast.DoubleComplex:
		return ts
	}
	switch p.tok() {
	case token.STAR:
		p.next()
		ts.Star = p.parseStarLen()
	case token.LPAREN:
		if implicit && p.kindAt(p.skipBalanced(p.i)) != token.LPAREN {
			return ts // IMPLICIT REAL (A-H)
		}
		p.next()
		if ts.Kind == ast.Character {
			p.parseCharSelector(ts)
			return ts
		}
		if p.isKw("kind") && p.peek(1) == token.ASSIGN {
			p.i += 2
			ts.KindKeyword = true
		}
		ts.KindSel = p.parseExpr()
		p.expect(token.RPAREN)
	}
	return ts
}

// parseStarLen parses what follows the "*" of real*8, character*10,
// character*(*) or c*(n): an INT literal, a StarExpr for (*), a ColonLen
// for (:), or a ParenExpr for (expr).
func (p *parser) parseStarLen() ast.Expr {
	switch p.tok() {
	case token.INT:
		t := &p.toks[p.i]
		p.next()
		return &ast.BasicLit{ValuePos: t.Pos, Kind: token.INT, Value: t.Lit}
	case token.LPAREN:
		lp := p.pos()
		p.next()
		var x ast.Expr
		switch {
		case p.tok() == token.STAR && p.peek(1) == token.RPAREN:
			x = &ast.StarExpr{Star: p.pos()}
			p.next()
		case p.tok() == token.COLON && p.peek(1) == token.RPAREN:
			x = &ast.ColonLen{Colon: p.pos()}
			p.next()
		default:
			x = &ast.ParenExpr{Lparen: lp, X: p.parseExpr()}
		}
		p.expect(token.RPAREN)
		return x
	}
	p.errorExpected("length")
	return p.badExpr()
}

// parseCharSelector parses (len), (len=..., kind=...), (*), (:) after "(".
func (p *parser) parseCharSelector(ts *ast.TypeSpec) {
	for n := 0; !p.bad; n++ {
		isLen := n == 0
		if p.tok() == token.IDENT && p.peek(1) == token.ASSIGN {
			switch {
			case p.isKw("len"):
				isLen = true
				ts.LenKeyword = true
			case p.isKw("kind"):
				isLen = false
				ts.KindKeyword = true
			default:
				p.errorExpected("LEN= or KIND=")
				return
			}
			p.i += 2
		} else if n > 1 {
			p.errorExpected("')'")
			return
		}
		var x ast.Expr
		switch {
		case isLen && p.tok() == token.STAR && (p.peek(1) == token.RPAREN || p.peek(1) == token.COMMA):
			x = &ast.StarExpr{Star: p.pos()}
			p.next()
		case isLen && p.tok() == token.COLON:
			x = &ast.ColonLen{Colon: p.pos()}
			p.next()
		default:
			x = p.parseExpr()
		}
		if isLen {
			ts.Len = x
		} else {
			ts.KindSel = x
		}
		if !p.got(token.COMMA) {
			break
		}
	}
	p.expect(token.RPAREN)
}

// ----------------------------------------------------------------------------
// Type declarations, attributes and entities

// parseTypeDecl parses type [, attr]... [::] entity, ...
func (p *parser) parseTypeDecl(hdr ast.StmtHeader) *ast.TypeDecl {
	d := &ast.TypeDecl{StmtHeader: hdr, Type: p.parseTypeSpec(false)}
	for !p.bad && p.got(token.COMMA) {
		d.Attrs = append(d.Attrs, p.parseAttr(false))
	}
	if p.got(token.DCOLON) {
		d.DColon = true
	}
	for !p.bad {
		d.Entities = append(d.Entities, p.parseEntity(true))
		if !p.got(token.COMMA) {
			break
		}
	}
	return d
}

// parseAttr parses one attribute of a type declaration (stmt false) or
// the attribute that starts an attribute statement (stmt true: DIMENSION
// then has no array spec of its own).
func (p *parser) parseAttr(stmt bool) *ast.Attr {
	a := &ast.Attr{AttrPos: p.pos()}
	if p.tok() != token.IDENT {
		p.errorExpected("attribute")
		return a
	}
	k, ok := lookupAttr(p.lit())
	if !ok {
		p.errorExpected("attribute")
		return a
	}
	a.Kind = k
	switch k {
	case ast.AttrDimension:
		p.next()
		if !stmt {
			a.Dims = p.parseDims()
		}
	case ast.AttrIntent:
		p.next()
		p.expect(token.LPAREN)
		switch {
		case p.isKw("in"):
			p.next()
			a.Intent = ast.IntentIn
			if p.gotKw("out") {
				a.Intent = ast.IntentInOut
			}
		case p.isKw("out"):
			p.next()
			a.Intent = ast.IntentOut
		case p.isKw("inout"):
			p.next()
			a.Intent = ast.IntentInOut
		default:
			p.errorExpected("IN, OUT or INOUT")
		}
		p.expect(token.RPAREN)
	case ast.AttrBind:
		a.Bind = p.parseBind()
	default:
		p.next()
	}
	return a
}

// lookupAttr looks an attribute name up regardless of case.
func lookupAttr(s string) (ast.AttrKind, bool) {
	if len(s) > maxKwLen {
		return 0, false
	}
	var buf [maxKwLen]byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		buf[i] = c
	}
	k, ok := attrKinds[string(buf[:len(s)])]
	return k, ok
}

var attrKinds = func() map[string]ast.AttrKind {
	m := map[string]ast.AttrKind{}
	for k := ast.AttrDimension; k <= ast.AttrBind; k++ {
		m[k.String()] = k
	}
	return m
}()

// parseBind parses BIND(C[, NAME=expr]) at the BIND keyword.
func (p *parser) parseBind() *ast.Bind {
	b := &ast.Bind{BindPos: p.pos()}
	p.next()
	p.expect(token.LPAREN)
	if !p.gotKw("c") {
		p.errorExpected("C")
		return b
	}
	if p.got(token.COMMA) {
		if !p.gotKw("name") {
			p.errorExpected("NAME=")
			return b
		}
		p.expect(token.ASSIGN)
		b.Name = p.parseExpr()
	}
	p.expect(token.RPAREN)
	return b
}

// parseDims parses an array spec in parentheses.
func (p *parser) parseDims() []*ast.Dim {
	p.expect(token.LPAREN)
	var dims []*ast.Dim
	for !p.bad {
		d := &ast.Dim{}
		switch p.tok() {
		case token.STAR:
			d.Hi = &ast.StarExpr{Star: p.pos()}
			p.next()
		case token.COLON:
			d.Colon = true
			p.next()
		default:
			x := p.parseExpr()
			if p.got(token.COLON) {
				d.Colon = true
				d.Lo = x
				switch p.tok() {
				case token.STAR:
					d.Hi = &ast.StarExpr{Star: p.pos()}
					p.next()
				case token.COMMA, token.RPAREN:
				default:
					d.Hi = p.parseExpr()
				}
			} else {
				d.Hi = x
			}
		}
		dims = append(dims, d)
		if !p.got(token.COMMA) {
			break
		}
		if len(dims) == MaxRank {
			p.syntaxError(p.pos(), fmt.Sprintf("array has more than %d dimensions", MaxRank))
		}
	}
	p.expect(token.RPAREN)
	return dims
}

// MaxRank is the largest rank of an array (Fortran 2008, and gfortran).
const MaxRank = 15

// parseEntity parses name [(dims)] [*len] [= init | => init]; init only
// in a type declaration (decl).
func (p *parser) parseEntity(decl bool) *ast.Entity {
	e := &ast.Entity{Name: p.ident()}
	if p.tok() == token.LPAREN {
		e.Dims = p.parseDims()
	}
	if decl && p.tok() == token.STAR {
		p.next()
		e.CharLen = p.parseStarLen()
		if e.Dims == nil && p.tok() == token.LPAREN {
			e.Dims = p.parseDims() // c*8(10), an old spelling
		}
	}
	if decl {
		switch p.tok() {
		case token.ASSIGN:
			p.next()
			e.Init = p.parseExpr()
		case token.ARROW:
			p.next()
			e.Pointer = true
			e.Init = p.parseExpr()
		}
	}
	return e
}

// parseGenericName parses OPERATOR(op) or ASSIGNMENT(=) into an Ident
// named as written ("operator(+)"), or a plain name.
func (p *parser) parseGenericName() *ast.Ident {
	if (p.isKw("operator") || p.isKw("assignment")) && p.peek(1) == token.LPAREN {
		t := &p.toks[p.i]
		p.i += 2
		op := ""
		if p.tok() != token.RPAREN && p.tok() != token.EOF {
			op = p.toks[p.i].Lit
			if op == "" {
				op = p.tok().String()
			}
			p.next()
		} else {
			p.errorExpected("operator")
		}
		p.expect(token.RPAREN)
		return &ast.Ident{NamePos: t.Pos, Name: t.Lit + "(" + op + ")"}
	}
	return p.ident()
}

// parseProcDecl parses PROCEDURE([iface]) [, attrs] [::] names [=> init].
func (p *parser) parseProcDecl(hdr ast.StmtHeader) ast.Stmt {
	d := &ast.ProcDecl{StmtHeader: hdr}
	p.next()
	p.expect(token.LPAREN)
	if p.tok() != token.RPAREN {
		if p.isTypeStart(p.i) && (p.peek(1) == token.LPAREN || p.peek(1) == token.STAR || p.peek(1) == token.RPAREN) {
			p.notSupported(p.pos(), "PROCEDURE declaration with a type instead of an interface")
			return nil
		}
		d.Interface = p.ident()
	}
	p.expect(token.RPAREN)
	for !p.bad && p.got(token.COMMA) {
		d.Attrs = append(d.Attrs, p.parseAttr(false))
	}
	if p.got(token.DCOLON) {
		d.DColon = true
	}
	for !p.bad {
		e := &ast.Entity{Name: p.ident()}
		if p.got(token.ARROW) {
			e.Pointer = true
			e.Init = p.parseExpr()
		}
		d.Entities = append(d.Entities, e)
		if !p.got(token.COMMA) {
			break
		}
	}
	return d
}

// parseImport parses IMPORT [[::] names] (Fortran 2003).
func (p *parser) parseImport(hdr ast.StmtHeader) ast.Stmt {
	s := &ast.ImportStmt{StmtHeader: hdr}
	p.next()
	if p.tok() == token.COMMA {
		p.notSupported(p.pos(), "IMPORT with ONLY, NONE or ALL")
		return nil
	}
	if p.got(token.DCOLON) {
		s.DColon = true
	}
	for !p.bad && p.tok() != token.EOF {
		s.Names = append(s.Names, p.ident())
		if !p.got(token.COMMA) {
			break
		}
	}
	return s
}

// parseAttrStmt parses an attribute statement: DIMENSION a(10), SAVE,
// INTENT(IN) :: x, PUBLIC :: operator(+), SAVE /blk/, ...
func (p *parser) parseAttrStmt(hdr ast.StmtHeader) ast.Stmt {
	s := &ast.AttrStmt{StmtHeader: hdr, Attr: p.parseAttr(true)}
	if s.Attr.Kind == ast.AttrPointer && p.tok() == token.LPAREN {
		p.notSupported(p.pos(), "Cray POINTER statement")
		return s
	}
	if p.got(token.DCOLON) {
		s.DColon = true
	}
	if p.tok() == token.EOF {
		switch s.Attr.Kind {
		case ast.AttrSave, ast.AttrPublic, ast.AttrPrivate:
		default:
			p.errorExpected("name")
		}
		return s
	}
	for !p.bad {
		switch {
		case p.tok() == token.SLASH:
			pos := p.pos()
			p.next()
			name := p.ident()
			p.expect(token.SLASH)
			s.Entities = append(s.Entities, &ast.Entity{Name: &ast.Ident{NamePos: pos, Name: "/" + name.Name + "/"}})
		case (s.Attr.Kind == ast.AttrPublic || s.Attr.Kind == ast.AttrPrivate) && p.tok() == token.IDENT:
			s.Entities = append(s.Entities, &ast.Entity{Name: p.parseGenericName()})
		default:
			s.Entities = append(s.Entities, p.parseEntity(false))
		}
		if !p.got(token.COMMA) {
			break
		}
	}
	return s
}

// parseParameter parses PARAMETER (name = value, ...).
func (p *parser) parseParameter(hdr ast.StmtHeader) ast.Stmt {
	s := &ast.ParameterStmt{StmtHeader: hdr}
	p.next()
	p.expect(token.LPAREN)
	for !p.bad {
		e := &ast.Entity{Name: p.ident()}
		p.expect(token.ASSIGN)
		e.Init = p.parseExpr()
		s.Entities = append(s.Entities, e)
		if !p.got(token.COMMA) {
			break
		}
	}
	p.expect(token.RPAREN)
	return s
}

// parseImplicit parses IMPLICIT NONE or IMPLICIT type (letters), ...
func (p *parser) parseImplicit(hdr ast.StmtHeader) ast.Stmt {
	s := &ast.ImplicitStmt{StmtHeader: hdr}
	p.next()
	if p.gotKw("none") {
		s.None = true
		if p.tok() == token.LPAREN {
			p.notSupported(p.pos(), "IMPLICIT NONE with a specifier list")
		}
		return s
	}
	for !p.bad {
		if !p.isTypeStart(p.i) {
			p.errorExpected("NONE or a type")
			return s
		}
		r := &ast.ImplicitRule{Type: p.parseTypeSpec(true)}
		p.expect(token.LPAREN)
		for !p.bad {
			from := p.letter()
			to := from
			if p.got(token.MINUS) {
				to = p.letter()
				if to < from && !p.bad {
					p.syntaxError(p.toks[p.i-1].Pos, "letter range out of order")
				}
			}
			r.Ranges = append(r.Ranges, ast.LetterRange{From: from, To: to})
			if !p.got(token.COMMA) {
				break
			}
		}
		p.expect(token.RPAREN)
		s.Rules = append(s.Rules, r)
		if !p.got(token.COMMA) {
			break
		}
	}
	return s
}

// letter parses a single letter of an IMPLICIT range (lower case).
func (p *parser) letter() byte {
	if p.tok() == token.IDENT && len(p.lit()) == 1 {
		c := p.lit()[0] | 0x20
		if 'a' <= c && c <= 'z' {
			p.next()
			return c
		}
	}
	p.errorExpected("letter")
	return 'a'
}

// parseUse parses USE [, nature ::] module [, ONLY: list | , renames].
func (p *parser) parseUse(hdr ast.StmtHeader) ast.Stmt {
	s := &ast.UseStmt{StmtHeader: hdr}
	p.next()
	if p.got(token.COMMA) {
		switch {
		case p.isKw("intrinsic"):
			s.Nature = "intrinsic"
		case p.isKw("non_intrinsic"):
			s.Nature = "non_intrinsic"
		default:
			p.errorExpected("INTRINSIC or NON_INTRINSIC")
			return s
		}
		p.next()
		p.expect(token.DCOLON)
	} else {
		p.got(token.DCOLON)
	}
	s.Module = p.ident()
	if !p.got(token.COMMA) {
		return s
	}
	if p.isKw("only") && p.peek(1) == token.COLON {
		p.i += 2
		s.Only = true
		if p.tok() == token.EOF {
			return s
		}
	}
	for !p.bad {
		it := &ast.UseItem{Name: p.parseGenericName()}
		if p.got(token.ARROW) {
			it.Local = it.Name
			it.Name = p.parseGenericName()
		} else if !s.Only && !p.bad {
			p.errorExpected("'=>'")
		}
		s.Items = append(s.Items, it)
		if !p.got(token.COMMA) {
			break
		}
	}
	return s
}

// parseCommon parses COMMON [/name/] list [[,] /name/ list]... and, with
// namelist set, NAMELIST /group/ list ...
func (p *parser) parseCommon(namelist bool) []*ast.CommonBlock {
	p.next()
	var blocks []*ast.CommonBlock
	var cur *ast.CommonBlock
	for !p.bad {
		switch p.tok() {
		case token.SLASH:
			cur = &ast.CommonBlock{NamePos: p.pos()}
			p.next()
			if namelist || p.tok() != token.SLASH {
				cur.Name = p.ident()
			}
			p.expect(token.SLASH)
			blocks = append(blocks, cur)
		case token.CONCAT:
			if namelist {
				p.errorExpected("group name")
				return blocks
			}
			cur = &ast.CommonBlock{NamePos: p.pos()}
			p.next()
			blocks = append(blocks, cur)
		default:
			if cur != nil {
				p.errorExpected("'/'")
				return blocks
			}
			if namelist {
				p.errorExpected("'/'")
				return blocks
			}
			cur = &ast.CommonBlock{NamePos: p.pos()}
			blocks = append(blocks, cur)
		}
		for !p.bad {
			if namelist {
				cur.Entities = append(cur.Entities, &ast.Entity{Name: p.ident()})
			} else {
				cur.Entities = append(cur.Entities, p.parseEntity(false))
			}
			if !p.got(token.COMMA) {
				break
			}
			if k := p.tok(); k == token.SLASH || k == token.CONCAT {
				break
			}
		}
		if k := p.tok(); k != token.SLASH && k != token.CONCAT {
			break
		}
	}
	return blocks
}

// parseData parses DATA objects /values/ [[,] objects /values/]...
func (p *parser) parseData(hdr ast.StmtHeader) ast.Stmt {
	s := &ast.DataStmt{StmtHeader: hdr}
	p.next()
	for !p.bad {
		set := &ast.DataSet{}
		for !p.bad {
			switch p.tok() {
			case token.LPAREN:
				set.Objects = append(set.Objects, p.parseParenthesized())
			case token.IDENT:
				set.Objects = append(set.Objects, p.parsePrimary())
			default:
				p.errorExpected("DATA object")
			}
			if !p.got(token.COMMA) {
				break
			}
		}
		if p.tok() == token.CONCAT {
			p.errorExpected("DATA values")
			return s
		}
		p.expect(token.SLASH)
		for !p.bad {
			set.Values = append(set.Values, p.parseDataValue())
			if !p.got(token.COMMA) {
				break
			}
		}
		p.expect(token.SLASH)
		s.Sets = append(s.Sets, set)
		if p.tok() == token.EOF {
			break
		}
		p.got(token.COMMA)
	}
	return s
}

// parseDataValue parses [repeat*]constant of a DATA statement. Values
// are parsed as signed primaries: "/" ends the list, it is no division.
func (p *parser) parseDataValue() *ast.DataValue {
	v := &ast.DataValue{}
	if k := p.tok(); (k == token.INT || k == token.IDENT) && p.peek(1) == token.STAR {
		t := &p.toks[p.i]
		if k == token.INT {
			v.Repeat = &ast.BasicLit{ValuePos: t.Pos, Kind: token.INT, Value: t.Lit}
		} else {
			v.Repeat = &ast.Ident{NamePos: t.Pos, Name: t.Lit}
		}
		p.i += 2
	}
	v.Value = p.parseSignedPrimary()
	return v
}

// parseSignedPrimary parses [+|-] primary.
func (p *parser) parseSignedPrimary() ast.Expr {
	if k := p.tok(); k == token.PLUS || k == token.MINUS {
		t := &p.toks[p.i]
		p.next()
		return &ast.UnaryExpr{OpPos: t.Pos, Op: k, OpLit: t.Lit, X: p.parsePrimary()}
	}
	return p.parsePrimary()
}

// parseEquivalence parses EQUIVALENCE (a, b(1)), (c, d).
func (p *parser) parseEquivalence(hdr ast.StmtHeader) ast.Stmt {
	s := &ast.EquivalenceStmt{StmtHeader: hdr}
	p.next()
	for !p.bad {
		p.expect(token.LPAREN)
		var set []ast.Expr
		for !p.bad {
			set = append(set, p.parseExpr())
			if !p.got(token.COMMA) {
				break
			}
		}
		p.expect(token.RPAREN)
		s.Sets = append(s.Sets, set)
		if !p.got(token.COMMA) {
			break
		}
	}
	return s
}

// upper returns s in upper case (for messages).
func upper(s string) string { return strings.ToUpper(s) }

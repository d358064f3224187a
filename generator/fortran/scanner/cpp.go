package scanner

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/fadj-dev/fadj/generator/diag"
	"github.com/fadj-dev/fadj/generator/fortran/token"
	"github.com/fadj-dev/fadj/generator/source"
)

// macro is an object-like preprocessor macro.
type macro struct {
	name  string
	value string
	toks  []token.Token // value scanned as Fortran tokens (Pos unset)
	// bad is the first problem found scanning the value of a macro of
	// Config.Defines, which has no place in the file: it is reported
	// where the macro is used, once (reported).
	bad      string
	reported bool
	// fn marks a function-like macro, of parameters params (cpp_func.go).
	fn     bool
	params []string
}

const (
	maxExpandDepth = 64
	maxExpandToks  = 1 << 16 // tokens one statement's macros may expand to
)

// expand appends the tokens of m's value, each at pos, expanding the
// macros named in it except those being expanded.
func (s *scanner) expand(m *macro, pos source.Pos, depth int) {
	sh := s.shared
	if len(sh.toks)-sh.tokStart+len(m.toks) > maxExpandToks {
		if !sh.tooBig {
			s.errs.Add(s.file.Position(pos), "macro expansion too large")
			sh.tooBig = true
		}
		return
	}
	if m.bad != "" && !m.reported {
		m.reported = true
		s.errs.Add(s.file.Position(pos), fmt.Sprintf("in the value of %s, defined by -D or the spec's defines: %s", m.name, m.bad))
	}
	sh.hide = append(sh.hide, m.name)
	for _, t := range m.toks {
		if t.Kind == token.IDENT && depth < maxExpandDepth {
			if m2 := sh.defines[t.Lit]; m2 != nil && !hidden(sh.hide, t.Lit) {
				if m2.fn { // its arguments follow (cpp_func.go)
					sh.fnPending = true
					sh.appendTok(t.Kind, pos, t.Lit)
					continue
				}
				s.expand(m2, pos, depth+1)
				continue
			}
		}
		sh.appendTok(t.Kind, pos, t.Lit)
	}
	sh.hide = sh.hide[:len(sh.hide)-1]
}

// fileLine returns the token cpp puts for __FILE__ (the file's name as a
// character constant) or __LINE__ (the line number) at pos.
func (s *scanner) fileLine(name string, pos source.Pos) (token.Kind, string, bool) {
	switch name {
	case "__FILE__":
		return token.STRING, "'" + strings.ReplaceAll(s.file.Name(), "'", "''") + "'", true
	case "__LINE__":
		return token.INT, strconv.Itoa(s.file.Position(pos).Line), true
	}
	return 0, "", false
}

func hidden(hide []string, name string) bool {
	for _, h := range hide {
		if h == name {
			return true
		}
	}
	return false
}

// scanValue scans a macro value into Fortran tokens; errors are reported
// at offset errOff of the file s.
func (s *scanner) scanValue(value string, errOff int) []token.Token {
	lx := lexer{
		sc:     s,
		text:   []byte(value),
		str:    value,
		segs:   []seg{{b: 0, s: 0, n: len(value)}},
		errOff: errOff,
	}
	var toks []token.Token
	t := lx.text
	for i := 0; i < len(t); {
		c := t[i]
		if isBlank(c) || c == ';' {
			i++
			continue
		}
		if c == '!' {
			break
		}
		kind, e := lx.next(i)
		if kind != token.ILLEGAL {
			toks = append(toks, token.Token{Kind: kind, Lit: value[i:e]})
		}
		i = e
	}
	return toks
}

func (sh *shared) setMacro(s *scanner, name, value string, errOff int) {
	if sh.defines == nil {
		sh.defines = make(map[string]*macro)
	}
	sh.defines[name] = &macro{name: name, value: value, toks: s.scanValue(value, errOff)}
}

// defineFromConfig defines a macro of Config.Defines.
func (sh *shared) defineFromConfig(file *source.File, name, value string) {
	s := newScanner(sh, file, nil, 0)
	if k := macroName(name); k == 0 || k != len(name) {
		if k > 0 && name[k] == '(' {
			sh.errs.Add(source.Position{Filename: file.Name()}, "not supported: function-like macro "+name[:k])
		} else {
			sh.errs.Add(source.Position{Filename: file.Name()}, fmt.Sprintf("invalid macro name %q", name))
		}
		return
	}
	// Errors in the value are kept for the first use of the macro: at
	// the top of the file they would point at a line that does not
	// hold the value, and an unused macro is no error.
	errs := sh.errs
	var bad diag.List
	sh.errs = &bad
	sh.setMacro(s, name, value, 0)
	sh.errs = errs
	if len(bad) > 0 {
		sh.defines[name].bad = bad[0].Msg
	}
}

// macroName returns the length of the identifier at the start of s.
func macroName(s string) int {
	if s == "" || !(isLetter(s[0]) || s[0] == '_') {
		return 0
	}
	k := 1
	for k < len(s) && (isLetter(s[k]) || isDigit(s[k]) || s[k] == '_') {
		k++
	}
	return k
}

func (s *scanner) setSkipping() {
	s.skipping = len(s.conds) > 0 && !s.conds[len(s.conds)-1].active
}

// directive handles the preprocessor line src[ls:le] ('#' at ls); next is
// the offset of the following line. It returns the offset of the line
// after the directive, which may have been continued with '\'.
func (s *scanner) directive(ls, le, next int) int {
	line := s.str[ls+1 : le]
	if strings.HasSuffix(line, "\\") {
		var b strings.Builder
		for {
			b.WriteString(line[:len(line)-1])
			if next >= len(s.src) {
				break
			}
			e := strings.IndexByte(s.str[next:], '\n')
			nl := len(s.str)
			if e >= 0 {
				nl = next + e
			}
			line = strings.TrimSuffix(s.str[next:nl], "\r")
			next = min(nl+1, len(s.src))
			if !strings.HasSuffix(line, "\\") {
				b.WriteString(line)
				break
			}
		}
		line = b.String()
	}
	line = stripCComments(line)
	i := 0
	for i < len(line) && isBlank(line[i]) {
		i++
	}
	j := i
	for j < len(line) && isIdent(line[j]) {
		j++
	}
	name := line[i:j]
	rest := strings.TrimSpace(line[j:])

	switch name {
	case "if", "ifdef", "ifndef":
		c := cond{off: ls, name: name}
		if s.skipping {
			c.taken = true
		} else {
			var v bool
			switch name {
			case "if":
				v = s.evalIf(rest, ls, "#if")
			default:
				k := macroName(rest)
				if k == 0 {
					s.errorAt(ls, "no macro name given in #"+name+" directive")
				}
				v = s.defines[rest[:k]] != nil
				if name == "ifndef" {
					v = !v
				}
			}
			c.active, c.taken = v, v
		}
		s.conds = append(s.conds, c)
		s.setSkipping()
		return next
	case "elif", "else", "endif":
		if len(s.conds) == 0 {
			s.errorAt(ls, "#"+name+" without #if")
			return next
		}
		c := &s.conds[len(s.conds)-1]
		switch name {
		case "elif":
			if c.sawElse {
				s.errorAt(ls, "#elif after #else")
				c.active = false
				break
			}
			if c.taken {
				c.active = false
				break
			}
			v := s.evalIf(rest, ls, "#elif")
			c.active, c.taken = v, v
		case "else":
			if c.sawElse {
				s.errorAt(ls, "#else after #else")
				c.active = false
				break
			}
			c.sawElse = true
			c.active = !c.taken
			c.taken = true
		case "endif":
			s.conds = s.conds[:len(s.conds)-1]
		}
		s.setSkipping()
		return next
	}
	if s.skipping {
		return next
	}
	switch name {
	case "":
		if rest != "" {
			f := strings.Fields(rest)[0]
			s.errorAt(ls, "not supported: preprocessor directive #"+f)
		}
	case "define":
		k := macroName(rest)
		if k == 0 {
			if rest == "" {
				s.errorAt(ls, "no macro name given in #define directive")
			} else {
				s.errorAt(ls, "macro names must be identifiers")
			}
			break
		}
		mname := rest[:k]
		if k < len(rest) && rest[k] == '(' {
			off := ls
			if d := strings.Index(s.str[ls:le], "define"); d >= 0 {
				if p := strings.Index(s.str[ls+d+6:le], mname); p >= 0 {
					off = ls + d + 6 + p
				}
			}
			s.defineFunction(mname, rest[k:], off) // cpp_func.go
			break
		}
		s.flushForDefine()
		s.setMacro(s, mname, strings.TrimSpace(rest[k:]), ls)
	case "undef":
		k := macroName(rest)
		if k == 0 {
			s.errorAt(ls, "no macro name given in #undef directive")
			break
		}
		s.flushForDefine()
		delete(s.defines, rest[:k])
	case "include":
		fname, ok := "", false
		if len(rest) >= 2 {
			switch rest[0] {
			case '"':
				if k := strings.IndexByte(rest[1:], '"'); k >= 0 {
					fname, ok = rest[1:1+k], true
				}
			case '<':
				if k := strings.IndexByte(rest[1:], '>'); k >= 0 {
					fname, ok = rest[1:1+k], true
				}
			}
		}
		if !ok {
			s.errorAt(ls, "#include expects \"FILENAME\" or <FILENAME>")
			break
		}
		if s.open && !s.fixed {
			s.errorAt(ls, "#include inside a continued statement")
		}
		s.flush()
		s.include(fname, ls)
	case "error":
		msg := "#error"
		if rest != "" {
			msg += " " + rest
		}
		s.errorAt(ls, msg)
	default:
		s.errorAt(ls, "not supported: preprocessor directive #"+name)
	}
	return next
}

// flushForDefine: in fixed form, a statement is scanned when the next
// initial line shows it has no more continuation lines; a #define or
// #undef after it must not change it, so it is scanned first.
func (s *scanner) flushForDefine() {
	if s.fixed {
		s.flush()
	}
}

// stripCComments removes /* ... */ comments outside quotes.
func stripCComments(line string) string {
	if !strings.Contains(line, "/*") {
		return line
	}
	var b strings.Builder
	var quote byte
	for i := 0; i < len(line); i++ {
		c := line[i]
		if quote != 0 {
			if c == quote {
				quote = 0
			}
			b.WriteByte(c)
			continue
		}
		if c == '"' || c == '\'' {
			quote = c
			b.WriteByte(c)
			continue
		}
		if c == '/' && i+1 < len(line) && line[i+1] == '*' {
			k := strings.Index(line[i+2:], "*/")
			b.WriteByte(' ')
			if k < 0 {
				break
			}
			i += 2 + k + 1
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}

// #if expressions

type ppTok struct {
	kind byte // 'n' number, 'i' identifier, 'o' operator
	text string
	val  int64
}

type ppError string

// evalIf evaluates the expression of #if or #elif at offset off.
func (s *scanner) evalIf(expr string, off int, what string) bool {
	toks, err := ppTokenize(expr)
	if err == "" {
		toks, err = s.ppExpand(toks, nil, 0)
	}
	if err == "" && len(toks) == 0 {
		err = ppError(what + " with no expression")
	}
	if err != "" {
		s.errorAt(off, string(err))
		return false
	}
	p := ppParser{toks: toks, what: what}
	v := p.expr(0, true)
	if p.err == "" && p.i < len(p.toks) {
		p.fail("missing binary operator before " + p.toks[p.i].text)
	}
	if p.err != "" {
		s.errorAt(off, string(p.err))
		return false
	}
	return v != 0
}

func ppTokenize(expr string) ([]ppTok, ppError) {
	var toks []ppTok
	for i := 0; i < len(expr); {
		c := expr[i]
		switch {
		case isBlank(c):
			i++
		case isLetter(c) || c == '_':
			j := i + 1
			for j < len(expr) && (isIdent(expr[j]) && expr[j] != '$') {
				j++
			}
			toks = append(toks, ppTok{kind: 'i', text: expr[i:j]})
			i = j
		case isDigit(c):
			j := i
			for j < len(expr) && (isLetter(expr[j]) || isDigit(expr[j])) {
				j++
			}
			v, ok := ppNumber(expr[i:j])
			if !ok {
				return nil, ppError("invalid integer constant " + expr[i:j] + " in #if")
			}
			toks = append(toks, ppTok{kind: 'n', text: expr[i:j], val: v})
			i = j
		default:
			op := ""
			if i+1 < len(expr) {
				switch two := expr[i : i+2]; two {
				case "&&", "||", "==", "!=", "<=", ">=", "<<", ">>":
					op = two
				}
			}
			if op == "" {
				if !strings.ContainsRune("!~*/%+-<>&^|()", rune(c)) {
					return nil, ppError(fmt.Sprintf("token %q is not valid in preprocessor expressions", string(c)))
				}
				op = expr[i : i+1]
			}
			toks = append(toks, ppTok{kind: 'o', text: op})
			i += len(op)
		}
	}
	return toks, ""
}

func ppNumber(s string) (int64, bool) {
	s = strings.TrimRight(s, "uUlL")
	base := int64(10)
	switch {
	case len(s) > 2 && (s[:2] == "0x" || s[:2] == "0X"):
		base, s = 16, s[2:]
	case len(s) > 1 && s[0] == '0':
		base, s = 8, s[1:]
	}
	if s == "" {
		return 0, false
	}
	var v int64
	for _, c := range []byte(s) {
		var d int64
		switch {
		case '0' <= c && c <= '9':
			d = int64(c - '0')
		case 'a' <= c && c <= 'f':
			d = int64(c-'a') + 10
		case 'A' <= c && c <= 'F':
			d = int64(c-'A') + 10
		default:
			return 0, false
		}
		if d >= base {
			return 0, false
		}
		v = v*base + d
	}
	return v, true
}

// ppExpand replaces defined(NAME) by 0 or 1 and macros by their values.
func (s *scanner) ppExpand(toks []ppTok, hide []string, depth int) ([]ppTok, ppError) {
	var out []ppTok
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		if t.kind != 'i' {
			out = append(out, t)
			continue
		}
		if t.text == "defined" {
			j := i + 1
			paren := j < len(toks) && toks[j].kind == 'o' && toks[j].text == "("
			if paren {
				j++
			}
			if j >= len(toks) || toks[j].kind != 'i' {
				return nil, "operator \"defined\" requires an identifier"
			}
			v := int64(0)
			if s.defines[toks[j].text] != nil {
				v = 1
			}
			if paren {
				j++
				if j >= len(toks) || toks[j].text != ")" {
					return nil, "missing ')' after \"defined\""
				}
			}
			out = append(out, ppTok{kind: 'n', text: fmt.Sprint(v), val: v})
			i = j
			continue
		}
		if m := s.defines[t.text]; m != nil && !hidden(hide, t.text) && depth < maxExpandDepth {
			if m.fn {
				return nil, ppError("not supported: function-like macro " + t.text + " in #if")
			}
			if len(out) > maxExpandToks {
				return nil, "macro expansion too large in #if"
			}
			vt, err := ppTokenize(m.value)
			if err == "" {
				vt, err = s.ppExpand(vt, append(hide, t.text), depth+1)
			}
			if err != "" {
				return nil, err
			}
			if len(out)+len(vt) > maxExpandToks {
				return nil, "macro expansion too large in #if"
			}
			out = append(out, vt...)
			continue
		}
		out = append(out, t)
	}
	return out, ""
}

type ppParser struct {
	toks  []ppTok
	i     int
	err   ppError
	what  string
	depth int
}

func (p *ppParser) fail(msg string) {
	if p.err == "" {
		p.err = ppError(msg + " in " + p.what)
	}
}

var ppPrec = map[string]int{
	"||": 1, "&&": 2, "|": 3, "^": 4, "&": 5,
	"==": 6, "!=": 6, "<": 7, ">": 7, "<=": 7, ">=": 7,
	"<<": 8, ">>": 8, "+": 9, "-": 9, "*": 10, "/": 10, "%": 10,
}

// expr parses a binary expression of operators binding tighter than
// prec. live is false in the unevaluated operand of && and ||.
func (p *ppParser) expr(prec int, live bool) int64 {
	x := p.unary(live)
	for p.err == "" && p.i < len(p.toks) {
		t := p.toks[p.i]
		if t.kind != 'o' {
			return x
		}
		q, ok := ppPrec[t.text]
		if !ok || q <= prec {
			return x
		}
		p.i++
		switch t.text {
		case "&&":
			y := p.expr(q, live && x != 0)
			x = b2i(x != 0 && y != 0)
			continue
		case "||":
			y := p.expr(q, live && x == 0)
			x = b2i(x != 0 || y != 0)
			continue
		}
		y := p.expr(q, live)
		switch t.text {
		case "|":
			x |= y
		case "^":
			x ^= y
		case "&":
			x &= y
		case "==":
			x = b2i(x == y)
		case "!=":
			x = b2i(x != y)
		case "<":
			x = b2i(x < y)
		case ">":
			x = b2i(x > y)
		case "<=":
			x = b2i(x <= y)
		case ">=":
			x = b2i(x >= y)
		case "<<":
			x <<= uint64(y) & 63
		case ">>":
			x >>= uint64(y) & 63
		case "+":
			x += y
		case "-":
			x -= y
		case "*":
			x *= y
		case "/", "%":
			if y == 0 {
				if live {
					p.fail("division by zero")
				}
				x = 0
			} else if t.text == "/" {
				if !(x == -1<<63 && y == -1) {
					x /= y
				}
			} else {
				if y == -1 {
					x = 0
				} else {
					x %= y
				}
			}
		}
	}
	return x
}

func (p *ppParser) unary(live bool) int64 {
	if p.i >= len(p.toks) {
		p.fail("missing expression")
		return 0
	}
	p.depth++
	defer func() { p.depth-- }()
	if p.depth > 200 {
		p.fail("expression nested too deeply")
		return 0
	}
	t := p.toks[p.i]
	p.i++
	switch t.kind {
	case 'n':
		return t.val
	case 'i':
		return 0 // not a macro: 0, as with cpp
	}
	switch t.text {
	case "!":
		return b2i(p.unary(live) == 0)
	case "~":
		return ^p.unary(live)
	case "-":
		return -p.unary(live)
	case "+":
		return p.unary(live)
	case "(":
		v := p.expr(0, live)
		if p.err == "" {
			if p.i >= len(p.toks) || p.toks[p.i].text != ")" {
				p.fail("missing ')'")
			} else {
				p.i++
			}
		}
		return v
	}
	p.fail("unexpected " + t.text)
	return 0
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

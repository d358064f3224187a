package scanner

import (
	"bytes"
	"fmt"
	"unicode/utf8"

	"github.com/fadj-dev/fadj/generator/fortran/token"
)

// character classes
const (
	cLetter  = 1 << iota // A-Z a-z
	cDigit               // 0-9
	cIdent               // letters, digits, '_', '$'
	cBlank               // blank, tab, form feed, vertical tab, stray CR
	cSpecial             // ' " ! (what the line scanners look for)
)

var class [256]uint8

func init() {
	for c := 'a'; c <= 'z'; c++ {
		class[c] |= cLetter | cIdent
		class[c-'a'+'A'] |= cLetter | cIdent
	}
	for c := '0'; c <= '9'; c++ {
		class[c] |= cDigit | cIdent
	}
	class['_'] |= cIdent
	class['$'] |= cIdent
	for _, c := range " \t\f\v\r" {
		class[c] |= cBlank
	}
	for _, c := range "'\"!" {
		class[c] |= cSpecial
	}
}

func isBlank(c byte) bool  { return class[c]&cBlank != 0 }
func isDigit(c byte) bool  { return class[c]&cDigit != 0 }
func isLetter(c byte) bool { return class[c]&cLetter != 0 }
func isIdent(c byte) bool  { return class[c]&cIdent != 0 }

func skipBlanks(t []byte, i int) int {
	for i < len(t) && isBlank(t[i]) {
		i++
	}
	return i
}

// lexer scans the tokens of a logical statement's joined text.
type lexer struct {
	sc   *scanner
	text []byte
	str  string // the source the segments point into, as a string
	segs []seg
	si   int // segment of the last offset looked up
	// errOff >= 0: report every error at this source offset (the text is
	// not from the source, e.g. a macro value)
	errOff int
}

// off returns the source offset of byte b of the text.
func (l *lexer) off(b int) int {
	segs := l.segs
	if len(segs) == 1 && !segs[0].synth {
		return segs[0].s + b
	}
	if len(segs) == 0 {
		return 0
	}
	i := l.si
	if i >= len(segs) {
		i = len(segs) - 1
	}
	for i+1 < len(segs) && segs[i+1].b <= b {
		i++
	}
	for i > 0 && segs[i].b > b {
		i--
	}
	l.si = i
	sg := &segs[i]
	if sg.synth {
		return sg.s
	}
	return sg.s + b - sg.b
}

// lit returns the text of bytes [b0, b1): a substring of the source when
// they lie in one line.
func (l *lexer) lit(b0, b1 int) string {
	return l.litAt(b0, b1, l.off(b0))
}

// litAt is lit when o = l.off(b0) is known.
func (l *lexer) litAt(b0, b1, o int) string {
	if len(l.segs) == 1 {
		if !l.segs[0].synth {
			return l.str[o : o+b1-b0]
		}
		return string(l.text[b0:b1])
	}
	sg := &l.segs[l.si]
	if !sg.synth && b1 <= sg.b+sg.n {
		return l.str[o : o+b1-b0]
	}
	return string(l.text[b0:b1])
}

func (l *lexer) errorf(b int, format string, args ...any) {
	off := l.errOff
	if off < 0 {
		off = l.off(b)
	}
	l.sc.errorAt(off, fmt.Sprintf(format, args...))
}

func (l *lexer) illegal(i int) int {
	r, size := utf8.DecodeRune(l.text[i:])
	if r == utf8.RuneError && size <= 1 {
		l.errorf(i, "illegal character %#U", rune(l.text[i]))
		return i + 1
	}
	l.errorf(i, "illegal character %#U", r)
	return i + size
}

// next scans the token at text[i], which is not blank and not ';'. It
// returns the token's kind and end; ILLEGAL (after reporting an error)
// for a character that starts no token.
func (l *lexer) next(i int) (token.Kind, int) {
	t := l.text
	n := len(t)
	c := t[i]
	cl := class[c]
	if cl&cLetter != 0 {
		j := i + 1
		for j < n && class[t[j]]&cIdent != 0 {
			j++
		}
		if j < n && (t[j] == '\'' || t[j] == '"') {
			if j == i+1 {
				switch c {
				case 'b', 'B', 'o', 'O', 'z', 'Z':
					return l.boz(i)
				}
			}
			if t[j-1] == '_' { // kind_'string'
				return l.charLit(i, j)
			}
		}
		return token.IDENT, j
	}
	if cl&cDigit != 0 {
		return l.number(i)
	}
	switch c {
	case '\'', '"':
		return l.charLit(i, i)
	case '.':
		if i+1 < n && isDigit(t[i+1]) {
			return l.number(i)
		}
		j := i + 1
		for j < n && isLetter(t[j]) {
			j++
		}
		if j > i+1 && j < n && t[j] == '.' {
			k := lookupDotted(t[i+1 : j])
			j++
			if k == token.LOGICAL && j+1 < n && t[j] == '_' && isIdent(t[j+1]) {
				j += 2
				for j < n && isIdent(t[j]) {
					j++
				}
			}
			return k, j
		}
	case '*':
		if i+1 < n && t[i+1] == '*' {
			return token.POW, i + 2
		}
		return token.STAR, i + 1
	case '/':
		if i+1 < n {
			switch t[i+1] {
			case '/':
				return token.CONCAT, i + 2
			case '=':
				return token.NE, i + 2
			}
		}
		return token.SLASH, i + 1
	case '=':
		if i+1 < n {
			switch t[i+1] {
			case '=':
				return token.EQ, i + 2
			case '>':
				return token.ARROW, i + 2
			}
		}
		return token.ASSIGN, i + 1
	case '<':
		if i+1 < n && t[i+1] == '=' {
			return token.LE, i + 2
		}
		return token.LT, i + 1
	case '>':
		if i+1 < n && t[i+1] == '=' {
			return token.GE, i + 2
		}
		return token.GT, i + 1
	case ':':
		if i+1 < n && t[i+1] == ':' {
			return token.DCOLON, i + 2
		}
		return token.COLON, i + 1
	case '+':
		return token.PLUS, i + 1
	case '-':
		return token.MINUS, i + 1
	case '(':
		return token.LPAREN, i + 1
	case ')':
		return token.RPAREN, i + 1
	case '[':
		return token.LBRACK, i + 1
	case ']':
		return token.RBRACK, i + 1
	case ',':
		return token.COMMA, i + 1
	case '%':
		return token.PERCENT, i + 1
	case '_':
		// Not a Fortran name, but cpp macros such as _OPENMP may be,
		// and cpp's __FILE__ and __LINE__ (scanner.fileLine).
		j := i + 1
		for j < n && isIdent(t[j]) {
			j++
		}
		name := string(t[i:j])
		if l.errOff >= 0 || l.sc.defines[name] != nil || name == "__FILE__" || name == "__LINE__" {
			return token.IDENT, j
		}
	}
	return token.ILLEGAL, l.illegal(i)
}

// dottedAt reports whether a dotted operator or logical constant (.name.)
// starts at text[j], which is '.'.
func (l *lexer) dottedAt(j int) bool {
	t := l.text
	k := j + 1
	for k < len(t) && isLetter(t[k]) {
		k++
	}
	return k > j+1 && k < len(t) && t[k] == '.'
}

// number scans an integer or real literal from text[i] (a digit, or '.'
// followed by a digit), with its exponent and kind.
func (l *lexer) number(i int) (token.Kind, int) {
	t := l.text
	n := len(t)
	kind := token.INT
	j := i
	for j < n && isDigit(t[j]) {
		j++
	}
	if j < n && t[j] == '.' && (j == i || !l.dottedAt(j)) {
		kind = token.REAL
		j++
		for j < n && isDigit(t[j]) {
			j++
		}
	}
	if j < n {
		switch t[j] {
		case 'e', 'E', 'd', 'D', 'q', 'Q':
			k := j + 1
			if k < n && (t[k] == '+' || t[k] == '-') {
				k++
			}
			if k < n && isDigit(t[k]) {
				kind = token.REAL
				j = k + 1
				for j < n && isDigit(t[j]) {
					j++
				}
			}
		}
	}
	if j+1 < n && t[j] == '_' {
		c := t[j+1]
		if (c == '\'' || c == '"') && kind == token.INT {
			return l.charLit(i, j+1) // 1_'string'
		}
		if isIdent(c) {
			j += 2
			for j < n && isIdent(t[j]) {
				j++
			}
		}
	}
	return kind, j
}

// charLit scans a character literal whose opening quote is at text[q];
// the token starts at text[p] (p < q for a kind parameter prefix).
func (l *lexer) charLit(p, q int) (token.Kind, int) {
	t := l.text
	quote := t[q]
	j := q + 1
	for {
		k := bytes.IndexByte(t[j:], quote)
		if k < 0 {
			l.errorf(q, "string literal not terminated")
			return token.STRING, len(t)
		}
		j += k + 1
		if j < len(t) && t[j] == quote {
			j++
			continue
		}
		return token.STRING, j
	}
}

// boz scans a BOZ literal: b'0101', o'17', z'ff'.
func (l *lexer) boz(i int) (token.Kind, int) {
	t := l.text
	q := i + 1
	quote := t[q]
	k := bytes.IndexByte(t[q+1:], quote)
	if k < 0 {
		l.errorf(q, "string literal not terminated")
		return token.BOZ, len(t)
	}
	end := q + 1 + k + 1
	digits := t[q+1 : end-1]
	ok := len(digits) > 0
	for _, c := range digits {
		var d int
		switch {
		case '0' <= c && c <= '9':
			d = int(c - '0')
		case 'a' <= c && c <= 'f':
			d = int(c-'a') + 10
		case 'A' <= c && c <= 'F':
			d = int(c-'A') + 10
		default:
			d = 99
		}
		switch t[i] {
		case 'b', 'B':
			ok = ok && d < 2
		case 'o', 'O':
			ok = ok && d < 8
		default:
			ok = ok && d < 16
		}
	}
	if !ok {
		l.errorf(i, "invalid BOZ literal %s", t[i:end])
	}
	return token.BOZ, end
}

// formatSpec scans the format specification of a FORMAT statement: i is
// just after the keyword. It reports the end of the parenthesised text,
// or false if what follows is not one (format(i) = 1 assigns to an array
// element named format).
func (l *lexer) formatSpec(i int) (int, bool) {
	t := l.text
	n := len(t)
	j := skipBlanks(t, i)
	if j >= n || t[j] != '(' {
		return 0, false
	}
	start := j
	depth := 0
	prev := byte('(') // last non-blank character, for Hollerith constants
	for j < n {
		c := t[j]
		switch {
		case c == '(':
			depth++
		case c == ')':
			depth--
			if depth == 0 {
				e := skipBlanks(t, j+1)
				if e < n && t[e] != ';' {
					return 0, false
				}
				return j + 1, true
			}
		case c == '\'' || c == '"':
			k := j + 1
			for {
				m := bytes.IndexByte(t[k:], c)
				if m < 0 {
					l.errorf(j, "string literal not terminated")
					return n, true
				}
				k += m + 1
				if k < n && t[k] == c {
					k++
					continue
				}
				break
			}
			j = k
			prev = c
			continue
		case isDigit(c) && (prev == '(' || prev == ',' || prev == '/' || prev == ':'):
			// nH followed by n characters
			k, cnt := j, 0
			for k < n && isDigit(t[k]) {
				if cnt < 1<<20 {
					cnt = cnt*10 + int(t[k]-'0')
				}
				k++
			}
			if k < n && (t[k] == 'h' || t[k] == 'H') && cnt > 0 {
				j = min(k+1+cnt, n)
				prev = 'h'
				continue
			}
			j = k
			prev = '0'
			continue
		}
		if !isBlank(c) {
			prev = c
		}
		j++
	}
	l.errorf(start, "missing ')' in FORMAT statement")
	return n, true
}

// lookupDotted is token.LookupDotted without allocating for upper-case
// spellings.
func lookupDotted(b []byte) token.Kind {
	if len(b) > 5 {
		return token.DEFOP
	}
	var low [5]byte
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		low[i] = c
	}
	switch string(low[:len(b)]) {
	case "eq":
		return token.EQ
	case "ne":
		return token.NE
	case "lt":
		return token.LT
	case "le":
		return token.LE
	case "gt":
		return token.GT
	case "ge":
		return token.GE
	case "not":
		return token.NOT
	case "and":
		return token.AND
	case "or":
		return token.OR
	case "eqv":
		return token.EQV
	case "neqv":
		return token.NEQV
	}
	return token.LookupDotted(string(b))
}

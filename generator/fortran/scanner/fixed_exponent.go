package scanner

import (
	"github.com/fadj-dev/fadj/generator/fortran/token"
)

// joinBlankExponents joins the real literals fixed form writes with blanks
// inside, "10. D 0" or "1 E -3", into one REAL token ("10.D0"): blanks
// are insignificant in fixed form, and MITgcm writes every constant so,
// as "10. _d 0" with the macro _d defined as D (or E). A number followed
// by the name d, e or q, an optional sign and an unsigned integer is
// nothing else in Fortran. toks is compacted in place; its new length is
// returned.
func joinBlankExponents(toks []token.Token) int {
	w := 0
	for r := 0; r < len(toks); r++ {
		t := toks[r]
		if n := blankExponentLen(toks[r:]); n > 0 {
			lit := t.Lit
			for _, u := range toks[r+1 : r+n] {
				lit += u.Lit
			}
			t = token.Token{Kind: token.REAL, Pos: t.Pos, Lit: lit}
			r += n - 1
		}
		toks[w] = t
		w++
	}
	return w
}

// blankExponentLen returns the number of tokens at the start of toks that
// make one real literal written with blanks (0: none).
func blankExponentLen(toks []token.Token) int {
	if len(toks) < 3 || !plainMantissa(toks[0]) || toks[1].Kind != token.IDENT {
		return 0
	}
	switch toks[1].Lit {
	case "d", "D", "e", "E", "q", "Q":
	default:
		return 0
	}
	k := 2
	if toks[k].Kind == token.PLUS || toks[k].Kind == token.MINUS {
		k++
	}
	if k >= len(toks) || !allDigits(toks[k]) {
		return 0
	}
	return k + 1
}

// plainMantissa: an INT or REAL literal without exponent or kind.
func plainMantissa(t token.Token) bool {
	if t.Kind != token.INT && t.Kind != token.REAL {
		return false
	}
	for i := 0; i < len(t.Lit); i++ {
		if c := t.Lit[i]; !isDigit(c) && c != '.' {
			return false
		}
	}
	return true
}

func allDigits(t token.Token) bool {
	if t.Kind != token.INT || t.Lit == "" {
		return false
	}
	for i := 0; i < len(t.Lit); i++ {
		if !isDigit(t.Lit[i]) {
			return false
		}
	}
	return true
}

// Package token defines the lexical tokens of Fortran.
//
// Fortran has no reserved words: keywords are scanned as IDENT and told
// apart by the parser from their place in a statement. Dotted operators
// (.and., .eq., ...) and their symbolic forms (==, /=, ...) scan to the
// same Kind; the token keeps its spelling in Lit.
package token

import (
	"strings"

	"github.com/fadj-dev/fadj/generator/source"
)

// Kind is the kind of a token.
type Kind int

// The token kinds.
const (
	ILLEGAL Kind = iota
	EOF

	literalBeg
	IDENT   // x, Foo, end_time
	INT     // 10, 8_8, 10_ik
	REAL    // 1.0, 1.d0, 2.5_dp, 1e-3_8, .5
	STRING  // 'it''s', "a" (Lit is the text as written, quotes included)
	LOGICAL // .true., .false._lk
	BOZ     // b'0101', o'17', z'ff'
	FORMAT  // the parenthesised text of a FORMAT statement, as written
	literalEnd

	operatorBeg
	PLUS   // +
	MINUS  // -
	STAR   // *
	SLASH  // /
	POW    // **
	CONCAT // //
	EQ     // == .eq.
	NE     // /= .ne.
	LT     // < .lt.
	LE     // <= .le.
	GT     // > .gt.
	GE     // >= .ge.
	NOT    // .not.
	AND    // .and.
	OR     // .or.
	EQV    // .eqv.
	NEQV   // .neqv.
	DEFOP  // .myop. (a user-defined operator)
	operatorEnd

	LPAREN    // (
	RPAREN    // )
	LBRACK    // [
	RBRACK    // ]
	COMMA     // ,
	COLON     // :
	DCOLON    // ::
	ASSIGN    // =
	ARROW     // =>
	PERCENT   // %
	SEMICOLON // ; (the scanner splits statements on it; kept for completeness)
)

var names = [...]string{
	ILLEGAL: "ILLEGAL", EOF: "EOF",
	IDENT: "IDENT", INT: "INT", REAL: "REAL", STRING: "STRING", LOGICAL: "LOGICAL", BOZ: "BOZ", FORMAT: "FORMAT",
	PLUS: "+", MINUS: "-", STAR: "*", SLASH: "/", POW: "**", CONCAT: "//",
	EQ: "==", NE: "/=", LT: "<", LE: "<=", GT: ">", GE: ">=",
	NOT: ".not.", AND: ".and.", OR: ".or.", EQV: ".eqv.", NEQV: ".neqv.", DEFOP: "DEFOP",
	LPAREN: "(", RPAREN: ")", LBRACK: "[", RBRACK: "]", COMMA: ",", COLON: ":", DCOLON: "::",
	ASSIGN: "=", ARROW: "=>", PERCENT: "%", SEMICOLON: ";",
}

// String returns the token's canonical spelling (for operators) or its name.
func (k Kind) String() string {
	if 0 <= k && int(k) < len(names) && names[k] != "" {
		return names[k]
	}
	return "token(?)"
}

// IsLiteral reports whether k is a literal kind (IDENT included, as in go/token).
func (k Kind) IsLiteral() bool { return literalBeg < k && k < literalEnd }

// IsOperator reports whether k is an operator of expressions.
func (k Kind) IsOperator() bool { return operatorBeg < k && k < operatorEnd }

// Precedence levels of binary operators, highest binds tightest, following
// the Fortran standard (10.1.2): defined binary < .eqv. < .or. < .and. <
// .not. < relational < // < additive < multiplicative < ** < defined unary.
const (
	LowestPrec = 0
	NotPrec    = 5 // .not. x
	UnaryPrec  = 8 // -x, +x: an add-op applied to the first operand
)

// Precedence returns the binary precedence of k, or LowestPrec if k is
// not a binary operator. NOT is unary only (NotPrec): its operand is
// parsed at relational level.
func (k Kind) Precedence() int {
	switch k {
	case DEFOP:
		return 1
	case EQV, NEQV:
		return 2
	case OR:
		return 3
	case AND:
		return 4
	case EQ, NE, LT, LE, GT, GE:
		return 6
	case CONCAT:
		return 7
	case PLUS, MINUS:
		return 8
	case STAR, SLASH:
		return 10
	case POW:
		return 11
	}
	return LowestPrec
}

var dotted = map[string]Kind{
	"eq": EQ, "ne": NE, "lt": LT, "le": LE, "gt": GT, "ge": GE,
	"not": NOT, "and": AND, "or": OR, "eqv": EQV, "neqv": NEQV,
}

// LookupDotted returns the kind of the dotted operator .name. (name
// without dots, any case): an intrinsic operator kind, LOGICAL for
// true/false, or DEFOP.
func LookupDotted(name string) Kind {
	n := strings.ToLower(name)
	if k, ok := dotted[n]; ok {
		return k
	}
	if n == "true" || n == "false" {
		return LOGICAL
	}
	return DEFOP
}

// Token is one scanned token.
type Token struct {
	Kind Kind
	Pos  source.Pos // position of the first byte in its file
	Lit  string     // the text as written (strings: after joining continuation lines)
}

package ast

import (
	"strconv"
	"strings"
)

// Equal reports whether two expressions are the same expression: the
// same structure, names equal ignoring case (as Fortran compares them),
// literals equal as written ignoring case (1.d0 and 1.D0, not 1.0d0),
// positions and parentheses' spelling aside. Code generators use it to
// compare references they build with those of the source.
func Equal(x, y Expr) bool {
	return Key(x) == Key(y)
}

// Key returns a canonical text of an expression, equal for Equal
// expressions and different otherwise: a key for maps of references. It
// is not Fortran (see the printer for that).
func Key(x Expr) string {
	var b strings.Builder
	key(&b, x)
	return b.String()
}

func key(b *strings.Builder, x Expr) {
	switch x := x.(type) {
	case nil:
		b.WriteString("_")
	case *Ident:
		if x == nil {
			b.WriteString("_")
			return
		}
		b.WriteString(strings.ToLower(x.Name))
	case *BasicLit:
		if x == nil {
			b.WriteString("_")
			return
		}
		b.WriteString("lit:")
		b.WriteString(strings.ToLower(x.Value))
	case *ComplexLit:
		b.WriteString("(cmplx ")
		key(b, x.Re)
		b.WriteByte(' ')
		key(b, x.Im)
		b.WriteByte(')')
	case *UnaryExpr:
		b.WriteString("(u")
		b.WriteString(opKey(x.Op.String(), x.OpLit))
		b.WriteByte(' ')
		key(b, x.X)
		b.WriteByte(')')
	case *BinaryExpr:
		b.WriteString("(b")
		b.WriteString(opKey(x.Op.String(), x.OpLit))
		b.WriteByte(' ')
		key(b, x.X)
		b.WriteByte(' ')
		key(b, x.Y)
		b.WriteByte(')')
	case *ParenExpr:
		b.WriteString("(p ")
		key(b, x.X)
		b.WriteByte(')')
	case *CallExpr:
		b.WriteString("(call ")
		key(b, x.Fun)
		keys(b, x.Args)
		b.WriteByte(')')
	case *RangeExpr:
		b.WriteString("(range ")
		key(b, x.Lo)
		b.WriteByte(' ')
		key(b, x.Hi)
		b.WriteByte(' ')
		key(b, x.Stride)
		b.WriteByte(')')
	case *KeywordArg:
		b.WriteString("(kw ")
		key(b, x.Name)
		b.WriteByte(' ')
		key(b, x.Value)
		b.WriteByte(')')
	case *SelectorExpr:
		b.WriteString("(% ")
		key(b, x.X)
		b.WriteByte(' ')
		key(b, x.Sel)
		b.WriteByte(')')
	case *ArrayConstructor:
		b.WriteString("(array")
		if x.Type != nil {
			b.WriteString(" type:" + x.Type.Kind.String())
			b.WriteByte(' ')
			key(b, x.Type.KindSel)
			key(b, x.Type.Name)
		}
		keys(b, x.Items)
		b.WriteByte(')')
	case *ImpliedDo:
		b.WriteString("(impl")
		keys(b, x.Items)
		b.WriteByte(' ')
		key(b, x.Var)
		keys(b, []Expr{x.Start, x.Stop, x.Step})
		b.WriteByte(')')
	case *StarExpr:
		b.WriteString("*" + strconv.Itoa(x.Label))
	case *LabelRef:
		b.WriteString("label:" + strconv.Itoa(x.Label))
	case *ColonLen:
		b.WriteString(":")
	default:
		b.WriteString("?")
	}
}

func keys(b *strings.Builder, list []Expr) {
	b.WriteString(" [")
	for i, x := range list {
		if i > 0 {
			b.WriteByte(' ')
		}
		key(b, x)
	}
	b.WriteByte(']')
}

// opKey names an operator: its kind, or its spelling for a defined one.
func opKey(kind, lit string) string {
	if strings.HasPrefix(lit, ".") && !isIntrinsicDotOp(lit) {
		return strings.ToLower(lit)
	}
	return kind
}

func isIntrinsicDotOp(lit string) bool {
	switch strings.ToLower(lit) {
	case ".eq.", ".ne.", ".lt.", ".le.", ".gt.", ".ge.", ".and.", ".or.", ".not.", ".eqv.", ".neqv.":
		return true
	}
	return false
}

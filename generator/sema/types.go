package sema

import (
	"strconv"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
)

// Basic is the base of a Type: an intrinsic type, a derived type, or one
// of the special cases (typeless BOZ constants, the NULL() pointer).
type Basic uint8

const (
	InvalidType   Basic = iota // unknown because of an earlier error
	IntegerType                // integer(kind)
	RealType                   // real(kind); double precision is real(8)
	ComplexType                // complex(kind)
	LogicalType                // logical(kind)
	CharacterType              // character(len, kind)
	DerivedType                // type(name) or class(name)
	TypelessType               // a BOZ constant
	NullType                   // the result of NULL(): takes the type of its context
)

var basicNames = [...]string{"invalid", "integer", "real", "complex", "logical", "character", "type", "boz", "null"}

func (b Basic) String() string {
	if int(b) < len(basicNames) {
		return basicNames[b]
	}
	return "?"
}

// Character lengths that are not a known constant.
const (
	LenUnknown  = -1 // a length given by a non-constant expression (character(len=n))
	LenAssumed  = -2 // character(len=*)
	LenDeferred = -3 // character(len=:)
)

// Type is a Fortran data type: intrinsic type and kind, character
// length, or a derived type. Array rank is not part of a Type (see
// Symbol.Dims and Info.Rank).
//
// Types of intrinsic types other than character are canonical: two such
// Types are equal if and only if they are the same pointer. Use Identical
// to compare any two types.
type Type struct {
	Basic Basic
	// Kind is the kind type parameter value (4 for default integer, real
	// and logical, 8 for double precision, 1 for default character); 0
	// for derived and special types.
	Kind int
	// Len is the character length when known (>= 0), else LenUnknown,
	// LenAssumed or LenDeferred. 0 for other types.
	Len int
	// LenExpr is the length expression as written, nil if none was.
	LenExpr ast.Expr
	// Derived is the derived type's symbol (Kind TypeSym) for DerivedType.
	Derived *Symbol
	// Class records CLASS(t) rather than TYPE(t) (polymorphic);
	// Derived is nil for CLASS(*).
	Class bool
}

// Predeclared canonical types.
var (
	Invalid  = &Type{Basic: InvalidType}
	Typeless = &Type{Basic: TypelessType}
	Null     = &Type{Basic: NullType}

	Int1  = &Type{Basic: IntegerType, Kind: 1}
	Int2  = &Type{Basic: IntegerType, Kind: 2}
	Int4  = &Type{Basic: IntegerType, Kind: 4}
	Int8  = &Type{Basic: IntegerType, Kind: 8}
	Int16 = &Type{Basic: IntegerType, Kind: 16}

	Real4  = &Type{Basic: RealType, Kind: 4}
	Real8  = &Type{Basic: RealType, Kind: 8}
	Real10 = &Type{Basic: RealType, Kind: 10}
	Real16 = &Type{Basic: RealType, Kind: 16}

	Complex4  = &Type{Basic: ComplexType, Kind: 4}
	Complex8  = &Type{Basic: ComplexType, Kind: 8}
	Complex10 = &Type{Basic: ComplexType, Kind: 10}
	Complex16 = &Type{Basic: ComplexType, Kind: 16}

	Logical1  = &Type{Basic: LogicalType, Kind: 1}
	Logical2  = &Type{Basic: LogicalType, Kind: 2}
	Logical4  = &Type{Basic: LogicalType, Kind: 4}
	Logical8  = &Type{Basic: LogicalType, Kind: 8}
	Logical16 = &Type{Basic: LogicalType, Kind: 16}

	// Char1 is character(len=1).
	Char1 = &Type{Basic: CharacterType, Kind: 1, Len: 1}
	// CharN is a default character of a length not known here.
	CharN = &Type{Basic: CharacterType, Kind: 1, Len: LenUnknown}
)

// BasicType returns the canonical type of an intrinsic numeric or
// logical type of the given kind, or nil if the kind is not supported
// (gfortran on x86_64: integer and logical 1, 2, 4, 8, 16; real and
// complex 4, 8, 10, 16). For character it returns a type of unknown
// length.
func BasicType(b Basic, kind int) *Type {
	switch b {
	case IntegerType:
		switch kind {
		case 1:
			return Int1
		case 2:
			return Int2
		case 4:
			return Int4
		case 8:
			return Int8
		case 16:
			return Int16
		}
	case RealType:
		switch kind {
		case 4:
			return Real4
		case 8:
			return Real8
		case 10:
			return Real10
		case 16:
			return Real16
		}
	case ComplexType:
		switch kind {
		case 4:
			return Complex4
		case 8:
			return Complex8
		case 10:
			return Complex10
		case 16:
			return Complex16
		}
	case LogicalType:
		switch kind {
		case 1:
			return Logical1
		case 2:
			return Logical2
		case 4:
			return Logical4
		case 8:
			return Logical8
		case 16:
			return Logical16
		}
	case CharacterType:
		if kind == 1 {
			return CharN
		}
		if kind == 4 {
			return &Type{Basic: CharacterType, Kind: 4, Len: LenUnknown}
		}
	}
	return nil
}

// IsNumeric reports whether t is integer, real or complex.
func (t *Type) IsNumeric() bool {
	return t != nil && (t.Basic == IntegerType || t.Basic == RealType || t.Basic == ComplexType)
}

// IsInteger reports whether t is an integer type.
func (t *Type) IsInteger() bool { return t != nil && t.Basic == IntegerType }

// IsReal reports whether t is a real type (double precision included).
func (t *Type) IsReal() bool { return t != nil && t.Basic == RealType }

// IsComplex reports whether t is a complex type.
func (t *Type) IsComplex() bool { return t != nil && t.Basic == ComplexType }

// IsFloat reports whether t is real or complex: a type that carries
// derivatives in AD.
func (t *Type) IsFloat() bool { return t != nil && (t.Basic == RealType || t.Basic == ComplexType) }

// IsLogical reports whether t is a logical type.
func (t *Type) IsLogical() bool { return t != nil && t.Basic == LogicalType }

// IsCharacter reports whether t is a character type.
func (t *Type) IsCharacter() bool { return t != nil && t.Basic == CharacterType }

// IsDerived reports whether t is a derived type (TYPE or CLASS).
func (t *Type) IsDerived() bool { return t != nil && t.Basic == DerivedType }

// valid reports whether t is known (not nil and not Invalid).
func (t *Type) valid() bool { return t != nil && t.Basic != InvalidType }

// Identical reports whether a and b are the same type (character
// lengths are compared only when both are known).
func Identical(a, b *Type) bool {
	if a == b {
		return true
	}
	if a == nil || b == nil || a.Basic != b.Basic || a.Kind != b.Kind {
		return false
	}
	switch a.Basic {
	case CharacterType:
		return a.Len < 0 || b.Len < 0 || a.Len == b.Len
	case DerivedType:
		return a.Derived == b.Derived
	}
	return true
}

// String returns the type as Fortran spells it: integer(4), real(8),
// character(len=10), type(point).
func (t *Type) String() string {
	if t == nil {
		return "no type"
	}
	switch t.Basic {
	case IntegerType, RealType, ComplexType, LogicalType:
		return t.Basic.String() + "(" + strconv.Itoa(t.Kind) + ")"
	case CharacterType:
		s := "character(len="
		switch t.Len {
		case LenAssumed:
			s += "*"
		case LenDeferred:
			s += ":"
		case LenUnknown:
			s += "?"
		default:
			s += strconv.Itoa(t.Len)
		}
		if t.Kind != 1 && t.Kind != 0 {
			s += ",kind=" + strconv.Itoa(t.Kind)
		}
		return s + ")"
	case DerivedType:
		kw := "type"
		if t.Class {
			kw = "class"
		}
		if t.Derived == nil {
			return kw + "(*)"
		}
		return kw + "(" + t.Derived.Name + ")"
	case TypelessType:
		return "boz"
	case NullType:
		return "null"
	}
	return "invalid type"
}

// arithResult is the type of x op y for a numeric intrinsic operator:
// integer < real < complex, and the larger kind of the operands of the
// winning category (integer operands do not affect the kind of a real or
// complex result).
func arithResult(a, b *Type) *Type {
	if !a.IsNumeric() || !b.IsNumeric() {
		return nil
	}
	if a.Basic == b.Basic {
		if a.Kind >= b.Kind {
			return a
		}
		return b
	}
	if a.Basic == IntegerType {
		return b
	}
	if b.Basic == IntegerType {
		return a
	}
	// real and complex
	k := a.Kind
	if b.Kind > k {
		k = b.Kind
	}
	return BasicType(ComplexType, k)
}

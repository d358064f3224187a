// Package tape holds the operations generated adjoint code performs on
// the stacks of the runtime module (package generator/runtime): typed
// pushes and pops on the tapes and on the snapshot stacks, as values.
// [Lower] turns an [Op] into the runtime call and [Of] recognises such a
// call again; apart from generator/runtime, the runtime's push and pop
// names live only here.
//
// # Why values, and why Of decodes rather than remembers
//
// The generator decides what to record in several places, and passes
// after it rewrite what was recorded (moving element records out of
// loops as one section record, replacing records by buffer copies).
// Those passes must ask "is this statement a pop of u?" without
// spelling "fadj_pop_". Two designs allow that:
//
//   - a Table filled by Lower, mapping each *ast.CallStmt it wrote to its
//     Op, which passes query;
//   - Of, the inverse of Lower, which reads the Op back from the call.
//
// Of is the one here. A Table keys on node identity, which the rest of the
// core gives up: generated code holds clones (ast.Clone), a region is
// emitted in several forms (advance, record, reverse), and ast.Apply
// replaces nodes. Every clone or rebuilt call would silently drop out of
// a Table, and a pass would then take a tape operation for an ordinary
// call: a wrong tape, not an error. Of has no state to keep in step, works
// on clones, on rewritten code and on generated code parsed back in
// tests, and costs one map lookup. Its name matching is the exact inverse
// of Lower, in one file, and the tests check both against each other and
// against the runtime's source. Passes switch on [Kind] and [Type] and
// read [Op.Ref]; they never see a name. (Once sweeps are built as values,
// Code items can hold Ops directly until they are lowered; Of then serves
// the passes that still work on statements.)
//
// # Conventions, for the generator
//
//   - Ref is the reference saved or restored: a scalar variable, an array
//     element, a whole array or an array section. A Push may save any
//     expression of its type (a branch number: Push of I4 with Ref the
//     literal 2); a Pop's Ref must be definable. Of cannot check that,
//     having no types: the caller does. (Popping into a constant is the
//     crash of issue 9: an actual argument the callee does not define must
//     never be the Ref of a Pop or SnapPop.)
//   - Count is nil for a scalar. For an array it is the element count,
//     default integer, normally [Size](Ref): the runtime's dummy is
//     assumed-size, a(*), so one procedure serves every rank. A contiguous
//     Ref is passed by address; a non-contiguous section (u(1:n:2),
//     u(i, :)) is copied in, and for a pop copied out, by the compiler:
//     correct, but slower. A whole assumed-size array has no size(): record
//     a section with explicit bounds. An element Ref with a Count (sequence
//     association, u(i) with n) is valid Fortran only for arrays that are
//     not assumed-shape or pointers; prefer a section.
//   - Lower uses Ref and Count as given, without copying them: sema's
//     Info is keyed by the front end's nodes, and passes resolve a
//     record's Ref through it. If a push and its pop must not share nodes,
//     clone before lowering.
//   - Ref's subscripts are evaluated again at the pop, so they must have
//     the values they had at the push (TBR keeps them), and Count must be
//     the same.
//   - Each of the eleven runtime stacks (ten and the bit tape) is last-in
//     first-out on its own: pops of one type come in the reverse order of
//     that type's pushes; pushes of different types, or a tape and a
//     snapshot push, may interleave freely.
//   - Snapshots of a checkpoint (Dauvergne and Hascoët) go to the snapshot
//     stacks, in the paper's order: SnapPush of Sbk, SnapPush of Snp, the
//     checkpointed code, the downstream adjoint, SnapPop of Snp, the
//     checkpoint's adjoint, SnapPop of Sbk. A variable in both Sbk and Snp
//     (possible with eager snapshots) is pushed twice: the runtime has no
//     read that leaves a value on its stack.
//   - Benchmark drivers read fadj_tape_peak_bytes, fadj_snap_peak_bytes and
//     fadj_memory_peak_bytes, and call fadj_reset_all between runs
//     (fadj_tape_reset leaves the snapshot stacks alone).
//
// # Bit records
//
// Branch choices are recorded on the runtime's bit tape, in the fewest
// bits their number needs (tapes of 4-byte branch records were the
// larger part of fadj's tapes on stencil objectives with branches on the
// state: Tapenade packs them in bits too). An Op of Type Bits with no
// Count pushes the Width low bits of a default integer, 0 <= Ref <
// 2**Width, 1 <= Width <= MaxWidth; its pop must have the same Width
// (write both from one value: the runtime cannot tell a wrong width, it
// would read another record's bits). An array Op of Type Bits moves a
// default logical array, one bit per element (a WHERE mask). Bits has
// no snapshot stack: SnapPush and SnapPop of Bits are invalid.
// [WidthFor] gives the width of n choices.
//
// # Not here
//
// AD-CORE.md also names Read (re-reading a value without popping it).
// The runtime has no such procedure, and an Op that lowers to a call
// that does not exist would only move the error to gfortran; it comes
// with its runtime procedure and its first user. (Mark and Rewind are
// below, in lower.go.)
package tape

import (
	"fmt"
	"math/bits"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Kind is what an Op does. The zero Kind is invalid.
type Kind uint8

const (
	Push     Kind = iota + 1 // push Ref onto the tape
	Pop                      // pop the tape into Ref
	SnapPush                 // push Ref onto the snapshot stack
	SnapPop                  // pop the snapshot stack into Ref
)

var kindNames = [...]string{Push: "Push", Pop: "Pop", SnapPush: "SnapPush", SnapPop: "SnapPop"}

func (k Kind) String() string {
	if k.valid() {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", k)
}

func (k Kind) valid() bool { return k >= Push && k <= SnapPop }

// IsPush reports whether k saves a value (Push or SnapPush).
func (k Kind) IsPush() bool { return k == Push || k == SnapPush }

// IsSnapshot reports whether k works on the snapshot stacks.
func (k Kind) IsSnapshot() bool { return k == SnapPush || k == SnapPop }

// Inverse is the Kind that undoes k: Pop for Push, Push for Pop, and
// likewise for the snapshot kinds.
func (k Kind) Inverse() Kind {
	switch k {
	case Push:
		return Pop
	case Pop:
		return Push
	case SnapPush:
		return SnapPop
	case SnapPop:
		return SnapPush
	}
	panic(fmt.Sprintf("tape: Inverse of %v", k))
}

// Type is the type of the values an Op moves: one stack of each kind per
// Type. The zero Type is invalid.
type Type uint8

const (
	R8 Type = iota + 1 // real(8)
	R4                 // real(4)
	I4                 // integer(4)
	I8                 // integer(8)
	L                  // default logical (kind 4)
	// Char is character data, kept on the runtime's i4 stacks as
	// character codes, len(s) of them a value: its procedures take a
	// character(len=*) scalar or assumed-size array, a pop's intent(inout)
	// (it needs the length). No sema type maps to it (TypeOf): the
	// generator asks for it where a character value must be saved.
	Char
	// Bits is the bit tape: a record of Op.Width bits (a default integer),
	// or for an array Op a default logical array, one bit per element.
	Bits
)

// MaxWidth is the widest bit record: a non-negative default integer has
// 31 bits.
const MaxWidth = 31

// WidthFor returns the bits a record of one of n values 0..n-1 needs:
// 1 for two values (or one), 2 for up to four, and so on. It panics for
// n above 2**MaxWidth.
func WidthFor(n int) int {
	w := bits.Len(uint(max(n-1, 1)))
	if w > MaxWidth {
		panic(fmt.Sprintf("tape: no bit record holds %d values", n))
	}
	return w
}

// types are the Types in order, with the runtime's suffix and the bytes
// of one value as the runtime counts them (storage_size; gfortran's
// default logical has 4 bytes; a bit record's bits are counted in whole
// bytes only on the tape as a whole).
var types = [...]struct {
	suffix string
	bytes  int64
}{
	R8:   {"r8", 8},
	R4:   {"r4", 4},
	I4:   {"i4", 4},
	I8:   {"i8", 8},
	L:    {"l", 4},
	Char: {"char", 4},
	Bits: {"bits", 0},
}

func (t Type) valid() bool { return t >= R8 && t <= Bits }

// String returns the runtime's suffix of t: "r8", "r4", "i4", "i8", "l",
// "char", "bits".
func (t Type) String() string {
	if t.valid() {
		return types[t].suffix
	}
	return fmt.Sprintf("Type(%d)", t)
}

// Bytes is the size of one value of type t on a runtime stack: what its
// statistics count, and what a memory estimate multiplies by (for Char,
// of one character). Bits has no size in bytes: a record takes Op.Width
// bits, an array element one.
func (t Type) Bytes() int64 {
	if !t.valid() || t == Bits {
		panic(fmt.Sprintf("tape: Bytes of %v", t))
	}
	return types[t].bytes
}

// TypeOf returns the Type of the stacks that hold values of type t: real
// and integer of kinds 4 and 8, and logical of kind 4. Other types
// (complex, character, derived, other kinds) have no stack.
func TypeOf(t *sema.Type) (Type, bool) {
	if t == nil {
		return 0, false
	}
	switch {
	case t.IsReal() && t.Kind == 8:
		return R8, true
	case t.IsReal() && t.Kind == 4:
		return R4, true
	case t.IsInteger() && t.Kind == 4:
		return I4, true
	case t.IsInteger() && t.Kind == 8:
		return I8, true
	case t.IsLogical() && t.Kind == 4:
		return L, true
	}
	return 0, false
}

// Op is one operation on a runtime stack.
type Op struct {
	Kind Kind
	Type Type
	// Ref is what is pushed, or where a pop stores: a variable, an array
	// element, a whole array or a section (see the package comment).
	Ref ast.Expr
	// Count is nil for a scalar, else the number of array elements,
	// normally Size(Ref).
	Count ast.Expr
	// Width is the bits of a scalar record of Type Bits, 1..MaxWidth;
	// zero otherwise.
	Width int
}

// IsArray reports whether op moves an array (has a Count).
func (op Op) IsArray() bool { return op.Count != nil }

// Inverse returns the Op that undoes op: the pop of a push, the push of
// a pop, of the same Ref and Count.
func (op Op) Inverse() Op {
	op.Kind = op.Kind.Inverse()
	return op
}

// Size returns size(ref), the Count of an array Op of ref. It holds ref
// itself, not a copy.
func Size(ref ast.Expr) ast.Expr {
	return &ast.CallExpr{Fun: ast.NewIdent("size"), Args: []ast.Expr{ref}}
}

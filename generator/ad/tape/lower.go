package tape

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/token"
)

// The runtime's names: fadj_push_r8 and fadj_push_r8_array for a Push
// of R8, fadj_snap_push_r8 for a SnapPush, and so on.
var kindPrefix = [...]string{Push: "fadj_push_", Pop: "fadj_pop_", SnapPush: "fadj_snap_push_", SnapPop: "fadj_snap_pop_"}

const arraySuffix = "_array"

// form is what a runtime name says: kind, type, and scalar or array.
type form struct {
	kind  Kind
	typ   Type
	array bool
}

// forms maps each lower-case runtime name to its form: the inverse of
// name, for Of.
var forms = func() map[string]form {
	m := map[string]form{}
	for k := Push; k <= SnapPop; k++ {
		for t := R8; t <= Bits; t++ {
			if t == Bits && k.IsSnapshot() {
				continue
			}
			for _, array := range []bool{false, true} {
				m[name(k, t, array)] = form{k, t, array}
			}
		}
	}
	return m
}()

func name(k Kind, t Type, array bool) string {
	n := kindPrefix[k] + t.String()
	if array {
		n += arraySuffix
	}
	return n
}

// Name returns the runtime procedure op calls, such as fadj_push_r8 or
// fadj_snap_pop_i4_array. It panics on an op with an invalid Kind or
// Type, and on a snapshot op of Bits.
func (op Op) Name() string {
	if !op.Kind.valid() || !op.Type.valid() || op.Type == Bits && op.Kind.IsSnapshot() {
		panic(fmt.Sprintf("tape: no runtime procedure for %v of %v", op.Kind, op.Type))
	}
	return name(op.Kind, op.Type, op.IsArray())
}

// Lower returns the runtime call of op: call fadj_push_r8(x), or, for an
// array, call fadj_push_r8_array(a, n) with n the Count; for a bit
// record, call fadj_push_bits(v, w) with w the Width. The call holds
// op.Ref and op.Count themselves, not copies; it is returned as a
// *ast.CallStmt so that a caller can label it or comment it. Lower panics
// on an invalid Kind or Type, a nil Ref, or a Width that does not fit the
// Op: those are generator bugs.
func Lower(op Op) *ast.CallStmt {
	if op.Ref == nil {
		panic(fmt.Sprintf("tape: %v of %v without a reference", op.Kind, op.Type))
	}
	record := op.Type == Bits && op.Count == nil
	if record != (op.Width >= 1 && op.Width <= MaxWidth) || !record && op.Width != 0 {
		panic(fmt.Sprintf("tape: %v of %v with width %d", op.Kind, op.Type, op.Width))
	}
	args := []ast.Expr{op.Ref}
	switch {
	case op.Count != nil:
		args = append(args, op.Count)
	case record:
		args = append(args, &ast.BasicLit{Kind: token.INT, Value: strconv.Itoa(op.Width)})
	}
	return &ast.CallStmt{Name: ast.NewIdent(op.Name()), Args: args, Parens: true}
}

// widthOf returns the width a bit record's call passes: an integer
// literal in 1..MaxWidth.
func widthOf(x ast.Expr) (int, bool) {
	lit, ok := x.(*ast.BasicLit)
	if !ok || lit.Kind != token.INT {
		return 0, false
	}
	w, err := strconv.Atoi(lit.Value)
	if err != nil || w < 1 || w > MaxWidth {
		return 0, false
	}
	return w, true
}

// Of returns the Op of s if s is a runtime call Lower writes (in any
// letter case, with the arguments in place: one for a scalar, two for an
// array, no keywords), with Ref and Count the call's own arguments.
func Of(s ast.Stmt) (Op, bool) {
	c, ok := s.(*ast.CallStmt)
	if !ok || c == nil {
		return Op{}, false
	}
	id, ok := c.Name.(*ast.Ident)
	if !ok {
		return Op{}, false
	}
	f, ok := forms[strings.ToLower(id.Name)]
	if !ok {
		return Op{}, false
	}
	want := 1
	if f.array || f.typ == Bits {
		want = 2
	}
	if len(c.Args) != want {
		return Op{}, false
	}
	for _, a := range c.Args {
		if _, ok := a.(*ast.KeywordArg); ok || a == nil {
			return Op{}, false
		}
	}
	op := Op{Kind: f.kind, Type: f.typ, Ref: c.Args[0]}
	switch {
	case f.array:
		op.Count = c.Args[1]
	case f.typ == Bits:
		if op.Width, ok = widthOf(c.Args[1]); !ok {
			return Op{}, false
		}
	}
	return op, true
}

// Segment operations: the adjoint fixed-point loop reads the tape of
// the converged iteration once per adjoint iteration. Mark saves the
// tops of the tapes into m, an integer(8) array of MarkLen elements;
// Rewind puts back the values popped since.
const (
	markName   = "fadj_tape_mark"
	rewindName = "fadj_tape_rewind"
	// MarkLen is the length of a mark: one top per tape, the bit tape's
	// last.
	MarkLen = 6
)

// Mark returns call fadj_tape_mark(m).
func Mark(m ast.Expr) *ast.CallStmt {
	return &ast.CallStmt{Name: ast.NewIdent(markName), Args: []ast.Expr{m}, Parens: true}
}

// Rewind returns call fadj_tape_rewind(m).
func Rewind(m ast.Expr) *ast.CallStmt {
	return &ast.CallStmt{Name: ast.NewIdent(rewindName), Args: []ast.Expr{m}, Parens: true}
}

package adjoint

import (
	"fmt"
	"strings"

	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/ad/tape"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/printer"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Allocatable arrays whose allocation a step changes.
//
// A step may ALLOCATE and DEALLOCATE a work array, reallocate an array
// by assignment, or call a procedure that may; an allocatable component
// of a derived-type variable may be allocated or not. Its snapshot then
// holds its allocation too: its values (when allocated), the bounds of
// each dimension, and last a flag, 1 when allocated, on the i4 snapshot
// stack. A restore reads the flag first, then the bounds, deallocates
// the array when it is not allocated with them and allocates it so, and
// reads the values; or, the flag 0, deallocates it. A release pops the
// flag and the bounds to know how many values to discard, so these
// saves come last in a snapshot (ordered): their i4 values are then on
// top of the stack. A character of deferred length has its length
// saved after the bounds, and is allocated with it (typed ALLOCATE).
//
// The adjoint w_b keeps following w in the backward sweep (alloc.go):
// a step is recorded from its start state and reversed from its end
// state, which are the original's, and restores and advances change w
// only.

// reallocLocals declares the flag and the bounds a restore of a saved
// allocation of rank rank reads into.
func (g *gen) reallocLocals(rank int) error {
	names := []string{"fadj_snf"}
	for k := 1; k <= rank; k++ {
		names = append(names, fmt.Sprintf("fadj_snl%d", k), fmt.Sprintf("fadj_snu%d", k))
	}
	for _, n := range names {
		if _, err := g.local(n, intType); err != nil {
			return err
		}
	}
	return nil
}

// ordered returns ops with the saves of allocations last.
func ordered(ops []snapOp) []snapOp {
	var out, last []snapOp
	for _, op := range ops {
		if op.realloc {
			last = append(last, op)
		} else {
			out = append(out, op)
		}
	}
	return append(out, last...)
}

// reallocStmts returns the save (verb push) or restore (pop or peek) of
// op's allocation and values.
func (op snapOp) reallocStmts(verb string) []ast.Stmt {
	if op.flagOf != "" {
		return parseStmts(op.flagText(verb)) // snap_allocvar.go
	}
	// (snap_ptrcomp.go; the element's values: snap_alloc_elems.go)
	list := decl.Associate(op.comp, parseStmts(op.reallocText(verb))...)
	values := op.valueStmt(verb) // snap_alloc_dtype.go
	var walk func(list []ast.Stmt)
	walk = func(list []ast.Stmt) {
		for i, st := range list {
			if c, ok := st.(*ast.CallStmt); ok {
				if id, ok := c.Name.(*ast.Ident); ok && id.Name == "fadj_slot_values" {
					list[i] = values
				}
			}
			for _, l := range innerLists(st) {
				walk(l)
			}
		}
	}
	walk(list)
	return op.wrappedList(list, verb == "push")
}

// reallocText returns the source of a save (verb push) or restore (pop
// or peek) of op's allocation and values.
func (op snapOp) reallocText(verb string) string {
	w := printer.ExprString(op.Ref)
	var lo, hi, shape, push []string
	for k := 1; k <= op.rank; k++ {
		lo = append(lo, fmt.Sprintf("fadj_snl%d", k))
		hi = append(hi, fmt.Sprintf("fadj_snu%d", k))
		shape = append(shape, fmt.Sprintf("fadj_snl%d:fadj_snu%d", k, k))
		push = append(push, fmt.Sprintf("call fadj_snap_push_i4(lbound(%s, %d))\ncall fadj_snap_push_i4(ubound(%s, %d))\n", w, k, w, k))
	}
	values := "call fadj_slot_values()\n"
	if op.charLen {
		push = append(push, fmt.Sprintf("call fadj_snap_push_i4(len(%s))\n", w))
	}
	if verb == "push" {
		return fmt.Sprintf("if (allocated(%s)) then\n%s%scall fadj_snap_push_i4(1)\nelse\ncall fadj_snap_push_i4(0)\nend if\n",
			w, values, strings.Join(push, ""))
	}
	var pops []string
	if op.charLen {
		pops = append(pops, fmt.Sprintf("call fadj_snap_%s_i4(fadj_snc)\n", verb))
	}
	for k := op.rank; k >= 1; k-- {
		pops = append(pops, fmt.Sprintf("call fadj_snap_%s_i4(fadj_snu%d)\ncall fadj_snap_%s_i4(fadj_snl%d)\n", verb, k, verb, k))
	}
	obj, typed := w, ""
	differs := ".false."
	if op.rank > 0 {
		obj = fmt.Sprintf("%s(%s)", w, strings.Join(shape, ", "))
		differs = fmt.Sprintf("any(lbound(%s) /= [%s]) .or. any(ubound(%s) /= [%s])", w, strings.Join(lo, ", "), w, strings.Join(hi, ", "))
	}
	if op.charLen {
		typed = "character(len=fadj_snc) :: "
		differs = strings.TrimPrefix(differs+fmt.Sprintf(" .or. len(%s) /= fadj_snc", w), ".false. .or. ")
	}
	alloc := "allocate(" + typed + obj + ")"
	return fmt.Sprintf(`call fadj_snap_%s_i4(fadj_snf)
if (fadj_snf == 1) then
%sif (allocated(%s)) then
if (%s) deallocate(%s)
end if
if (.not. allocated(%s)) %s
%selse
if (allocated(%s)) deallocate(%s)
end if
`, verb, strings.Join(pops, ""), w, differs, w, w, alloc, values, w, w)
}

// reallocDrop returns the release of op's save: the flag and bounds
// popped, and the values discarded.
func (op snapOp) reallocDrop() string {
	if op.flagOf != "" {
		return op.flagDrop() // snap_allocvar.go
	}
	var pops, size []string
	if op.charLen {
		pops = append(pops, "call fadj_snap_pop_i4(fadj_snc)\n")
	}
	for k := op.rank; k >= 1; k-- {
		pops = append(pops, fmt.Sprintf("call fadj_snap_pop_i4(fadj_snu%d)\ncall fadj_snap_pop_i4(fadj_snl%d)\n", k, k))
		size = append([]string{fmt.Sprintf("(fadj_snu%d - fadj_snl%d + 1)", k, k)}, size...)
	}
	n := "1"
	if op.rank > 0 {
		n = strings.Join(size, "*")
	}
	stack := op.Type.String()
	if op.Type == tape.Char { // len codes an element, on the i4 stack
		stack = "i4"
		l := "fadj_snc"
		if !op.charLen {
			l = fmt.Sprintf("len(%s)", printer.ExprString(op.Ref))
		}
		n = strings.TrimPrefix(n+"*"+l, "1*")
	}
	discard := fmt.Sprintf("call fadj_snap_discard(fadj_snap_%s, %s)\n", stack, n)
	if len(op.parts) > 0 || op.cplx != nil {
		discard = op.partsDiscard(n) // snap_alloc_dtype.go
	}
	return fmt.Sprintf("call fadj_snap_pop_i4(fadj_snf)\nif (fadj_snf == 1) then\n%s%send if\n%s", strings.Join(pops, ""), discard, op.keptBounds()) // (snap_alloc_layers.go)
}

// keptAllocations rejects a save of ops, those of v, that a
// fixed-point loop's restores have no place for yet: the association of
// a pointer. Saves that hold an allocation are restored with it
// (fixedpoint_alloc.go).
func (g *gen) keptAllocations(v *sema.Symbol, body []ast.Stmt, what string, ops []snapOp) error {
	for _, op := range ops {
		if op.assoc != nil {
			return notSupported("pointer '%s' associated anew in %s, in its end values", v.Name, what)
		}
	}
	return nil
}

// allocComponentOp returns the save of leaf l, an ALLOCATABLE component
// of variable v, with its allocation: it may be allocated or not, and
// the steps may change it. Under a guard (v allocatable) or loops (an
// array of types, l.ref one element) it is saved element by element
// (snap_alloc_elems.go).
func (g *gen) allocComponentOp(v *sema.Symbol, l tapeLeaf, guard ast.Expr, loops []snapLoop, what string) (snapOp, error) {
	typ, ok := tape.TypeOf(l.alloc.Type)
	if isDerivedLeaf(l) || l.alloc.Type.IsComplex() {
		typ, ok = tape.R8, true // (its parts': snap_alloc_dtype.go)
	}
	if l.typ == tape.Char {
		typ, ok = tape.Char, true // its codes (snap_chars.go), its length if deferred
	}
	if !ok {
		return snapOp{}, notSupported("component '%s' of '%s' of type %s in a snapshot of %s: no tape for it", l.alloc.Name, v.Name, l.alloc.Type, what)
	}
	rank := len(l.alloc.Dims)
	op := snapOp{Op: tape.Op{Type: typ, Ref: l.ref}, realloc: true, rank: rank, guard: guard, loops: loops, charLen: deferredLen(l.alloc)}
	if l.alloc.Attrs.Has(sema.AttrPointer) {
		op.comp = l.alloc // snap_ptrcomp.go
	}
	if err := dtypeSnapOp(&op, l, what); err != nil {
		return snapOp{}, err
	}
	if op.charLen {
		if _, err := g.local("fadj_snc", intType); err != nil {
			return snapOp{}, err
		}
	}
	if rank > 0 {
		op.Count = tape.Size(l.ref)
	}
	return op, g.reallocLocals(rank)
}

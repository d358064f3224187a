package decl

import (
	"fmt"
	"strings"

	"github.com/fadj-dev/fadj/generator/sema"
)

// A NAMELIST READ sets the group's variables the input names, and only
// the elements it names (&state s(2) = 0.5 /): which derivatives to zero
// is known only at run time. Before the READ each active real member is
// copied and filled with a NaN whose payload no input can give
// (gfortran reads "NaN" as the default quiet NaN); after it, the
// elements still holding that payload were not read: they get their
// value back, and the derivatives of the others are zeroed. The primal
// computes what the READ alone did.
//
//	fadj_nl1_s = s
//	s = transfer(int(z'7FF8FADE0ADF0ADF', 8), 0.0_8)
//	read(rec, nml=state)
//	fadj_nlm1_s = transfer(s, [0_8], size(s)) == int(z'7FF8FADE0ADF0ADF', 8)
//	where (reshape(fadj_nlm1_s, shape(s))) s = fadj_nl1_s
//	...
//	where (.not. reshape(fadj_nlm1_s, shape(s))) s_d = 0
//
// The mask of an array is of rank 1 (size(s) elements), so that a
// reverse sweep in another routine can allocate it before popping it.

// NamelistMember is an active member of a NAMELIST group a READ sets.
type NamelistMember struct {
	Sym  *sema.Symbol
	Copy string // the copy of its value before the READ
	Mask string // the elements the READ did not set
}

// NamelistSentinelOK reports whether the value of member v can be
// sentinelled: a real or complex of kind 4 or 8, not a POINTER.
func NamelistSentinelOK(v *sema.Symbol) bool {
	return v != nil && v.Type != nil && (v.Type.IsReal() || v.Type.IsComplex()) && (v.Type.Kind == 4 || v.Type.Kind == 8) && !v.Attrs.Has(sema.AttrPointer)
}

// nlType is the type of m's copy; nlPart its real part, from which the
// mask is taken (a complex value is read whole, both parts).
func nlType(m NamelistMember) string {
	if m.Sym.Type.IsComplex() {
		return "complex"
	}
	return "real"
}

func nlPart(m NamelistMember) string {
	if m.Sym.Type.IsComplex() {
		return fmt.Sprintf("real(%s)", m.Sym.Name)
	}
	return m.Sym.Name
}

func nlPattern(kind int) (pat, mold string) {
	if kind == 4 {
		return "int(z'7FC0FADE', 4)", "0.0_4"
	}
	return "int(z'7FF8FADE0ADF0ADF', 8)", "0.0_8"
}

// NamelistDecls returns the declarations of m's copy and mask.
func NamelistDecls(m NamelistMember) string {
	r := m.Sym.Rank()
	if r == 0 {
		return fmt.Sprintf("%s(%d) :: %s\nlogical :: %s", nlType(m), m.Sym.Type.Kind, m.Copy, m.Mask)
	}
	return fmt.Sprintf("%s(%d), allocatable :: %s(%s)\nlogical, allocatable :: %s(:)", nlType(m), m.Sym.Type.Kind, m.Copy, strings.TrimSuffix(strings.Repeat(":,", r), ","), m.Mask)
}

// NamelistBefore returns the statements before the READ: the copy, the
// sentinel.
func NamelistBefore(m NamelistMember) string {
	pat, mold := nlPattern(m.Sym.Type.Kind)
	v := m.Sym.Name
	if m.Sym.Type.IsComplex() {
		return fmt.Sprintf("%s = %s\n%s%%re = transfer(%s, %s)\n%s%%im = transfer(%s, %s)", m.Copy, v, v, pat, mold, v, pat, mold)
	}
	return fmt.Sprintf("%s = %s\n%s = transfer(%s, %s)", m.Copy, v, v, pat, mold)
}

// NamelistAfter returns the statements after the READ: the mask of the
// elements not read, their values put back.
func NamelistAfter(m NamelistMember) string {
	pat, _ := nlPattern(m.Sym.Type.Kind)
	v := m.Sym.Name
	ik := m.Sym.Type.Kind
	if m.Sym.Rank() == 0 {
		return fmt.Sprintf("%s = transfer(%s, 0_%d) == %s\nif (%s) %s = %s", m.Mask, nlPart(m), ik, pat, m.Mask, v, m.Copy)
	}
	return fmt.Sprintf("%s = transfer(%s, [0_%d], size(%s)) == %s\nwhere (%s) %s = %s", m.Mask, nlPart(m), ik, v, pat, NamelistNotRead(m), v, m.Copy)
}

// NamelistNotRead is the condition (scalar) or mask (array) of the
// elements of m the READ did not set.
func NamelistNotRead(m NamelistMember) string {
	if m.Sym.Rank() == 0 {
		return m.Mask
	}
	return fmt.Sprintf("reshape(%s, shape(%s))", m.Mask, m.Sym.Name)
}

// NamelistZero returns the zeroing of derivative d (a name) of m where the
// READ set it.
func NamelistZero(m NamelistMember, d string) string {
	if m.Sym.Rank() == 0 {
		return fmt.Sprintf("if (.not. %s) %s = 0", m.Mask, d)
	}
	return fmt.Sprintf("where (.not. %s) %s = 0", NamelistNotRead(m), d)
}

// NamelistAllocMask returns the allocation of m's mask to the size of m,
// before a reverse sweep pops it.
func NamelistAllocMask(m NamelistMember) string {
	if m.Sym.Rank() == 0 {
		return ""
	}
	return fmt.Sprintf("if (allocated(%s)) deallocate(%s)\nallocate(%s(size(%s)))", m.Mask, m.Mask, m.Mask, m.Sym.Name)
}

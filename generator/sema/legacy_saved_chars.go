package sema

// CHARACTER state of a procedure with ENTRY. An old accumulator keeps
// a tag or a status word next to its sums (CHARACTER*4 TAG, SAVE S,
// TAG), which its entry points share as they share the sums: the
// procedures made of its entry points must share it too, or a saved
// real read through another entry point would be each one's own
// (entry_passive_real). A CHARACTER local of constant length moves to
// the entry points' block with the others (legacy_saved_entry.go): a
// block mixing CHARACTER and numeric members is an extension gfortran
// and the other compilers fadj checks with accept by default.

// savedChars reports whether saved variable s is a CHARACTER scalar or
// array of a constant length.
func savedChars(s *Symbol) bool {
	return s.Type.Basic == CharacterType && s.Type.Len > 0
}

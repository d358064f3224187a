package sema

import (
	"github.com/fadj-dev/fadj/generator/diag"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/source"
)

// Program is a set of parsed and analysed files.
type Program struct {
	Fset  *source.FileSet
	Files []*ast.File
	Info  *Info
	// Warnings are problems that do not stop fadj: dummies whose
	// declared intent disagrees with what their procedure does.
	Warnings diag.List
	// Deferred are problems of procedures made of a procedure with
	// ENTRY (parser.SplitEntries) that stop fadj only when the
	// procedure gets derivative code.
	Deferred map[*ast.Unit]diag.List
	// Unreachable are constructs fadj reads but whose procedures the
	// derivative code may not run (SELECT TYPE): they stop fadj only
	// when a target reaches their procedure (ReachedOnly).
	Unreachable map[*ast.Unit]diag.List
	// Texts are the sources as read, by the name given to load them
	// (output.augment writes a source again with code inserted).
	Texts map[string][]byte
	// Clones are the copies of procedures SpecializeDummyProcedures
	// made, each with the name of the procedure it copies.
	Clones map[string]string
	// Saved are the procedures whose SAVEd real locals SavedToCommon
	// moved to a block of their own.
	Saved map[string]bool
	// AltReturns are the copies AlternateReturns made of subroutines
	// with alternate returns.
	AltReturns map[string]AltCopy
}

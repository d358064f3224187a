// Package sema does the semantic analysis of Fortran program units for
// fadj: it resolves every name to a Symbol (following host and use
// association and the implicit typing rules), computes the type, kind and
// rank of every expression, tells function references from array
// elements, builds the call graph and collects the common blocks. It
// reports the errors a Fortran compiler would and that source-to-source
// differentiation needs to be absent.
//
// The design follows go/types. Check analyses a set of parsed files (in
// any order: modules are analysed in dependency order) and fills in an
// Info:
//
//	info, err := sema.Check(fset, files, &sema.Config{})
//	// err is nil or a diag.List of "file:line:col: message" errors
//	sym := info.ObjectOf(ident)     // *Symbol of an *ast.Ident
//	t := info.TypeOf(expr)          // *Type (real(8), character(len=10), type(t), ...)
//	r := info.Rank(expr)            // 0 for scalars
//	call := info.Calls[callExpr]    // array element, substring, function call, ...
//	order, cycles := info.CallGraph.BottomUp()
//
// Info keeps going after errors: everything that could be resolved is
// recorded, and Check never panics on a partial tree.
//
// # Symbols and scopes
//
// There is a Scope for each program unit, contained procedure, interface
// body, BLOCK and ASSOCIATE construct (Info.Scopes), with its host as
// Parent. A Symbol records what a name is (SymKind; for procedures a Proc
// with ProcKind, dummy arguments and result), its Type and array Dims
// (each bound as an expression and, when constant, its value),
// attributes, intent, dummy argument index, common block membership,
// named-constant value, components and type-bound procedures of derived
// types. A use-associated entity is the module's own Symbol; Scope.Import
// tells the local name and the module it came from.
//
// # Types
//
// Types of intrinsic types other than character are canonical pointers
// (Real8 is real(8) however it was spelt: double precision, real*8,
// real(8), real(kind=dp) with dp = kind(1.d0) or selected_real_kind(15),
// 1.d0, 2.5_dp). Kinds are those of gfortran on x86_64: integer and
// logical 1, 2, 4, 8, 16; real and complex 4, 8, 10, 16.
//
// # Performance
//
// Check is linear in the size of the input. Most of its time goes into
// filling the big Info maps; for large inputs Uses and Defs are filled by
// a second goroutine while the checker goes on (see record.go).
package sema

// Package activity is fadj's activity analysis: which variables,
// statements and expressions of the routine being differentiated, and
// of the procedures it calls, need derivative code.
//
// A variable is varied at a point of the program if its value there
// depends differentiably on an independent; useful if a dependent
// depends on its value there; active if both (Hascoët and Pascual's
// definition, as in Tapenade; see also Naumann, "Reducing the memory
// requirement in reverse mode AD by solving TBR flow equations"). Only
// real and complex data can be active: integers, logicals and
// characters never are, and no derivative flows through them (int(),
// nint(), floor(), comparisons, array indices, ...).
//
// # Granularity
//
// A location is tracked per variable, except that a derived-type
// variable is tracked per real or complex component path (p%a, p%s%b),
// found by expanding the type through non-pointer, non-allocatable
// components up to 6 levels deep; a pointer or allocatable component of
// derived type, a CLASS component, or a deeper one is one location for
// everything below it, and a type with more than 64 such paths is one
// location. A reference that is a plain component chain touches its
// paths; a whole-variable reference (an actual argument, p = q) touches
// all of them, and q = p between variables of the same type copies path
// by path. CLASS variables are one location.
//
// Arrays are tracked as a whole: an assignment to an element or a
// section makes the array varied but never kills its varied status; only
// an assignment to a whole array or scalar (or a plain component chain
// without subscripts) kills. WHERE and FORALL assignments never kill.
//
// Variables that share storage are one location, tracked as a whole,
// and assignments to it never kill: the members of an EQUIVALENCE set,
// a pointer and the targets it is associated with anywhere in the
// program (p => t), and the members of a common block whose layout
// differs between units. The members of a common block declared with
// the same layout everywhere are identified by position across units.
// An ASSOCIATE name stands for its selector when the selector is a
// variable.
//
// # Flow
//
// Inside a procedure the analysis is flow-sensitive over the structured
// body: sequences, IF / ELSE IF / ELSE and SELECT CASE (union over the
// branches), DO, DO WHILE and DO CONCURRENT loops (iterated to a fixed
// point at the loop head), EXIT and CYCLE (also of named constructs),
// RETURN and STOP. A function reference is evaluated before the
// statement holding it, into a temporary. A statement function is
// inlined. Intrinsic functions follow a table (intrinsics.go): an
// argument carries a derivative into a real or complex result unless the
// result is piecewise constant in it (aint, anint, spacing, the second
// argument of sign, ...) or only its type matters (epsilon, huge, ...).
// READ defines its items with no derivative (but see KeepsItems). ALLOCATE(..., SOURCE=x)
// copies x.
//
// A procedure that transfers control by label (GO TO, computed GO TO,
// arithmetic IF, alternate returns, ERR=, END=, EOR=) is analysed
// flow-insensitively: the varied set is the fixed point of all its
// assignments from the entry state, the useful set likewise from the
// exit state, nothing is killed, and the same sets hold everywhere
// (ProcActivity.Flat).
//
// # Calls
//
// Each procedure with a body that the target may call gets a summary,
// computed callee-first over the call graph (mutually recursive
// procedures iterate to a fixed point from the empty summary): for each
// output (a dummy argument that is not INTENT(IN) or VALUE, the function
// result, a global) the inputs (dummies that are not INTENT(OUT), and
// globals) its value on exit may depend on. An output the procedure may
// leave unchanged depends on itself, so that the caller may kill an
// actual argument written as a whole (INTENT(OUT) does kill). Globals are
// module variables, common-block variables, a host's variables used by
// an internal procedure, and saved local variables (SAVE, DATA,
// initialisation), whose values outlive a call.
//
// A procedure without a body (an external procedure known only by an
// interface or not at all), a dummy procedure, or an unresolved call is
// assumed to make every argument it may define (INTENT(OUT), INOUT or no
// intent; every variable argument without an interface) depend on every
// real argument that is not INTENT(OUT) and on every global the caller
// uses, keeping its old value too unless it is INTENT(OUT); it defines
// no global. A warning says so where the assumption matters: an output
// useful after the call gets a dependence on another argument or a
// global varied before it.
//
// Then, from the target down, the activity of each call is its pattern
// (the inputs varied before the call, the outputs useful after it,
// reduced to those connected through the summary); each distinct pattern
// of a procedure is a version analysed with that pattern, as Tapenade
// does. A call whose reduced pattern is empty is passive and makes no
// version.
//
// # Errors
//
// Reported through the pass: an independent or dependent that is not
// real or complex (or a derived type holding some), or that is not a
// dummy argument of the routine nor a module or common-block variable
// (a dependent may also be the function result); an active variable in
// an EQUIVALENCE, an active POINTER (variable or component, or a
// variable associated with one), a NAMELIST READ of a group holding an
// active variable (the input decides which variables it sets), and a
// READ into an active variable from a unit that a WRITE of varied values
// writes to (the value read back depends on the independents: io_readback.go)
// are not supported. A READ that reads back what a WRITE just before it
// wrote keeps its items' values and derivatives (KeepsItems,
// io_roundtrip.go); any other READ into an active variable is supported:
// its values do not depend on the independents. A dependent that no independent influences is a
// warning.
package activity

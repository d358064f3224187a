// Package runtime holds the Fortran runtime library of fadj: the module
// fadj_runtime (fortran/fadj_runtime.f90, embedded as [Source]) that fadj
// writes next to the code it generates. Generated adjoint (reverse-mode) code
// pushes values onto its tapes in the forward sweep and pops them, in
// reverse order, in the backward sweep; checkpointed code saves its
// snapshots on separate snapshot stacks.
//
// The module is standard Fortran 2008 (it compiles without warnings with
// gfortran -std=f2008 -Wall -Wextra) and depends only on iso_fortran_env.
// Users may choose its name: [Module] renames it. Its variables are
// !$omp threadprivate: compiled with -fopenmp, each thread has its own
// tapes, snapshot stacks and counters (the master thread's are those of
// serial code), so that the adjoints of calls in parallel loops record
// on their thread's tape. The header comment of
// the .f90 file is the user's reference; this comment summarises it.
//
// # Tapes and snapshot stacks
//
// There is one last-in first-out stack per type, each named by a suffix T:
//
//	r8  real(real64)    real(8)
//	r4  real(real32)    real(4)
//	i4  integer(int32)  integer(4), the default integer
//	i8  integer(int64)  integer(8)
//	l   logical         default logical
//
// and two sets of these five: the tapes, for the values the backward
// sweep needs, and the snapshot stacks, for what a checkpointed call or
// region must restore to run again (Dauvergne and Hascoët's Snp) and
// what must be restored after it (Sbk). They are kept apart so that
// benchmarks can report peak tape and peak snapshot memory separately.
//
// The kinds are explicit, so compiler flags such as -fdefault-real-8 do
// not change what a stack holds; generated code picks the suffix from the
// kind of the variable.
//
// The ten stacks and the bit tape are independent (a pop takes the top of
// its own stack) and pops restore exactly the bits pushed, -0.0 and NaN
// payloads included.
//
// # What generated code calls
//
//	call fadj_push_<T>(x)                    ! scalar
//	call fadj_pop_<T>(x)
//	call fadj_push_<T>_array(a, size(a))     ! array of any rank
//	call fadj_pop_<T>_array(a, size(a))
//	call fadj_snap_push_<T>(x)               ! the same on the snapshot stacks
//	call fadj_snap_pop_<T>(x)
//	call fadj_snap_push_<T>_array(a, size(a))
//	call fadj_snap_pop_<T>_array(a, size(a))
//	call fadj_snap_push_char(s)              ! a character value (and _array,
//	call fadj_snap_pop_char(s)               ! peek forms): its codes on the
//	                                         ! i4 snapshot stack
//	call fadj_push_char(s), fadj_pop_char(s) ! the same on the i4 tape
//
// for example fadj_push_r8(x) and fadj_snap_pop_r8_array(a, size(a)). The
// array dummy is assumed-size, a(*), with the element count n as second
// argument: one procedure per type serves all ranks, and a contiguous
// array is passed by address, without a descriptor and without a copy (a
// non-contiguous section is copied in and out by the compiler: correct
// but slower). An array push equals pushing a(1), ..., a(n) one at a time
// in array element order, so a(n) ends on top. Generated code uses these
// specific names; the generic interfaces fadj_push and fadj_pop (scalars
// and arrays of rank 1 to 3 of all five types, tapes only) are for
// hand-written code. Both resolve at compile time and cost the same.
// Package generator/ad/tape is the generator's side of these names.
//
// The fast path of a tape push is a capacity check, a store and a few
// integer updates (top, push count, bytes held, high-water mark); growth
// is out of line. A stack starts at 1024 values on its first push and
// doubles (allocate, copy, move_alloc) when full; it keeps its memory
// when popped, for the next forward sweep, until it is reset. A snapshot
// push or pop also updates, out of line, the combined peak of tapes and
// snapshot stacks; so that tape pushes need not, the tapes track only
// their own high-water mark, which each snapshot operation folds into the
// combined peak before the snapshot bytes change. BenchmarkTapeFortran and
// BenchmarkSnapFortran measure a push and a pop in the compiled Fortran.
//
// Popping more values than a stack holds stops the program with ERROR
// STOP and a message on standard error, such as
//
//	fadj_runtime: pop from empty real(8) tape
//	fadj_runtime: pop from empty real(8) snapshot stack
//
// # Statistics
//
// All are integer(int64) and count from the start or the last reset. The
// optional argument of the tape figures is one of the public constants
// fadj_tape_r8, fadj_tape_r4, fadj_tape_i4, fadj_tape_i8, fadj_tape_l; that
// of the snapshot figures one of fadj_snap_r8, ..., fadj_snap_l. Without
// it the figure covers all tapes, or all snapshot stacks. Bytes count
// values (storage_size of the type), not allocation slack.
//
//	fadj_tape_bytes([tape])         bytes now on the tape(s)
//	fadj_tape_peak_bytes()          the most bytes all tapes held at one
//	                                time: the "peak tape bytes" of benchmarks
//	fadj_tape_pushed_bytes([tape])  bytes pushed in all
//	fadj_tape_popped_bytes([tape])  bytes popped in all (pushed + popped is
//	                                the tape traffic)
//	fadj_tape_pushes([tape])        push calls (an array push counts once)
//	fadj_tape_alloc_bytes([tape])   bytes allocated for the tape(s)
//	fadj_tape_empty()               logical: all tapes empty
//	fadj_snap_bytes([stack]), fadj_snap_peak_bytes(),
//	fadj_snap_pushed_bytes([stack]), fadj_snap_popped_bytes([stack]),
//	fadj_snap_pushes([stack]), fadj_snap_alloc_bytes([stack]),
//	fadj_snap_empty()               the same for the snapshot stacks
//	fadj_memory_peak_bytes()        the most bytes tapes and snapshot stacks
//	                                held together at one time
//	call fadj_tape_stats([unit])    print a table (default: standard output)
//	call fadj_snap_stats([unit])    the same for the snapshot stacks
//	call fadj_tape_reset()          free the tapes, zero their statistics
//	call fadj_snap_reset()          free the snapshot stacks, zero theirs
//	call fadj_reset_all()           both
//
// A reset of one kind leaves the other alone, so fadj_tape_reset keeps
// the meaning it had before snapshot stacks existed; the combined peak
// restarts from what the other kind still holds. Bytes popped are not
// counted on the pop path: they are the bytes pushed less the bytes held.
//
// The stacks are module variables: one set per program, not thread-safe.
//
// # Editing
//
// fortran/fadj_runtime.f90 is generated from a template in gen_test.go,
// so that the ten copies of each procedure stay alike: edit the template
// and run go generate. The file is in a subdirectory because the go
// command refuses Fortran files in the directory of a package that does
// not use cgo. The tests compile the module with gfortran and run small
// driver programs against it; they are skipped without gfortran unless
// CI=true or FADJ_REQUIRE_GFORTRAN=1.
package runtime

//go:generate go test -run ^TestSourceUpToDate$ -update

import (
	_ "embed"
	"fmt"
	"regexp"
)

// Source is the Fortran source of the runtime module, named [ModuleName].
//
//go:embed fortran/fadj_runtime.f90
var Source []byte

// ModuleName is the name of the module in [Source].
const ModuleName = "fadj_runtime"

// moduleLine matches the "module fadj_runtime" and "end module
// fadj_runtime" statements, the only places where the name matters.
// Procedure names (fadj_push_r8) and messages ('fadj_runtime: pop from
// empty ...') do not match: the name must directly follow the keyword at
// the start of a line and end there.
var moduleLine = regexp.MustCompile(`(?im)^([ \t]*(?:end[ \t]*)?module[ \t]+)` + ModuleName + `([ \t]*)$`)

// validName matches a Fortran 2008 name.
var validName = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_]{0,62}$`)

// CheckName reports whether name can name the runtime module: a Fortran
// name, a letter followed by at most 62 letters, digits and underscores.
func CheckName(name string) error {
	if !validName.MatchString(name) {
		return fmt.Errorf("runtime module name %q is not a Fortran name (a letter, then up to 62 letters, digits or underscores)", name)
	}
	return nil
}

// Module returns the runtime source with the module named name instead of
// [ModuleName]; Module(ModuleName) returns a copy of [Source]. Only the
// module and end module statements change: the procedures keep their
// fadj_ names (they are distinct in the object file, qualified by the
// module name, so two runtimes under different names link together) and
// the error messages keep their fadj_runtime: prefix. Module panics if
// name is not a valid name (see [CheckName]); callers check it first.
func Module(name string) []byte {
	if err := CheckName(name); err != nil {
		panic(err)
	}
	if name == ModuleName {
		// The common case needs no renaming (and no regexp over 40 KB,
		// most of a small spec's generation time).
		return append([]byte(nil), Source...)
	}
	n := 0
	out := moduleLine.ReplaceAllFunc(Source, func(m []byte) []byte {
		n++
		sub := moduleLine.FindSubmatch(m)
		return append(append(append([]byte{}, sub[1]...), name...), sub[2]...)
	})
	if n != 2 {
		panic(fmt.Sprintf("runtime: fadj_runtime.f90 has %d module statements naming %s, want 2", n, ModuleName))
	}
	return out
}

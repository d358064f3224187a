package runtime

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/fadj-dev/fadj/generator/gfortran"
	"github.com/fadj-dev/fadj/generator/gfortran/gfortrantest"
)

// The tests compile the runtime module with gfortran, as fadj's users
// will, together with small driver programs, run them and check their
// output. Each module build is shared by the tests that use it.

// variant is a set of gfortran flags for the module and the drivers.
type variant struct {
	name  string
	flags []string
}

var (
	debug = variant{"debug", []string{"-O0", "-g", "-fcheck=all", "-fcheck=no-array-temps"}}
	opt   = variant{"opt", []string{"-O2"}}
)

// strict are the flags the module itself must compile cleanly with.
var strict = []string{"-std=f2008", "-Wall", "-Wextra", "-Werror"}

// built is a compiled runtime module: dir holds its .mod file, obj its
// object file.
type built struct {
	dir, obj string
}

var (
	tmpRoot  string
	buildsMu sync.Mutex
	builds   = map[string]*moduleBuild{}
)

type moduleBuild struct {
	once sync.Once
	b    built
	err  error
}

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "fadj-runtime-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	tmpRoot = dir
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// buildModule compiles Module(name) with the variant's flags and strict
// warnings, once per name and variant.
func buildModule(tb testing.TB, v variant, name string) built {
	tb.Helper()
	fc := gfortrantest.Require(tb)
	key := v.name + "/" + name
	buildsMu.Lock()
	mb := builds[key]
	if mb == nil {
		mb = &moduleBuild{}
		builds[key] = mb
	}
	buildsMu.Unlock()
	mb.once.Do(func() {
		dir := filepath.Join(tmpRoot, v.name+"-"+name)
		if mb.err = os.MkdirAll(dir, 0o755); mb.err != nil {
			return
		}
		src := filepath.Join(dir, name+".f90")
		if mb.err = os.WriteFile(src, Module(name), 0o644); mb.err != nil {
			return
		}
		obj := filepath.Join(dir, name+".o")
		args := append(append(append([]string{}, strict...), v.flags...), "-J", dir, "-c", src, "-o", obj)
		out, err := exec.Command(fc, args...).CombinedOutput()
		if err != nil || len(out) > 0 {
			mb.err = fmt.Errorf("gfortran %s: %v\n%s", strings.Join(args, " "), err, out)
			return
		}
		mb.b = built{dir, obj}
	})
	if mb.err != nil {
		tb.Fatal(mb.err)
	}
	return mb.b
}

// buildProgram compiles the driver src against the modules and returns
// the executable.
func buildProgram(tb testing.TB, v variant, src string, mods ...built) string {
	tb.Helper()
	fc := gfortrantest.Require(tb)
	dir := tb.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "main.f90"), []byte(src), 0o644); err != nil {
		tb.Fatal(err)
	}
	flags := append([]string{"-std=f2008"}, v.flags...)
	srcs := []string{"main.f90"}
	for _, m := range mods {
		flags = append(flags, "-I", m.dir)
		srcs = append(srcs, m.obj)
	}
	c := gfortran.Compiler{Path: fc, Flags: flags}
	exe := filepath.Join(dir, "main")
	if err := c.Build(dir, exe, srcs...); err != nil {
		tb.Fatalf("%v\ndriver:\n%s", err, numbered(src))
	}
	return exe
}

func numbered(src string) string {
	var b strings.Builder
	for i, l := range strings.Split(src, "\n") {
		fmt.Fprintf(&b, "%4d  %s\n", i+1, l)
	}
	return b.String()
}

// run runs exe with args and returns its standard output and error and
// its exit status.
func run(tb testing.TB, exe string, args ...string) (stdout, stderr string, status int) {
	tb.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, exe, args...)
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	err := cmd.Run()
	if ctx.Err() != nil {
		tb.Fatalf("%s %v: timed out", exe, args)
	}
	if err != nil {
		ee, ok := err.(*exec.ExitError)
		if !ok {
			tb.Fatalf("%s %v: %v", exe, args, err)
		}
		status = ee.ExitCode()
	}
	return o.String(), e.String(), status
}

// runOK runs exe and fails unless it exits with status 0.
func runOK(tb testing.TB, exe string, args ...string) string {
	tb.Helper()
	out, errOut, status := run(tb, exe, args...)
	if status != 0 || errOut != "" {
		tb.Fatalf("%s %v: exit status %d\nstderr:\n%s\nstdout:\n%s", exe, args, status, errOut, out)
	}
	return out
}

// compareLines fails at the first difference between got and want.
func compareLines(t *testing.T, got string, want []string) {
	t.Helper()
	lines := strings.Split(strings.TrimRight(got, "\n"), "\n")
	for i := 0; i < len(lines) || i < len(want); i++ {
		var g, w string
		if i < len(lines) {
			g = strings.TrimSpace(lines[i])
		}
		if i < len(want) {
			w = want[i]
		}
		if g != w {
			t.Fatalf("output line %d: got %q, want %q (%d lines, want %d)", i+1, g, w, len(lines), len(want))
		}
	}
}

// keyValues parses lines "key value" into a map.
func keyValues(t *testing.T, out string) map[string]string {
	t.Helper()
	m := map[string]string{}
	for _, l := range strings.Split(out, "\n") {
		f := strings.Fields(l)
		if len(f) == 2 {
			m[f[0]] = f[1]
		}
	}
	return m
}

func checkValues(t *testing.T, got map[string]string, want map[string]int64) {
	t.Helper()
	for k, w := range want {
		g, ok := got[k]
		if !ok {
			t.Errorf("%s: not printed", k)
			continue
		}
		if g != strconv.FormatInt(w, 10) {
			t.Errorf("%s = %s, want %d", k, g, w)
		}
	}
}

// Fortran literals.

func lit64(v int64) string {
	if v == math.MinInt64 {
		return "(-9223372036854775807_int64 - 1_int64)"
	}
	return fmt.Sprintf("%d_int64", v)
}

func lit32(v int32) string {
	if v == math.MinInt32 {
		return "(-2147483647_int32 - 1_int32)"
	}
	return fmt.Sprintf("%d_int32", v)
}

// arrayParam declares a parameter array, one element per line.
func arrayParam(decl, name string, elems []string) string {
	return fmt.Sprintf("  %s, parameter :: %s(%d) = [ &\n    %s]\n",
		decl, name, len(elems), strings.Join(elems, ", &\n    "))
}

// Values whose bits must survive a push and a pop.
var (
	bitsR8 = []uint64{
		0, 1 << 63, // +0.0, -0.0
		math.Float64bits(1), math.Float64bits(-1), math.Float64bits(math.Pi),
		math.Float64bits(math.MaxFloat64), math.Float64bits(-math.MaxFloat64), // huge
		0x0010000000000000,    // tiny
		1, 0x800FFFFFFFFFFFFF, // subnormals
		0x7FF0000000000000, 0xFFF0000000000000, // infinities
		0x7FF8000000000000, 0xFFF8000000000000, // quiet NaNs
		0x7FF0000000000001, 0xFFF4DEADBEEF0123, 0x7FF7FFFFFFFFFFFF, // signalling NaNs
		0x7FFFFFFFFFFFFFFF, 0xFFFFFFFFFFFFFFFF, // NaNs, all payload bits
	}
	bitsR4 = []uint32{
		0, 1 << 31,
		math.Float32bits(1), math.Float32bits(-1), math.Float32bits(math.Pi),
		math.Float32bits(math.MaxFloat32), 0x00800000, 1, 0x807FFFFF,
		0x7F800000, 0xFF800000, 0x7FC00000, 0x7F800001, 0xFFA0BEEF, 0x7FFFFFFF, 0xFFFFFFFF,
	}
	valsI4 = []int32{0, 1, -1, math.MaxInt32, math.MinInt32, 123456789, -987654321}
	valsI8 = []int64{0, 1, -1, math.MaxInt64, math.MinInt64, 1<<40 + 7, -(1<<53 + 1)}
	valsL  = []bool{true, false, false, true}
)

// bitsProgram pushes the values above, first one scalar of each type at
// a time, then each type's values as a whole array; then pops them all
// and prints the bits of what it pops.
func bitsProgram() string {
	var b strings.Builder
	b.WriteString(`program bits
  use, intrinsic :: iso_fortran_env, only: real32, real64, int32, int64
  use fadj_runtime
  implicit none
`)
	var e8, e4, ei4, ei8, el []string
	for _, v := range bitsR8 {
		e8 = append(e8, lit64(int64(v)))
	}
	for _, v := range bitsR4 {
		e4 = append(e4, lit32(int32(v)))
	}
	for _, v := range valsI4 {
		ei4 = append(ei4, lit32(v))
	}
	for _, v := range valsI8 {
		ei8 = append(ei8, lit64(v))
	}
	for _, v := range valsL {
		el = append(el, map[bool]string{true: ".true.", false: ".false."}[v])
	}
	b.WriteString(arrayParam("integer(int64)", "b_r8", e8))
	b.WriteString(arrayParam("integer(int32)", "b_r4", e4))
	b.WriteString(arrayParam("integer(int32)", "v_i4", ei4))
	b.WriteString(arrayParam("integer(int64)", "v_i8", ei8))
	b.WriteString(arrayParam("logical", "v_l", el))
	fmt.Fprintf(&b, "  integer, parameter :: m = %d\n", max(len(e8), len(e4), len(ei4), len(ei8), len(el)))
	b.WriteString(`  character(len=*), parameter :: f = '(a, 1x, i0, 1x, i0)'
  real(real64) :: x8, a8(size(b_r8))
  real(real32) :: x4, a4(size(b_r4))
  integer(int32) :: k4, ai4(size(v_i4))
  integer(int64) :: k8, ai8(size(v_i8))
  logical :: l, al(size(v_l))
  integer :: i

  do i = 1, m
    if (i <= size(b_r8)) then
      x8 = transfer(b_r8(i), x8)
      call fadj_push_r8(x8)
    end if
    if (i <= size(b_r4)) then
      x4 = transfer(b_r4(i), x4)
      call fadj_push_r4(x4)
    end if
    if (i <= size(v_i4)) call fadj_push_i4(v_i4(i))
    if (i <= size(v_i8)) call fadj_push_i8(v_i8(i))
    if (i <= size(v_l)) call fadj_push_l(v_l(i))
  end do

  do i = 1, size(a8)
    a8(i) = transfer(b_r8(i), x8)
  end do
  do i = 1, size(a4)
    a4(i) = transfer(b_r4(i), x4)
  end do
  ai4 = v_i4
  ai8 = v_i8
  al = v_l
  call fadj_push_r8_array(a8, size(a8))
  call fadj_push_r4_array(a4, size(a4))
  call fadj_push_i4_array(ai4, size(ai4))
  call fadj_push_i8_array(ai8, size(ai8))
  call fadj_push_l_array(al, size(al))
  a8 = 0
  a4 = 0
  ai4 = 0
  ai8 = 0
  al = .false.

  call fadj_pop_l_array(al, size(al))
  do i = 1, size(al)
    write (*, f) 'la', i, merge(1, 0, al(i))
  end do
  call fadj_pop_i8_array(ai8, size(ai8))
  do i = 1, size(ai8)
    write (*, f) 'i8a', i, ai8(i)
  end do
  call fadj_pop_i4_array(ai4, size(ai4))
  do i = 1, size(ai4)
    write (*, f) 'i4a', i, ai4(i)
  end do
  call fadj_pop_r4_array(a4, size(a4))
  do i = 1, size(a4)
    write (*, f) 'r4a', i, transfer(a4(i), 0_int32)
  end do
  call fadj_pop_r8_array(a8, size(a8))
  do i = 1, size(a8)
    write (*, f) 'r8a', i, transfer(a8(i), 0_int64)
  end do

  do i = m, 1, -1
    if (i <= size(v_l)) then
      call fadj_pop_l(l)
      write (*, f) 'l', i, merge(1, 0, l)
    end if
    if (i <= size(v_i8)) then
      call fadj_pop_i8(k8)
      write (*, f) 'i8', i, k8
    end if
    if (i <= size(v_i4)) then
      call fadj_pop_i4(k4)
      write (*, f) 'i4', i, k4
    end if
    if (i <= size(b_r4)) then
      call fadj_pop_r4(x4)
      write (*, f) 'r4', i, transfer(x4, 0_int32)
    end if
    if (i <= size(b_r8)) then
      call fadj_pop_r8(x8)
      write (*, f) 'r8', i, transfer(x8, 0_int64)
    end if
  end do
  write (*, '(a, 1x, l1)') 'empty', fadj_tape_empty()
end program bits
`)
	return b.String()
}

func bitsExpected() []string {
	var want []string
	add := func(name string, i int, v int64) { want = append(want, fmt.Sprintf("%s %d %d", name, i, v)) }
	b2i := func(b bool) int64 {
		if b {
			return 1
		}
		return 0
	}
	for i, v := range valsL {
		add("la", i+1, b2i(v))
	}
	for i, v := range valsI8 {
		add("i8a", i+1, v)
	}
	for i, v := range valsI4 {
		add("i4a", i+1, int64(v))
	}
	for i, v := range bitsR4 {
		add("r4a", i+1, int64(int32(v)))
	}
	for i, v := range bitsR8 {
		add("r8a", i+1, int64(v))
	}
	m := max(len(bitsR8), len(bitsR4), len(valsI4), len(valsI8), len(valsL))
	for i := m; i >= 1; i-- {
		if i <= len(valsL) {
			add("l", i, b2i(valsL[i-1]))
		}
		if i <= len(valsI8) {
			add("i8", i, valsI8[i-1])
		}
		if i <= len(valsI4) {
			add("i4", i, int64(valsI4[i-1]))
		}
		if i <= len(bitsR4) {
			add("r4", i, int64(int32(bitsR4[i-1])))
		}
		if i <= len(bitsR8) {
			add("r8", i, int64(bitsR8[i-1]))
		}
	}
	return append(want, "empty T")
}

// TestBits checks last-in first-out order and that pops restore the
// exact bits pushed (-0.0, huge, tiny, subnormals, infinities, quiet and
// signalling NaNs with payloads, extreme integers), for scalars and
// arrays of every type, unoptimized with run-time checks and optimized.
func TestBits(t *testing.T) {
	want := bitsExpected()
	src := bitsProgram()
	for _, v := range []variant{debug, opt} {
		t.Run(v.name, func(t *testing.T) {
			t.Parallel()
			exe := buildProgram(t, v, src, buildModule(t, v, ModuleName))
			compareLines(t, runOK(t, exe), want)
		})
	}
}

// growthN is the number of iterations of the growth test; each pushes a
// real(8) and some of the other types.
const growthN = 1000000

const growthProgram = `program growth
  use, intrinsic :: iso_fortran_env, only: real32, real64, int32, int64
  use fadj_runtime
  implicit none
  integer, parameter :: n = 1000000
  real(real64) :: x8
  real(real32) :: x4
  integer(int32) :: k4
  integer(int64) :: k8
  logical :: l
  integer :: i, sweep, errors

  errors = 0
  do sweep = 1, 2
    do i = 1, n
      call fadj_push_r8(real(i, real64) * 0.25_real64)
      if (mod(i, 3) == 0) call fadj_push_i4(int(i, int32))
      if (mod(i, 5) == 0) call fadj_push_l(mod(i, 10) == 0)
      if (mod(i, 7) == 0) call fadj_push_r4(real(i, real32))
      if (mod(i, 2) == 0) call fadj_push_i8(int(i, int64) * 3000000000_int64)
    end do
    call say('bytes', fadj_tape_bytes())
    call say('peak', fadj_tape_peak_bytes())
    call say('pushes', fadj_tape_pushes())
    call say('pushed', fadj_tape_pushed_bytes())
    call say('alloc', fadj_tape_alloc_bytes())
    call say('alloc_r8', fadj_tape_alloc_bytes(fadj_tape_r8))
    call say('alloc_i8', fadj_tape_alloc_bytes(fadj_tape_i8))
    do i = n, 1, -1
      if (mod(i, 2) == 0) then
        call fadj_pop_i8(k8)
        if (k8 /= int(i, int64) * 3000000000_int64) errors = errors + 1
      end if
      if (mod(i, 7) == 0) then
        call fadj_pop_r4(x4)
        if (x4 /= real(i, real32)) errors = errors + 1
      end if
      if (mod(i, 5) == 0) then
        call fadj_pop_l(l)
        if (l .neqv. mod(i, 10) == 0) errors = errors + 1
      end if
      if (mod(i, 3) == 0) then
        call fadj_pop_i4(k4)
        if (k4 /= i) errors = errors + 1
      end if
      call fadj_pop_r8(x8)
      if (x8 /= real(i, real64) * 0.25_real64) errors = errors + 1
    end do
    call say('after_bytes', fadj_tape_bytes())
    call say('after_peak', fadj_tape_peak_bytes())
    call say('after_alloc', fadj_tape_alloc_bytes())
    if (.not. fadj_tape_empty()) errors = errors + 1
  end do
  write (*, '(a, 1x, i0)') 'errors', errors

contains

  subroutine say(key, v)
    character(len=*), intent(in) :: key
    integer(int64), intent(in) :: v
    write (*, '(a, 1x, i0)') trim(key) // '_' // achar(iachar('0') + sweep), v
  end subroutine say

end program growth
`

// capacity is the room a tape has after growing, from 1024 by doubling,
// to hold n values pushed one at a time.
func capacity(n int64) int64 {
	c := int64(1024)
	for c < n {
		c *= 2
	}
	return c
}

// TestGrowth pushes interleaved types past many reallocations (10^6
// real(8) values, from 1024: ten doublings), pops and checks them, twice
// to check that the tapes keep their memory, and checks the exact
// statistics.
func TestGrowth(t *testing.T) {
	t.Parallel()
	v := debug
	exe := buildProgram(t, v, growthProgram, buildModule(t, v, ModuleName))
	got := keyValues(t, runOK(t, exe))
	const n = growthN
	nI4, nL, nR4, nI8 := int64(n/3), int64(n/5), int64(n/7), int64(n/2)
	bytes := 8*n + 4*nI4 + 4*nL + 4*nR4 + 8*nI8
	pushes := n + nI4 + nL + nR4 + nI8
	alloc := 8*capacity(n) + 4*capacity(nI4) + 4*capacity(nL) + 4*capacity(nR4) + 8*capacity(nI8)
	want := map[string]int64{}
	for sweep := int64(1); sweep <= 2; sweep++ {
		s := "_" + strconv.FormatInt(sweep, 10)
		want["bytes"+s] = bytes
		want["peak"+s] = bytes
		want["pushes"+s] = sweep * pushes
		want["pushed"+s] = sweep * bytes
		want["alloc"+s] = alloc
		want["alloc_r8"+s] = 8 * 1048576
		want["alloc_i8"+s] = 8 * 524288
		want["after_bytes"+s] = 0
		want["after_peak"+s] = bytes
		want["after_alloc"+s] = alloc
	}
	want["errors"] = 0
	checkValues(t, got, want)
}

const arraysProgram = `program arrays
  use, intrinsic :: iso_fortran_env, only: real32, real64, int32, int64
  use fadj_runtime
  implicit none
  real(real64) :: a1(7), b1(7), a2(3, 4), b2(3, 4), a3(2, 3, 4), b3(2, 3, 4), z(0), x, y
  real(real64) :: wide(6, 4), c(3), d(6)
  real(real32) :: r2(2, 5), s2(2, 5)
  integer(int32) :: i1(9), j1(9)
  integer(int64) :: k3(2, 2, 3), m3(2, 2, 3)
  logical :: l2(3, 2), q2(3, 2)
  integer :: i, j, k
  integer(int64) :: pushes

  do i = 1, 7
    a1(i) = i * 1.5_real64
  end do
  do j = 1, 4
    do i = 1, 3
      a2(i, j) = 10 * i + j
    end do
  end do
  do k = 1, 4
    do j = 1, 3
      do i = 1, 2
        a3(i, j, k) = 100 * i + 10 * j + k
      end do
    end do
  end do

  ! Assumed-size procedures, ranks 1 to 3, interleaved with scalars.
  call fadj_push_r8(-1.0_real64)
  call fadj_push_r8_array(a1, size(a1))
  call fadj_push_r8_array(a2, size(a2))
  call fadj_push_r8(-2.0_real64)
  call fadj_push_r8_array(a3, size(a3))
  call fadj_pop_r8_array(b3, size(b3))
  call check('rank 3', all(b3 == a3))
  call fadj_pop_r8(x)
  call check('scalar after rank 3', x == -2.0_real64)
  call fadj_pop_r8_array(b2, size(b2))
  call check('rank 2', all(b2 == a2))
  call fadj_pop_r8_array(b1, size(b1))
  call check('rank 1', all(b1 == a1))
  call fadj_pop_r8(x)
  call check('scalar before rank 1', x == -1.0_real64)

  ! Generics, ranks 1 to 3, of all types.
  r2 = reshape([(real(i, real32), i = 1, 10)], shape(r2))
  i1 = [(i * i, i = 1, 9)]
  k3 = reshape([(int(i, int64) * 10000000000_int64, i = 1, 12)], shape(k3))
  l2 = reshape([.true., .false., .false., .true., .true., .false.], shape(l2))
  call fadj_push(3.0_real64)
  call fadj_push(4.0_real32)
  call fadj_push(5_int32)
  call fadj_push(6_int64)
  call fadj_push(.true.)
  call fadj_push(a1)
  call fadj_push(a2)
  call fadj_push(a3)
  call fadj_push(r2)
  call fadj_push(i1)
  call fadj_push(k3)
  call fadj_push(l2)
  b1 = 0
  b2 = 0
  b3 = 0
  call fadj_pop(q2)
  call check('generic logical rank 2', all(q2 .eqv. l2))
  call fadj_pop(m3)
  call check('generic integer(8) rank 3', all(m3 == k3))
  call fadj_pop(j1)
  call check('generic integer(4) rank 1', all(j1 == i1))
  call fadj_pop(s2)
  call check('generic real(4) rank 2', all(s2 == r2))
  call fadj_pop(b3)
  call check('generic real(8) rank 3', all(b3 == a3))
  call fadj_pop(b2)
  call check('generic real(8) rank 2', all(b2 == a2))
  call fadj_pop(b1)
  call check('generic real(8) rank 1', all(b1 == a1))
  block
    real(real64) :: x8
    real(real32) :: x4
    integer(int32) :: k4
    integer(int64) :: k8
    logical :: l
    call fadj_pop(l)
    call fadj_pop(k8)
    call fadj_pop(k4)
    call fadj_pop(x4)
    call fadj_pop(x8)
    call check('generic scalars', l .and. k8 == 6 .and. k4 == 5 .and. x4 == 4 .and. x8 == 3)
  end block

  ! An array push is a sequence of scalar pushes in array element order.
  call fadj_push_r8_array(a2, size(a2))
  do j = 4, 1, -1
    do i = 3, 1, -1
      call fadj_pop_r8(x)
      if (x /= a2(i, j)) call check('array push, scalar pops', .false.)
    end do
  end do
  call check('array push, scalar pops', .true.)
  do i = 1, 7
    call fadj_push_r8(a1(i))
  end do
  call fadj_pop_r8_array(b1, 7)
  call check('scalar pushes, array pop', all(b1 == a1))

  ! Non-contiguous sections: the compiler copies in and out.
  wide = reshape([(real(i, real64), i = 1, 24)], shape(wide))
  call fadj_push(wide(2, :))
  call fadj_push_r8_array(wide(1:6:2, 3), 3)
  call fadj_pop(c)
  call check('section push', all(c == wide(1:6:2, 3)))
  d = 0
  call fadj_pop(d(1:6:2))
  d(2:6:2) = -1
  call check('section pop', all(d == [8.0_real64, -1.0_real64, 14.0_real64, -1.0_real64, &
    20.0_real64, -1.0_real64]))
  call fadj_pop_r8(x)
  call check('section pop, rest', x == 2)
  call fadj_push_r8_array(wide(2, :), size(wide, 2))
  call fadj_pop_r8_array(d(2:6:2), 3)
  call fadj_pop_r8(y)
  call check('section pop, assumed-size', all(d == [8.0_real64, 8.0_real64, 14.0_real64, &
    14.0_real64, 20.0_real64, 20.0_real64]) .and. y == 2)

  ! Zero-size arrays: a push call, no bytes.
  pushes = fadj_tape_pushes()
  call fadj_push_r8_array(z, size(z))
  call fadj_push(z)
  call check('zero-size push', fadj_tape_pushes() == pushes + 2 .and. fadj_tape_bytes() == 0)
  call fadj_pop(z)
  call fadj_pop_r8_array(z, 0)
  call check('empty', fadj_tape_empty())
  write (*, '(a)') 'done'

contains

  subroutine check(what, ok)
    character(len=*), intent(in) :: what
    logical, intent(in) :: ok
    if (ok) then
      write (*, '(2a)') 'ok ', what
    else
      write (*, '(2a)') 'FAIL ', what
    end if
  end subroutine check

end program arrays
`

// TestArrays checks array pushes and pops: ranks 1 to 3 through the
// assumed-size procedures and through the generics, for all types, their
// order relative to scalars, non-contiguous sections and zero-size arrays.
func TestArrays(t *testing.T) {
	for _, v := range []variant{debug, opt} {
		t.Run(v.name, func(t *testing.T) {
			t.Parallel()
			exe := buildProgram(t, v, arraysProgram, buildModule(t, v, ModuleName))
			out := runOK(t, exe)
			if strings.Contains(out, "FAIL") || !strings.HasSuffix(out, "done\n") ||
				strings.Count(out, "ok ") != 21 {
				t.Fatalf("output:\n%s", out)
			}
		})
	}
}

const statsProgram = `program stats
  use, intrinsic :: iso_fortran_env, only: real32, real64, int32, int64, output_unit
  use fadj_runtime
  implicit none
  real(real64) :: x, z(0), big(5000)
  real(real32) :: v(10)
  integer(int64) :: m(2, 3)
  integer :: i

  v = 1
  m = 2
  ! A: pushes of every type
  call fadj_push_r8(1.0_real64)
  call fadj_push_r8(2.0_real64)
  call fadj_push_r8(3.0_real64)
  call fadj_push_i4(7_int32)
  call fadj_push_i4(8_int32)
  call fadj_push_r4_array(v, size(v))
  call fadj_push_l(.true.)
  call fadj_push(m)
  call fadj_push_r8_array(z, 0)
  call report('a')
  ! B: some pops
  call fadj_pop_r8(x)
  call fadj_pop_r8(x)
  call fadj_pop(m)
  call report('b')
  ! C: a higher peak
  do i = 1, 20
    call fadj_push_r8(real(i, real64))
  end do
  call report('c')
  ! D: pop the real(8) tape empty
  do i = 1, 21
    call fadj_pop_r8(x)
  end do
  call report('d')
  call fadj_tape_stats(output_unit)
  write (*, '(a, 1x, l1)') 'empty_d', fadj_tape_empty()
  ! E: reset
  call fadj_tape_reset()
  call report('e')
  write (*, '(a, 1x, l1)') 'empty_e', fadj_tape_empty()
  ! F: the tapes work after a reset, and the peak restarts
  call fadj_push_i4(1_int32)
  call fadj_pop_i4(i)
  call report('f')
  ! G: an array push larger than twice the room grows to fit it exactly,
  ! the next push doubles
  big = 0
  call fadj_push_r8_array(big, size(big))
  call say('g_alloc_r8', fadj_tape_alloc_bytes(fadj_tape_r8))
  call fadj_push_r8(1.0_real64)
  call say('h_alloc_r8', fadj_tape_alloc_bytes(fadj_tape_r8))
  call say('h_bytes', fadj_tape_bytes())
  call say('h_peak', fadj_tape_peak_bytes())

contains

  subroutine report(step)
    character(len=*), intent(in) :: step
    character(len=2), parameter :: names(5) = ['r8', 'r4', 'i4', 'i8', 'l ']
    integer, parameter :: tapes(5) = [fadj_tape_r8, fadj_tape_r4, fadj_tape_i4, fadj_tape_i8, &
      fadj_tape_l]
    integer :: k
    call say(step // '_bytes', fadj_tape_bytes())
    call say(step // '_peak', fadj_tape_peak_bytes())
    call say(step // '_pushes', fadj_tape_pushes())
    call say(step // '_pushed', fadj_tape_pushed_bytes())
    call say(step // '_popped', fadj_tape_popped_bytes())
    call say(step // '_alloc', fadj_tape_alloc_bytes())
    do k = 1, 5
      call say(step // '_bytes_' // trim(names(k)), fadj_tape_bytes(tapes(k)))
      call say(step // '_pushes_' // trim(names(k)), fadj_tape_pushes(tapes(k)))
      call say(step // '_pushed_' // trim(names(k)), fadj_tape_pushed_bytes(tapes(k)))
      call say(step // '_popped_' // trim(names(k)), fadj_tape_popped_bytes(tapes(k)))
      call say(step // '_alloc_' // trim(names(k)), fadj_tape_alloc_bytes(tapes(k)))
    end do
  end subroutine report

  subroutine say(key, v)
    character(len=*), intent(in) :: key
    integer(int64), intent(in) :: v
    write (*, '(a, 1x, i0)') key, v
  end subroutine say

end program stats
`

// TestStats checks every statistic, per tape and in total, through a
// sequence of pushes, pops and a reset, and the table fadj_tape_stats
// prints.
func TestStats(t *testing.T) {
	t.Parallel()
	v := debug
	exe := buildProgram(t, v, statsProgram, buildModule(t, v, ModuleName))
	out := runOK(t, exe)
	got := keyValues(t, out)

	type tape struct{ bytes, pushes, pushed, alloc int64 }
	want := map[string]int64{}
	step := func(s string, bytes, peak int64, tapes map[string]tape) {
		want[s+"_bytes"] = bytes
		want[s+"_peak"] = peak
		var pushes, pushed, alloc, sum int64
		for _, name := range []string{"r8", "r4", "i4", "i8", "l"} {
			tp := tapes[name]
			want[s+"_bytes_"+name] = tp.bytes
			want[s+"_pushes_"+name] = tp.pushes
			want[s+"_pushed_"+name] = tp.pushed
			want[s+"_popped_"+name] = tp.pushed - tp.bytes
			want[s+"_alloc_"+name] = tp.alloc
			pushes += tp.pushes
			pushed += tp.pushed
			alloc += tp.alloc
			sum += tp.bytes
		}
		if sum != bytes {
			t.Fatalf("step %s: test data: tapes hold %d bytes, total %d", s, sum, bytes)
		}
		want[s+"_pushes"] = pushes
		want[s+"_pushed"] = pushed
		want[s+"_popped"] = pushed - bytes
		want[s+"_alloc"] = alloc
	}
	// A: 3 real(8) and a zero-size real(8) array, 2 integer(4), an array
	// of 10 real(4), a logical, a 2x3 integer(8) array.
	step("a", 124, 124, map[string]tape{
		"r8": {24, 4, 24, 8192}, "r4": {40, 1, 40, 4096}, "i4": {8, 2, 8, 4096},
		"i8": {48, 1, 48, 8192}, "l": {4, 1, 4, 4096},
	})
	// B: 2 real(8) and the integer(8) array popped.
	step("b", 60, 124, map[string]tape{
		"r8": {8, 4, 24, 8192}, "r4": {40, 1, 40, 4096}, "i4": {8, 2, 8, 4096},
		"i8": {0, 1, 48, 8192}, "l": {4, 1, 4, 4096},
	})
	// C: 20 more real(8).
	step("c", 220, 220, map[string]tape{
		"r8": {168, 24, 184, 8192}, "r4": {40, 1, 40, 4096}, "i4": {8, 2, 8, 4096},
		"i8": {0, 1, 48, 8192}, "l": {4, 1, 4, 4096},
	})
	// D: real(8) popped empty.
	step("d", 52, 220, map[string]tape{
		"r8": {0, 24, 184, 8192}, "r4": {40, 1, 40, 4096}, "i4": {8, 2, 8, 4096},
		"i8": {0, 1, 48, 8192}, "l": {4, 1, 4, 4096},
	})
	step("e", 0, 0, nil)
	step("f", 0, 4, map[string]tape{"i4": {0, 1, 4, 4096}})
	want["g_alloc_r8"] = 8 * 5000
	want["h_alloc_r8"] = 8 * 10000
	want["h_bytes"] = 8 * 5001
	want["h_peak"] = 8 * 5001
	checkValues(t, got, want)
	if got["empty_d"] != "F" || got["empty_e"] != "T" {
		t.Errorf("fadj_tape_empty: %s after D, %s after reset; want F, T", got["empty_d"], got["empty_e"])
	}

	// The table, after D.
	table := []string{
		`fadj tape statistics`,
		`tape +pushes +pushed bytes +popped bytes +current bytes +allocated bytes`,
		`real\(8\) +24 +184 +184 +0 +8192`,
		`real\(4\) +1 +40 +0 +40 +4096`,
		`integer\(4\) +2 +8 +0 +8 +4096`,
		`integer\(8\) +1 +48 +48 +0 +8192`,
		`logical +1 +4 +0 +4 +4096`,
		`bits +0 +0 +0 +0 +0`,
		`all +29 +284 +232 +52 +28672`,
		`peak bytes: 220`,
	}
	start := strings.Index(out, "fadj tape statistics")
	if start < 0 {
		t.Fatalf("no table in output:\n%s", out)
	}
	lines := strings.Split(out[start:], "\n")
	for i, pat := range table {
		if i >= len(lines) || !regexp.MustCompile(`^ *`+pat+` *$`).MatchString(lines[i]) {
			t.Fatalf("table line %d does not match %q:\n%s", i+1, pat, strings.Join(lines[:min(len(lines), len(table))], "\n"))
		}
	}
}

const errorsProgram = `program errors
  use, intrinsic :: iso_fortran_env, only: real32, real64, int32, int64, output_unit
  use fadj_runtime
  implicit none
  character(len=20) :: what
  real(real64) :: x8, a8(4)
  real(real32) :: x4
  integer(int32) :: k4
  integer(int64) :: k8
  logical :: l, lg(4)

  call get_command_argument(1, what)
  write (*, '(a)') 'before'
  flush (output_unit)
  select case (what)
  case ('r8')
    call fadj_pop_r8(x8)
  case ('r4')
    call fadj_pop_r4(x4)
  case ('i4')
    call fadj_pop_i4(k4)
  case ('i8')
    call fadj_pop_i8(k8)
  case ('l')
    call fadj_pop_l(l)
  case ('r8-popped')
    call fadj_push_r8(1.0_real64)
    call fadj_pop_r8(x8)
    call fadj_pop_r8(x8)
  case ('other-type')
    call fadj_push_r8(1.0_real64)
    call fadj_pop_i4(k4)
  case ('reset')
    call fadj_push_r8(1.0_real64)
    call fadj_tape_reset()
    call fadj_pop_r8(x8)
  case ('array')
    a8 = 1
    call fadj_push_r8_array(a8, 3)
    call fadj_pop_r8_array(a8, 4)
  case ('generic')
    call fadj_pop(a8)
  case ('negative')
    call fadj_push_r8_array(a8, -1)
  case ('tape')
    write (*, '(i0)') fadj_tape_bytes(6)
  case ('snap-r8')
    call fadj_snap_pop_r8(x8)
  case ('snap-r4')
    call fadj_snap_pop_r4(x4)
  case ('snap-i4')
    call fadj_snap_pop_i4(k4)
  case ('snap-i8')
    call fadj_snap_pop_i8(k8)
  case ('snap-l')
    call fadj_snap_pop_l(l)
  case ('snap-array')
    a8 = 1
    call fadj_snap_push_r8_array(a8, 3)
    call fadj_snap_pop_r8_array(a8, 4)
  case ('snap-negative')
    call fadj_snap_pop_r8_array(a8, -1)
  case ('snap-reset')
    call fadj_snap_push_r8(1.0_real64)
    call fadj_snap_reset()
    call fadj_snap_pop_r8(x8)
  case ('reset-all')
    call fadj_push_i4(1_int32)
    call fadj_snap_push_i4(1_int32)
    call fadj_reset_all()
    call fadj_pop_i4(k4)
  case ('reset-all-snap')
    call fadj_push_i4(1_int32)
    call fadj_snap_push_i4(1_int32)
    call fadj_reset_all()
    call fadj_snap_pop_i4(k4)
  case ('tape-not-snap')
    call fadj_push_r8(1.0_real64)
    call fadj_snap_pop_r8(x8)
  case ('snap-not-tape')
    call fadj_snap_push_l(.true.)
    call fadj_pop_l(l)
  case ('tape-reset-snap')
    call fadj_snap_push_r8(1.0_real64)
    call fadj_tape_reset()
    call fadj_snap_pop_r8(x8)
    call fadj_snap_pop_r8(x8)
  case ('snap-index')
    write (*, '(i0)') fadj_snap_bytes(fadj_tape_r8)
  case ('snap-index-high')
    write (*, '(i0)') fadj_snap_pushes(11)
  case ('tape-index')
    write (*, '(i0)') fadj_tape_popped_bytes(fadj_snap_l)
  case ('bits-empty')
    call fadj_push_bits(1, 3)
    call fadj_pop_bits(k4, 4)
  case ('bits-array-empty')
    call fadj_push_bits(5, 3)
    call fadj_pop_bits_array(lg, 4)
  case ('bits-value')
    call fadj_push_bits(4, 2)
  case ('bits-negative')
    call fadj_push_bits(-1, 31)
  case ('bits-width')
    call fadj_push_bits(0, 32)
  case ('bits-reset')
    call fadj_push_bits(1, 1)
    call fadj_tape_reset()
    call fadj_pop_bits(k4, 1)
  end select
  write (*, '(a)') 'after'
end program errors
`

// TestErrors checks that popping more than a tape holds, a negative
// count and a bad tape index stop the program with a non-zero status and
// a message on standard error, before any garbage is read.
func TestErrors(t *testing.T) {
	v := debug
	exe := buildProgram(t, v, errorsProgram, buildModule(t, v, ModuleName))
	for _, tc := range []struct{ arg, msg string }{
		{"r8", "fadj_runtime: pop from empty real(8) tape"},
		{"r4", "fadj_runtime: pop from empty real(4) tape"},
		{"i4", "fadj_runtime: pop from empty integer(4) tape"},
		{"i8", "fadj_runtime: pop from empty integer(8) tape"},
		{"l", "fadj_runtime: pop from empty logical tape"},
		{"r8-popped", "fadj_runtime: pop from empty real(8) tape"},
		{"other-type", "fadj_runtime: pop from empty integer(4) tape"},
		{"reset", "fadj_runtime: pop from empty real(8) tape"},
		{"array", "fadj_runtime: cannot pop 4 values from the real(8) tape, which holds 3\n" +
			"ERROR STOP fadj_runtime: pop from empty real(8) tape"},
		{"generic", "fadj_runtime: cannot pop 4 values from the real(8) tape, which holds 0\n" +
			"ERROR STOP fadj_runtime: pop from empty real(8) tape"},
		{"negative", "fadj_runtime: negative element count"},
		{"tape", "fadj_runtime: no such tape"},
		{"snap-r8", "fadj_runtime: pop from empty real(8) snapshot stack"},
		{"snap-r4", "fadj_runtime: pop from empty real(4) snapshot stack"},
		{"snap-i4", "fadj_runtime: pop from empty integer(4) snapshot stack"},
		{"snap-i8", "fadj_runtime: pop from empty integer(8) snapshot stack"},
		{"snap-l", "fadj_runtime: pop from empty logical snapshot stack"},
		{"snap-array", "fadj_runtime: cannot pop 4 values from the real(8) snapshot stack, which holds 3\n" +
			"ERROR STOP fadj_runtime: pop from empty real(8) snapshot stack"},
		{"snap-negative", "fadj_runtime: negative element count"},
		{"snap-reset", "fadj_runtime: pop from empty real(8) snapshot stack"},
		{"reset-all", "fadj_runtime: pop from empty integer(4) tape"},
		{"reset-all-snap", "fadj_runtime: pop from empty integer(4) snapshot stack"},
		{"tape-not-snap", "fadj_runtime: pop from empty real(8) snapshot stack"},
		{"snap-not-tape", "fadj_runtime: pop from empty logical tape"},
		{"tape-reset-snap", "fadj_runtime: pop from empty real(8) snapshot stack"},
		{"snap-index", "fadj_runtime: no such snapshot stack"},
		{"snap-index-high", "fadj_runtime: no such snapshot stack"},
		{"tape-index", "fadj_runtime: no such tape"},
		{"bits-empty", "fadj_runtime: cannot pop 4 bits from the bit tape, which holds 3\n" +
			"ERROR STOP fadj_runtime: pop from empty bit tape"},
		{"bits-array-empty", "fadj_runtime: cannot pop 4 bits from the bit tape, which holds 3"},
		{"bits-value", "fadj_runtime: bit record of value 4 in width 2\nERROR STOP fadj_runtime: bad bit record"},
		{"bits-negative", "fadj_runtime: bad bit record"},
		{"bits-width", "fadj_runtime: bad bit record"},
		{"bits-reset", "fadj_runtime: pop from empty bit tape"},
	} {
		t.Run(tc.arg, func(t *testing.T) {
			t.Parallel()
			out, errOut, status := run(t, exe, tc.arg)
			if status == 0 {
				t.Errorf("exit status 0, want non-zero")
			}
			if out != "before\n" {
				t.Errorf("stdout %q, want %q", out, "before\n")
			}
			if !strings.Contains(errOut, tc.msg) {
				t.Errorf("stderr %q does not contain %q", errOut, tc.msg)
			}
		})
	}
}

// TestStrictWarnings compiles the module alone with -std=f2008 -Wall
// -Wextra at several optimization levels (some warnings need the
// optimizer) and requires silence.
func TestStrictWarnings(t *testing.T) {
	fc := gfortrantest.Require(t)
	dir := t.TempDir()
	src := filepath.Join(dir, "fadj_runtime.f90")
	if err := os.WriteFile(src, Source, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, o := range []string{"-O0", "-O2", "-O3"} {
		args := append(append([]string{}, strict...), o, "-J", dir, "-c", src, "-o", filepath.Join(dir, "x.o"))
		out, err := exec.Command(fc, args...).CombinedOutput()
		if err != nil || len(out) > 0 {
			t.Errorf("gfortran %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
}

// TestModule checks the renaming: only the module and end module
// statements change.
func TestModule(t *testing.T) {
	if got := Module(ModuleName); !bytes.Equal(got, Source) {
		t.Fatal("Module(ModuleName) differs from Source")
	} else if len(got) > 0 && &got[0] == &Source[0] {
		t.Fatal("Module(ModuleName) returns Source itself, not a copy")
	}
	for _, name := range []string{"my_tape", "T", "Tape_2", strings.Repeat("a", 63)} {
		got := strings.Split(string(Module(name)), "\n")
		src := strings.Split(string(Source), "\n")
		if len(got) != len(src) {
			t.Fatalf("Module(%q): %d lines, Source has %d", name, len(got), len(src))
		}
		var changed []string
		for i := range src {
			if got[i] != src[i] {
				changed = append(changed, got[i])
			}
		}
		want := []string{"module " + name, "end module " + name}
		if strings.Join(changed, "\n") != strings.Join(want, "\n") {
			t.Errorf("Module(%q) changed lines %q, want %q", name, changed, want)
		}
	}
	for _, name := range []string{"", "1tape", "_tape", "my-tape", "my tape", "tape\n", "täpe", strings.Repeat("a", 64)} {
		if CheckName(name) == nil {
			t.Errorf("CheckName(%q) = nil, want an error", name)
		}
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("Module(%q) did not panic", name)
				}
			}()
			Module(name)
		}()
	}
}

const renamedProgram = `program renamed
  use, intrinsic :: iso_fortran_env, only: real64
  use fadj_runtime, only: a_push => fadj_push_r8, a_pop => fadj_pop_r8, a_bytes => fadj_tape_bytes
  use my_tape, only: b_push => fadj_push_r8, b_pop => fadj_pop_r8, b_bytes => fadj_tape_bytes
  implicit none
  real(real64) :: x, y
  call a_push(1.0_real64)
  call b_push(2.0_real64)
  call b_push(3.0_real64)
  write (*, '(a, 1x, i0, 1x, i0)') 'bytes', a_bytes(), b_bytes()
  call a_pop(x)
  call b_pop(y)
  write (*, '(a, 2(1x, f0.1))') 'popped', x, y
  call b_pop(y)
  call b_pop(y)
end program renamed
`

// TestModuleCompiles compiles Module("my_tape") and links it with the
// default-named runtime into one program: the two have separate tapes.
func TestModuleCompiles(t *testing.T) {
	t.Parallel()
	v := debug
	exe := buildProgram(t, v, renamedProgram, buildModule(t, v, ModuleName), buildModule(t, v, "my_tape"))
	out, errOut, status := run(t, exe)
	if want := "bytes 8 16\npopped 1.0 3.0\n"; out != want {
		t.Errorf("stdout %q, want %q", out, want)
	}
	if status == 0 || !strings.Contains(errOut, "fadj_runtime: pop from empty real(8) tape") {
		t.Errorf("popping my_tape empty: exit status %d, stderr %q", status, errOut)
	}
}

// benchProgram pushes and pops 10^7 real(8) values: once with empty
// tapes (cold: growth and page faults included), then three times more
// with the room already allocated (warm, as in repeated adjoint runs),
// and prints nanoseconds per push+pop pair measured with system_clock:
// the cold round and the median warm round.
const benchProgram = `program bench
  use, intrinsic :: iso_fortran_env, only: real64, int64
  use fadj_runtime, only: fadj_push_r8, fadj_pop_r8
  implicit none
  integer, parameter :: n = 10000000, rounds = 4
  integer :: i, round
  integer(int64) :: t0, t1, rate
  real(real64) :: x, s, ns(rounds)

  s = 0
  do round = 1, rounds
    call system_clock(t0, rate)
    do i = 1, n
      call fadj_push_r8(real(i, real64))
    end do
    do i = 1, n
      call fadj_pop_r8(x)
      s = s + x
    end do
    call system_clock(t1)
    ns(round) = real(t1 - t0, real64) / real(rate, real64) * 1.0e9_real64 / n
  end do
  if (s /= rounds * (real(n, real64) * (n + 1) / 2)) error stop 'bench: wrong sum'
  write (*, '(a, 1x, f0.4)') 'cold', ns(1)
  ! the median of the three warm rounds
  write (*, '(a, 1x, f0.4)') 'warm', sum(ns(2:)) - maxval(ns(2:)) - minval(ns(2:))
end program bench
`

// BenchmarkTapeFortran measures the compiled Fortran, not Go: it builds
// (once) a program that pushes and pops 10^7 real(8) values through the
// runtime compiled with -O2, as a separate unit the way generated code
// calls it, runs it, and reports the program's own timing (system_clock):
// ns/pushpop is the cost of one fadj_push_r8 plus one fadj_pop_r8 with
// the tape's memory already allocated, cold-ns/pushpop the same on a
// fresh tape (growth and page faults included), both averaged over the
// benchmark's runs. The ns/op of the benchmark itself is a whole process
// run (four rounds of 10^7 pairs).
func BenchmarkTapeFortran(b *testing.B) {
	benchPushPop(b, benchProgram)
}

// benchPushPop runs the benchmark program src, a variant of benchProgram.
func benchPushPop(b *testing.B, src string) {
	exe := buildProgram(b, opt, src, buildModule(b, opt, ModuleName))
	var warm, cold float64
	runs := 0
	b.ResetTimer()
	for b.Loop() {
		out := runOK(b, exe)
		kv := map[string]float64{}
		for _, l := range strings.Split(out, "\n") {
			if f := strings.Fields(l); len(f) == 2 {
				x, err := strconv.ParseFloat(f[1], 64)
				if err != nil {
					b.Fatalf("bad output %q", out)
				}
				kv[f[0]] = x
			}
		}
		if _, ok := kv["warm"]; !ok {
			b.Fatalf("bad output %q", out)
		}
		warm += kv["warm"]
		cold += kv["cold"]
		runs++
	}
	b.ReportMetric(warm/float64(runs), "ns/pushpop")
	b.ReportMetric(cold/float64(runs), "cold-ns/pushpop")
}

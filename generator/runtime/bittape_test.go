package runtime

import (
	"regexp"
	"strings"
	"testing"
)

// The bit tape (fadj_push_bits and fadj_pop_bits): records of 1 to 31
// bits, packed into 64-bit words, so that records straddle words; logical
// arrays of one bit per element; interleaved with the other tapes; under
// fadj_tape_mark and fadj_tape_rewind; in the statistics; across growth
// (the first allocation is 1024 words, 65536 bits) and fadj_tape_reset.

// bitTapeProgram pushes nrec records whose widths and values come from a
// linear congruential generator the test repeats in Go (bitRecords),
// with a real(8) and an integer(4) push every tenth record and a logical
// array of 200 (whole words and partial ones) after every 1000th; it checks the pops against the pushes,
// before and after a rewind, and prints its figures as key value lines.
const bitTapeProgram = `program main
  use fadj_runtime
  use, intrinsic :: iso_fortran_env, only: int64, real64
  implicit none
  integer, parameter :: nrec = 100000
  integer :: w(nrec), v(nrec), i, j, x, bad
  integer(int64) :: s, m(6)
  real(real64) :: r
  logical :: mask(200), back(200)
  s = 12345
  do i = 1, nrec
    s = mod(s * 1103515245_int64 + 12345_int64, 2147483648_int64)
    w(i) = int(mod(s, 31_int64)) + 1
    v(i) = int(shiftr(s, 31 - w(i)))
    if (mod(i, 7) == 0) v(i) = int(shiftl(1_int64, w(i)) - 1)
    if (mod(i, 11) == 0) v(i) = 0
  end do
  mask = [(mod(j * j, 3) == 1, j = 1, 200)]
  call push_all()
  write (*, '(a, 1x, i0)') 'bytes_bits', fadj_tape_bytes(fadj_tape_bits)
  write (*, '(a, 1x, i0)') 'bytes_all', fadj_tape_bytes()
  write (*, '(a, 1x, i0)') 'peak', fadj_tape_peak_bytes()
  write (*, '(a, 1x, i0)') 'pushes_bits', fadj_tape_pushes(fadj_tape_bits)
  write (*, '(a, 1x, i0)') 'pushes_all', fadj_tape_pushes()
  write (*, '(a, 1x, i0)') 'pushed_bits', fadj_tape_pushed_bytes(fadj_tape_bits)
  write (*, '(a, 1x, i0)') 'alloc_bits', fadj_tape_alloc_bytes(fadj_tape_bits)
  call fadj_tape_mark(m)
  bad = pop_all()
  write (*, '(a, 1x, i0)') 'bad_first', bad
  write (*, '(a, 1x, l1)') 'empty_after_pops', fadj_tape_empty()
  write (*, '(a, 1x, i0)') 'popped_bits', fadj_tape_popped_bytes(fadj_tape_bits)
  call fadj_tape_rewind(m)
  write (*, '(a, 1x, i0)') 'bytes_rewound', fadj_tape_bytes(fadj_tape_bits)
  bad = pop_all()
  write (*, '(a, 1x, i0)') 'bad_rewound', bad
  ! Pushes after pops reuse the words of the popped records: their
  ! bits must not leak into the new ones.
  call push_all()
  bad = pop_all()
  write (*, '(a, 1x, i0)') 'bad_again', bad
  write (*, '(a, 1x, i0)') 'pushes_twice', fadj_tape_pushes(fadj_tape_bits)
  write (*, '(a, 1x, i0)') 'peak_twice', fadj_tape_peak_bytes()
  call fadj_tape_stats()
  call fadj_tape_reset()
  write (*, '(a, 1x, i0)') 'after_reset_bytes', fadj_tape_bytes(fadj_tape_bits)
  write (*, '(a, 1x, i0)') 'after_reset_pushes', fadj_tape_pushes()
  write (*, '(a, 1x, i0)') 'after_reset_alloc', fadj_tape_alloc_bytes()
  write (*, '(a, 1x, l1)') 'after_reset_empty', fadj_tape_empty()
  ! One record straddling two words, alone: bits 60 to 69.
  call fadj_push_bits(1, 30)
  call fadj_push_bits(1, 30)
  call fadj_push_bits(1023, 10)
  call fadj_pop_bits(x, 10)
  write (*, '(a, 1x, i0)') 'straddle', x
  ! Rewinds to a mark of 70 bits after pops to the word boundary at 64,
  ! and below it (the word being filled saved, the one before reloaded).
  call fadj_tape_reset()
  bad = 0
  call fadj_push_bits(2147483647, 31)
  call fadj_push_bits(1234567, 31)
  call fadj_push_bits(2, 2)
  call fadj_push_bits(45, 6)
  call fadj_tape_mark(m)
  call fadj_pop_bits(x, 6)
  if (x /= 45) bad = bad + 1
  call fadj_tape_rewind(m)
  call pop4()
  call fadj_tape_rewind(m)
  call fadj_pop_bits(x, 6)
  call fadj_pop_bits(x, 2)
  if (x /= 2) bad = bad + 1
  call fadj_tape_rewind(m)
  call pop4()
  write (*, '(a, 1x, i0)') 'edge_bad', bad
contains
  subroutine pop4()
    call fadj_pop_bits(x, 6)
    if (x /= 45) bad = bad + 1
    call fadj_pop_bits(x, 2)
    if (x /= 2) bad = bad + 1
    call fadj_pop_bits(x, 31)
    if (x /= 1234567) bad = bad + 1
    call fadj_pop_bits(x, 31)
    if (x /= 2147483647) bad = bad + 1
  end subroutine pop4

  subroutine push_all()
    do i = 1, nrec
      call fadj_push_bits(v(i), w(i))
      if (mod(i, 10) == 0) then
        call fadj_push_r8(real(i, real64))
        call fadj_push_i4(i)
      end if
      if (mod(i, 1000) == 0) call fadj_push_bits_array(mask, size(mask))
    end do
  end subroutine push_all

  integer function pop_all() result(nbad)
    nbad = 0
    do i = nrec, 1, -1
      if (mod(i, 1000) == 0) then
        back = .not. mask
        call fadj_pop_bits_array(back, size(back))
        if (any(back .neqv. mask)) nbad = nbad + 1
      end if
      if (mod(i, 10) == 0) then
        call fadj_pop_i4(x)
        if (x /= i) nbad = nbad + 1
        call fadj_pop_r8(r)
        if (r /= real(i, real64)) nbad = nbad + 1
      end if
      call fadj_pop_bits(x, w(i))
      if (x /= v(i)) nbad = nbad + 1
    end do
  end function pop_all
end program main
`

// bitRecords returns the widths bitTapeProgram pushes, in bits in all.
func bitRecords() (bits int64) {
	s := int64(12345)
	for i := 1; i <= 100000; i++ {
		s = (s*1103515245 + 12345) % 2147483648
		bits += s%31 + 1
	}
	return bits
}

func TestBitTape(t *testing.T) {
	t.Parallel()
	for _, v := range []variant{debug, opt} {
		t.Run(v.name, func(t *testing.T) {
			t.Parallel()
			exe := buildProgram(t, v, bitTapeProgram, buildModule(t, v, ModuleName))
			out := runOK(t, exe)
			bits := bitRecords() + 100*200 // the records and 100 masks of 200
			bytes := (bits + 7) / 8
			other := int64(10000 * (8 + 4)) // the real(8) and integer(4) pushes
			words := int64(1024)
			for words*64 < bits+64 {
				words *= 2
			}
			checkValues(t, keyValues(t, out), map[string]int64{
				"bytes_bits": bytes, "bytes_all": bytes + other, "peak": bytes + other,
				"pushes_bits": 100000 + 100, "pushes_all": 100000 + 100 + 2*10000,
				"pushed_bits": bytes, "alloc_bits": 8 * words,
				"bad_first": 0, "popped_bits": bytes, "bytes_rewound": bytes,
				"bad_rewound": 0, "bad_again": 0, "pushes_twice": 2 * (100000 + 100),
				"peak_twice":        bytes + other,
				"after_reset_bytes": 0, "after_reset_pushes": 0, "after_reset_alloc": 0,
				"straddle": 1023, "edge_bad": 0,
			})
			for _, want := range []string{"empty_after_pops T", "after_reset_empty T"} {
				if !strings.Contains(out, want+"\n") {
					t.Errorf("output lacks %q:\n%s", want, out)
				}
			}
			// The table has a row for the bit tape, counted in the total.
			if !regexp.MustCompile(`(?m)^\s+bits\s+200200\s+`).MatchString(out) {
				t.Errorf("fadj_tape_stats has no bits row of 200200 pushes:\n%s", out)
			}
		})
	}
}

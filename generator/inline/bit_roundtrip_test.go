package inline_test

import (
	"testing"

	"github.com/fadj-dev/fadj/generator/inline"
)

// TestBitRoundTrips checks which integers holding a real's bits get a
// real shadow, one snippet each: the routine's body printed afterwards,
// and the transfers marked passive (their count).
func TestBitRoundTrips(t *testing.T) {
	tests := []struct {
		name, src, body string
		passive         int
	}{{
		name: "round trip: the value kept in a real",
		src: `subroutine s(x, y)
  real(8) :: x, y
  integer(8) :: i
  i = transfer(x, i)
  y = x + transfer(i, x)
end subroutine s
`,
		body:    "fadj_bits_i = x\ni = transfer(fadj_bits_i, i)\ny = x + fadj_bits_i",
		passive: 1,
	}, {
		name: "compared directly: passive, no shadow",
		src: `subroutine s(x, y)
  real(8) :: x, y
  integer(8) :: sentinel
  sentinel = transfer(-1.0d0, sentinel)
  if (transfer(x, sentinel) == sentinel) y = 0
end subroutine s
`,
		body:    "sentinel = transfer(-1.0d0, sentinel)\nif (transfer(x, sentinel) == sentinel) y = 0",
		passive: 1,
	}, {
		name: "another size: left to the checks",
		src: `subroutine s(x, y)
  real(8) :: x, y
  integer :: i
  i = transfer(x, i)
  y = transfer(i, 1.0)
end subroutine s
`,
		body: "i = transfer(x, i)\ny = transfer(i, 1.0)",
	}, {
		name: "passed to a call: left to the checks",
		src: `subroutine s(x, y)
  real(8) :: x, y
  integer(8) :: i
  i = transfer(x, i)
  call g(i)
  y = transfer(i, x)
end subroutine s
`,
		body: "i = transfer(x, i)\ncall g(i)\ny = transfer(i, x)",
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			prog := loadSnippet(t, tt.src)
			inline.BitRoundTrips(prog)
			checkBody(t, prog, tt.body)
			if n := len(prog.Info.PassiveBits); n != tt.passive {
				t.Errorf("%d transfers passive, want %d", len(prog.Info.PassiveBits), tt.passive)
			}
		})
	}
}

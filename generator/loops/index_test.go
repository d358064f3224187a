package loops_test

import (
	"testing"

	"github.com/fadj-dev/fadj/generator/load"
	"github.com/fadj-dev/fadj/generator/loops"
)

// TestIndexUsedOutside tells whether the routine's variable e, an index
// of a DO CONCURRENT, is named outside it, where its value would have to
// be kept around the construct.
func TestIndexUsedOutside(t *testing.T) {
	tests := []struct {
		after string
		want  bool
	}{
		{"", false},
		{"  do e = 1, 4\n    a(e) = 2*a(e)\n  end do\n", false}, // the loop sets e first
		{"  do e = e, 4\n    a(e) = 2*a(e)\n  end do\n", true},  // its bounds read e
		{"  a(1) = e\n", true},
		{"  do while (a(1) > 0)\n    a(1) = a(1) - e\n  end do\n", true},
	}
	for _, tt := range tests {
		src := "subroutine f(a)\n  real(8) :: a(4)\n  integer :: e\n  do concurrent (e = 1:4)\n    a(e) = a(e) + 1\n  end do\n" +
			tt.after + "end subroutine f\n"
		read := func(string) ([]byte, error) { return []byte(src), nil }
		prog, err := load.Files([]string{"t.f90"}, load.Config{ReadFile: read})
		if err != nil {
			t.Fatal(err)
		}
		if got := loops.IndexUsedOutside(prog.Files[0].Units[0].Body, "e"); got != tt.want {
			t.Errorf("%q: got %v, want %v", tt.after, got, tt.want)
		}
	}
}

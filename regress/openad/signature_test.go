package main

import (
	"reflect"
	"strings"
	"testing"
)

func TestReadSignature(t *testing.T) {
	src := `! Generated
subroutine helper_b(a, a_b)
  real :: a, a_b
end subroutine helper_b

subroutine top_b(k, x, x_b, y1, &
    y1_b, w)
  use fadj_runtime
  interface
    subroutine helper(a)
      real :: a
    end subroutine helper
  end interface
  integer, intent(in) :: k
  double precision, dimension(2, 0:1), intent(in) :: x
  double precision :: y1, w(k)
  real(8), intent(inout) :: x_b(2, 0:1)
  real(8), intent(inout) :: &
    y1_b
  real(8) :: a
end subroutine top_b
`
	sig, err := ReadSignature(src, "top_b")
	if err != nil {
		t.Fatal(err)
	}
	want := []Dummy{
		{Name: "k", Type: "integer"},
		{Name: "x", Type: "double precision", Dims: "2,0:1"},
		{Name: "x_b", Type: "real(8)", Dims: "2,0:1"},
		{Name: "y1", Type: "double precision"},
		{Name: "y1_b", Type: "real(8)"},
		{Name: "w", Type: "double precision", Dims: "k"},
	}
	if !reflect.DeepEqual(sig.Args, want) {
		t.Errorf("got  %+v\nwant %+v", sig.Args, want)
	}
	orig, hasAdj := splitAdjoints(sig.Args)
	if len(orig) != 4 || !hasAdj["x"] || !hasAdj["y1"] || hasAdj["k"] || hasAdj["w"] {
		t.Errorf("splitAdjoints: %v %v", orig, hasAdj)
	}
	if _, err := ReadSignature(src, "missing_b"); err == nil || !strings.Contains(err.Error(), "no subroutine") {
		t.Errorf("error %v for a missing routine", err)
	}
}

func TestSize(t *testing.T) {
	for dims, want := range map[string]int{"": 1, "3": 3, "2,0:1": 4, "-1:1": 3} {
		if got, ok := Size(dims); !ok || got != want {
			t.Errorf("Size(%q) = %d, %v; want %d", dims, got, ok, want)
		}
	}
	for _, dims := range []string{":", "n", "3-1", "*"} {
		if _, ok := Size(dims); ok {
			t.Errorf("Size(%q) known", dims)
		}
	}
}

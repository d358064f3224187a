package loops_test

import (
	"testing"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/load"
	"github.com/fadj-dev/fadj/generator/loops"
)

func TestParseMarker(t *testing.T) {
	tests := []struct {
		text string
		want loops.Marker
		ok   bool
	}{
		{"!$fadj checkpoint begin physics", loops.Marker{Begin: true, Name: "physics"}, true},
		{"!$FADJ  Checkpoint  END  Physics", loops.Marker{Name: "physics"}, true},
		{"!$fadj checkpoint begin", loops.Marker{}, false},
		{"!$fadj checkpoint start x", loops.Marker{}, false},
		{"! fadj checkpoint begin x", loops.Marker{}, false},
		{"!$omp parallel do", loops.Marker{}, false},
		{"!$fadj checkpoint begin x y", loops.Marker{}, false},
	}
	for _, tt := range tests {
		got, ok := loops.ParseMarker(tt.text)
		if got != tt.want || ok != tt.ok {
			t.Errorf("ParseMarker(%q) = %+v, %v; want %+v, %v", tt.text, got, ok, tt.want, tt.ok)
		}
	}
}

const blocksSrc = `subroutine model(n, u)
  integer :: n, k
  real(8) :: u(n)
  stage: block
    u = u*2
  end block stage
  do k = 1, 3
    u = u + 1
    !$fadj checkpoint begin relax
    u = u*cos(u)
    u = u - 1
    !$fadj checkpoint end relax
  end do
  !$fadj checkpoint begin tail
  u = u/2
  !$fadj checkpoint end tail
end subroutine
`

// TestFindBlocks finds a named BLOCK and wraps marked statements into
// BLOCK constructs, once: a second search finds the same constructs.
func TestFindBlocks(t *testing.T) {
	read := func(string) ([]byte, error) { return []byte(blocksSrc), nil }
	prog, err := load.Files([]string{"t.f90"}, load.Config{ReadFile: read})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		routine, name string
		line, stmts   int
		marker        bool
	}{
		{"", "stage", 4, 1, false},
		{"model", "relax", 10, 2, true},
		{"", "tail", 15, 1, true},
	}
	for round := 0; round < 2; round++ {
		for _, tt := range tests {
			found, errs := loops.FindBlocks(prog, tt.routine, tt.name)
			if len(errs) > 0 || len(found) != 1 {
				t.Fatalf("round %d, %s: found %d, errors %v", round, tt.name, len(found), errs)
			}
			b := found[0]
			if b.Pos.Line != tt.line || len(b.Block.Body) != tt.stmts || b.Marker != tt.marker {
				t.Errorf("round %d, %s: line %d, %d statements, marker %v; want %d, %d, %v", round, tt.name, b.Pos.Line, len(b.Block.Body), b.Marker, tt.line, tt.stmts, tt.marker)
			}
		}
	}
	body := prog.Files[0].Units[0].Body
	do := body[1].(*ast.DoConstruct)
	if len(body) != 3 || len(do.Body) != 2 {
		t.Fatalf("after wrapping: %d statements in the routine, %d in the loop; want 3 and 2", len(body), len(do.Body))
	}
	if _, ok := body[2].(*ast.BlockConstruct); !ok {
		t.Errorf("the routine's last statement is a %T, want the wrapped region", body[2])
	}
	if found, _ := loops.FindBlocks(prog, "other", "relax"); len(found) != 0 {
		t.Errorf("found %d regions 'relax' in routine other, want none", len(found))
	}
}

// TestFindNestedBlocks wraps two regions whose begin markers are on the
// same statement, the inner one first: the outer one's marker stays
// outside the inner BLOCK.
func TestFindNestedBlocks(t *testing.T) {
	src := `subroutine model(n, u)
  integer :: n
  real(8) :: u(n)
  !$fadj checkpoint begin outer
  !$fadj checkpoint begin inner
  u = u*2
  !$fadj checkpoint end inner
  u = u + 1
  !$fadj checkpoint end outer
end subroutine
`
	read := func(string) ([]byte, error) { return []byte(src), nil }
	prog, err := load.Files([]string{"t.f90"}, load.Config{ReadFile: read})
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"inner", "outer"} {
		if found, errs := loops.FindBlocks(prog, "", name); len(found) != 1 || len(errs) > 0 {
			t.Fatalf("%s: found %d, errors %v", name, len(found), errs)
		}
	}
	body := prog.Files[0].Units[0].Body
	outer, ok := body[0].(*ast.BlockConstruct)
	if len(body) != 1 || !ok || len(outer.Body) != 2 {
		t.Fatalf("routine body %d statements, want the outer region holding the inner one and a statement", len(body))
	}
	if _, ok := outer.Body[0].(*ast.BlockConstruct); !ok {
		t.Errorf("the outer region starts with a %T, want the inner region", outer.Body[0])
	}
}

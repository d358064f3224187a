package decl_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/printer"
	"github.com/fadj-dev/fadj/generator/load"
	"github.com/fadj-dev/fadj/generator/sema"
)

const typesSrc = `module m
  implicit none
  type pair
    real(8) :: a
    integer :: n
  end type
  type cell
    real(8) :: h, f(2)
    type(pair) :: p
    character(len=4) :: tag
  end type
  type flat
    real(8) :: x, y = 1.0d0
  end type
  type holder
    real(8), allocatable :: v(:)
  end type
  type nest
    type(holder) :: h
  end type
  type nestarr
    type(holder) :: hs(2)
  end type
  type nestalloc
    type(holder), allocatable :: hs(:)
  end type
  type mixed
    real(8), allocatable :: v(:)
    real(8) :: w(2)
  end type
  type nestmixed
    type(mixed), allocatable :: ms(:)
  end type
  type ints
    integer :: k
  end type
end module m
`

// types loads typesSrc and returns its derived types by name.
func types(t *testing.T) map[string]*sema.Symbol {
	t.Helper()
	path := filepath.Join(t.TempDir(), "m.f90")
	if err := os.WriteFile(path, []byte(typesSrc), 0o666); err != nil {
		t.Fatal(err)
	}
	prog, err := load.Files([]string{path}, load.Config{})
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]*sema.Symbol{}
	for _, n := range []string{"pair", "cell", "flat", "holder", "nest", "nestarr", "nestalloc", "nestmixed", "ints"} {
		s := prog.Info.Module("m").Inner.LookupLocal(n)
		if s == nil || s.Kind != sema.TypeSym {
			t.Fatalf("no type %s", n)
		}
		out[n] = s
	}
	return out
}

func print(t *testing.T, list []ast.Stmt) string {
	var b bytes.Buffer
	for _, s := range list {
		if err := printer.Node(&b, s); err != nil {
			t.Fatal(err)
		}
	}
	return b.String()
}

// TestZeroDerived: one assignment per real component, and one loop nest
// over the elements when a component of an array of the type is an array.
func TestZeroDerived(t *testing.T) {
	ts := types(t)
	for _, tc := range []struct {
		typ  string
		rank int
		want string
	}{
		{"pair", 0, "u_d%a = 0.0_8\n"},
		{"pair", 1, "u_d%a = 0.0_8\n"},
		{"flat", 2, "u_d%x = 0.0_8\nu_d%y = 0.0_8\n"},
		{"cell", 0, "u_d%h = 0.0_8\nu_d%f = 0.0_8\nu_d%p%a = 0.0_8\n"},
		{"cell", 2, "do i1 = lbound(u_d, 2), ubound(u_d, 2)\n  do i2 = lbound(u_d, 1), ubound(u_d, 1)\n" +
			"    u_d(i2, i1)%h = 0.0_8\n    u_d(i2, i1)%f = 0.0_8\n    u_d(i2, i1)%p%a = 0.0_8\n  end do\nend do\n"},
		{"ints", 0, ""},
	} {
		t.Run(tc.typ+strconv.Itoa(tc.rank), func(t *testing.T) {
			n := 0
			got := print(t, decl.ZeroDerived(ast.NewIdent("u_d"), tc.rank, ts[tc.typ], func() *ast.Ident {
				n++
				return ast.NewIdent("i" + strconv.Itoa(n))
			}))
			if got != tc.want {
				t.Errorf("got\n%swant\n%s", got, tc.want)
			}
		})
	}
}

// TestDerivedFacts: which types have real data, initialise it, or cannot
// have a derivative yet.
func TestDerivedFacts(t *testing.T) {
	ts := types(t)
	typ := func(n string) *sema.Type { return &sema.Type{Basic: sema.DerivedType, Derived: ts[n]} }
	for _, tc := range []struct {
		typ                string
		hasFloat, inits    bool
		unsupportedBecause string
		allocComps         int
		allocLeaves        int // nested in scalar components too
	}{
		{"pair", true, false, "", 0, 0},
		{"cell", true, false, "", 0, 0},
		{"flat", true, true, "", 0, 0},
		{"holder", true, false, "", 1, 1},  // its shadow's follows its allocation
		{"nest", true, false, "", 0, 1},    // through the scalar component h
		{"nestarr", true, false, "", 0, 1}, // through the elements of the array component hs
		{"ints", false, false, "", 0, 0},
	} {
		t.Run(tc.typ, func(t *testing.T) {
			if got := decl.HasFloat(typ(tc.typ)); got != tc.hasFloat {
				t.Errorf("HasFloat = %v", got)
			}
			if got := decl.InitsFloat(typ(tc.typ)); got != tc.inits {
				t.Errorf("InitsFloat = %v", got)
			}
			if got := len(decl.AllocComponents(typ(tc.typ))); got != tc.allocComps {
				t.Errorf("AllocComponents: %d, want %d", got, tc.allocComps)
			}
			if got := len(decl.AllocLeaves(typ(tc.typ))); got != tc.allocLeaves {
				t.Errorf("AllocLeaves: %d, want %d", got, tc.allocLeaves)
			}
			err := decl.CheckDerived(typ(tc.typ))
			switch {
			case tc.unsupportedBecause == "" && err != nil:
				t.Errorf("CheckDerived: %v", err)
			case tc.unsupportedBecause != "" && (err == nil || !strings.Contains(err.Error(), tc.unsupportedBecause)):
				t.Errorf("CheckDerived: %v, want %q", err, tc.unsupportedBecause)
			}
		})
	}
}

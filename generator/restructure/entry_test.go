package restructure_test

import (
	"os"
	"strings"
	"testing"

	"github.com/fadj-dev/fadj/generator/fortran/printer"
	"github.com/fadj-dev/fadj/generator/load"
	"github.com/fadj-dev/fadj/generator/restructure"
)

// TestEntries checks the procedures load makes of one with ENTRY
// (parser.SplitEntries) after the rewrites: an entry point whose code
// jumps back into a loop of its host starts with a GO TO past the
// host's code to a CONTINUE in place of the ENTRY, which straightening
// puts in order before the loop becomes a DO construct (the label left
// unused goes with the tidying of the generated code).
func TestEntries(t *testing.T) {
	tests := []struct{ name, src, unit, body string }{{
		name: "entry jumping back into a GO TO loop",
		src: `subroutine halve(x, y)
  real(8) :: x, y
10 x = 0.5d0*x
  y = y + x
  if (x > 1) go to 10
  return
entry grow(x, y)
  x = 3*x
  go to 10
end subroutine halve
`,
		unit: "grow",
		body: `99999 continue
x = 3*x
fadj_goto10: do
  x = 0.5d0*x
  y = y + x
  if (x > 1) cycle fadj_goto10
  exit fadj_goto10
end do fadj_goto10
return`,
	}, {
		name: "the host leaves out the entry's code",
		src: `subroutine halve(x, y)
  real(8) :: x, y
10 x = 0.5d0*x
  y = y + x
  if (x > 1) go to 10
  return
entry grow(x, y)
  x = 3*x
  go to 10
end subroutine halve
`,
		unit: "halve",
		body: `fadj_goto10: do
  x = 0.5d0*x
  y = y + x
  if (x > 1) cycle fadj_goto10
  exit fadj_goto10
end do fadj_goto10
return`,
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			read := func(p string) ([]byte, error) {
				if p == "t.f90" {
					return []byte(tt.src), nil
				}
				return nil, os.ErrNotExist
			}
			prog, err := load.Files([]string{"t.f90"}, load.Config{ReadFile: read})
			if err != nil {
				t.Fatal(err)
			}
			restructure.Program(prog)
			var buf strings.Builder
			found := false
			for _, u := range prog.Files[0].Units {
				if u.Name.Name != tt.unit {
					continue
				}
				found = true
				for _, s := range u.Body {
					if err := printer.Node(&buf, s); err != nil {
						t.Fatal(err)
					}
				}
			}
			if !found {
				t.Fatalf("no unit %s", tt.unit)
			}
			if g := strings.TrimSpace(buf.String()); g != tt.body {
				t.Errorf("body:\n%s\nwant:\n%s", g, tt.body)
			}
		})
	}
}

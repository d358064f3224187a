package parser

import (
	"testing"

	"github.com/fadj-dev/fadj/generator/source"
)

// TestOmpDirectives: directive lines, free and fixed form, continuation
// lines joined, become directives; other comments stay comments.
func TestOmpDirectives(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      []string // the directives of the DO statement's Doc, as printed
	}{
		{"free.f90", "do i = 1, 2\nend do\nend\n", nil},
		{"free.f90", "!$omp parallel do private(t) reduction(+:s)\ndo i = 1, 2\nend do\nend\n",
			[]string{"parallel do private(t) reduction(+:s)"}},
		{"free.f90", "!$OMP PARALLEL DO &\n!$omp& private(t,u) &\n!$omp  schedule(static, 4)\ndo i = 1, 2\nend do\nend\n",
			[]string{"parallel do private(t, u) schedule(static, 4)"}},
		{"free.f90", "!$ n = 2\n!$omp critical(x)\n! $omp not one\n!$omps\ndo i = 1, 2\nend do\nend\n",
			[]string{"$ n = 2", "critical(x)"}},
		{"fixed.f", "c$omp parallel do\nC$OMP+ firstprivate(a)\n*$omp&  default(shared)\n      do i = 1, 2\n      end do\n      end\n",
			[]string{"parallel do firstprivate(a) default(shared)"}},
	} {
		fset := source.NewFileSet()
		f, err := ParseFile(fset, tc.name, []byte(tc.src), Config{})
		if err != nil {
			t.Fatalf("%q: %v", tc.src, err)
		}
		var got []string
		for _, c := range f.Units[0].Body[0].Header().Doc {
			switch {
			case c.Omp == nil:
			case c.Omp.Cond:
				got = append(got, "$ "+c.Omp.String())
			default:
				got = append(got, c.Omp.String())
			}
		}
		if len(got) != len(tc.want) {
			t.Errorf("%q: directives %q, want %q", tc.src, got, tc.want)
			continue
		}
		for i := range got {
			if got[i] != tc.want[i] {
				t.Errorf("%q: directive %q, want %q", tc.src, got[i], tc.want[i])
			}
		}
	}
}

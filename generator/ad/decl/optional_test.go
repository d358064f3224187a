package decl_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/fortran/parser"
	"github.com/fadj-dev/fadj/generator/fortran/printer"
	"github.com/fadj-dev/fadj/generator/source"
)

func TestGuardOptionals(t *testing.T) {
	opt := map[string]string{"b": "b", "b_b": "b", "d": "d", "d_b": "d"}
	cases := []struct{ name, body, want string }{
		{"outside a test", "b_b = 0.0_8\ny = 2*x\n", "if (present(b)) b_b = 0.0_8\ny = 2*x\n"},
		{"runtime call", "call fadj_push_r8(b)\ncall foo(b)\n", "if (present(b)) call fadj_push_r8(b)\ncall foo(b)\n"},
		{"under present", "if (present(b) .and. present(d)) then\n  b_b = b_b + 3*d_b\nend if\n",
			"if (present(b) .and. present(d)) then\n  b_b = b_b + 3*d_b\nend if\n"},
		{"under a branch record", "if (k == 0) then\n  b_b = b_b + 3*d_b\n  d_b = 0.0_8\nend if\n",
			"if (k == 0) then\n  if (present(b) .and. present(d)) b_b = b_b + 3*d_b\n  if (present(d)) d_b = 0.0_8\nend if\n"},
		{"if statement", "if (present(d)) d_b = b_b\n", "if (present(b)) then\n  if (present(d)) d_b = b_b\nend if\n"},
		{"in a loop", "do i = 1, n\n  d_b = d_b + x\nend do\n", "do i = 1, n\n  if (present(d)) d_b = d_b + x\nend do\n"},
		{"present alone", "l = present(b)\n", "l = present(b)\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			src := "subroutine s()\n" + c.body + "end subroutine\n"
			f, err := parser.ParseFile(source.NewFileSet(), "k.f90", []byte(src), parser.Config{})
			if err != nil {
				t.Fatal(err)
			}
			u := f.Units[0]
			u.Body = decl.GuardOptionals(u.Body, opt)
			var buf bytes.Buffer
			if err := printer.Fprint(&buf, f); err != nil {
				t.Fatal(err)
			}
			got := buf.String()
			got = got[strings.Index(got, "\n")+1 : strings.LastIndex(strings.TrimSuffix(got, "\n"), "\n")+1]
			got = strings.ReplaceAll(got, "\n  ", "\n")
			got = strings.TrimPrefix(got, "  ")
			if got != c.want {
				t.Errorf("got\n%swant\n%s", got, c.want)
			}
		})
	}
}

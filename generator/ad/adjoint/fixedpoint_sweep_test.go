package adjoint

import (
	"strings"
	"testing"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/printer"
)

// TestSkipPops checks which tape reads of the adjoint iteration's sweep
// become skips: those of a variable nothing reads at or after its first
// pop and nothing assigns; a sweep with a call keeps all of them.
func TestSkipPops(t *testing.T) {
	cases := []struct{ name, src, want string }{
		{"read by nothing", "call fadj_pop_r8_array(x, size(x))\nyb = yb + 2*zb",
			"call fadj_tape_skip(fadj_tape_r8, size(x))\nyb = yb + 2*zb"},
		{"read only before the pop", "yb = yb + x*zb\ncall fadj_pop_r8(x)\nzb = 0",
			"yb = yb + x*zb\ncall fadj_tape_skip(fadj_tape_r8, 1)\nzb = 0"},
		{"read after the pop", "call fadj_pop_r8(x)\nyb = yb + x*zb", "call fadj_pop_r8(x)\nyb = yb + x*zb"},
		{"assigned", "x = 2\ncall fadj_pop_r8(x)\nyb = yb + zb", "x = 2\ncall fadj_pop_r8(x)\nyb = yb + zb"},
		{"pop and read in one loop", "do i = n, 1, -1\n  yb(i) = yb(i) + a(i)*zb\n  call fadj_pop_r8(a(i))\nend do",
			"do i = n, 1, -1\n  yb(i) = yb(i) + a(i)*zb\n  call fadj_pop_r8(a(i))\nend do"},
		{"pop in a loop, read before it", "yb = yb + sum(a)*zb\ndo i = n, 1, -1\n  call fadj_pop_r8(a(i))\nend do",
			"yb = yb + sum(a)*zb\ndo i = n, 1, -1\n  call fadj_tape_skip(fadj_tape_r8, 1)\nend do"},
		{"a call reads anything", "call fadj_pop_r8(x)\ncall f_b(yb)", "call fadj_pop_r8(x)\ncall f_b(yb)"},
		{"a bit record stays", "call fadj_pop_bits(b, 1)\nyb = 0", "call fadj_pop_bits(b, 1)\nyb = 0"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if g := stmtsText(t, skipPops(parseStmts(c.src))); g != c.want {
				t.Errorf("got\n%s\nwant\n%s", g, c.want)
			}
		})
	}
}

// TestPopFirstOnly checks which pops of the state sweep run in the first
// adjoint iteration only: a variable popped once at the top level, read
// only after the pop, never assigned, in a sweep that calls nothing.
func TestPopFirstOnly(t *testing.T) {
	once := "if (fadj_fpi1 == 1) then\n  call fadj_pop_r8_array(u, size(u))\nelse\n  call fadj_tape_skip(fadj_tape_r8, size(u))\nend if"
	cases := []struct{ name, src, want string }{
		{"state read after its pop", "call fadj_pop_r8_array(u, size(u))\nub = ub*3*u**2",
			once + "\nub = ub*3*u**2"},
		{"read before the pop", "yb = yb + u(1)\ncall fadj_pop_r8_array(u, size(u))\nub = ub*u",
			"yb = yb + u(1)\ncall fadj_pop_r8_array(u, size(u))\nub = ub*u"},
		{"popped twice", "call fadj_pop_r8(x)\nyb = yb*x\ncall fadj_pop_r8(x)\nyb = yb*x",
			"call fadj_pop_r8(x)\nyb = yb*x\ncall fadj_pop_r8(x)\nyb = yb*x"},
		{"assigned", "call fadj_pop_r8(x)\nyb = yb*x\nx = 0", "call fadj_pop_r8(x)\nyb = yb*x\nx = 0"},
		{"popped in a loop", "do i = n, 1, -1\n  call fadj_pop_r8(a(i))\nend do\nyb = sum(a)",
			"do i = n, 1, -1\n  call fadj_pop_r8(a(i))\nend do\nyb = sum(a)"},
		{"a call", "call fadj_pop_r8(x)\ncall f_b(x, yb)", "call fadj_pop_r8(x)\ncall f_b(x, yb)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if g := stmtsText(t, popFirstOnly(parseStmts(c.src), "fadj_fpi1")); g != c.want {
				t.Errorf("got\n%s\nwant\n%s", g, c.want)
			}
		})
	}
}

// TestPruneParams checks that the parameters' adjoint increments, and
// the temporaries only they read, leave the state sweep.
func TestPruneParams(t *testing.T) {
	src := "fadj_tmp1_b = zb*2\npb = pb + fadj_tmp1_b\nfadj_tmp2_b = zb\nyb = yb + fadj_tmp2_b\npb(i) = pb(i) + zb\nwhere (m) pb = pb + 1"
	dead := map[string]bool{"pb": true}
	got := filterStmts(parseStmts(src), func(s ast.Stmt) bool { return !assignsTo(s, dead) })
	want := "fadj_tmp1_b = zb*2\nfadj_tmp2_b = zb\nyb = yb + fadj_tmp2_b"
	if g := stmtsText(t, got); g != want {
		t.Errorf("got\n%s\nwant\n%s", g, want)
	}
	if r := readNames(got); r["fadj_tmp1_b"] || !r["fadj_tmp2_b"] || !r["zb"] {
		t.Errorf("reads %v", r)
	}
}

// stmtsText prints list, one statement a line.
func stmtsText(t *testing.T, list []ast.Stmt) string {
	t.Helper()
	var b strings.Builder
	for _, s := range list {
		if err := printer.Node(&b, s); err != nil {
			t.Fatal(err)
		}
		b.WriteString("\n")
	}
	var lines []string
	for _, l := range strings.Split(b.String(), "\n") {
		if strings.TrimSpace(l) != "" {
			lines = append(lines, l)
		}
	}
	return strings.Join(lines, "\n")
}

// TestReadsBesidesUpdates checks what makes a state adjoint live in the
// parameters sweep: a read anywhere but in an assignment to itself.
func TestReadsBesidesUpdates(t *testing.T) {
	cases := []struct {
		src  string
		want bool
	}{
		{"xb = xb + 2*yb", false},
		{"xb(i - 1) = xb(i - 1) + w*yb(i)", false},
		{"yb = yb + xb", true},
		{"do i = 1, n\n  xb(i) = xb(i) + 1\n  pb = pb + xb(i)\nend do", true},
		{"if (xb(1) > 0) yb = 1", true},
	}
	for _, c := range cases {
		if got := readsBesidesUpdates(parseStmts(c.src)[0], "xb"); got != c.want {
			t.Errorf("%q: got %v, want %v", c.src, got, c.want)
		}
	}
}

// TestDropRecords checks that the records neither sweep reads leave the
// recording sweep and both sweeps, and only those: g is read after its
// pop by the parameters sweep, h is pushed twice but popped once.
func TestDropRecords(t *testing.T) {
	f := parseStmts("call fadj_push_r8(g)\ng = 1\ncall fadj_push_r8(d)\nd = 2\ncall fadj_push_r8(h)\ncall fadj_push_r8(h)\nh = 3")
	sweep := parseStmts("zb = zb + d*g*h\ncall fadj_pop_r8(h)\ncall fadj_pop_r8(d)\ncall fadj_pop_r8(g)")
	b2 := parseStmts("pb = pb + d*g*h*zb\ncall fadj_pop_r8(h)\ncall fadj_pop_r8(d)\ncall fadj_pop_r8(g)\npb = pb + g")
	f, sweep, b2 = dropRecords(f, sweep, b2)
	for _, c := range []struct{ name, got, want string }{
		{"recording", stmtsText(t, f), "call fadj_push_r8(g)\ng = 1\nd = 2\ncall fadj_push_r8(h)\ncall fadj_push_r8(h)\nh = 3"},
		{"state sweep", stmtsText(t, sweep), "zb = zb + d*g*h\ncall fadj_tape_skip(fadj_tape_r8, 1)\ncall fadj_tape_skip(fadj_tape_r8, 1)"},
		{"parameters sweep", stmtsText(t, b2), "pb = pb + d*g*h*zb\ncall fadj_pop_r8(h)\ncall fadj_pop_r8(g)\npb = pb + g"},
	} {
		if c.got != c.want {
			t.Errorf("%s: got\n%s\nwant\n%s", c.name, c.got, c.want)
		}
	}
}

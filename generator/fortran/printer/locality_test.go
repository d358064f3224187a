package printer

import (
	"strings"
	"testing"
)

// TestLocality prints DO CONCURRENT locality specifiers as parsed: the
// installed gfortran does not compile them, so they are not in the
// gfortran-checked goldens.
func TestLocality(t *testing.T) {
	tests := []struct{ src, want string }{
		{"do concurrent (i=1:n) local(t,u) local_init(s)", "do concurrent (i = 1:n) local(t, u) local_init(s)"},
		{"DO CONCURRENT (I=1:N, A(I)>0) SHARED(A,B) DEFAULT(NONE)", "do concurrent (I = 1:N, A(I) > 0) shared(A, B) default(none)"},
		{"do concurrent (i=1:n) reduce(+:total) reduce(max : big)", "do concurrent (i = 1:n) reduce(+: total) reduce(max: big)"},
		{"do concurrent (i=1:n) reduce(.or.:found)", "do concurrent (i = 1:n) reduce(.or.: found)"},
	}
	for _, tt := range tests {
		src := "program p\n" + tt.src + "\nend do\nend program p\n"
		out := string(parsePrint(t, "x.f90", []byte(src)))
		if !strings.Contains(out, "\n  "+tt.want+"\n") {
			t.Errorf("%s: got\n%s\nwant the line %q", tt.src, out, tt.want)
		}
		checkIdempotent(t, "x.f90", []byte(out))
	}
}

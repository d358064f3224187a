package suggest

import "testing"

func TestNearest(t *testing.T) {
	for _, tc := range []struct {
		name  string
		cands []string
		want  string
	}{
		{"tmep", []string{"temp", "time"}, "temp"},
		{"dependants", []string{"independents", "dependents"}, "dependents"},
		{"HEAT", []string{"heat"}, "heat"},
		{"x", []string{"y"}, ""},
		{"xy", []string{"xz"}, ""},
		{"x", []string{"abc"}, ""},
		{"nosuch", []string{"f"}, ""},
		{"foo", []string{"f"}, ""},
		{"relx", []string{"relax", "smooth"}, "relax"},
		{"abcdefghij", []string{"abcdefgxyz"}, "abcdefgxyz"},
		{"abcdefghij", []string{"abcdwxyzij"}, ""},
		{"", []string{"a"}, ""},
		{"x", nil, ""},
	} {
		if got := Nearest(tc.name, tc.cands); got != tc.want {
			t.Errorf("Nearest(%q, %q) = %q, want %q", tc.name, tc.cands, got, tc.want)
		}
	}
}

func TestHint(t *testing.T) {
	if got := Hint("tmep", []string{"temp"}); got != " (did you mean 'temp'?)" {
		t.Errorf("got %q", got)
	}
	if got := Hint("Temp", []string{"temp"}); got != "" {
		t.Errorf("same name suggested: %q", got)
	}
	if got := Hint("zzz", []string{"temp"}); got != "" {
		t.Errorf("got %q", got)
	}
}

func TestDistance(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		d    int
	}{{"", "", 0}, {"a", "", 1}, {"kitten", "sitting", 3}, {"abc", "abc", 0}, {"tmep", "temp", 1}, {"ab", "ba", 1}, {"ca", "abc", 3}} {
		if got := Distance(tc.a, tc.b); got != tc.d {
			t.Errorf("Distance(%q, %q) = %d, want %d", tc.a, tc.b, got, tc.d)
		}
	}
}

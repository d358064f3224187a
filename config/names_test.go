package config

import "testing"

// TestVarRefBaseSection checks the sections of arrays of derived type
// followed by components (cells(1:n)%h) and their canonical form.
func TestVarRefBaseSection(t *testing.T) {
	for _, tc := range []struct{ in, want, problem string }{
		{"cells(1:n)%h", "cells(1:n)%h", ""},
		{"Grid( : )%Depth", "grid(:)%depth", ""},
		{"m::cells(2:4)%p%k", "m::cells(2:4)%p%k", ""},
		{"cells%h(1:n)", "cells%h(1:n)", ""},
		{"cells(1)%h(2)", "", "subscripts are allowed on the first or the last part only"},
		{"s%cells(1)%h", "", "subscripts are allowed on the first or the last part only"},
		{"cells(1:n)%", "", "missing component name after '%'"},
	} {
		r, problem := parseVarRef(tc.in)
		if problem != tc.problem || problem == "" && r.String() != tc.want {
			t.Errorf("%s: got %q, %q; want %q, %q", tc.in, r.String(), problem, tc.want, tc.problem)
		}
		if problem == "" {
			if r2, p2 := parseVarRef(r.String()); p2 != "" || r2.String() != r.String() {
				t.Errorf("%s: canonical form %q does not parse back (%q)", tc.in, r.String(), p2)
			}
		}
	}
}

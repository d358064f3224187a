package check

import (
	"testing"

	"github.com/fadj-dev/fadj/config"
)

// The sections of the spec are evaluated at the check point for the
// driver's masks, or rejected with what is wrong.
func TestEvalSection(t *testing.T) {
	env := &boundEnv{ints: map[string]*Arg{"n": {Name: "n", Class: IntParam, IntValue: 6}}, spec: &config.Spec{}, t: &config.Target{}, p: &Program{}}
	a := &Arg{Name: "u", Dims: []string{"0:7", "1:3"}}
	for _, tc := range []struct{ sec, want, err string }{
		{"2:n-1, 1", "2:5,1", ""},
		{":, 2", "0:7,2", ""},
		{"n:, :2", "6:7,1:2", ""},
		{"7:0:-2, 3", "7:0:-2,3", ""},
		{"9:8, 1", "9:8,1", ""}, // empty: its bounds need not be inside
		{"n+2, 1", "", "subscript n+2 (8 at the check point) of dimension 1 is outside the bounds 0:7 fadj check gives 'u'"},
		{"1, 4", "", "subscript 4 of dimension 2 is outside the bounds 1:3 fadj check gives 'u'"},
		{"1", "", "1 subscripts, but 'u' has rank 2"},
		{"m, 1", "", "cannot evaluate subscript 'm': expected integer literals, integer arguments and integer module variables (or components) that check.inputs gives or that have an initial value"},
		{"1:3:0, 1", "", "subscript '1:3:0' has stride 0"},
	} {
		got, err := evalSection(tc.sec, a, env)
		if got != tc.want || err != tc.err {
			t.Errorf("%s: got %q, %q; want %q, %q", tc.sec, got, err, tc.want, tc.err)
		}
	}
}

// A check program that fails names the arrays the driver allocated with
// its default bounds and the allocatable module variables it leaves.
func TestDefaultShapesHint(t *testing.T) {
	p := &Program{Args: []*Arg{
		{Name: "s%h", Alloc: true, DefaultShape: true, Dims: []string{"1:10"}},
		{Name: "s%u", Alloc: true, Dims: []string{"1:20"}},
	}, unsetAllocs: []string{"ocean::drag"}}
	want := "\nnote: the driver allocated s%h(1:10) with its default bounds: if the model indexes them beyond, give their bounds in check.shapes (docs/check.md, \"Allocatable variables\")" +
		"\nnote: the driver leaves the allocatable module variables ocean::drag as they are (unallocated unless the program allocates them): if the model reads them, name them in check.shapes (and check.inputs), or allocate them in a check.setup routine"
	if got := p.defaultShapesHint(); got != want {
		t.Errorf("got %q\nwant %q", got, want)
	}
	if got := (&Program{}).defaultShapesHint(); got != "" {
		t.Errorf("no arrays: got %q", got)
	}
}

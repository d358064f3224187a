package intrinsic_test

import (
	"testing"

	"github.com/fadj-dev/fadj/generator/intrinsic"
	"github.com/fadj-dev/fadj/generator/sema"
)

// TestFacts checks the table against sema's intrinsics and itself.
func TestFacts(t *testing.T) {
	all := intrinsic.All()
	if len(all) < 100 {
		t.Fatalf("only %d intrinsics", len(all))
	}
	for _, f := range all {
		in := sema.LookupIntrinsic(f.Name)
		if in == nil {
			t.Errorf("%s: not an intrinsic sema knows", f.Name)
			continue
		}
		for _, a := range f.Active {
			if a >= len(f.Args) {
				t.Errorf("%s: active argument %d of %d", f.Name, a, len(f.Args))
			}
		}
		if !f.Differentiable() && len(f.Active) > 0 {
			t.Errorf("%s: %v but with active arguments", f.Name, f.Class)
		}
		if f.Linear() && !f.Differentiable() {
			t.Errorf("%s: linear but %v", f.Name, f.Class)
		}
	}
	for _, name := range []string{"sum", "dble", "dcmplx", "transpose", "float"} {
		if f, ok := intrinsic.Lookup(name); !ok || !f.Linear() {
			t.Errorf("%s is not linear", name)
		}
	}
	for _, name := range []string{"sin", "max", "matmul", "abs"} {
		if f, ok := intrinsic.Lookup(name); !ok || f.Linear() {
			t.Errorf("%s is linear", name)
		}
	}
	for _, name := range []string{"rand", "ran", "secnds", "second", "etime", "dtime", "null", "transfer"} {
		if sema.LookupIntrinsic(name) == nil {
			t.Errorf("WithoutDerivative lists %s, which sema does not know", name)
		}
		if _, ok := intrinsic.Lookup(name); ok {
			t.Errorf("WithoutDerivative lists %s, which has a rule", name)
		}
	}
}

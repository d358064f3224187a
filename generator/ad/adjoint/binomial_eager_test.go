package adjoint_test

import (
	"strings"
	"testing"

	"github.com/fadj-dev/fadj/config"
	"github.com/fadj-dev/fadj/generator/ad/adjoint"
)

// TestCheckpointedRegionEager checks that eager and auto snapshots on
// checkpointed loops and regions change the code: the kernels' code
// after each region records less on the tape than with lazy snapshots
// (TestCheckpointedLoopsAsPlain checks their gradients).
func TestCheckpointedRegionEager(t *testing.T) {
	for _, name := range []string{"bneager", "bneagerregion", "bneagernest"} {
		var rk regionKernel
		for _, k := range regionKernels {
			if k.k.name == name {
				rk = k
			}
		}
		if rk.k.name == "" {
			t.Fatalf("no kernel %s", name)
		}
		lazy := rk
		lazy.loops = append([]regionLoop(nil), rk.loops...)
		for i := range lazy.loops {
			lazy.loops[i].opt = config.Lazy
		}
		pushes := func(rk regionKernel) int {
			prog := loadSrc(t, "kernel.f90", rk.k.src)
			_, pl := regionPlan(t, prog, rk)
			_, as := printed(t, prog, rk.k, adjoint.Config{Plan: pl})
			return strings.Count(as, "call fadj_push_r8")
		}
		if l, e := pushes(lazy), pushes(rk); !(e < l) {
			t.Errorf("%s: %d tape pushes of reals with eager and auto snapshots, %d with lazy ones; want fewer", name, e, l)
		}
	}
}

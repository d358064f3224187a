package adjoint_test

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/fadj-dev/fadj/generator/ad/adjoint"
	"github.com/fadj-dev/fadj/generator/gfortran/gfortrantest"
)

// TestStrategies runs every kernel of the adjoint test corpus under
// strategies recompute and auto (issue 12, acceptance 2): the dot-product
// and finite-difference tests pass, the gradient <x_b, dir> is the store
// strategy's to 1e-13 relative, the tape is empty after the adjoint, and
// its peak is no larger than store's: under auto always; under recompute
// but for the bookkeeping of the loops it checkpoints (schedBytes each: a
// loop of few steps tapes less stored than that). Long (FADJ_LONG_TESTS=1): it builds
// the kernels whose code differs from store's.
// schedBytes bound the tape bytes of a loop's binomial schedule with the
// default snapshots: its history (6 + 10 integers), the history's length,
// the bounds and step, the DO variable: 21 4-byte integers. The online
// schedule of a DO WHILE or a loop left by EXIT pushes its history (12 +
// 2*10 integers), its length, the start and step, the DO variable: 36.
const (
	schedBytes       = 4 * 21
	onlineSchedBytes = 4 * 36
)

func TestStrategies(t *testing.T) {
	if !longTests() {
		t.Skip("the strategy runs are long tests: FADJ_LONG_TESTS=1")
	}
	gf := gfortrantest.Require(t)
	var rows []string
	for _, st := range []adjoint.Strategy{adjoint.Recompute, adjoint.Auto} {
		for _, k := range kernels {
			var store, r result
			ok := t.Run(string(st)+"/"+k.name, func(t *testing.T) {
				store = cachedRunConf(t, gf, k, "tbr", adjoint.Config{})
				r = cachedRunConf(t, gf, k, "era-"+string(st), adjoint.Config{Strategy: st})
				if !(r.dot <= 1e-12) || math.IsNaN(r.dot) {
					t.Errorf("%s: dot-product test relative error %.3e > 1e-12", k.name, r.dot)
				}
				if !(r.fd <= 1e-6) || math.IsNaN(r.fd) {
					t.Errorf("%s: adjoint vs central FD relative error %.3e > 1e-6", k.name, r.fd)
				}
				if d := math.Abs(r.rhs - store.rhs); !(d <= 1e-13*math.Max(math.Abs(store.rhs), 1e-300)) {
					t.Errorf("%s: <x_b, dir> = %.17g with %s, %.17g with store", k.name, r.rhs, st, store.rhs)
				}
				if !r.empty {
					t.Errorf("%s: tape not empty after the adjoint", k.name)
				}
				allow := int64(0)
				if st == adjoint.Recompute {
					allow = schedBytes*int64(strings.Count(r.code, "call fadj_binomial_start(")) +
						onlineSchedBytes*int64(strings.Count(r.code, "call fadj_binomial_online_start("))
				}
				if r.peak > store.peak+allow {
					t.Errorf("%s: peak tape bytes with %s %d > store %d (+%d for checkpointed loops)", k.name, st, r.peak, store.peak, allow)
				}
			})
			if ok && r.peak != store.peak {
				rows = append(rows, fmt.Sprintf("%-10s %-16s %12d %12d", st, k.name, store.peak, r.peak))
			}
		}
	}
	t.Logf("peak tape bytes where they differ\n%-10s %-16s %12s %12s\n%s", "strategy", "kernel", "store", "strategy", strings.Join(rows, "\n"))
}

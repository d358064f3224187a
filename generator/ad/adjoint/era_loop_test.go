package adjoint

import "testing"

// TestExtraRuns checks auto's estimate of the times binomial
// checkpointing runs a step again: the least r with C(s+r, s) >= n.
func TestExtraRuns(t *testing.T) {
	for _, c := range []struct {
		steps int64
		snaps int
		want  int
	}{
		{1, 10, 1}, {11, 10, 1}, {12, 10, 2}, {66, 10, 2}, {67, 10, 3},
		{1000, 10, 4}, {1001, 10, 4}, {1002, 10, 5}, {10000, 10, 7},
		{10000, 30, 4}, {100, 1, 99}, {5, 2, 2},
	} {
		if got := extraRuns(c.steps, c.snaps); got != c.want {
			t.Errorf("extraRuns(%d, %d) = %d, want %d", c.steps, c.snaps, got, c.want)
		}
	}
}

package bench

import (
	"bytes"
	"path/filepath"
	"testing"

	"github.com/fadj-dev/fadj/generator/check"
	"github.com/fadj-dev/fadj/generator/gfortran/gfortrantest"
)

// TestKernelsCorrect runs fadj check on every benchmark kernel (at check's
// size: integer arguments 10), so that the benchmarks time correct code.
func TestKernelsCorrect(t *testing.T) {
	gfortrantest.Require(t)
	for _, k := range kernels {
		t.Run(k, func(t *testing.T) {
			t.Parallel()
			rep, err := check.Run(filepath.Join("testdata", k, "spec.yaml"), check.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if !rep.OK() {
				var buf bytes.Buffer
				rep.Write(&buf)
				t.Errorf("fadj check failed:\n%s", buf.String())
			}
		})
	}
}

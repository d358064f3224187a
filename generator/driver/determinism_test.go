package driver_test

import (
	"bytes"
	"path/filepath"
	"testing"

	"github.com/fadj-dev/fadj/generator/driver"
)

// TestDeterministicKernels generates kernels of the corpus several times
// and compares the outputs byte for byte: an order taken from a Go map
// shows as outputs that differ between runs (ptr_split_step's pointer
// associations did, one run in eight). Four runs of the whole corpus
// take a few seconds.
func TestDeterministicKernels(t *testing.T) {
	specs, _ := filepath.Glob("../check/testdata/kernels/*/spec.yaml")
	if len(specs) < 60 {
		t.Fatalf("only %d specs found", len(specs))
	}
	for _, sp := range specs {
		t.Run(filepath.Base(filepath.Dir(sp)), func(t *testing.T) {
			t.Parallel()
			first, err := driver.Generate(sp)
			if err != nil {
				t.Skip("does not generate")
			}
			for run := 2; run <= 4; run++ {
				res, err := driver.Generate(sp)
				if err != nil {
					t.Fatalf("run %d: %v", run, err)
				}
				if len(res.Files) != len(first.Files) {
					t.Fatalf("run %d wrote %d files, run 1 %d", run, len(res.Files), len(first.Files))
				}
				for k, f := range res.Files {
					if f.Path != first.Files[k].Path || !bytes.Equal(f.Data, first.Files[k].Data) {
						t.Errorf("run %d and run 1 differ on %s", run, f.Path)
					}
				}
			}
		})
	}
}

package bench

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/fadj-dev/fadj/generator/check"
	"github.com/fadj-dev/fadj/generator/driver"
	"github.com/fadj-dev/fadj/generator/gfortran/gfortrantest"
)

// TestKernelsCorrect runs fadj check on every benchmark kernel (at check's
// size: integer arguments 10), so that the benchmarks time correct code.
func TestKernelsCorrect(t *testing.T) {
	gfortrantest.Require(t)
	for _, k := range kernels {
		t.Run(k, func(t *testing.T) {
			t.Parallel()
			rep, err := check.Run(filepath.Join("testdata", k, "spec.yaml"), check.Options{RuntimeCache: checkRuntime})
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

// TestCheckpointKernelsCorrect runs fadj check on every checkpoint kernel
// with each snapshot option whose generated code differs from lazy's
// (the default, as the specs are written): an option that gives the same
// code is not checked twice, and one that is not available is said. The
// options other than lazy are long tests (FADJ_LONG_TESTS=1).
func TestCheckpointKernelsCorrect(t *testing.T) {
	gfortrantest.Require(t)
	for _, k := range ckptKernels {
		t.Run(k, func(t *testing.T) {
			t.Parallel()
			var lazy *driver.Result
			for i, opt := range snapshotOptions {
				if i > 0 && os.Getenv("FADJ_LONG_TESTS") != "1" {
					continue // the other options are long tests
				}
				dir := t.TempDir()
				spec, res, err := ckptGenerate(dir, k, opt)
				if errors.Is(err, errUnavailable) {
					t.Logf("%v", err)
					continue
				}
				if err != nil {
					t.Fatal(err)
				}
				if lazy == nil {
					lazy = res
				} else if sameFiles(res, lazy) {
					t.Logf("snapshots: %s generates the same code as %s", opt, snapshotOptions[0])
					continue
				}
				rep, err := check.Run(spec, check.Options{RuntimeCache: checkRuntime})
				if err != nil {
					t.Fatalf("snapshots: %s: %v", opt, err)
				}
				if !rep.OK() {
					var buf bytes.Buffer
					rep.Write(&buf)
					t.Errorf("snapshots: %s: fadj check failed:\n%s", opt, buf.String())
				}
			}
		})
	}
}

// sameFiles reports whether a and b hold the same files, byte for byte.
func sameFiles(a, b *driver.Result) bool {
	if len(a.Files) != len(b.Files) {
		return false
	}
	for i := range a.Files {
		if a.Files[i].Path != b.Files[i].Path || !bytes.Equal(a.Files[i].Data, b.Files[i].Data) {
			return false
		}
	}
	return true
}

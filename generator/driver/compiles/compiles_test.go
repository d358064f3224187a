package compiles_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fadj-dev/fadj/generator/driver"
	"github.com/fadj-dev/fadj/generator/driver/compiles"
	"github.com/fadj-dev/fadj/generator/gfortran/gfortrantest"
)

// TestGeneratedCodeCompiles generates the code of every spec of the
// kernel corpus (the seeds of FuzzGenerate too) and of the examples, and
// compiles it with gfortran under the standard of its sources (every sixth
// kernel only, unless FADJ_LONG_TESTS=1, as in .ci/run): generated
// code must always compile, and without warnings under -Wall -Wextra
// but those the original sources trigger themselves (see the package
// comment of compiles). (generator/check's TestKernels also compiles and
// runs the kernels without -std, and with FADJ_LONG_TESTS=1 their
// store-all adjoints too.)
func TestGeneratedCodeCompiles(t *testing.T) {
	gfc := gfortrantest.Require(t)
	specs, _ := filepath.Glob("../../check/testdata/kernels/*/spec.yaml")
	examples, _ := filepath.Glob("../../../examples/*/spec.yaml")
	specs = append(specs, examples...)
	if len(specs) < 60 {
		t.Fatalf("only %d specs found", len(specs))
	}
	long := os.Getenv("FADJ_LONG_TESTS") == "1"
	for i, sp := range specs {
		name := filepath.Base(filepath.Dir(sp))
		if !long && i%6 != 0 && !strings.Contains(sp, "examples") {
			// Every other kernel is a long test (go test ./... must
			// stay under 4 minutes); TestKernels compiles them all.
			continue
		}
		{
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				res, err := driver.Generate(sp)
				if err != nil {
					if _, e := os.Stat(filepath.Join(filepath.Dir(sp), "unsupported.txt")); e == nil && strings.Contains(err.Error(), "not supported yet") {
						t.Skip("not supported yet")
					}
					t.Fatal(err)
				}
				warns, err := compiles.Warnings(gfc, sp, res, t.TempDir())
				if errors.Is(err, compiles.ErrSource) {
					t.Fatalf("the spec's sources do not compile: %v", err)
				}
				if err != nil {
					t.Fatalf("generated code does not compile:\n%v", err)
				}
				for _, w := range warns {
					t.Errorf("gfortran -Wall -Wextra: %s", w)
				}
			})
		}
	}
}

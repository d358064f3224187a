package adjoint_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"

	"github.com/fadj-dev/fadj/generator/runtime"
)

// The runtime module is compiled once per test binary, and every kernel
// links its object: compiling its 1,500 lines for each of the hundreds of
// kernel builds cost most of the package's time.

var (
	runtimeOnce sync.Once
	runtimeDir  string // holds fadj_runtime.o and fadj_runtime.mod
	runtimeErr  error
)

func TestMain(m *testing.M) {
	code := m.Run()
	if runtimeDir != "" {
		os.RemoveAll(runtimeDir)
	}
	os.Exit(code)
}

// runtimeObject compiles the runtime module (once per binary, at -O0 as
// the kernels are) and returns the object file and the directory
// of its module file.
func runtimeObject(t *testing.T, gf string) (obj, modDir string) {
	t.Helper()
	runtimeOnce.Do(func() {
		dir, err := os.MkdirTemp("", "fadj-runtime")
		if err != nil {
			runtimeErr = err
			return
		}
		runtimeDir = dir
		src := filepath.Join(dir, "fadj_runtime.f90")
		if err := os.WriteFile(src, runtime.Module("fadj_runtime"), 0o644); err != nil {
			runtimeErr = err
			return
		}
		cmd := exec.Command(gf, "-O0", "-c", "-J", dir, "-o", filepath.Join(dir, "fadj_runtime.o"), src)
		if out, err := cmd.CombinedOutput(); err != nil {
			runtimeErr = fmt.Errorf("compiling the runtime: %v\n%s", err, out)
		}
	})
	if runtimeErr != nil {
		t.Fatal(runtimeErr)
	}
	return filepath.Join(runtimeDir, "fadj_runtime.o"), runtimeDir
}

package testscript

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"

	"github.com/rogpeppe/go-internal/testscript"
)

// goEnv is what the go command in a scenario needs from the machine
// running the tests: the module and build caches (so that it works
// offline and reuses what go test built) and the checkout
// (FADJ_ROOT, which the example's replace directive points at).
var goEnv = sync.OnceValues(func() ([]string, error) {
	root, err := filepath.Abs("..")
	if err != nil {
		return nil, err
	}
	vars := []string{"FADJ_ROOT=" + root}
	if _, err := exec.LookPath("go"); err != nil {
		return vars, nil // the scenarios skip on [!exec:go]
	}
	out, err := exec.Command("go", "env", "GOMODCACHE", "GOCACHE", "GOPATH", "GOROOT").Output()
	if err != nil {
		return nil, err
	}
	vals := strings.Split(strings.TrimSpace(string(out)), "\n")
	for i, name := range []string{"GOMODCACHE", "GOCACHE", "GOPATH", "GOROOT"} {
		if i < len(vals) {
			vars = append(vars, name+"="+vals[i])
		}
	}
	// Offline, with the toolchain at hand, outside any workspace;
	// -mod=mod lets the go command fix go.mod from the module cache.
	vars = append(vars, "GOPROXY=off", "GOFLAGS=-mod=mod", "GOTOOLCHAIN=local", "GOWORK=off")
	for _, name := range []string{"CGO_ENABLED", "CC", "GOARCH", "GOOS"} {
		if v, ok := os.LookupEnv(name); ok {
			vars = append(vars, name+"="+v)
		}
	}
	return vars, nil
})

// setupGo passes goEnv into a scenario's environment.
func setupGo(env *testscript.Env) error {
	vars, err := goEnv()
	if err != nil {
		return err
	}
	for _, v := range vars {
		k, val, _ := strings.Cut(v, "=")
		env.Setenv(k, val)
	}
	return nil
}

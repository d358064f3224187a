// Package buildfiles checks that the BUILD.bazel files of the module's Go
// packages are what rules/gobuildfiles.sh writes from go list, so that a new
// package or import breaks `go test`, not only the Bazel build.
package buildfiles

import (
	"flag"
	"os/exec"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the BUILD.bazel files of the Go packages")

func TestBuildFilesFresh(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("bash not found")
	}
	args := []string{"../gobuildfiles.sh"}
	if !*update {
		args = append(args, "-check")
	}
	out, err := exec.Command("bash", args...).CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s\nThe BUILD.bazel files of the Go packages are stale: run go test ./rules/buildfiles -update (or rules/gobuildfiles.sh)", err, out)
	}
}

package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/fadj-dev/fadj/generator/gfortran/gfortrantest"
)

func checkMain(t *testing.T, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errb bytes.Buffer
	code = Main(append([]string{"check"}, args...), strings.NewReader(""), &out, &errb)
	return out.String(), errb.String(), code
}

func TestCheckPasses(t *testing.T) {
	gfortrantest.Require(t)
	dir := genTree(t, genSpec, genSrc)
	out, errs, code := checkMain(t, filepath.Join(dir, "spec.yaml"))
	if code != ExitOK {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errs)
	}
	if !regexp.MustCompile(`(?m)^f +finite differences #1 +\S+ +1\.0e-06 +PASS$`).MatchString(out) {
		t.Errorf("stdout:\n%s", out)
	}
	// Nothing is written next to the spec.
	if _, err := os.Stat(filepath.Join(dir, "out")); err == nil {
		t.Error("fadj check wrote the output directory")
	}
}

func TestCheckFails(t *testing.T) {
	gfortrantest.Require(t)
	// A wrong derivative is tested in package check (through
	// Options.Mutate); here a tolerance no finite difference can meet
	// makes the tests fail, to check the exit code and the message.
	spec := genSpec + "check: {fd_tolerance: 1.0e-30}\n"
	src := strings.Replace(genSrc, "y = x*x", "y = sin(x)*exp(x)", 1)
	dir := genTree(t, spec, src)
	out, errs, code := checkMain(t, filepath.Join(dir, "spec.yaml"))
	if code != ExitInput || !strings.Contains(out, "FAIL") || !strings.Contains(errs, "fadj check: FAIL") {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errs)
	}
}

func TestCheckNoCompiler(t *testing.T) {
	t.Setenv("FADJ_GFORTRAN", "/nonexistent")
	dir := genTree(t, genSpec, genSrc)
	_, errs, code := checkMain(t, filepath.Join(dir, "spec.yaml"))
	if code != ExitInput || !strings.HasPrefix(errs, "fadj check: gfortran not found") {
		t.Fatalf("exit %d, stderr:\n%s", code, errs)
	}
}

func TestCheckUsage(t *testing.T) {
	_, errs, code := checkMain(t)
	if code != ExitUsage || !strings.Contains(errs, "usage: fadj check") {
		t.Fatalf("exit %d, stderr:\n%s", code, errs)
	}
}

func TestCheckBadSpec(t *testing.T) {
	dir := genTree(t, "version: 1\n", genSrc)
	_, errs, code := checkMain(t, filepath.Join(dir, "spec.yaml"))
	if code != ExitInput || !strings.Contains(errs, "spec.yaml:") {
		t.Fatalf("exit %d, stderr:\n%s", code, errs)
	}
}

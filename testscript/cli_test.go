// Package testscript holds fadj's end-to-end CLI scenarios: one .txtar
// per behaviour under testdata/, named <subcommand>_<topic>.txtar, run by
// github.com/rogpeppe/go-internal/testscript with the fadj command built
// into the test binary.
//
// go test ./testscript -update rewrites the expected stdout/stderr files
// of the scenarios from what fadj now prints.
package testscript

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"testing"

	"github.com/fadj-dev/fadj/generator/cli"
	"github.com/rogpeppe/go-internal/testscript"
)

var update = flag.Bool("update", false, "update the expected outputs in the scenarios")

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"fadj": func() { os.Exit(cli.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) },
	})
}

func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:           "testdata",
		UpdateScripts: *update,
		Setup: func(env *testscript.Env) error {
			if p, err := exec.LookPath("gfortran"); err == nil {
				env.Setenv("FADJ_GFORTRAN", p)
			}
			return setupGo(env) // gogenerate_test.go
		},
		Condition: condition,
	})
}

// condition adds [gfortran] to testscript's conditions: true when
// gfortran is on PATH. Under CI (CI=true) or with
// FADJ_REQUIRE_GFORTRAN=1 a missing gfortran fails the scenario instead
// of skipping it, as gfortrantest.Require does for Go tests.
func condition(cond string) (bool, error) {
	if cond != "gfortran" {
		return false, fmt.Errorf("unknown condition %q", cond)
	}
	if _, err := exec.LookPath("gfortran"); err == nil {
		return true, nil
	}
	if os.Getenv("CI") == "true" || os.Getenv("FADJ_REQUIRE_GFORTRAN") == "1" {
		return false, fmt.Errorf("this scenario needs gfortran, which is not on PATH")
	}
	return false, nil
}

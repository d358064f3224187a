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
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
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
			// The directory of the fadj command alone, for a PATH
			// without gfortran (env PATH=$FADJ_BIN).
			if p, err := exec.LookPath("fadj"); err == nil {
				env.Setenv("FADJ_BIN", filepath.Dir(p))
			}
			return setupGo(env) // gogenerate_test.go
		},
		Condition: condition,
		Cmds:      map[string]func(ts *testscript.TestScript, neg bool, args []string){"copyrepo": copyRepo},
	})
}

// copyRepo copies the repository's files (those git tracks or would
// track, as in the working tree; every file but .git and bazel-* when
// git is not at hand) into a directory of the scenario:
//
//	copyrepo dir
func copyRepo(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: copyrepo dir")
	}
	root, err := filepath.Abs("..")
	ts.Check(err)
	var files []string
	cmd := exec.Command("git", "ls-files", "-z", "--cached", "--others", "--exclude-standard")
	cmd.Dir = root
	if out, err := cmd.Output(); err == nil {
		for _, f := range strings.Split(string(out), "\x00") {
			if f != "" {
				files = append(files, filepath.FromSlash(f))
			}
		}
	} else {
		ts.Check(filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && (d.Name() == ".git" || strings.HasPrefix(d.Name(), "bazel-")) {
				return filepath.SkipDir
			}
			if d.Type().IsRegular() {
				rel, err := filepath.Rel(root, p)
				files = append(files, rel)
				return err
			}
			return nil
		}))
	}
	dst := ts.MkAbs(args[0])
	for _, f := range files {
		src := filepath.Join(root, f)
		fi, err := os.Lstat(src)
		if err != nil || !fi.Mode().IsRegular() {
			continue // deleted in the working tree, or not a file
		}
		data, err := os.ReadFile(src)
		ts.Check(err)
		ts.Check(os.MkdirAll(filepath.Join(dst, filepath.Dir(f)), 0o777))
		ts.Check(os.WriteFile(filepath.Join(dst, f), data, fi.Mode().Perm()))
	}
}

// condition adds [gfortran] to testscript's conditions: true when
// gfortran is on PATH. Under CI (CI=true) or with
// FADJ_REQUIRE_GFORTRAN=1 a missing gfortran fails the scenario instead
// of skipping it, as gfortrantest.Require does for Go tests.
func condition(cond string) (bool, error) {
	switch cond {
	case "long":
		// Scenarios kept out of go test ./... for its time; .ci/run
		// runs them.
		return os.Getenv("FADJ_LONG_TESTS") == "1", nil
	case "gfortran":
	default:
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

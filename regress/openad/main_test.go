package main

import (
	"bytes"
	"os/exec"
	"path/filepath"
	"regexp"
	"testing"
)

// TestRunSmallSuite runs the harness end to end on a three-case suite of
// our own in testdata (the layout of RegressionOpenAD): it builds fadj,
// generates, compiles with gfortran and compares.
func TestRunSmallSuite(t *testing.T) {
	if testing.Short() {
		t.Skip("builds fadj and runs gfortran")
	}
	if _, err := exec.LookPath("gfortran"); err != nil {
		t.Skip("gfortran not installed")
	}
	work := t.TempDir()
	var out, errb bytes.Buffer
	if code := run([]string{"-suite", filepath.Join("testdata", "suite"), "-work", work}, &out, &errb); code != 0 {
		t.Fatalf("exit %d\n%s%s", code, out.String(), errb.String())
	}
	for _, want := range []string{
		`(?m)^square +correct +$`,
		// The reference is wrong; the finite differences side with fadj.
		`(?m)^badref +disputed +1 entry differs, worst F\(1,1\) = 3, reference 6; ours agrees with our finite differences, ad.out does not$`,
		// A backward GO TO: rejected with a position, or (once fadj
		// handles it) correct; never wrong.
		`(?m)^backjump +(rejected +head\.f:\d+:\d+: .+|correct +)$`,
		`(?m)^3 cases: `,
	} {
		if !regexp.MustCompile(want).Match(out.Bytes()) {
			t.Errorf("output does not match %s:\n%s", want, out.String())
		}
	}
}

package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestExitCodes checks the contract of Main's exit codes, which the
// testscript scenarios can only see as zero or non-zero.
func TestExitCodes(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.f90")
	bad := filepath.Join(dir, "bad.f90")
	os.WriteFile(good, []byte("subroutine s(x)\n  real :: x\n  x = 1\nend subroutine s\n"), 0o644)
	os.WriteFile(bad, []byte("subroutine s(x)\n  x = (1\nend subroutine s\n"), 0o644)
	for _, tc := range []struct {
		args []string
		code int
	}{
		{nil, ExitUsage},
		{[]string{"nope"}, ExitUsage},
		{[]string{"help"}, ExitOK},
		{[]string{"help", "fmt"}, ExitOK},
		{[]string{"version"}, ExitOK},
		{[]string{"fmt"}, ExitUsage},
		{[]string{"fmt", "-h"}, ExitOK},
		{[]string{"fmt", "-nosuchflag", good}, ExitUsage},
		{[]string{"fmt", "-form", "x", good}, ExitUsage},
		{[]string{"fmt", good}, ExitOK},
		{[]string{"fmt", bad}, ExitInput},
		{[]string{"fmt", filepath.Join(dir, "missing.f90")}, ExitInput},
	} {
		var out, errb bytes.Buffer
		if got := Main(tc.args, strings.NewReader(""), &out, &errb); got != tc.code {
			t.Errorf("fadj %s: exit %d, want %d\nstderr: %s", strings.Join(tc.args, " "), got, tc.code, errb.String())
		}
	}
}

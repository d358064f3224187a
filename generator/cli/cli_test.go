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

// TestHelp checks that fadj help X and fadj X -h print the same help,
// on stdout, for every command: synopsis, description and flags.
func TestHelp(t *testing.T) {
	run := func(args ...string) (string, string, int) {
		var out, errb bytes.Buffer
		code := Main(args, strings.NewReader(""), &out, &errb)
		return out.String(), errb.String(), code
	}
	for _, c := range commands {
		h, herr, hcode := run("help", c.name)
		for _, flag := range []string{"-h", "-help", "--help"} {
			d, derr, dcode := run(c.name, flag)
			if d != h || derr != "" || herr != "" || dcode != ExitOK || hcode != ExitOK {
				t.Errorf("%s: fadj help %s and fadj %s %s differ:\n%s\n(stderr %q, exit %d)\n---\n%s\n(stderr %q, exit %d)", c.name, c.name, c.name, flag, h, herr, hcode, d, derr, dcode)
			}
		}
		if !strings.HasPrefix(h, "usage: fadj "+c.usage+"\n\n") || len(strings.TrimSpace(c.long)) == 0 {
			t.Errorf("%s: help does not start with the synopsis and a description:\n%s", c.name, h)
		}
		if c.name != "version" && !strings.Contains(h, "\nFlags:\n  -") {
			t.Errorf("%s: help lists no flags:\n%s", c.name, h)
		}
		// -h after other arguments still asks for help.
		if d, _, code := run(c.name, "x.yaml", "-h"); d != h || code != ExitOK {
			t.Errorf("%s: fadj %s x.yaml -h: exit %d\n%s", c.name, c.name, code, d)
		}
	}
	for _, tc := range []struct {
		args   []string
		stderr string
		code   int
	}{
		{[]string{"genrate", "spec.yaml"}, "fadj: unknown command \"genrate\" (did you mean \"generate\"?)\nRun 'fadj help' for usage.\n", ExitUsage},
		{[]string{"help", "chekc"}, "fadj help: unknown command \"chekc\" (did you mean \"check\"?)\nRun 'fadj help' for the commands.\n", ExitUsage},
		{[]string{"frobnicate"}, "fadj: unknown command \"frobnicate\"\nRun 'fadj help' for usage.\n", ExitUsage},
		{[]string{"check", "-nosuch", "spec.yaml"}, "flag provided but not defined: -nosuch\nusage: fadj check [-v] [-keep] [-all] [-allow-exec] spec.yaml\nRun 'fadj help check' for details.\n", ExitUsage},
		{[]string{"version", "extra"}, "usage: fadj version\n", ExitUsage},
	} {
		out, errs, code := run(tc.args...)
		if errs != tc.stderr || code != tc.code || out != "" {
			t.Errorf("fadj %s: exit %d, stdout %q, stderr\n%s\nwant exit %d, stderr\n%s", strings.Join(tc.args, " "), code, out, errs, tc.code, tc.stderr)
		}
	}
	out, _, code := run("help")
	if code != ExitOK || !strings.Contains(out, "\tgenerate   generate the derivative code a spec asks for\n") {
		t.Errorf("fadj help: exit %d\n%s", code, out)
	}
}

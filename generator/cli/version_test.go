package cli

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"slices"
	"strings"
	"testing"
)

func TestVersionLine(t *testing.T) {
	for _, tc := range []struct {
		name string
		bi   *debug.BuildInfo
		want string
	}{
		{"no build info", nil, "fadj devel"},
		{"go run", &debug.BuildInfo{GoVersion: "go1.26.0", Main: debug.Module{Version: "(devel)"}}, "fadj devel (go1.26.0)"},
		{"go install @version", &debug.BuildInfo{GoVersion: "go1.26.0", Main: debug.Module{Version: "v1.2.0"}}, "fadj v1.2.0 (go1.26.0)"},
		{"go build in a checkout", &debug.BuildInfo{GoVersion: "go1.26.0", Main: debug.Module{Version: "(devel)"}, Settings: []debug.BuildSetting{
			{Key: "vcs", Value: "git"}, {Key: "vcs.revision", Value: "736ac81b"}, {Key: "vcs.time", Value: "2025-11-26T12:39:00Z"}, {Key: "vcs.modified", Value: "true"},
		}}, "fadj devel (revision 736ac81b, 2025-11-26T12:39:00Z, modified; go1.26.0)"},
		{"clean tree", &debug.BuildInfo{Main: debug.Module{Version: "v0.3.0"}, Settings: []debug.BuildSetting{
			{Key: "vcs.revision", Value: "abc"}, {Key: "vcs.modified", Value: "false"},
		}}, "fadj v0.3.0 (revision abc)"},
	} {
		if got := versionLine(tc.bi); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
	defer func(v string) { Version = v }(Version)
	Version = "v9.9.9"
	if got := versionLine(&debug.BuildInfo{Main: debug.Module{Version: "v1.0.0"}}); got != "fadj v9.9.9" {
		t.Errorf("-X Version: %q", got)
	}
}

// TestVersionRevision builds a fadj whose main module is a fresh git
// repository (go build stamps the revision of the main module's
// repository; in a git worktree, whose .git is a file, it stamps
// nothing) and checks that fadj version prints that revision. The
// modified flag is TestVersionLine's: a second build would cost as much
// as the first.
func TestVersionRevision(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: builds a binary")
	}
	for _, tool := range []string{"git", "go"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("needs %s: %v", tool, err)
		}
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	// The requirements of fadj's go.mod, so that the build leaves go.mod
	// as committed (a tree it modified would be stamped modified).
	mod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	goLine := regexp.MustCompile(`(?m)^go \S+$`).FindString(string(mod))
	reqs := []string{"\tgithub.com/fadj-dev/fadj v0.0.0\n"}
	for _, m := range regexp.MustCompile(`(?m)^(?:require )?\s*(\S+) (v\S+)`).FindAllStringSubmatch(string(mod), -1) {
		reqs = append(reqs, "\t"+m[1]+" "+m[2]+"\n")
	}
	slices.Sort(reqs) // as go mod formats them
	dir := t.TempDir()
	files := map[string]string{
		"go.mod": "module fadjversion\n\n" + goLine + "\n\nrequire (\n" + strings.Join(reqs, "") + ")\n\n" +
			"replace github.com/fadj-dev/fadj => " + root + "\n",
		"go.sum":  string(sum),
		"main.go": "package main\n\nimport (\n\t\"os\"\n\n\t\"github.com/fadj-dev/fadj/generator/cli\"\n)\n\nfunc main() { os.Exit(cli.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) }\n",
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	run := func(name string, args ...string) string {
		t.Helper()
		cmd := exec.Command(name, args...)
		cmd.Dir = dir
		// Offline, with this machine's module cache; git without the
		// user's configuration.
		cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off", "GOWORK=off", "GOTOOLCHAIN=local",
			"GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1",
			"GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com")
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		if err := cmd.Run(); err != nil {
			t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out.String())
		}
		return strings.TrimSpace(out.String())
	}
	// Should go.mod still lack something, go list (no build) settles it
	// before the commit.
	run("go", "list", "-deps", ".")
	run("git", "init", "-q")
	run("git", "add", ".")
	run("git", "commit", "-q", "-m", "fadj version test")
	rev := run("git", "rev-parse", "HEAD")
	exe := filepath.Join(t.TempDir(), "fadj")
	run("go", "build", "-buildvcs=true", "-o", exe, ".")
	got := run(exe, "version")
	// Go 1.24 and later also derive a pseudo-version from the revision.
	want := regexp.MustCompile(`^fadj (devel|v0\.0\.0-\d{14}-` + rev[:12] + `) \(revision ` + rev + `, \d{4}-\d\d-\d\dT[0-9:]+Z; go[0-9.]+\S*\)$`)
	if !want.MatchString(got) {
		t.Errorf("fadj version: %q, want the revision %s (and no modified: the build changed the tree?)", got, rev)
	}
}

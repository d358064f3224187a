//go:build unix

package writeout

import (
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
)

// The crash test runs this test binary as a helper process that commits
// a set and kills itself (SIGKILL: no deferred function runs, as when the
// machine or an impatient user kills fadj) at the n-th change to the file
// system.

const helperEnv = "FADJ_WRITEOUT_HELPER" // directory to write, in the helper

func TestMain(m *testing.M) {
	if dir := os.Getenv(helperEnv); dir != "" {
		n, _ := strconv.Atoi(os.Getenv("FADJ_KILL_AT"))
		steps := 0
		testHook = func(string) {
			if steps++; steps == n {
				syscall.Kill(os.Getpid(), syscall.SIGKILL)
			}
		}
		set := oldSet
		if os.Getenv("FADJ_SET") == "new" {
			set = newSet
		}
		if err := commitSet(dir, set); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		fmt.Printf("%d steps\n", steps)
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// The old set and the new one: a file changed, one unchanged, one no
// longer written (removed through the manifest), one new, in a
// subdirectory too.
var (
	oldSet = map[string]string{"a.f90": "! fadj old a\n", "b.f90": "! fadj b\n", "c.f90": "! fadj old c\n", "sub/e.f90": "! fadj old e\n"}
	newSet = map[string]string{"a.f90": "! fadj new a\n", "b.f90": "! fadj b\n", "d.f90": "! fadj new d\n", "sub/e.f90": "! fadj new e, longer\n"}
)

func commitSet(dir string, files map[string]string) error {
	s := Set{Root: dir, Owner: "../spec.yaml", Claim: func(head []byte) bool { return strings.Contains(string(head), "fadj") }}
	for _, name := range slices.Sorted(maps.Keys(files)) {
		if err := s.Add(filepath.Join(dir, filepath.FromSlash(name)), []byte(files[name])); err != nil {
			return err
		}
	}
	return s.Commit()
}

// tree returns the files below dir, '/'-separated names to contents.
func tree(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		if d.Type()&os.ModeSymlink != 0 {
			target, err := os.Readlink(p)
			out[filepath.ToSlash(rel)] = "-> " + target
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		out[filepath.ToSlash(rel)] = string(data)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// withManifest returns set with the manifest a commit of it writes.
func withManifest(t *testing.T, set map[string]string) map[string]string {
	t.Helper()
	dir := t.TempDir()
	if err := commitSet(dir, set); err != nil {
		t.Fatal(err)
	}
	got := tree(t, dir)
	if len(got) != len(set)+1 || got[manifestName] == "" {
		t.Fatalf("a commit of %v left %v", slices.Sorted(maps.Keys(set)), slices.Sorted(maps.Keys(got)))
	}
	return got
}

// TestCrashAtEveryStep kills a commit at each of its steps in turn, then
// checks that the directory holds the old set or the new set, and nothing
// else, once the next run has recovered; and that the next commit then
// writes the new set (issue 14, finding 5: killing fadj generate left a
// missing file, a mixed set, and .tmp and .fadj-old files for good).
func TestCrashAtEveryStep(t *testing.T) {
	oldTree, newTree := withManifest(t, oldSet), withManifest(t, newSet)
	// A run that is not killed counts the steps.
	dir := t.TempDir()
	if err := commitSet(dir, oldSet); err != nil {
		t.Fatal(err)
	}
	out, err := helper(t, dir, 0)
	var steps int
	if _, serr := fmt.Sscanf(string(out), "%d steps", &steps); err != nil || serr != nil || steps < 10 {
		t.Fatalf("helper: %v %v\n%s", err, serr, out)
	}
	var sawOld, sawNew atomic.Int32
	t.Run("kill", func(t *testing.T) {
		for n := 1; n <= steps; n++ {
			t.Run(strconv.Itoa(n), func(t *testing.T) {
				t.Parallel()
				dir := t.TempDir()
				if err := commitSet(dir, oldSet); err != nil {
					t.Fatal(err)
				}
				out, err := helper(t, dir, n)
				if ee, ok := err.(*exec.ExitError); !ok || ee.Sys().(syscall.WaitStatus).Signal() != syscall.SIGKILL {
					t.Fatalf("helper not killed: %v\n%s", err, out)
				}
				// What a reader that takes the lock sees: the next run
				// recovers first.
				unlock, err := lock(dir)
				if err != nil {
					t.Fatal(err)
				}
				err = recoverDir(dir)
				unlock()
				if err != nil {
					t.Fatalf("recover: %v", err)
				}
				switch got := tree(t, dir); {
				case maps.Equal(got, oldTree):
					sawOld.Add(1)
				case maps.Equal(got, newTree):
					sawNew.Add(1)
				default:
					t.Fatalf("the directory holds neither the old set nor the new one:\n%v", got)
				}
				// The next commit writes the new set, and leaves nothing else.
				if err := commitSet(dir, newSet); err != nil {
					t.Fatalf("next commit: %v", err)
				}
				if got := tree(t, dir); !maps.Equal(got, newTree) {
					t.Fatalf("after the next commit: %v", got)
				}
			})
		}
	})
	if sawOld.Load() < 5 || sawNew.Load() < 5 {
		t.Errorf("killed %d times before the commit point and %d after: the steps are not all covered", sawOld.Load(), sawNew.Load())
	}
	t.Logf("%d steps: killed before the commit point %d times, after it %d times", steps, sawOld.Load(), sawNew.Load())
}

// helper commits the new set into dir in a helper process killed at the
// n-th step (never if n is 0).
func helper(t *testing.T, dir string, n int) ([]byte, error) {
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), helperEnv+"="+dir, "FADJ_SET=new", "FADJ_KILL_AT="+strconv.Itoa(n))
	return cmd.CombinedOutput()
}

// TestLegacyLeftovers: what earlier versions left when killed is removed.
func TestLegacyLeftovers(t *testing.T) {
	dir := t.TempDir()
	for name, text := range map[string]string{"a.f90.fadj-old": "old", ".a.f90.tmp123": "half", "user.f90.fadj-old": "not ours: no such output"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := commitSet(dir, map[string]string{"a.f90": "! fadj a\n"}); err != nil {
		t.Fatal(err)
	}
	got := slices.Sorted(maps.Keys(tree(t, dir)))
	if want := []string{manifestName, "a.f90", "user.f90.fadj-old"}; !slices.Equal(got, want) {
		t.Errorf("files %v, want %v", got, want)
	}
}

//go:build unix

package writeout

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
)

// TestPolicy: where a commit refuses to write (issue 14, finding 2), and
// that it then writes nothing at all.
func TestPolicy(t *testing.T) {
	victim := filepath.Join(t.TempDir(), "victim.txt")
	tests := []struct {
		name  string
		setup func(t *testing.T, base string) // base holds out/
		want  string                          // the error, with BASE for base
	}{
		{"symlinked output file", func(t *testing.T, base string) {
			mkdir(t, base, "out")
			symlink(t, victim, filepath.Join(base, "out", "b.f90"))
		}, "cannot write BASE/out/b.f90: it is a symbolic link, and fadj does not write through symbolic links"},
		{"symlinked output directory", func(t *testing.T, base string) {
			symlink(t, filepath.Dir(victim), filepath.Join(base, "out"))
		}, "cannot write into BASE/out: it is a symbolic link, and fadj does not write through symbolic links"},
		{"symlinked parent of the output directory", func(t *testing.T, base string) {
			dir := t.TempDir()
			mkdir(t, dir, "out")
			symlink(t, dir, filepath.Join(base, "gen"))
		}, "cannot write into BASE/gen: it is a symbolic link, and fadj does not write through symbolic links"},
		{"output over an input", func(t *testing.T, base string) {
			mkdir(t, base, "out")
			write(t, filepath.Join(base, "src.f90"), "! fadj\nsubroutine s\nend\n")
			if err := os.Link(filepath.Join(base, "src.f90"), filepath.Join(base, "out", "b.f90")); err != nil {
				t.Fatal(err)
			}
		}, "cannot write BASE/out/b.f90: it is also an input, and fadj never writes over its inputs"},
		{"a user's file", func(t *testing.T, base string) {
			mkdir(t, base, "out")
			write(t, filepath.Join(base, "out", "b.f90"), "! my own adjoint, by hand\n")
		}, "cannot write BASE/out/b.f90: it exists and was not written by fadj; fadj does not overwrite it (remove it, or choose another output directory)"},
		{"a directory", func(t *testing.T, base string) {
			mkdir(t, base, "out/b.f90")
		}, "cannot write BASE/out/b.f90: it exists and is not a regular file"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			write(t, victim, "precious\n")
			base := t.TempDir()
			tt.setup(t, base)
			out := filepath.Join(base, "gen", "out")
			if !strings.Contains(tt.want, "BASE/gen") {
				out = filepath.Join(base, "out")
			}
			before := tree(t, base)
			s := Set{Root: out, Base: base, Inputs: []string{filepath.Join(base, "src.f90")}, Owner: "../spec.yaml",
				Claim: func(head []byte) bool { return strings.HasPrefix(string(head), "! fadj") }}
			s.Add(filepath.Join(out, "a.f90"), []byte("! fadj a\n"))
			s.Add(filepath.Join(out, "b.f90"), []byte("! fadj b\n"))
			err := s.Commit()
			if want := strings.ReplaceAll(tt.want, "BASE", base); err == nil || err.Error() != want {
				t.Fatalf("error %v\nwant  %s", err, want)
			}
			if got := tree(t, base); !maps.Equal(got, before) {
				t.Errorf("files changed from %v to %v", before, got)
			}
			if data, _ := os.ReadFile(victim); string(data) != "precious\n" {
				t.Errorf("victim overwritten: %q", data)
			}
		})
	}
}

// TestManifest: the files an owner no longer writes are removed, those
// another owner still lists are not, and a file written by an earlier
// fadj (with its header, no manifest) is replaced.
func TestManifest(t *testing.T) {
	dir := t.TempDir()
	write(t, filepath.Join(dir, "a_d.f90"), "! fadj, before manifests\n")
	commit := func(owner string, names ...string) *Report {
		t.Helper()
		s := Set{Root: dir, Owner: owner, Claim: func(head []byte) bool { return strings.HasPrefix(string(head), "! fadj") }}
		for _, n := range names {
			s.Add(filepath.Join(dir, n), []byte("! fadj "+n+"\n"))
		}
		r, err := s.Write()
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	r := commit("a.yaml", "a_b.f90", "a_d.f90", "rt.f90")
	if len(r.Written) != 3 {
		t.Errorf("written %v", r.Written)
	}
	commit("b.yaml", "b_b.f90", "rt.f90")
	if stale, _ := Stale(dir, "a.yaml", []string{"a_b.f90"}); !slices.Equal(stale, []string{filepath.Join(dir, "a_d.f90")}) {
		t.Errorf("Stale = %v", stale)
	}
	r = commit("a.yaml", "a_b.f90")
	if !slices.Equal(r.Removed, []string{filepath.Join(dir, "a_d.f90")}) || len(r.Written) != 0 || len(r.Unchanged) != 1 {
		t.Errorf("report %+v", r)
	}
	got := slices.Sorted(maps.Keys(tree(t, dir)))
	if want := []string{manifestName, "a_b.f90", "b_b.f90", "rt.f90"}; !slices.Equal(got, want) {
		t.Errorf("files %v, want %v (rt.f90 is still b.yaml's)", got, want)
	}
}

// TestModesFollowUmask: outputs get the mode the umask gives, not 0644.
func TestModesFollowUmask(t *testing.T) {
	for _, umask := range []int{0o022, 0o002, 0o077} {
		dir := t.TempDir()
		old := syscall.Umask(umask)
		s := Set{Root: dir}
		s.Add(filepath.Join(dir, "a.f90"), []byte("x"))
		err := s.Commit()
		syscall.Umask(old)
		if err != nil {
			t.Fatal(err)
		}
		fi, err := os.Stat(filepath.Join(dir, "a.f90"))
		if err != nil {
			t.Fatal(err)
		}
		if got, want := fi.Mode().Perm(), os.FileMode(0o666&^umask); got != want {
			t.Errorf("umask %03o: mode %v, want %v", umask, got, want)
		}
	}
}

// TestConcurrentCommits: commits of different sets into one directory at
// once all succeed, one after the other, and the directory ends with one
// complete set (finding 5: about 2% of concurrent runs failed with
// "remove ....fadj-old: no such file or directory").
func TestConcurrentCommits(t *testing.T) {
	dir := t.TempDir()
	var wg sync.WaitGroup
	errs := make(chan error, 40)
	for i := 0; i < 40; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := Set{Root: dir, Owner: "spec.yaml"}
			for _, n := range []string{"a.f90", "b.f90", "c.f90"} {
				s.Add(filepath.Join(dir, n), []byte(fmt.Sprintf("%s from commit %d\n", n, i%4)))
			}
			errs <- s.Commit()
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Error(err)
		}
	}
	got := tree(t, dir)
	delete(got, manifestName)
	var from string
	for n, text := range got {
		_, f, _ := strings.Cut(text, " from ")
		if from == "" {
			from = f
		}
		if f != from || !strings.HasPrefix(text, n) {
			t.Errorf("mixed set: %v", got)
		}
	}
	if len(got) != 3 {
		t.Errorf("files %v", slices.Sorted(maps.Keys(got)))
	}
}

func mkdir(t *testing.T, base, rel string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Join(base, rel), 0o777); err != nil {
		t.Fatal(err)
	}
}

func symlink(t *testing.T, old, new string) {
	t.Helper()
	if err := os.Symlink(old, new); err != nil {
		t.Fatal(err)
	}
}

func write(t *testing.T, p, text string) {
	t.Helper()
	if err := os.WriteFile(p, []byte(text), 0o666); err != nil {
		t.Fatal(err)
	}
}

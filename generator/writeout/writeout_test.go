package writeout

import (
	"os"
	"path/filepath"
	"testing"
)

func TestCommitWritesAll(t *testing.T) {
	dir := t.TempDir()
	var s Set
	for _, n := range []string{"a.f90", "b.f90"} {
		if err := s.Add(filepath.Join(dir, n), []byte(n)); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Add(filepath.Join(dir, "a.f90"), nil); err == nil {
		t.Fatal("duplicate path accepted")
	}
	if err := s.Commit(); err != nil {
		t.Fatal(err)
	}
	for _, n := range []string{"a.f90", "b.f90"} {
		b, err := os.ReadFile(filepath.Join(dir, n))
		if err != nil || string(b) != n {
			t.Errorf("%s: got %q, %v", n, b, err)
		}
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 2 {
		t.Errorf("left temporary files: %v", ents)
	}
}

func TestCommitAllOrNothing(t *testing.T) {
	dir := t.TempDir()
	old := filepath.Join(dir, "a.f90")
	os.WriteFile(old, []byte("old"), 0o644)
	// b.f90 is a directory: nothing may be written.
	blocker := filepath.Join(dir, "b.f90")
	os.MkdirAll(filepath.Join(blocker, "x"), 0o755)
	var s Set
	s.Add(old, []byte("new"))
	s.Add(blocker, []byte("new"))
	if err := s.Commit(); err == nil {
		t.Fatal("Commit succeeded over a directory")
	}
	if b, _ := os.ReadFile(old); string(b) != "old" {
		t.Errorf("a.f90 = %q after failed commit, want the old contents", b)
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 2 {
		t.Errorf("left files behind: %v", ents)
	}
}

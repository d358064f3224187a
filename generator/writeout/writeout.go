// Package writeout writes a set of files all or nothing: every file is
// first written to a temporary file beside its target, and only when all
// are written are they renamed into place. If a rename fails, the files
// already replaced are restored, so a failed run leaves the old outputs.
package writeout

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
)

// Set is a set of files to write. The zero value is empty.
type Set struct {
	files map[string][]byte
}

// Add records that path is to hold data. A path may be added once.
func (s *Set) Add(path string, data []byte) error {
	if s.files == nil {
		s.files = map[string][]byte{}
	}
	path = filepath.Clean(path)
	if _, dup := s.files[path]; dup {
		return fmt.Errorf("two outputs would be written to %s", path)
	}
	s.files[path] = data
	return nil
}

// Paths returns the paths in the set, sorted.
func (s *Set) Paths() []string {
	paths := make([]string, 0, len(s.files))
	for p := range s.files {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	return paths
}

// Data returns what path is to hold.
func (s *Set) Data(path string) []byte { return s.files[filepath.Clean(path)] }

// Commit writes every file. The directories must exist.
func (s *Set) Commit() (err error) {
	paths := s.Paths()
	for _, p := range paths {
		if fi, err := os.Lstat(p); err == nil && !fi.Mode().IsRegular() {
			return fmt.Errorf("cannot write %s: it exists and is not a regular file", p)
		}
	}
	temps := make([]string, 0, len(paths))
	defer func() {
		for _, t := range temps {
			os.Remove(t) // those renamed are gone already
		}
	}()
	for _, p := range paths {
		t, err := writeTemp(p, s.files[p])
		if err != nil {
			return err
		}
		temps = append(temps, t)
	}
	// Move old files aside so that a failure can put them back.
	type moved struct{ path, backup string }
	var done []moved
	restore := func() {
		for i := len(done) - 1; i >= 0; i-- {
			m := done[i]
			if m.backup == "" {
				os.Remove(m.path)
			} else {
				os.Rename(m.backup, m.path)
			}
		}
	}
	for i, p := range paths {
		backup := ""
		if _, err := os.Lstat(p); err == nil {
			backup = p + ".fadj-old"
			if err := os.Rename(p, backup); err != nil {
				restore()
				return err
			}
		}
		if err := os.Rename(temps[i], p); err != nil {
			if backup != "" {
				os.Rename(backup, p)
			}
			restore()
			return err
		}
		done = append(done, moved{p, backup})
	}
	var errs []error
	for _, m := range done {
		if m.backup != "" {
			if err := os.Remove(m.backup); err != nil {
				errs = append(errs, err)
			}
		}
	}
	return errors.Join(errs...)
}

func writeTemp(path string, data []byte) (string, error) {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return "", err
	}
	name := f.Name()
	if _, err := f.Write(data); err != nil {
		f.Close()
		os.Remove(name)
		return "", err
	}
	if err := f.Close(); err != nil {
		os.Remove(name)
		return "", err
	}
	// CreateTemp makes 0600 files; outputs are ordinary source files.
	if err := os.Chmod(name, 0o644); err != nil {
		os.Remove(name)
		return "", err
	}
	return name, nil
}

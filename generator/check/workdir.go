package check

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
)

// workDir is fadj check's private temporary directory. It is created
// with mode 0700, every file is written through an os.Root, so that no
// '..' and no symbolic link leads out of it, files are created, never
// replaced, and the directory is removed at the end unless kept.
// Nothing fadj check writes goes anywhere else (issue 14: a spec with
// output: {dir: ../../gen} made it write through a planted symlink).
type workDir struct {
	path string
	root *os.Root
}

// newWorkDir creates the directory in parent ("" for os.TempDir()).
func newWorkDir(parent string) (*workDir, error) {
	dir, err := os.MkdirTemp(parent, "fadj-check-")
	if err != nil {
		return nil, err
	}
	// MkdirTemp creates 0700; say so rather than rely on it.
	if err := os.Chmod(dir, 0o700); err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	return &workDir{path: dir, root: root}, nil
}

// write creates the file rel ('/'-separated, relative to the directory)
// with data and returns its path.
func (w *workDir) write(rel string, data []byte) (string, error) {
	if !filepath.IsLocal(filepath.FromSlash(rel)) {
		return "", fmt.Errorf("internal error: %q is not inside the check directory", rel)
	}
	if d := path.Dir(rel); d != "." {
		if err := w.root.MkdirAll(d, 0o700); err != nil {
			return "", err
		}
	}
	f, err := w.root.OpenFile(rel, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return "", err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return "", err
	}
	if err := f.Close(); err != nil {
		return "", err
	}
	return w.abs(rel), nil
}

// mkdir creates the directory rel and returns its path.
func (w *workDir) mkdir(rel string) (string, error) {
	if !filepath.IsLocal(filepath.FromSlash(rel)) {
		return "", fmt.Errorf("internal error: %q is not inside the check directory", rel)
	}
	return w.abs(rel), w.root.MkdirAll(rel, 0o700)
}

// read reads the file rel.
func (w *workDir) read(rel string) ([]byte, error) { return w.root.ReadFile(rel) }

func (w *workDir) abs(rel string) string { return filepath.Join(w.path, filepath.FromSlash(rel)) }

// close removes the directory unless keep.
func (w *workDir) close(keep bool) error {
	w.root.Close()
	if keep {
		return nil
	}
	return os.RemoveAll(w.path)
}

package check

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/fadj-dev/fadj/generator/gfortran"
)

// RuntimeCache keeps the runtime module compiled between runs of
// fadj check in one process. The runtime is most of what a small
// kernel's check compiles, and the corpus compiles the same one a
// hundred times. Without a cache a run compiles it once, for all its
// targets.
type RuntimeCache struct {
	// Dir is where the objects go: a private directory the caller
	// creates and removes.
	Dir string

	mu      sync.Mutex
	entries map[string]*runtimeEntry
}

type runtimeEntry struct {
	mu  sync.Mutex
	dir string
	err error
}

// compiled returns the directory holding name.o and the module file of
// the runtime module src (file name name.f90) compiled by comp, compiling
// it on the first call for this compiler, flags and source, and again if
// its object has gone.
func (c *RuntimeCache) compiled(comp *gfortran.Compiler, name string, src []byte) (string, error) {
	h := sha256.New()
	h.Write([]byte(comp.Path + "\x00" + strings.Join(comp.Flags, "\x00") + "\x00" + name + "\x00"))
	h.Write(src)
	key := hex.EncodeToString(h.Sum(nil))[:24]
	c.mu.Lock()
	if c.entries == nil {
		c.entries = map[string]*runtimeEntry{}
	}
	e := c.entries[key]
	if e == nil {
		e = &runtimeEntry{}
		c.entries[key] = e
	}
	c.mu.Unlock()
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.err != nil {
		return "", e.err
	}
	if e.dir != "" {
		if _, err := os.Stat(filepath.Join(e.dir, name+".o")); err == nil {
			return e.dir, nil
		}
		// Removed under us (a cleaner of the temporary directory):
		// compile it again rather than fail every later check.
	}
	dir := filepath.Join(c.Dir, key)
	if e.err = os.MkdirAll(dir, 0o700); e.err != nil {
		return "", e.err
	}
	e.dir, e.err = compileRuntime(comp, dir, name, src)
	return e.dir, e.err
}

// compileRuntime writes name.f90 into dir and compiles it there to
// name.o and its module file.
func compileRuntime(comp *gfortran.Compiler, dir, name string, src []byte) (string, error) {
	f := filepath.Join(dir, name+".f90")
	if err := os.WriteFile(f, src, 0o600); err != nil {
		return "", err
	}
	c := &gfortran.Compiler{Path: comp.Path, Flags: append(append([]string{}, comp.Flags...), "-c")}
	if err := c.Build(dir, filepath.Join(dir, name+".o"), f); err != nil {
		return "", err
	}
	return dir, nil
}

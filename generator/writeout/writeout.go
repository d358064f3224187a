// Package writeout writes a set of files into one directory tree, all or
// nothing, also when the process is killed at any instant, and only where
// fadj may write. docs/safety.md describes the policy and the protocol
// for users; this comment is the reference.
//
// # Where it writes
//
// Every file lies below Set.Root. The directories from Set.Base (the
// spec's directory, trusted) down to each file must be real directories,
// not symbolic links; missing ones are created. A file is replaced by a
// rename, which never follows a symbolic link, and a file that is a
// symbolic link or not a regular file is an error, so nothing is ever
// written through a link. A file that is one of Set.Inputs (the same file,
// whatever its name: links included) is never written over. With an
// Owner, an existing file that no manifest entry lists is replaced only
// if Set.Claim says it is fadj's (it carries fadj's header), so that a
// user's own file of the same name is never destroyed.
//
// # How: a journaled commit
//
// Under an exclusive lock on Root (see lock), a commit
//
//  1. finishes or rolls back an interrupted commit (recoverDir);
//  2. compares each file with the one on disk: identical files are left
//     alone, so their times do not change;
//  3. writes the journal, in state "prepare", listing the files to put
//     and to delete;
//  4. writes each new file to a temporary file beside its target
//     (.name.fadj-new), synced to disk;
//  5. rewrites the journal in state "commit": this rename is the commit
//     point;
//  6. renames each temporary file over its target and deletes the files
//     no longer generated;
//  7. syncs the directories and removes the journal.
//
// A journal is written to .fadj-journal.tmp, synced and renamed into
// place, so it is always whole. If the process dies before step 5, the
// next run finds a "prepare" journal (or none) and deletes the temporary
// files: the directory holds the old set. If it dies after, the next run
// finds a "commit" journal and does steps 6 and 7 again (renaming a
// temporary file that is still there, deleting what is left): the
// directory holds the new set. Either way nothing else is left behind;
// leftovers of earlier fadj versions (.name.tmp*, name.fadj-old) are
// removed too. Every run takes the lock and recovers first, so no reader
// that takes the lock ever sees a mixed set.
package writeout

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// Set is a set of files to write. The zero value is empty; the fields
// are optional.
type Set struct {
	// Root is the directory every file lies in, which holds the lock and
	// the journal; "" means the deepest directory holding every file.
	Root string
	// Base is the directory from which no directory down to a file may be
	// a symbolic link; "" means Root.
	Base string
	// Inputs are files that must not be written over.
	Inputs []string
	// Owner, if set, names who writes the set (the spec, relative to
	// Root): Root's manifest (.fadj-manifest) records each owner's
	// files, and the owner's files that the set no longer holds are
	// deleted in the same commit.
	Owner string
	// Claim says whether an existing file, which no manifest entry
	// lists, may be replaced, from its first bytes (at most 4 KiB); nil
	// replaces any. Used with Owner.
	Claim func(head []byte) bool

	files map[string][]byte
}

// Report says what a commit did. Paths are as added (or Root joined with
// the manifest's entry, for removed files), sorted.
type Report struct {
	Written   []string // created or changed
	Unchanged []string // identical on disk, left alone
	Removed   []string // files of the owner that the set no longer holds
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
	if strings.ContainsAny(path, "\n\r") {
		return fmt.Errorf("cannot write %q: the name holds a line break", path)
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

// Commit writes the set; see Write.
func (s *Set) Commit() error {
	_, err := s.Write()
	return err
}

// Write commits the set as the package comment describes and reports
// what it did. On error nothing was changed, or the change is completed
// by the next commit in Root (the error says so).
func (s *Set) Write() (*Report, error) {
	paths := s.Paths()
	if len(paths) == 0 && s.Owner == "" {
		return &Report{}, nil
	}
	root := s.Root
	if root == "" {
		root = commonDir(paths)
	}
	root = filepath.Clean(root)
	base := s.Base
	if base == "" {
		base = root
	}
	base = filepath.Clean(base)
	if _, err := below(base, root); err != nil {
		return nil, err
	}
	rels := make(map[string]string, len(paths)) // path -> '/'-separated path below root
	for _, p := range paths {
		rel, err := below(root, p)
		if err != nil {
			return nil, err
		}
		rels[p] = rel
	}
	// Directories first: the lock lives in Root.
	if err := makeDirs(base, root); err != nil {
		return nil, err
	}
	for _, p := range paths {
		if err := makeDirs(root, filepath.Dir(p)); err != nil {
			return nil, err
		}
	}
	unlock, err := lock(root)
	if err != nil {
		return nil, fmt.Errorf("cannot lock %s: %w", root, err)
	}
	defer unlock()
	if err := recoverDir(root); err != nil {
		return nil, err
	}
	c := &commit{set: s, root: root, rels: rels, report: &Report{}}
	if err := c.plan(paths); err != nil {
		return nil, err
	}
	if err := c.run(); err != nil {
		return nil, err
	}
	return c.report, nil
}

// commit is one Write under the lock.
type commit struct {
	set    *Set
	root   string
	rels   map[string]string
	report *Report
	j      journal
	data   map[string][]byte // rel -> data, for j.puts
}

// plan decides what to put and delete, enforcing the policy.
func (c *commit) plan(paths []string) error {
	s := c.set
	inputs := make([]fs.FileInfo, 0, len(s.Inputs))
	for _, in := range s.Inputs {
		if fi, err := os.Stat(in); err == nil {
			inputs = append(inputs, fi)
		}
	}
	var man *manifest
	if s.Owner != "" {
		var err error
		if man, err = readManifest(c.root); err != nil {
			return err
		}
	}
	c.data = map[string][]byte{}
	var errs []error
	for _, p := range paths {
		rel := c.rels[p]
		removeLegacy(c.root, rel)
		data := s.files[p]
		same, err := c.check(p, rel, data, inputs, man)
		switch {
		case err != nil:
			errs = append(errs, err)
		case same:
			c.report.Unchanged = append(c.report.Unchanged, p)
		default:
			c.j.puts = append(c.j.puts, rel)
			c.data[rel] = data
			c.report.Written = append(c.report.Written, p)
		}
	}
	if len(errs) > 0 {
		return errors.Join(errs...)
	}
	if man == nil {
		return nil
	}
	// The owner's files that the set no longer holds.
	owned := make([]string, 0, len(paths))
	for _, p := range paths {
		owned = append(owned, c.rels[p])
	}
	for _, rel := range man.stale(s.Owner, owned) {
		p := filepath.Join(c.root, filepath.FromSlash(rel))
		if !filepath.IsLocal(filepath.FromSlash(rel)) || checkParents(c.root, p) != nil {
			continue // not fadj's to touch, whatever the manifest says
		}
		fi, err := os.Lstat(p)
		if err != nil || !fi.Mode().IsRegular() || isInput(fi, inputs) {
			continue
		}
		c.j.dels = append(c.j.dels, rel)
		c.report.Removed = append(c.report.Removed, p)
	}
	if data, changed := man.update(s.Owner, owned); changed {
		c.j.puts = append(c.j.puts, manifestName)
		c.data[manifestName] = data
	}
	return nil
}

// check applies the policy to the file p (rel below the root) and says
// whether it already holds data.
func (c *commit) check(p, rel string, data []byte, inputs []fs.FileInfo, man *manifest) (same bool, err error) {
	if err := checkParents(c.root, p); err != nil {
		return false, err
	}
	fi, err := os.Lstat(p)
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	switch {
	case fi.Mode()&fs.ModeSymlink != 0:
		return false, fmt.Errorf("cannot write %s: it is a symbolic link, and fadj does not write through symbolic links", p)
	case !fi.Mode().IsRegular():
		return false, fmt.Errorf("cannot write %s: it exists and is not a regular file", p)
	case isInput(fi, inputs):
		return false, fmt.Errorf("cannot write %s: it is also an input, and fadj never writes over its inputs", p)
	}
	f, err := os.Open(p)
	if err != nil {
		return false, err
	}
	defer f.Close()
	if fi.Size() == int64(len(data)) {
		old, err := io.ReadAll(io.LimitReader(f, int64(len(data))+1))
		if err != nil {
			return false, err
		}
		if bytes.Equal(old, data) {
			return true, nil
		}
		if _, err := f.Seek(0, io.SeekStart); err != nil {
			return false, err
		}
	}
	if man != nil && c.set.Claim != nil && !man.lists(rel) {
		head := make([]byte, 4096)
		n, _ := io.ReadFull(f, head)
		if !c.set.Claim(head[:n]) {
			return false, fmt.Errorf("cannot write %s: it exists and was not written by fadj; fadj does not overwrite it (remove it, or choose another output directory)", p)
		}
	}
	return false, nil
}

func isInput(fi fs.FileInfo, inputs []fs.FileInfo) bool {
	for _, in := range inputs {
		if os.SameFile(fi, in) {
			return true
		}
	}
	return false
}

// run writes the journal and the files (steps 3 to 7).
func (c *commit) run() error {
	if len(c.j.puts) == 0 && len(c.j.dels) == 0 {
		return nil
	}
	c.j.state = statePrepare
	if err := writeJournal(c.root, &c.j); err != nil {
		return err
	}
	fail := func(err error) error {
		// Roll back now rather than at the next run.
		if rerr := recoverDir(c.root); rerr != nil {
			return errors.Join(err, rerr)
		}
		return err
	}
	dirs := map[string]bool{}
	for _, rel := range c.j.puts {
		t := tempPath(c.root, rel)
		if err := writeFile(t, c.data[rel]); err != nil {
			return fail(err)
		}
		dirs[filepath.Dir(t)] = true
	}
	for d := range dirs {
		if err := syncDir(d); err != nil {
			return fail(err)
		}
	}
	c.j.state = stateCommit
	if err := writeJournal(c.root, &c.j); err != nil {
		return fail(err)
	}
	if err := apply(c.root, &c.j); err != nil {
		return fmt.Errorf("%w (the next fadj run in %s completes the commit)", err, c.root)
	}
	return nil
}

// writeFile writes data to a new file at p, with the mode the umask
// gives, and syncs it. An old file at p (a temporary file of an
// interrupted run) is removed first; the file is created exclusively,
// so a symbolic link put there meanwhile is not followed.
func writeFile(p string, data []byte) (err error) {
	step("create " + p)
	if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	f, err := os.OpenFile(p, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o666)
	if err != nil {
		return err
	}
	defer func() {
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}()
	step("write " + p)
	if _, err := f.Write(data); err != nil {
		return err
	}
	step("sync " + p)
	return f.Sync()
}

// tempPath is the temporary file of the target rel below root.
func tempPath(root, rel string) string {
	p := filepath.Join(root, filepath.FromSlash(rel))
	return filepath.Join(filepath.Dir(p), "."+filepath.Base(p)+tempSuffix)
}

const tempSuffix = ".fadj-new"

// removeLegacy removes what earlier versions of fadj left beside rel
// when killed: name.fadj-old and .name.tmp* (under the lock, nothing
// else writes them).
func removeLegacy(root, rel string) {
	p := filepath.Join(root, filepath.FromSlash(rel))
	os.Remove(p + ".fadj-old")
	if tmps, err := filepath.Glob(filepath.Join(filepath.Dir(p), "."+escapeGlob(filepath.Base(p))+".tmp*")); err == nil {
		for _, t := range tmps {
			if fi, err := os.Lstat(t); err == nil && fi.Mode().IsRegular() {
				os.Remove(t)
			}
		}
	}
}

func escapeGlob(s string) string {
	r := strings.NewReplacer(`*`, `\*`, `?`, `\?`, `[`, `\[`, `\`, `\\`)
	return r.Replace(s)
}

// below returns p relative to dir, '/'-separated, or an error if p is not
// below dir (or dir itself).
func below(dir, p string) (string, error) {
	rel, err := filepath.Rel(dir, p)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", fmt.Errorf("cannot write %s: it is outside %s", p, dir)
	}
	return filepath.ToSlash(rel), nil
}

// makeDirs creates the directories from base (which must exist) down to
// dir, refusing a symbolic link or a file on the way.
func makeDirs(base, dir string) error {
	rel, err := below(base, dir)
	if err != nil {
		return err
	}
	if rel == "." {
		return nil
	}
	cur := base
	for _, part := range strings.Split(rel, "/") {
		cur = filepath.Join(cur, part)
		fi, err := os.Lstat(cur)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			step("mkdir " + cur)
			if err := os.Mkdir(cur, 0o777); err != nil && !errors.Is(err, fs.ErrExist) {
				return err
			}
			if fi, err = os.Lstat(cur); err != nil {
				return err
			}
		case err != nil:
			return err
		}
		if err := checkDir(cur, fi); err != nil {
			return err
		}
	}
	return nil
}

// checkParents checks the directories from root down to p's.
func checkParents(root, p string) error {
	rel, err := below(root, filepath.Dir(p))
	if err != nil || rel == "." {
		return err
	}
	cur := root
	for _, part := range strings.Split(rel, "/") {
		cur = filepath.Join(cur, part)
		fi, err := os.Lstat(cur)
		if err != nil {
			return err
		}
		if err := checkDir(cur, fi); err != nil {
			return err
		}
	}
	return nil
}

func checkDir(p string, fi fs.FileInfo) error {
	switch {
	case fi.Mode()&fs.ModeSymlink != 0:
		return fmt.Errorf("cannot write into %s: it is a symbolic link, and fadj does not write through symbolic links", p)
	case !fi.IsDir():
		return fmt.Errorf("cannot write into %s: it is not a directory", p)
	}
	return nil
}

// commonDir is the deepest directory holding every path.
func commonDir(paths []string) string {
	d := filepath.Dir(paths[0])
	for _, p := range paths[1:] {
		for {
			if _, err := below(d, p); err == nil {
				break
			}
			parent := filepath.Dir(d)
			if parent == d {
				break
			}
			d = parent
		}
	}
	return d
}

// step is called before each change to the file system: tests kill the
// process there to check that the next run recovers.
func step(what string) {
	if testHook != nil {
		testHook(what)
	}
}

var testHook func(step string)

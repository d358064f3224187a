package writeout

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// The journal of a commit: which files are put (from their temporary
// files) and which are deleted, and whether the commit point is passed.
//
//	fadj journal 1
//	state commit
//	put heat_b.f90
//	del heat_d.f90
type journal struct {
	state string
	puts  []string // '/'-separated, below the root
	dels  []string
}

const (
	journalName    = ".fadj-journal"
	journalHeader  = "fadj journal 1"
	statePrepare   = "prepare" // temporary files being written: roll back
	stateCommit    = "commit"  // all written: roll forward
	journalTmpName = journalName + ".tmp"
)

func (j *journal) encode() []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "%s\nstate %s\n", journalHeader, j.state)
	for _, p := range j.puts {
		fmt.Fprintf(&b, "put %s\n", p)
	}
	for _, p := range j.dels {
		fmt.Fprintf(&b, "del %s\n", p)
	}
	return b.Bytes()
}

func parseJournal(data []byte) (*journal, error) {
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	if len(lines) < 2 || lines[0] != journalHeader {
		return nil, errors.New("not a fadj journal")
	}
	j := &journal{}
	switch lines[1] {
	case "state " + statePrepare:
		j.state = statePrepare
	case "state " + stateCommit:
		j.state = stateCommit
	default:
		return nil, fmt.Errorf("unknown %q", lines[1])
	}
	for _, l := range lines[2:] {
		op, p, ok := strings.Cut(l, " ")
		if !ok || !filepath.IsLocal(filepath.FromSlash(p)) {
			return nil, fmt.Errorf("bad line %q", l)
		}
		switch op {
		case "put":
			j.puts = append(j.puts, p)
		case "del":
			j.dels = append(j.dels, p)
		default:
			return nil, fmt.Errorf("bad line %q", l)
		}
	}
	return j, nil
}

// writeJournal replaces root's journal with j, atomically and durably.
func writeJournal(root string, j *journal) error {
	tmp := filepath.Join(root, journalTmpName)
	if err := writeFile(tmp, j.encode()); err != nil {
		return err
	}
	step("journal " + j.state)
	if err := os.Rename(tmp, filepath.Join(root, journalName)); err != nil {
		return err
	}
	return syncDir(root)
}

// recoverDir finishes (journal "commit") or rolls back (journal
// "prepare") a commit interrupted in root. Run under the lock.
func recoverDir(root string) error {
	tmp := filepath.Join(root, journalTmpName)
	if _, err := os.Lstat(tmp); err == nil {
		// A journal being written: the commit point was not reached.
		step("remove " + tmp)
		if err := os.Remove(tmp); err != nil {
			return err
		}
	}
	p := filepath.Join(root, journalName)
	data, err := os.ReadFile(p)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	j, err := parseJournal(data)
	if err != nil {
		return fmt.Errorf("%s is damaged (%v): check the files in %s, then remove it", p, err, root)
	}
	if j.state == stateCommit {
		return apply(root, j)
	}
	dirs := map[string]bool{root: true}
	for _, rel := range j.puts {
		t := tempPath(root, rel)
		step("remove " + t)
		if err := os.Remove(t); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
		dirs[filepath.Dir(t)] = true
	}
	return finish(root, dirs)
}

// apply moves the temporary files of a committed journal into place,
// deletes its dels and removes it. It can be run again after being
// interrupted: a temporary file already renamed is not there any more,
// a file already deleted neither.
func apply(root string, j *journal) error {
	dirs := map[string]bool{root: true}
	for _, rel := range j.puts {
		t := tempPath(root, rel)
		target := filepath.Join(root, filepath.FromSlash(rel))
		step("rename " + target)
		if err := os.Rename(t, target); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
		dirs[filepath.Dir(target)] = true
	}
	for _, rel := range j.dels {
		target := filepath.Join(root, filepath.FromSlash(rel))
		step("remove " + target)
		if err := os.Remove(target); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
		dirs[filepath.Dir(target)] = true
	}
	return finish(root, dirs)
}

// finish syncs the directories a commit changed and removes the journal.
func finish(root string, dirs map[string]bool) error {
	for d := range dirs {
		if err := syncDir(d); err != nil {
			return err
		}
	}
	step("remove journal")
	if err := os.Remove(filepath.Join(root, journalName)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return syncDir(root)
}

// Pending reports whether a commit was interrupted in root and awaits
// the next run to be finished or rolled back.
func Pending(root string) bool {
	_, err := os.Lstat(filepath.Join(root, journalName))
	return err == nil
}

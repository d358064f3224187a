package writeout

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
)

// manifestName is the manifest of a root: for each owner (a spec, named
// relative to the root), the files it wrote there, '/'-separated and
// sorted. It is written through the journal with the files.
const manifestName = ".fadj-manifest"

type manifest struct {
	Comment string              `json:"comment"`
	Outputs map[string][]string `json:"outputs"`
}

const manifestComment = "Written by fadj generate: the files each spec generated in this directory. fadj removes the files a spec no longer generates; do not edit."

// readManifest reads root's manifest; a missing one is empty.
func readManifest(root string) (*manifest, error) {
	m := &manifest{Outputs: map[string][]string{}}
	p := filepath.Join(root, manifestName)
	fi, err := os.Lstat(p)
	if errors.Is(err, fs.ErrNotExist) {
		return m, nil
	}
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() || fi.Size() > 4<<20 {
		return nil, fmt.Errorf("%s is not a manifest fadj wrote (not a regular file, or too large): remove it", p)
	}
	data, err := os.ReadFile(p)
	if err != nil {
		return nil, err
	}
	if err := json.Unmarshal(data, m); err != nil {
		return nil, fmt.Errorf("%s is damaged (%v): remove it (fadj then no longer removes outputs it stops generating, until the next run records them)", p, err)
	}
	if m.Outputs == nil {
		m.Outputs = map[string][]string{}
	}
	return m, nil
}

// lists reports whether some owner lists rel.
func (m *manifest) lists(rel string) bool {
	for _, files := range m.Outputs {
		if slices.Contains(files, rel) {
			return true
		}
	}
	return false
}

// stale returns the files owner listed that it does not write any more
// and that no other owner lists.
func (m *manifest) stale(owner string, now []string) []string {
	var out []string
	for _, rel := range m.Outputs[owner] {
		if slices.Contains(now, rel) {
			continue
		}
		other := false
		for o, files := range m.Outputs {
			if o != owner && slices.Contains(files, rel) {
				other = true
				break
			}
		}
		if !other {
			out = append(out, rel)
		}
	}
	return out
}

// update records owner's files and returns the new manifest and whether
// it differs from the one on disk.
func (m *manifest) update(owner string, files []string) ([]byte, bool) {
	old := m.encode()
	files = slices.Clone(files)
	sort.Strings(files)
	m.Outputs[owner] = files
	m.Comment = manifestComment
	data := m.encode()
	return data, !bytes.Equal(old, data) || len(old) == 0
}

func (m *manifest) encode() []byte {
	if len(m.Outputs) == 0 {
		return nil
	}
	data, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return nil
	}
	return append(data, '\n')
}

// Stale returns the files that owner's entry in root's manifest lists,
// that files (paths below root, '/'-separated) do not hold, that no other
// owner lists and that exist: what the next commit of files removes.
func Stale(root, owner string, files []string) ([]string, error) {
	m, err := readManifest(root)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, rel := range m.stale(owner, files) {
		p := filepath.Join(root, filepath.FromSlash(rel))
		if !filepath.IsLocal(filepath.FromSlash(rel)) {
			continue
		}
		if fi, err := os.Lstat(p); err == nil && fi.Mode().IsRegular() {
			out = append(out, p)
		}
	}
	return out, nil
}

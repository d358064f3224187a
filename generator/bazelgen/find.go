package bazelgen

import (
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/fadj-dev/fadj/config"
	"github.com/fadj-dev/fadj/generator/diag"
	"github.com/fadj-dev/fadj/generator/input"
	"github.com/fadj-dev/fadj/generator/source"
	"gopkg.in/yaml.v3"
)

// specNames are the file names read as specs; a file ending in
// specSuffixes is one too.
var (
	specNames    = []string{"spec.yaml", "spec.yml", "fadj.yaml", "fadj.yml"}
	specSuffixes = []string{".fadj.yaml", ".fadj.yml"}
)

// buildNames are Bazel's build file names, in the order Bazel prefers.
var buildNames = []string{"BUILD.bazel", "BUILD"}

// repoMarkers make a directory the root of a Bazel repository.
var repoMarkers = []string{"WORKSPACE", "WORKSPACE.bazel", "MODULE.bazel", "REPO.bazel"}

// isSpecName reports whether a file of this name may be a spec.
func isSpecName(name string) bool {
	for _, n := range specNames {
		if name == n {
			return true
		}
	}
	for _, s := range specSuffixes {
		if strings.HasSuffix(name, s) && len(name) > len(s) {
			return true
		}
	}
	return false
}

// looksLikeSpec reports whether data may be a fadj spec: a spec name is
// common (spec.yaml), so a file whose top level is a YAML mapping
// without both 'version' and 'targets' is someone else's. YAML that does
// not parse counts as a spec, so that its error is reported.
func looksLikeSpec(data []byte) bool {
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return true
	}
	if doc.Kind != yaml.DocumentNode || len(doc.Content) != 1 || doc.Content[0].Kind != yaml.MappingNode {
		return false
	}
	var version, targets bool
	m := doc.Content[0]
	for i := 0; i+1 < len(m.Content); i += 2 {
		switch m.Content[i].Value {
		case "version":
			version = true
		case "targets":
			targets = true
		}
	}
	return version && targets
}

// skipDir reports whether the walk leaves out a directory below the
// root: hidden and '_' directories, testdata (test inputs are often
// broken on purpose), node_modules, Bazel's output links and nested
// Bazel repositories.
func skipDir(path, name string) bool {
	if strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") || strings.HasPrefix(name, "bazel-") ||
		name == "testdata" || name == "node_modules" {
		return true
	}
	for _, m := range repoMarkers {
		if fileExists(filepath.Join(path, m)) {
			return true
		}
	}
	return false
}

// found is what the walk finds: the specs of each directory and the
// directories that have a build file (they may hold stale rules).
type found struct {
	specs map[string][]string // directory -> spec file names, sorted
	dirs  []string            // every directory with a spec or a build file, sorted
	errs  diag.List           // spec files that cannot be read
}

// walk finds the specs and build files under root.
func walk(root string) (*found, error) {
	f := &found{specs: map[string][]string{}}
	seen := map[string]bool{}
	addDir := func(d string) {
		if !seen[d] {
			seen[d] = true
			f.dirs = append(f.dirs, d)
		}
	}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if p != root && skipDir(p, d.Name()) {
				return filepath.SkipDir
			}
			return nil
		}
		if !d.Type().IsRegular() {
			return nil
		}
		dir, name := filepath.Dir(p), d.Name()
		switch {
		case name == buildNames[0] || name == buildNames[1]:
			addDir(dir)
		case isSpecName(name):
			// Read as config.Load reads a spec: a huge or special file
			// named spec.yaml is an error of its own, not a crash.
			data, err := input.ReadFile(p, config.MaxSize)
			if err != nil {
				f.errs.Addf(source.Position{Filename: p}, "cannot read spec: %v", err)
				return nil
			}
			if looksLikeSpec(data) {
				f.specs[dir] = append(f.specs[dir], name)
				addDir(dir)
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	sort.Strings(f.dirs)
	for _, names := range f.specs {
		sort.Strings(names)
	}
	return f, nil
}

func fileExists(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.Mode().IsRegular()
}

// buildFile returns the build file of dir: the existing BUILD.bazel or
// BUILD, or a new BUILD.bazel.
func buildFile(dir string) (path string, exists bool) {
	for _, n := range buildNames {
		p := filepath.Join(dir, n)
		if fileExists(p) {
			return p, true
		}
	}
	return filepath.Join(dir, buildNames[0]), false
}

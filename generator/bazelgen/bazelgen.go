// Package bazelgen writes the Bazel targets of fadj specs: for each spec
// under a directory it creates or updates, in the build file of the
// spec's directory, a fortran_adjoint rule (spec, Fortran srcs, and outs
// equal to what fadj generate writes) and a fortran_adjoint_test rule.
//
// Build files are parsed, edited and printed with buildtools' build
// package, as gazelle does: unrelated rules, loads and comments stay; an
// attribute, list element or rule marked "# keep" is left as it is; a
// file whose rules are already right is not rewritten, so a second run
// changes nothing. docs/bazel.md describes the rules it follows.
package bazelgen

import (
	"errors"
	"os"
	"path/filepath"

	"github.com/bazelbuild/buildtools/build"
	"github.com/fadj-dev/fadj/generator/diag"
	"github.com/fadj-dev/fadj/generator/source"
	"github.com/fadj-dev/fadj/generator/writeout"
)

// DefaultLoad is the label of the rules' .bzl file in a repository that
// uses fadj as the external repository @fadj.
const DefaultLoad = "@fadj//rules:defs.bzl"

// Options change what Run writes.
type Options struct {
	// Load is the label new load statements use; "" means DefaultLoad.
	// A file that already loads the rules keeps its label.
	Load string
}

// File is a build file's new content.
type File struct {
	Path string // the root joined with the path below it
	Data []byte
}

// Plan returns the build files under root that Run would write, sorted
// by path. Errors of specs and build files are a diag.List positioned
// at the problem (spec.yaml:4:9, BUILD.bazel:3:1).
func Plan(root string, opts Options) ([]File, error) {
	if opts.Load == "" {
		opts.Load = DefaultLoad
	}
	absRoot, err := filepath.Abs(root)
	if err != nil {
		return nil, err
	}
	found, err := walk(root)
	if err != nil {
		return nil, err
	}
	ws := repoRoot(absRoot)
	newPkgs := map[string]bool{}
	for dir := range found.specs {
		abs, err := filepath.Abs(dir)
		if err != nil {
			return nil, err
		}
		newPkgs[abs] = true
	}
	isPkg := func(d string) bool {
		if newPkgs[d] {
			return true
		}
		_, ok := buildFile(d)
		return ok
	}
	var files []File
	errs := found.errs
	for _, dir := range found.dirs {
		abs, err := filepath.Abs(dir)
		if err != nil {
			return nil, err
		}
		p := &pkg{dir: dir, abs: abs, ws: ws, isPkg: isPkg}
		f, err := p.update(found.specs[dir], opts.Load)
		if err != nil {
			var l diag.List
			if !errors.As(err, &l) {
				return nil, err
			}
			errs = append(errs, l...)
			continue
		}
		if f != nil {
			files = append(files, *f)
		}
	}
	if len(errs) > 0 {
		errs.Sort()
		return nil, errs
	}
	return files, nil
}

// Run writes the build files Plan returns, all or none, and returns
// their paths.
func Run(root string, opts Options) ([]string, error) {
	files, err := Plan(root, opts)
	if err != nil {
		return nil, err
	}
	var w writeout.Set
	var paths []string
	for _, f := range files {
		if err := w.Add(f.Path, f.Data); err != nil {
			return nil, err
		}
		paths = append(paths, f.Path)
	}
	if err := w.Commit(); err != nil {
		return nil, err
	}
	return paths, nil
}

// update returns the package's new build file, or nil if it is right
// as it is.
func (p *pkg) update(specs []string, loadLabel string) (*File, error) {
	var errs diag.List
	var wants []*want
	for _, name := range specs {
		w, err := p.wantOf(name)
		if err != nil {
			var l diag.List
			if !errors.As(err, &l) {
				return nil, err
			}
			errs = append(errs, l...)
			continue
		}
		wants = append(wants, w)
	}
	if len(errs) > 0 {
		return nil, errs
	}
	path, exists := buildFile(p.dir)
	var old []byte
	f := &build.File{Path: path, Type: build.TypeBuild}
	if exists {
		var err error
		if old, err = os.ReadFile(path); err != nil {
			return nil, err
		}
		if f, err = build.ParseBuild(path, old); err != nil {
			return nil, parseError(path, err)
		}
	} else if len(wants) == 0 {
		return nil, nil
	}
	var before []byte
	if exists {
		// Format rewrites the tree it prints: print a second parse.
		g, _ := build.ParseBuild(path, old)
		before = build.Format(g)
	}
	fileExists := func(name string) bool {
		_, err := os.Stat(filepath.Join(p.dir, name))
		return err == nil
	}
	if err := merge(f, wants, fileExists, filepath.Base(p.abs), loadLabel); err != nil {
		var l diag.List
		l.Add(source.Position{Filename: path}, err.Error())
		return nil, l
	}
	after := build.Format(f)
	if exists && string(after) == string(before) {
		return nil, nil
	}
	return &File{Path: path, Data: after}, nil
}

// parseError positions a buildtools parse error.
func parseError(path string, err error) error {
	var l diag.List
	var pe build.ParseError
	if errors.As(err, &pe) {
		l.Add(source.Position{Filename: path, Line: pe.Pos.Line, Column: pe.Pos.LineRune}, pe.Message)
	} else {
		l.Add(source.Position{Filename: path}, err.Error())
	}
	return l
}

// repoRoot returns the root of the Bazel repository holding dir, or "".
func repoRoot(dir string) string {
	for d := dir; ; d = filepath.Dir(d) {
		for _, m := range repoMarkers {
			if fileExists(filepath.Join(d, m)) {
				return d
			}
		}
		if d == filepath.Dir(d) {
			return ""
		}
	}
}
